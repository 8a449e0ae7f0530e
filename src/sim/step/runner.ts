import { afterMicrotasks, type AnswerEffect } from '../brain/stepGate';
import { STEP_PHASES, type StepPhase, type ThisStep } from './phases';
import type { SteppedTown } from './town';
import { AsyncWaiting, Carried, LockstepWaiting, type Waiting } from './waiting';

/** What a step hands its caller besides the town: enough to build the step's result. */
interface StepOutcome {
  /** The game time the step was at. */
  now: number;
  /** Conversations before this step's (the step reports the rest). */
  convoCount: number;
  /** Answers of a remote brain that took effect at the start of this step (asynchronous steps only). */
  answers: AnswerEffect[];
}

/**
 * Runs the step's phases (./phases.ts), in order, in either mode: lock-step awaits every call;
 * asynchronous steps first let the answers that arrived since the last step take effect, then run
 * the same phases without waiting on the network. `lap` hears each phase's end (the benchmark's timing).
 */
export class StepRunner {
  /** What outlives one asynchronous step: embedding under way, a failure that ended between steps. */
  private readonly carried = new Carried();

  constructor(
    private readonly town: SteppedTown,
    private readonly phases: readonly StepPhase[] = STEP_PHASES,
  ) {}

  /** Town work still under way from an earlier step (embedding): the next step is asynchronous too. */
  get busy(): boolean {
    return this.carried.busy.size > 0;
  }

  /** Forget work under way (the town was restored from a snapshot). */
  reset(): void {
    this.carried.clear();
  }

  async run(asynchronous: boolean, lap: (phase: string) => void): Promise<StepOutcome> {
    if (!asynchronous) return this.phasesOf(new LockstepWaiting(this.town, this.town.conversations.length), [], lap);
    const gate = this.town.gate;
    gate.holding = true;
    try {
      const answers = gate.deliver();
      // The delivered answers' continuations run now, and may end some personas' thinking.
      await afterMicrotasks();
      this.carried.rethrow();
      return await this.phasesOf(new AsyncWaiting(this.town, this.carried), answers, lap);
    } finally {
      gate.holding = false;
    }
  }

  private async phasesOf(wait: Waiting, answers: AnswerEffect[], lap: (phase: string) => void): Promise<StepOutcome> {
    const now = this.town.clock.now;
    const convoCount = this.town.conversations.length;
    const step: ThisStep = { now, playerInputs: [], callPlan: null, retrieved: new Map() };
    for (const phase of this.phases) {
      const done = phase.run(this.town, step, wait);
      if (phase.brain) await done;
      else if (done !== undefined) throw new Error(`The step's phase "${phase.name}" does not ask the brain, so it must not wait`);
      lap(phase.name);
    }
    return { now, convoCount, answers };
  }
}

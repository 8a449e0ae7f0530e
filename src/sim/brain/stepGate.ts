import type { GuardedCall } from './port';

/** An answer that took effect at a later step than it was asked in: what a replay records. */
export interface AnswerEffect {
  persona: string;
  call: GuardedCall;
  /** The step the call was made in. */
  asked: number;
}

interface Arrived extends AnswerEffect {
  settle: () => void;
}

/**
 * The step gate (AI Town's asynchronous operations): an answer from a remote brain never changes the
 * town while a step runs or between steps. It is held until the next step starts, which delivers
 * everything that arrived, in arrival order, and reports it (replays record when each answer took
 * effect). Answers from a local brain (the offline brain, a fallback) do not pass through here: they
 * take effect at once, so an offline run steps exactly as before.
 */
export class StepGate {
  private arrived: Arrived[] = [];
  /** Calls asked and not yet arrived. */
  private outstanding = 0;
  private waiters: (() => void)[] = [];
  /** Bumped by reset(): answers to calls of an older generation are dropped (the town was restored). */
  private generation = 0;
  /** Set by the simulation while it runs a step in its asynchronous mode; calls made outside a step (an interview) are not held. */
  holding = false;

  constructor(private readonly currentStep: () => number) {}

  /** Calls in flight on the remote brain (asked, not yet answered). */
  get inFlight(): number {
    return this.outstanding;
  }

  /** Answers that arrived and wait for the next step. */
  get waiting(): number {
    return this.arrived.length;
  }

  /** Hold a remote call's answer (or failure) until the step after it arrives. */
  hold<T>(answer: Promise<T>, persona: string, call: GuardedCall): Promise<T> {
    const asked = this.currentStep();
    const generation = this.generation;
    this.outstanding++;
    return new Promise<T>((resolve, reject) => {
      const arrive = (settle: () => void) => {
        this.outstanding--;
        if (generation === this.generation) this.arrived.push({ persona, call, asked, settle });
        for (const w of this.waiters.splice(0)) w();
      };
      answer.then(
        (v) => arrive(() => resolve(v)),
        (e: unknown) => arrive(() => reject(e)),
      );
    });
  }

  /** At the start of a step: let every answer that arrived take effect. Returns what took effect. */
  deliver(): AnswerEffect[] {
    const now = this.arrived.splice(0);
    for (const a of now) a.settle();
    return now.map(({ persona, call, asked }) => ({ persona, call, asked }));
  }

  /** Resolves when an answer arrives (or at once when one is waiting or none is in flight). */
  whenAnswer(): Promise<void> {
    if (this.arrived.length > 0 || this.outstanding === 0) return Promise.resolve();
    return new Promise((r) => this.waiters.push(r));
  }

  /** Forget everything held (the town was restored from a snapshot): late answers are dropped. */
  reset(): void {
    this.generation++;
    this.arrived = [];
  }
}

/**
 * Resolves after the microtasks queued now have run: what a step waits for before it treats a
 * persona's thinking as still under way. setImmediate in Node, a MessageChannel message in the page
 * (setTimeout would be clamped to 4 ms when nested).
 */
export function afterMicrotasks(): Promise<void> {
  const { setImmediate } = globalThis as { setImmediate?: (fn: () => void) => unknown };
  if (typeof setImmediate === 'function') return new Promise((r) => setImmediate(r));
  return new Promise((r) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      r();
    };
    ch.port2.postMessage(0);
  });
}

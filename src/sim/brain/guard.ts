import type { Brain, CallContext, GuardedCall, PulseSnapshotSize, TownPulseInput } from './port';
import { GUARDED_CALLS, contractOf } from './contracts';
import { ReplyError } from './reply';
import type { StepGate } from './stepGate';
import type { WorldModel } from '../world/types';
import { FallbackReasons } from './fallbackReasons';

interface CallStats {
  calls: number;
  fallbacks: number;
  errors: number;
}

export interface FallbackEvent {
  call: GuardedCall;
  persona: string;
  reason: string;
  /** Who answered instead: the stand-in brain's name, or "default" for the contract's documented default. */
  answeredBy: string;
}

/**
 * The validating wrapper around any Brain, generic over the list of calls (calls/): every
 * answer passes its contract's `accept`; an unusable answer or a thrown error is answered by the
 * inner brain's stand-in if it has one (the LLM brain's offline brain, for that same call, through
 * the same contract), else by the contract's documented default, and counted either way.
 * The simulation only ever talks to a GuardedBrain. Its Brain methods are generated from the table,
 * so adding a call needs no change here.
 */
// The Brain methods are defined on the prototype below, one per contract (the guard test calls every one).
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export class GuardedBrain {
  readonly stats = new Map<GuardedCall, CallStats>();
  fallbackTotal = 0;
  onFallback: ((e: FallbackEvent) => void) | null = null;
  /**
   * Set by the simulation in its asynchronous mode: answers of a remote brain are held until the
   * step after they arrive (src/sim/brain/stepGate.ts). Local answers never pass through it.
   */
  gate: StepGate | null = null;
  /** Why calls fell back: each kind of reason and how many calls it failed, for the run and for the current run of fallbacks in a row. */
  readonly reasons = new FallbackReasons();
  /** Why each call last fell back (the pulse logs why it skipped a round). */
  readonly lastFallbackReason = new Map<GuardedCall, string>();

  /** The map the simulation told (passed on to a brain swapped in later). */
  private world: WorldModel | null = null;

  constructor(public inner: Brain) {}

  /** Swap the brain behind the guard between steps (settings changed); counts carry on. */
  setInner(brain: Brain): void {
    this.inner = brain;
    this.reasons.reset();
    if (this.world) brain.knowTown?.(this.world);
  }

  /** Tell the brain behind the guard (and any swapped in later) the map it thinks for. */
  knowTown(world: WorldModel): void {
    this.world = world;
    this.inner.knowTown?.(world);
  }

  get name(): string {
    return this.inner.name;
  }

  /** The pulse snapshot's size as the brain behind the guard writes it (Brain.measurePulse). */
  measurePulse(input: TownPulseInput): PulseSnapshotSize {
    return this.inner.measurePulse(input);
  }

  /** Does the brain behind the guard answer over the network right now (so a step must not wait for it)? */
  get remote(): boolean {
    return this.inner.remote === true;
  }

  /** Ask `call` of the inner brain, through its contract (held by the gate when the brain is remote). */
  ask(call: GuardedCall, ctx: CallContext, args: readonly unknown[]): Promise<unknown> {
    const answer = this.answer(call, ctx, args);
    return this.gate?.holding && this.remote ? this.gate.hold(answer, ctx.persona.id, call) : answer;
  }

  private async answer(call: GuardedCall, ctx: CallContext, args: readonly unknown[]): Promise<unknown> {
    const c = contractOf(call) as unknown as LooseContract;
    const known = c.unasked?.(ctx, ...args);
    if (known !== undefined) return known;
    const s = this.stats.get(call) ?? { calls: 0, fallbacks: 0, errors: 0 };
    this.stats.set(call, s);
    s.calls++;
    let reason: string;
    try {
      const value = await askBrain(this.inner, call, ctx, args);
      try {
        const accepted = c.accept(value, ctx, ...args);
        // A usable reply ends a run of fallbacks; an embedding does not say the chat replies are readable
        // (without an embeddings model, or while the breaker is open, it is answered locally).
        if (call !== 'embed') this.reasons.answered();
        return accepted;
      } catch (err) {
        if (!(err instanceof ReplyError)) throw err;
        reason = `invalid answer: ${JSON.stringify(value)?.slice(0, 200)} (${err.message})`;
      }
    } catch (err) {
      s.errors++;
      reason = err instanceof Error ? err.message : String(err);
    }
    s.fallbacks++;
    this.fallbackTotal++;
    this.lastFallbackReason.set(call, reason);
    this.reasons.fellBack(reason);
    // The inner brain's stand-in (the LLM brain's offline brain) answers a failed call for that same
    // call, so a garbage endpoint leaves a living town.
    const standIn = this.inner.standIn ?? null;
    const backup = !c.noFallbackBrain && standIn && standIn !== this.inner ? standIn : null;
    let answer: unknown;
    let answeredBy = 'default';
    if (backup) {
      try {
        answer = c.accept(await askBrain(backup, call, ctx, args), ctx, ...args);
        answeredBy = backup.name;
      } catch {
        answer = undefined;
      }
    }
    this.onFallback?.({ call, persona: ctx.persona.id, reason, answeredBy });
    return answer !== undefined ? answer : c.fallback(ctx, ...args);
  }
}

type LooseContract = {
  accept: (v: unknown, ctx: CallContext, ...a: unknown[]) => unknown;
  fallback: (ctx: CallContext, ...a: unknown[]) => unknown;
  unasked?: (ctx: CallContext, ...a: unknown[]) => unknown;
  noFallbackBrain?: boolean;
};

function askBrain(brain: Brain, call: GuardedCall, ctx: CallContext, args: readonly unknown[]): Promise<unknown> {
  const method = brain[call] as unknown as (c: CallContext, ...a: unknown[]) => Promise<unknown>;
  return method.call(brain, ctx, ...args);
}

// The Brain methods, one per contract: `guarded.dailyPlan(ctx, wake)` is `guarded.ask('dailyPlan', ctx, [wake])`.
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface GuardedBrain extends Omit<Brain, 'name'> {}
for (const call of GUARDED_CALLS) {
  Object.defineProperty(GuardedBrain.prototype, call, {
    value: function (this: GuardedBrain, ctx: CallContext, ...args: unknown[]) {
      return this.ask(call, ctx, args);
    },
    writable: true,
    configurable: true,
  });
}

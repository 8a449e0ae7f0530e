/**
 * The Brain port. Cognition never calls a model itself: it calls these typed functions, one per brain
 * call, derived from the list of calls (src/sim/brain/calls: one module per call, with what it
 * answers and what an answer may be). The offline brain answers them deterministically; the LLM
 * brain answers them with prompts. Every answer passes the guard (guard.ts), which checks it against
 * the call's module and applies its documented fallback, so a brain can never hand the simulation
 * something it cannot use.
 */
import type { WorldModel } from '../world/types';
import type { CallContext, PulseSnapshotSize, TownPulseInput } from './types';
import type { CallAnswer, CallArgs, CallName } from './calls';

export * from './types';

/** One method per call: `brain.dailyPlan(ctx, wakeUpHour)` answers the dailyPlan call. */
type BrainCalls = { [K in CallName]: (ctx: CallContext, ...args: CallArgs<K>) => Promise<CallAnswer<K>> };

export interface Brain extends BrainCalls {
  readonly name: string;
  /**
   * True while the brain answers over the network (an LLM endpoint): the simulation then does not
   * wait for its answers in a step, they take effect at the first step after they arrive. Absent or
   * false for a local brain (the offline brain), whose answers take effect at once.
   */
  readonly remote?: boolean;
  /**
   * A local brain that answers, for the same call, what this brain failed to answer (the LLM brain's
   * offline brain): the guard asks it before the call's fixed default, and counts a fallback.
   */
  readonly standIn?: Brain;
  /**
   * The map the brain thinks for, told once by the simulation (and again to a brain the guard swaps
   * in). A brain that plans from the town's places keeps what it needs (the offline brain: which
   * place is the café, the park … src/llm/offline/townPlaces.ts); a model reads places from its
   * prompts and may leave this out. Not a call: nothing is asked or counted.
   */
  knowTown?(world: WorldModel): void;
  /**
   * The size of the town pulse's snapshot as this brain writes it (estimated tokens, what was left
   * out to stay within `input.budget`), for the round's record. Every brain gives the one writer's
   * answer (src/llm/pulseSnapshot.ts), so the simulation records sizes without seeing prompt text,
   * and an offline run records what a model would have read. Not a call: nothing is asked or counted.
   */
  measurePulse(input: TownPulseInput): PulseSnapshotSize;
}

/** The calls answered from a prompt template (embed goes to the embeddings endpoint instead). */
export type BrainCall = Exclude<CallName, 'embed'>;

/** Every call the guard checks and counts: the templated ones and embed. */
export type GuardedCall = CallName;

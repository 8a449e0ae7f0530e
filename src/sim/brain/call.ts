/**
 * What one brain call is (a module in calls/, listed in calls/index.ts): everything that decides
 * what an answer may be, and how a model is asked it.
 *
 * - `prompt`: the template (prompts/<prompt>.txt); its variables are the LLM brain's
 *   (src/llm/calls.ts), so no prompt text lives in src/sim. `maxTokens`, `temperature`, `leadsOn`,
 *   `shortSystemLine` and `priority`: how the LLM brain sends it.
 * - `reply`: the JSON object a model must send, limits included. Its JSON schema is what the model
 *   is sent (strict structured output) and its description is the prompt's declared output
 *   (`describeReply`); the LLM brain validates every reply with it.
 * - `fromReply`: that reply made into the call's answer, with the semantic checks a schema cannot
 *   express (an option that exists, durations that add up …). A ReplyError's message is fed back
 *   to the model on retry.
 * - `accept`: what the simulation takes from ANY brain (offline or model): shape, the same limits,
 *   normalisation. The guard runs it on every answer; the LLM brain runs it too, so a model gets a
 *   retry where the guard would refuse.
 * - `fallback`: the documented default when no brain gives a usable answer (the guard counts it).
 *   A packed call's default is its one-question calls' defaults; a guard with the inner brain's
 *   stand-in (the offline brain, on a model) answers a failed call with that brain's answer first.
 * - `unasked`: an answer known without asking (nothing to choose from): no call, nothing counted.
 */
import type { z } from 'zod';
import type { CallContext } from './types';
import type { Obj } from './reply';

/** max_tokens for a call whose answer is a word, a number or a sentence. */
export const SHORT_ANSWER = 300;
/** …and for one whose answer is a list or a paragraph. */
export const LONG_ANSWER = 1024;

interface CallDef<A extends unknown[], R> {
  /** The prompt template's name (prompts/<prompt>.txt); null: not asked of a chat model (embed). */
  prompt: string | null;
  /** The template for these arguments when the call has variants (poignancy's kinds); default `prompt`. */
  promptFor?: (...args: A) => string;
  /** Every template the call may use, when more than `prompt`. */
  prompts?: readonly string[];
  /** The most tokens a model may spend on the answer. */
  maxTokens?: number;
  /** Sampling temperature, when not the endpoint's setting. */
  temperature?: number;
  /**
   * A persona follows it at once with another call of its own (a one-question chain, the start of
   * its day): the LLM brain keeps the persona's slot for that next call.
   */
  leadsOn?: boolean;
  /** The system message opens with the short line (calls asked about thirty times a persona-day). */
  shortSystemLine?: boolean;
  /** A first attempt's priority in the LLM brain's queue (lower goes first; default 1). */
  priority?: (ctx: CallContext) => number;
  /** The JSON object a model must reply with (null: not asked of a chat model). */
  reply: z.ZodObject | null;
  /** The schema the model is sent when it depends on the arguments (an enum of the ids offered); default `reply`. */
  replyFor?: (ctx: CallContext, ...args: A) => z.ZodObject;
  /** A reply that matched `reply`, as the answer. Throws ReplyError with feedback for the model. */
  fromReply: (json: Obj, ctx: CallContext, ...args: A) => R;
  /** Any brain's answer, checked and normalised. Throws ReplyError saying what is wrong. */
  accept: (value: unknown, ctx: CallContext, ...args: A) => R;
  /** The documented default. */
  fallback: (ctx: CallContext, ...args: A) => R;
  /** An answer known without asking (no call is made or counted), or undefined to ask. */
  unasked?: (ctx: CallContext, ...args: A) => R | undefined;
  /** A reply in another accepted form, made into the `reply` object before it is checked (a bare array of decisions, docs/economy.md#the-decisions). */
  wrap?: (json: unknown) => unknown;
  /** The inner brain's stand-in must not answer instead (the caller handles the default itself, e.g. skips a round). */
  noFallbackBrain?: boolean;
}

/** A call: its definition, and (as types only) its arguments after the context and its answer. */
interface Call<A extends unknown[], R> extends CallDef<A, R> {
  readonly types?: { args: A; answer: R };
}

/** A call, loosely typed: what the guard and the LLM brain handle generically. */
export type AnyCall = CallDef<unknown[], unknown>;

/** Define a call with these arguments (after the context) and this answer: `call<[hour: number], string>()({ … })`. */
export function call<A extends unknown[], R>(): (def: CallDef<A, R>) => Call<A, R> {
  return (def) => def;
}

/**
 * Reading a brain's answer through its call's module (calls/): the list of calls the guard counts,
 * the reply schema a model is sent, and a model's reply read as the call's answer. How to add a
 * call: CONTRIBUTING.md.
 */
import type { z } from 'zod';
import type { AnyCall } from './call';
import { CALLS, type CallAnswer, type CallArgs, type CallName } from './calls';
import type { CallContext } from './types';
import { asObject, checked, fail, parseWith, type Checked, type Obj } from './reply';

/** Every call, in the list's order. */
export const GUARDED_CALLS = Object.keys(CALLS) as CallName[];

/** A call's module, typed loosely for the generic guard and LLM brain. */
export function contractOf(call: CallName): AnyCall {
  return CALLS[call] as unknown as AnyCall;
}

/** The JSON object a model must send for this call with these arguments (what strict structured output is given). */
export function replySchemaFor(call: CallName, ctx: CallContext, args: readonly unknown[]): z.ZodObject {
  const c = contractOf(call);
  if (c.replyFor) return c.replyFor(ctx, ...args);
  if (!c.reply) throw new Error(`${call} is not asked of a chat model`);
  return c.reply;
}

/**
 * A model's reply (parsed JSON) as the call's answer: the reply schema, then `fromReply`, then
 * `accept` (what the guard will check anyway, so a model gets a retry rather than a fallback).
 * `{ ok: false, error }` carries the feedback for the model.
 */
export function readReply<K extends CallName>(call: K, json: unknown, ctx: CallContext, ...args: CallArgs<K>): Checked<CallAnswer<K>> {
  const c = contractOf(call);
  return checked(() => {
    if (!c.reply) fail(`${call} is not asked of a chat model`);
    const o = parseWith(c.reply, asObject(c.wrap ? c.wrap(json) : json)) as Obj;
    return c.accept(c.fromReply(o, ctx, ...args), ctx, ...args) as CallAnswer<K>;
  });
}

import type { z } from 'zod';
import type { Brain, BrainCall, CallContext } from '../sim/brain/port';

/** A semantic check's verdict on a reply that already matched its JSON schema. */
export type Checked<R> = { ok: true; value: R } | { ok: false; error: string };

/**
 * How the LLM brain asks one Brain call: which prompt template, the template's variables, the
 * JSON shape the reply must have, and how that JSON becomes the Brain's answer (with the semantic
 * checks a schema cannot express: an arena the persona knows, durations that make sense …).
 * A failed check's error is fed back to the model on retry.
 */
export interface CallSpec<K extends BrainCall> {
  /** Template name: prompts/<prompt>.txt */
  prompt: string;
  vars: (ctx: CallContext, ...args: Parameters<Brain[K]> extends [CallContext, ...infer A] ? A : never) => Record<string, string>;
  /** zod schema of the JSON object the model must return (always an object at the top level). */
  schema: z.ZodType<unknown>;
  /** The JSON schema sent to the model when it depends on the call (an enum of the options offered); default: from `schema`. */
  jsonSchemaFor?: (ctx: CallContext, ...args: Parameters<Brain[K]> extends [CallContext, ...infer A] ? A : never) => Record<string, unknown>;
  toResult: (
    json: unknown,
    ctx: CallContext,
    ...args: Parameters<Brain[K]> extends [CallContext, ...infer A] ? A : never
  ) => Checked<Awaited<ReturnType<Brain[K]>>>;
  temperature?: number;
  maxTokens?: number;
}

export type CallSpecs = { [K in BrainCall]: CallSpec<K> };

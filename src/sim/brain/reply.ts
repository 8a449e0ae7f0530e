/**
 * Reading a brain's reply: the helpers the brain calls (calls/) use to turn JSON into an
 * answer, and to say what is wrong with it. A ReplyError's message is written for the model: the
 * LLM brain feeds it back on retry, and the guard records it as the reason of a fallback.
 */
import { z } from 'zod';
import type { Persona } from '../persona/persona';
import type { Triple } from '../world/events';

/** A reply the model can fix: its message is fed back on retry. */
export class ReplyError extends Error {
  override name = 'ReplyError';
}

/** A check's verdict: the answer, or why the reply is unusable. */
export type Checked<R> = { ok: true; value: R } | { ok: false; error: string };

/** Run a check; a ReplyError becomes `{ ok: false }`, anything else is a bug and is thrown. */
export function checked<R>(produce: () => R): Checked<R> {
  try {
    return { ok: true, value: produce() };
  } catch (err) {
    if (err instanceof ReplyError) return { ok: false, error: err.message };
    throw err;
  }
}

export function fail(message: string): never {
  throw new ReplyError(message);
}

export type Obj = Record<string, unknown>;

export function asObject(json: unknown): Obj {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('the reply must be a JSON object');
  return json as Obj;
}

/** Parse with a zod schema; the issues, worded for the model, on failure. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) return r.data;
  return fail(r.error.issues.map(describeIssue).join('; '));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `"${issue.path.map(String).join('.')}"` : 'the answer';
  const input: unknown = issue.input;
  const got = input === undefined ? '' : `, got ${Array.isArray(input) ? `${input.length}` : typeof input === 'string' && issue.code === 'too_big' ? `${input.length}` : JSON.stringify(input)?.slice(0, 80)}`;
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `${where} is too long; keep it under ${String(issue.maximum)} characters${got}`;
      if (issue.origin === 'array') return `${where} has too many items; give at most ${String(issue.maximum)}${got}`;
      return `${where} must be at most ${String(issue.maximum)}${got}`;
    case 'too_small':
      if (issue.origin === 'string') return `${where} must not be empty`;
      if (issue.origin === 'array') return `${where} needs at least ${String(issue.minimum)} item${Number(issue.minimum) === 1 ? '' : 's'}${got}`;
      return `${where} must be at least ${String(issue.minimum)}${got}`;
    case 'invalid_value':
      return `${where} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}${got}`;
    case 'invalid_type':
      return `${where} must be ${issue.expected === 'int' ? 'an integer' : issue.expected === 'array' ? 'a JSON array' : `a ${issue.expected}`}${input === undefined ? ' (it is missing)' : got}`;
    default:
      return `${where}: ${issue.message}${got}`;
  }
}

/** "\"hello\"" → "hello": only a pair of double quotes wrapping the whole text (none inside). */
export function unquote(s: string): string {
  const t = s.trim();
  const m = /^(["“])([^"“”]*)(["”])$/.exec(t);
  return m?.[2] !== undefined ? m[2].trim() : t;
}

/** A non-empty string (field `what` of the reply), trimmed and unquoted, at most `max` characters. */
export function asText(v: unknown, what: string, max: number): string {
  if (typeof v !== 'string') fail(`${what} must be a string`);
  const s = unquote(v);
  if (!s) fail(`${what} must not be empty`);
  if (s.length > max) fail(`${what} is ${s.length} characters long; keep it under ${max}`);
  return s;
}

export function text(o: Obj, key: string, max: number): string {
  return asText(o[key], `"${key}"`, max);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function stripPeriod(s: string): string {
  return s.replace(/\.+$/, '').trim();
}

/** "Sleeping" → "sleeping": the planner matches activity words in lower case ("sleep", "bed"). */
export function lowerFirst(s: string): string {
  return /^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

export function list(o: Obj, key: string): unknown[] {
  const v = o[key];
  if (!Array.isArray(v)) fail(`"${key}" must be a JSON array`);
  return v;
}

export function textList(o: Obj, key: string, what: string, max: number): string[] {
  return list(o, key).map((item, i) => asText(item, `${what} ${i + 1}`, max));
}

/** For matching only: lower case, without wrapping quotes, brackets or a trailing period. */
function looseKey(s: string): string {
  return s.toLowerCase().replace(/^[\s"'`{[(]+|[\s"'`}\]).]+$/g, '');
}

/** One of the options, spelled as given (case, stray quotes, brackets and periods forgiven; "Sector:arena" → "arena"). */
export function pickOption(value: unknown, options: readonly string[]): string {
  if (options.length === 0) fail('there are no options to choose from');
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const find = (s: string) => options.find((o) => o === s.trim()) ?? options.find((o) => looseKey(o) === looseKey(s));
  const hit = find(raw) ?? (raw.includes(':') ? find(raw.slice(raw.lastIndexOf(':') + 1)) : undefined);
  if (hit === undefined) fail(`"${raw}" is not one of: ${options.join(', ')}`);
  return hit;
}

/** Exactly one of the options (case forgiven): what the guard accepts from any brain. */
export function member(v: unknown, options: readonly string[]): string {
  if (typeof v !== 'string') fail('the answer must be one of the options, as a string');
  const t = v.trim();
  const hit = options.find((o) => o === t) ?? options.find((o) => o.toLowerCase() === t.toLowerCase());
  if (hit === undefined) fail(`"${t}" is not one of: ${options.join(', ')}`);
  return hit;
}

/** An activity phrase without the persona's name in front ("Nora is eating" → "eating"). */
export function withoutName(s: string, p: Persona): string {
  const names = [p.name, p.firstName, 'he', 'she', 'they'].map(escapeRegExp);
  return s.replace(new RegExp(`^(${names.join('|')})\\s+(is|are)\\s+`, 'i'), '').replace(new RegExp(`^(${names.slice(0, 2).join('|')})\\s+`, 'i'), '');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** 1–3 emoji, no letters or digits; whitespace between them dropped; whole emoji kept while they fit `maxUnits` UTF-16 units. */
export function emojiOnly(raw: string, maxUnits: number): string {
  const s = raw.replace(/\s+/g, '');
  if (!s) fail('"emoji" must not be empty');
  if (/[\p{L}\p{N}]/u.test(s)) fail(`"${raw}" contains letters or digits; reply with 1 to 3 emoji only, no words`);
  const parts = [...graphemes.segment(s)].map((g) => g.segment);
  const bad = parts.find((g) => !EMOJI.test(g));
  if (bad !== undefined) fail(`"${bad}" is not an emoji; reply with 1 to 3 emoji only`);
  if (parts.length > 3) fail(`use 1 to 3 emoji, got ${parts.length}`);
  // Long ZWJ sequences can overflow the limit: keep as many whole emoji as fit.
  while (parts.length > 1 && parts.join('').length > maxUnits) parts.pop();
  return parts.join('');
}

/** A triple whose subject is fixed by who acts (the reply's own subject is read but not trusted). */
export function tripleOf(o: Obj, subject: string, limits: { predicate: number; object: number }): Triple {
  const predicate = text(o, 'predicate', limits.predicate);
  const object = text(o, 'object', limits.object);
  text(o, 'subject', limits.object);
  return [subject, predicate, object];
}

/** "yes"/"no", true/false, "true"/"false". */
export function yesNo(v: unknown, key: string): boolean {
  if (typeof v === 'boolean') return v;
  const s = typeof v === 'string' ? v.trim().toLowerCase().replace(/[.!]$/, '') : '';
  if (s === 'yes' || s === 'true') return true;
  if (s === 'no' || s === 'false') return false;
  return fail(`"${key}" must be "yes" or "no", got ${JSON.stringify(v)}`);
}

/** Times in a plan item: "at 7:00 am", "from 9 am to 12 pm". */
export const TIME_OF_DAY = /\b\d{1,2}(:\d{2})?\s?[ap]\.?m\b/i;

/**
 * A reply schema as a person reads it: `{"plan": [5 to 8 × an activity with its time (≤ 200 chars)]}`.
 * Derived from the JSON schema the model is sent, so the declared output cannot drift from the check.
 */
export function describeReply(schema: z.ZodType): string {
  return describeJson(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
}

/** Lengths from this up are not declared to the model (see describeJson). */
const SHOWN_LIMIT = 200;

function describeJson(s: JsonSchema): string {
  if (s.type === 'object' && s.properties) {
    return `{${Object.entries(s.properties)
      .map(([k, v]) => `"${k}": ${describeJson(v)}`)
      .join(', ')}}`;
  }
  if (s.type === 'array' && s.items) {
    // A list of plain values with a description says what it holds in words ("[verb, object] …", "the numbers of …").
    if (s.description && !s.items.description && s.items.type !== 'object' && s.items.type !== 'array') return s.description;
    const count = s.minItems !== undefined && s.maxItems !== undefined ? (s.minItems === s.maxItems ? `${s.minItems} × ` : `${s.minItems} to ${s.maxItems} × `) : s.minItems !== undefined && s.minItems > 0 ? `${s.minItems} or more × ` : '';
    return `[${count}${describeJson(s.items)}]${s.description ? ` (${s.description})` : ''}`;
  }
  const base =
    s.enum !== undefined
      ? s.enum.map((v) => JSON.stringify(v)).join(' or ')
      : s.const !== undefined
        ? JSON.stringify(s.const)
        : s.anyOf
          ? s.anyOf.map(describeJson).join(' or ')
          : s.type === 'integer' && s.minimum !== undefined && s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER
            ? `integer ${s.minimum}-${s.maximum}`
            : (s.type ?? 'value');
  const what = s.description ? `${s.description}${s.enum || s.const !== undefined ? ` (${base})` : ''}` : base;
  // A short limit is guidance (a phrase, an emoji); a long one (a plan item, a sentence, a paragraph, a place's name) only a bound, enforced on reading.
  return s.maxLength !== undefined && s.maxLength < SHOWN_LIMIT ? `${what} (≤ ${s.maxLength} chars)` : what;
}

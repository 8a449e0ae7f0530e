/**
 * What the brain calls' modules (this folder) share: the limits a reply and an answer keep, and the
 * helpers that read them. A helper only one call uses lives in that call's module.
 */
import { z } from 'zod';
import { scheduleMinutes, trimToTotal } from '../../persona/schedule';
import { fail, lowerFirst, type Obj, parseWith, stripPeriod, text, TIME_OF_DAY, withoutName } from '../reply';
import type { NewDecompInput, SubTask } from '../types';

/** The first daily plan a model is asked for (Smallville: "5 to 8 items" in broad strokes). */
export const DAILY_PLAN_ITEMS = { min: 5, max: 8 } as const;

/** Any brain's daily plan: timed items, at most one per hour (the offline brain plans in finer strokes). */
const DAILY_PLAN_ANY = { min: 1, max: 24 } as const;

/** A new day's plan requirement (revise_identity): 4 to 6 timed items; more are cut. */
export const PLAN_REQ_ITEMS = { min: 4, max: 6 } as const;

/** The emoji over a persona's head, in UTF-16 units (1–3 emoji, ZWJ sequences included). */
export const EMOJI_UNITS = 16;

export const PLAN_ITEM = 200;

export const ACTIVITY = 150;

export const SENTENCE = 400;

export const PARAGRAPH = 1200;

/** Triples: a short verb; subject and object as long as a sentence (an object's state can be one). */
export const TRIPLE = { predicate: 80, object: 400 } as const;

export const ACTION_ID = 80;

export const TARGET = 200;

export const str = (max: number, description?: string) => {
  const s = z.string().max(max);
  return description ? s.describe(description) : s;
};

export const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const hour = z.number().int().min(0).max(23);

export const rating = z.number().int().min(1).max(10);

const minutes = z.number().int().min(1).max(1440);

export const replySubtasks = (what: string) => z.array(z.object({ task: str(ACTIVITY, what), minutes: minutes.describe('positive multiple of 5') })).min(1);

export const anySubtasks = z.array(z.object({ task: trimmed(SENTENCE), minutes: z.number().positive() })).min(1);

export const tripleReply = (subject: string) => z.object({ subject: str(TRIPLE.object, subject), predicate: str(TRIPLE.predicate, 'short verb'), object: str(TRIPLE.object, 'short noun phrase') });

export const anyTriple = z.tuple([trimmed(TRIPLE.object), trimmed(TRIPLE.predicate), trimmed(TRIPLE.object)]);

export const timed = (items: string[]): string[] => {
  const untimed = items.find((s) => !TIME_OF_DAY.test(s));
  if (untimed !== undefined) fail(`plan item "${untimed}" has no time; write each item with its time, like "at 7:00 am" or "from 9:00 am to 12:00 pm"`);
  return items;
};

/** "1) Wake up at 7 am." → "wake up at 7 am". */
export const planItem = (s: string) => lowerFirst(stripPeriod(s.replace(/^\d+[.)]\s*/, '')));

export const subtask = (o: Obj, i: number, max: number, p: Parameters<typeof withoutName>[1], label: string): SubTask => {
  const task = lowerFirst(stripPeriod(withoutName(text(o, 'task', max), p)));
  const m = o.minutes;
  // Arithmetic (multiples of 5, the sum) is repaired by `accept`; a non-positive duration is not.
  if (typeof m !== 'number' || !Number.isFinite(m) || m <= 0) fail(`${label} ${i + 1} ("${task}") has duration ${JSON.stringify(m)}: every duration must be a positive number of minutes`);
  return { task, minutes: m };
};

export const objects = (items: unknown[], label: string, shape: string): Obj[] =>
  items.map((item, i) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Obj) : fail(`${label} ${i + 1} must be an object ${shape}`)));

export const sameText = (max: number) => {
  const schema = trimmed(max);
  return (v: unknown) => parseWith(schema, v);
};

/**
 * A call whose answer is one paragraph of text, sent as `{ <field>: "…" }`: its reply schema, how
 * the reply is read, and what any brain's answer must be (a trimmed string within PARAGRAPH).
 */
export function paragraphAnswer(field: string, description: string) {
  return {
    reply: z.object({ [field]: str(PARAGRAPH, description) }),
    fromReply: (o: Obj) => text(o, field, PARAGRAPH),
    accept: sameText(PARAGRAPH),
  };
}

const anyPlan = z.array(trimmed(PLAN_ITEM));

export const anyDailyPlan = anyPlan.min(DAILY_PLAN_ANY.min).max(DAILY_PLAN_ANY.max);

export const anyPlanReq = anyPlan.min(PLAN_REQ_ITEMS.min);

export const anyEmoji = trimmed(EMOJI_UNITS).refine((s) => !/[a-z]{3}/i.test(s), 'emoji must not be words');

export const anyInsights = z.array(z.object({ insight: trimmed(SENTENCE), evidence: z.array(z.number().int().positive()) }));

/** Packed call plan: at most this many actions detailed in one call, and ratings in one batch. */
export const DETAILS_MAX = 12;

/** A re-planned stretch from a model: positive durations summing exactly to the stretch, the inserted action kept. */
export const stretchReply = (items: unknown[], persona: Parameters<typeof withoutName>[1], input: NewDecompInput, who: string): SubTask[] => {
  const total = scheduleMinutes(input.main);
  const tasks = objects(items, `${who}item`, '{"task": …, "minutes": …}').map((t, i) => subtask(t, i, PLAN_ITEM, persona, `${who}item`));
  const sum = tasks.reduce((s, t) => s + t.minutes, 0);
  if (sum !== total) fail(`${who}the durations add up to ${sum} minutes, but must add up to exactly ${total}`);
  if (!tasks.some((t) => t.task.toLowerCase().includes(input.inserted.toLowerCase()))) fail(`${who}the schedule must keep "${input.inserted}" (${input.insertedMinutes} minutes) where it happened`);
  return tasks;
};

/** Any brain's re-planned stretch: it keeps the inserted action; whole minutes fitted to exactly the stretch. */
export const fitStretch = (v: unknown, input: NewDecompInput): SubTask[] => {
  const total = scheduleMinutes(input.main);
  const list = parseWith(anySubtasks, v);
  if (!list.some((t) => t.task.toLowerCase().includes(input.inserted.toLowerCase()))) fail(`the schedule must keep "${input.inserted}"`);
  const fitted = trimToTotal(
    list.map((t) => [t.task, Math.max(1, Math.round(t.minutes))] as [string, number]),
    total,
  );
  const used = scheduleMinutes(fitted);
  const last = fitted[fitted.length - 1];
  if (last && used < total) last[1] += total - used;
  return fitted.map(([task, m]) => ({ task, minutes: m }));
};

/**
 * A reflection's statements numbered once for all its questions (the focal points' pools overlap):
 * the distinct statements in order of first appearance, and each question's statements as 1-based
 * numbers into them, in the question's own order.
 */
export function sharedStatements(groups: readonly { statements: readonly string[] }[]): { statements: string[]; members: number[][] } {
  const statements: string[] = [];
  const index = new Map<string, number>();
  const members = groups.map((g) =>
    g.statements.map((st) => {
      let n = index.get(st);
      if (n === undefined) {
        statements.push(st);
        n = statements.length;
        index.set(st, n);
      }
      return n;
    }),
  );
  return { statements, members };
}

/** "1–4, 7, 9–10" for sorted or unsorted 1-based numbers. */
export function numberRanges(ns: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const n of [...new Set(ns)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs.map(([a, b]) => (b > a ? `${a}–${b}` : `${a}`)).join(', ');
}

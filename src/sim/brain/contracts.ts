/**
 * One contract per Brain call, in one table: everything that decides what an answer may be.
 *
 * - `reply`: the JSON object a model must send, limits included. Its JSON schema is what the model
 *   is sent (strict structured output) and its description is the prompt's declared output
 *   (`describeReply`); the LLM brain validates every reply with it.
 * - `fromReply`: that reply made into the Brain's answer, with the semantic checks a schema cannot
 *   express (an option that exists, durations that add up …). A ReplyError's message is fed back
 *   to the model on retry.
 * - `accept`: what the simulation takes from ANY brain (offline or model): shape, the same limits,
 *   normalisation. The guard runs it on every answer; the LLM brain runs it too, so a model gets a
 *   retry where the guard would refuse.
 * - `fallback`: the documented default when no brain gives a usable answer (the guard counts it).
 * - `unasked`: an answer known without asking (nothing to choose from): no call, nothing counted.
 *
 * The prompt template and its variables live with the LLM brain (src/llm/calls.ts); the guard
 * (guard.ts) and the LLM brain (src/llm/llmBrain.ts) are generic over this table.
 * How to add a call: CONTRIBUTING.md.
 */
import { z } from 'zod';
import type { ActionDetails, Brain, CallContext, ConversationTakeaways, DayPlan, GuardedCall, IdentityRevision, Insight, NewDecompInput, ReactChoice, SubTask, WholeConversation } from './port';
import type { ChatLine } from '../persona/memory';
import type { Persona } from '../persona/persona';
import type { Triple } from '../world/events';
import { RANDOM_OBJECT } from '../world/actionAddress';
import { failSafeDecomp, scheduleMinutes, trimToTotal } from '../persona/schedule';
import { localEmbedding } from './localEmbedding';
import { repairDecomposition } from './repair';
import { at } from '../checked';
import { FALLBACK_DAILY_PLAN, FALLBACK_EMOJI, INTERVIEW_FALLBACK, fallbackSector, splitPlanReq, thirdPerson } from './fallbacks';
import {
  TIME_OF_DAY,
  asObject,
  asText,
  checked,
  emojiOnly,
  escapeRegExp,
  fail,
  list,
  lowerFirst,
  member,
  parseWith,
  pickOption,
  stripPeriod,
  text,
  textList,
  tripleOf,
  unquote,
  withoutName,
  yesNo,
  type Checked,
  type Obj,
} from './reply';

/** A call's arguments after the context. */
export type CallArgs<K extends GuardedCall> = Parameters<Brain[K]> extends [CallContext, ...infer A] ? A : never;
/** A call's answer. */
type Answer<K extends GuardedCall> = Awaited<ReturnType<Brain[K]>>;

interface Contract<K extends GuardedCall> {
  /** The JSON object a model must reply with (null: not asked of a chat model). */
  reply: z.ZodObject | null;
  /** The schema the model is sent when it depends on the arguments (an enum of the ids offered); default `reply`. */
  replyFor?: (ctx: CallContext, ...args: CallArgs<K>) => z.ZodObject;
  /** A reply that matched `reply`, as the answer. Throws ReplyError with feedback for the model. */
  fromReply: (json: Obj, ctx: CallContext, ...args: CallArgs<K>) => Answer<K>;
  /** Any brain's answer, checked and normalised. Throws ReplyError saying what is wrong. */
  accept: (value: unknown, ctx: CallContext, ...args: CallArgs<K>) => Answer<K>;
  /** The documented default. */
  fallback: (ctx: CallContext, ...args: CallArgs<K>) => Answer<K>;
  /** An answer known without asking (no call is made or counted), or undefined to ask. */
  unasked?: (ctx: CallContext, ...args: CallArgs<K>) => Answer<K> | undefined;
  /** A reply in another accepted form, made into the `reply` object before it is checked (a bare array of decisions, docs/economy.md#the-decisions). */
  wrap?: (json: unknown) => unknown;
  /** The inner brain's stand-in must not answer instead (the caller handles the default itself, e.g. skips a round). */
  noFallbackBrain?: boolean;
}

type Contracts = { [K in GuardedCall]: Contract<K> };

// ---- limits shared by replies and answers -------------------------------------------------------

/** The first daily plan a model is asked for (Smallville: "5 to 8 items" in broad strokes). */
const DAILY_PLAN_ITEMS = { min: 5, max: 8 } as const;
/** Any brain's daily plan: timed items, at most one per hour (the offline brain plans in finer strokes). */
const DAILY_PLAN_ANY = { min: 1, max: 24 } as const;
/** A new day's plan requirement (revise_identity): 4 to 6 timed items; more are cut. */
const PLAN_REQ_ITEMS = { min: 4, max: 6 } as const;
/** The emoji over a persona's head, in UTF-16 units (1–3 emoji, ZWJ sequences included). */
const EMOJI_UNITS = 16;
const PLAN_ITEM = 200;
const ACTIVITY = 150;
const SENTENCE = 400;
const PARAGRAPH = 1200;
/** Triples: a short verb; subject and object as long as a sentence (an object's state can be one). */
const TRIPLE = { predicate: 80, object: 400 } as const;
const ACTION_ID = 80;
const TARGET = 200;
const TOWN_PLAN_STEPS = 20;

const str = (max: number, description?: string) => {
  const s = z.string().max(max);
  return description ? s.describe(description) : s;
};
const trimmed = (max: number) => z.string().trim().min(1).max(max);
const hour = z.number().int().min(0).max(23);
const rating = z.number().int().min(1).max(10);
const minutes = z.number().int().min(1).max(1440);
const replySubtasks = (what: string) => z.array(z.object({ task: str(ACTIVITY, what), minutes: minutes.describe('positive multiple of 5') })).min(1);
const anySubtasks = z.array(z.object({ task: trimmed(SENTENCE), minutes: z.number().positive() })).min(1);
const tripleReply = (subject: string) => z.object({ subject: str(TRIPLE.object, subject), predicate: str(TRIPLE.predicate, 'short verb'), object: str(TRIPLE.object, 'short noun phrase') });
const anyTriple = z.tuple([trimmed(TRIPLE.object), trimmed(TRIPLE.predicate), trimmed(TRIPLE.object)]);
const timed = (items: string[]): string[] => {
  const untimed = items.find((s) => !TIME_OF_DAY.test(s));
  if (untimed !== undefined) fail(`plan item "${untimed}" has no time; write each item with its time, like "at 7:00 am" or "from 9:00 am to 12:00 pm"`);
  return items;
};
/** "1) Wake up at 7 am." → "wake up at 7 am". */
const planItem = (s: string) => lowerFirst(stripPeriod(s.replace(/^\d+[.)]\s*/, '')));
const subtask = (o: Obj, i: number, max: number, p: Parameters<typeof withoutName>[1], label: string): SubTask => {
  const task = lowerFirst(stripPeriod(withoutName(text(o, 'task', max), p)));
  const m = o.minutes;
  // Arithmetic (multiples of 5, the sum) is repaired by `accept`; a non-positive duration is not.
  if (typeof m !== 'number' || !Number.isFinite(m) || m <= 0) fail(`${label} ${i + 1} ("${task}") has duration ${JSON.stringify(m)}: every duration must be a positive number of minutes`);
  return { task, minutes: m };
};
/** A subtask as a pair, `["kneading dough", 25]` (plan_day's compact answer). */
const taskPair = z
  .array(z.union([trimmed(ACTIVITY), z.number()]))
  .min(2)
  .max(2)
  .describe('[task, minutes]: a short lowercase phrase and a positive multiple of 5');
const pairTask = (t: unknown): Obj =>
  Array.isArray(t) && typeof t[0] === 'string' && typeof t[1] === 'number' ? { task: t[0], minutes: t[1] } : fail(`a subtask is a [task, minutes] pair like ["kneading dough", 25], got ${JSON.stringify(t)}`);
const objects = (items: unknown[], label: string, shape: string): Obj[] =>
  items.map((item, i) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Obj) : fail(`${label} ${i + 1} must be an object ${shape}`)));
const sameText = (max: number) => {
  const schema = trimmed(max);
  return (v: unknown) => parseWith(schema, v);
};
const anyPlan = z.array(trimmed(PLAN_ITEM));
const anyDailyPlan = anyPlan.min(DAILY_PLAN_ANY.min).max(DAILY_PLAN_ANY.max);
const anyPlanReq = anyPlan.min(PLAN_REQ_ITEMS.min);
const anyEmoji = trimmed(EMOJI_UNITS).refine((s) => !/[a-z]{3}/i.test(s), 'emoji must not be words');
const anyTurn = z.object({ line: trimmed(SENTENCE), end: z.boolean() });
const anyQuestions = z.array(trimmed(SENTENCE)).min(1);
const anyInsights = z.array(z.object({ insight: trimmed(SENTENCE), evidence: z.array(z.number().int().positive()) }));
const anyChoice = z.object({ action: trimmed(ACTION_ID), target: z.string().trim().max(TARGET).default(''), reason: z.string().trim().max(SENTENCE).default('') });
/** The hourly pulse (docs/economy.md#the-decisions): at most this many decisions a round (a town's residents, with room to spare). */
const PULSE_DECISIONS = 500;
/** Any brain's decisions: each one is checked when it is executed (an unknown action is a rest, an unknown resident is skipped), so only the shape is checked here. */
const anyPulse = z.object({
  decisions: z
    .array(z.object({ agent_id: z.unknown(), action: z.string().trim().max(ACTION_ID), params: z.record(z.string(), z.unknown()).default({}), reason: z.string().trim().max(SENTENCE).default('') }))
    .max(PULSE_DECISIONS),
});
const anyTownPlan = z.object({ title: z.string().trim().max(200), steps: z.array(trimmed(SENTENCE)).min(1).max(TOWN_PLAN_STEPS) });
const anyVectors = z.array(z.array(z.number().finite()).min(1));
const react = z.literal([1, 2]);
/** Packed call plan: at most this many actions detailed in one call, and ratings in one batch. */
export const DETAILS_MAX = 12;
/** The fields of one action_details entry. */
const DETAIL_FIELDS = ['sector', 'arena', 'object', 'emoji', 'event', 'object_state', 'object_event'] as const;
const RATINGS_MAX = 64;
/** Smallville caps a conversation at 8 rounds (16 lines). */
const MAX_LINES = 16;
const anyDayPlan = z.object({
  wakeUpHour: hour,
  dailyPlan: anyDailyPlan,
  hourly: z.array(trimmed(ACTIVITY)).length(24),
  subtasks: z.array(z.object({ activity: trimmed(ACTIVITY), subtasks: anySubtasks })).max(24),
});
const anyDayStart = z.object({ wakeUpHour: hour, activity: trimmed(ACTIVITY), place: z.string().max(TARGET).nullable().default(null) });
const anyRevision = z.object({ planNote: z.string().trim().max(PARAGRAPH), thoughtNote: z.string().trim().max(PARAGRAPH), currently: trimmed(PARAGRAPH), dailyPlanReq: anyPlanReq });
const anyDetails = z.object({
  sector: trimmed(TARGET),
  arena: z.string().trim().max(TARGET),
  object: z.string().trim().max(TARGET),
  emoji: anyEmoji,
  event: anyTriple,
  objectState: z.string().trim().max(SENTENCE),
  objectEvent: z.tuple([z.string().max(TRIPLE.object), z.string().max(TRIPLE.predicate), z.string().max(TRIPLE.object)]),
});
const anyConversation = z.object({
  talk: z.boolean(),
  lines: z.array(z.object({ speaker: trimmed(200), text: trimmed(SENTENCE) })).max(MAX_LINES),
  summary: z.string().trim().max(SENTENCE),
  takeaways: z.record(z.string(), z.object({ planning: z.string().trim().max(PARAGRAPH), memo: z.string().trim().max(PARAGRAPH) })),
  after: z.array(z.array(z.object({ task: trimmed(SENTENCE), minutes: z.number().positive() }))).optional(),
});
/** start_day's reply schema for a list of places (the same object for the same list, so its JSON schema is made once). */
const dayStartReplies = new Map<string, z.ZodObject>();
const dayStartReply = (places: string[]): z.ZodObject => {
  const key = JSON.stringify(places);
  let schema = dayStartReplies.get(key);
  if (!schema) {
    const [first, ...rest] = places;
    const place = first === undefined ? str(TARGET, 'a place the person knows') : z.enum([first, ...rest]).describe('exactly one of the places listed');
    schema = z.object({ wake_up_hour: hour, activity: str(ACTIVITY, 'short lowercase phrase, not sleeping'), place });
    dayStartReplies.set(key, schema);
  }
  return schema;
};
/** One of the places the persona knows best (case and an address prefix forgiven), or null for anything else. */
const ownPlace = (v: unknown, p: Persona): string | null => {
  const places = p.ownPlaces();
  if (typeof v !== 'string' || places.length === 0) return null;
  try {
    return pickOption(v, places);
  } catch {
    return null;
  }
};
/** [predicate, object] from a model (packed calls: the subject is known), as a triple with `subject`. */
const pairItems = (v: unknown, what: string, subject: string): Triple => {
  const parts = Array.isArray(v) ? v : fail(`${what} must be [predicate, object]`);
  if (parts.length !== 2) fail(`${what} must be [predicate, object]`);
  return [subject, asText(parts[0], `${what} predicate`, TRIPLE.predicate), asText(parts[1], `${what} object`, TRIPLE.object)];
};
/** Run a check, putting where and what in front of its message. */
const checkedAs = <T>(where: string, what: string, f: () => T): T => {
  try {
    return f();
  } catch (err) {
    if (err instanceof Error && err.name === 'ReplyError') fail(`${where}: ${what} ${err.message}`);
    throw err;
  }
};

/** A re-planned stretch from a model: positive durations summing exactly to the stretch, the inserted action kept. */
const stretchReply = (items: unknown[], persona: Parameters<typeof withoutName>[1], input: NewDecompInput, who: string): SubTask[] => {
  const total = scheduleMinutes(input.main);
  const tasks = objects(items, `${who}item`, '{"task": …, "minutes": …}').map((t, i) => subtask(t, i, PLAN_ITEM, persona, `${who}item`));
  const sum = tasks.reduce((s, t) => s + t.minutes, 0);
  if (sum !== total) fail(`${who}the durations add up to ${sum} minutes, but must add up to exactly ${total}`);
  if (!tasks.some((t) => t.task.toLowerCase().includes(input.inserted.toLowerCase()))) fail(`${who}the schedule must keep "${input.inserted}" (${input.insertedMinutes} minutes) where it happened`);
  return tasks;
};
/** Any brain's re-planned stretch: it keeps the inserted action; whole minutes fitted to exactly the stretch. */
const fitStretch = (v: unknown, input: NewDecompInput): SubTask[] => {
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

// ---- the table --------------------------------------------------------------------------------

export const CONTRACTS: Contracts = {
  wakeUpHour: {
    reply: z.object({ hour }),
    fromReply: (o) => o.hour as number,
    accept: (v) => parseWith(hour, v),
    fallback: () => 8,
  },

  dailyPlan: {
    reply: z.object({ plan: z.array(str(PLAN_ITEM, 'an activity with its time')).min(DAILY_PLAN_ITEMS.min).max(DAILY_PLAN_ITEMS.max) }),
    fromReply: (o) => textList(o, 'plan', 'plan item', PLAN_ITEM).map(planItem),
    accept: (v) => timed(parseWith(anyDailyPlan, v)),
    fallback: () => [...FALLBACK_DAILY_PLAN],
  },

  hourlySchedule: {
    reply: z.object({ activity: str(ACTIVITY, 'short lowercase phrase, or "sleeping"') }),
    fromReply: (o, { persona }) => {
      const raw = text(o, 'activity', ACTIVITY).replace(/^\[[^\]]*\]\s*/, '');
      const activity = lowerFirst(stripPeriod(withoutName(raw, persona)));
      return activity || fail('"activity" must not be empty');
    },
    accept: sameText(ACTIVITY),
    fallback: () => 'asleep',
  },

  taskDecomp: {
    reply: z.object({ subtasks: replySubtasks('short lowercase phrase') }),
    fromReply: (o, { persona }) => {
      const items = list(o, 'subtasks');
      if (items.length === 0) fail('give at least one subtask');
      return objects(items, 'subtask', '{"task": …, "minutes": …}').map((t, i) => subtask(t, i, ACTIVITY, persona, 'subtask'));
    },
    // A model's arithmetic is repaired, never trusted: 5-minute steps that fill the task exactly.
    accept: (v, _ctx, _task, total) => repairDecomposition(parseWith(anySubtasks, v), total),
    fallback: (_ctx, task, total) => [{ task, minutes: total }],
  },

  actionSector: {
    reply: z.object({ sector: str(TARGET, 'exactly one of the options') }),
    fromReply: (o, _ctx, _action, options) => pickOption(o.sector, options),
    accept: (v, _ctx, _action, options) => member(v, options),
    fallback: ({ persona }, _action, options) => fallbackSector(persona, options),
  },

  actionArena: {
    reply: z.object({ arena: str(TARGET, 'exactly one of the options') }),
    fromReply: (o, _ctx, _action, _sector, options) => pickOption(o.arena, options),
    accept: (v, _ctx, _action, _sector, options) => member(v, options),
    fallback: (_ctx, _action, _sector, options) => options[0] ?? RANDOM_OBJECT,
  },

  actionObject: {
    reply: z.object({ object: str(TARGET, 'exactly one of the options') }),
    fromReply: (o, _ctx, _action, _arena, options) => pickOption(o.object, options),
    accept: (v, _ctx, _action, _arena, options) => member(v, options),
    fallback: () => RANDOM_OBJECT,
    unasked: (_ctx, _action, _arena, options) => (options.length === 0 ? RANDOM_OBJECT : undefined),
  },

  pronunciatio: {
    reply: z.object({ emoji: str(64, '1 to 3 emoji, no letters') }),
    fromReply: (o) => emojiOnly(text(o, 'emoji', 64), EMOJI_UNITS),
    accept: (v) => parseWith(anyEmoji, v),
    fallback: () => FALLBACK_EMOJI,
  },

  eventTriple: {
    reply: tripleReply("the persona's name"),
    fromReply: (o, { persona }) => tripleOf(o, persona.name, TRIPLE),
    // The subject of a persona's own action is always the persona.
    accept: (v, { persona }) => {
      const t = parseWith(anyTriple, v);
      return [persona.name, t[1], t[2]] as Triple;
    },
    fallback: ({ persona }, action) => [persona.name, 'is', action],
  },

  actObjDesc: {
    reply: z.object({ state: str(200, 'a few words completing "The <object> is …"') }),
    fromReply: (o, _ctx, object) => {
      const state = stripPeriod(text(o, 'state', 200).replace(new RegExp(`^(the\\s+)?${escapeRegExp(object)}\\s+(is\\s+)?`, 'i'), ''));
      if (!state) fail('"state" must describe the object\'s state in a few words, like "being slept in"');
      return `${object} is ${state}`;
    },
    accept: sameText(SENTENCE),
    fallback: (_ctx, object) => `${object} is being used`,
  },

  actObjEventTriple: {
    reply: tripleReply('the object'),
    fromReply: (o, _ctx, object) => tripleOf(o, object, TRIPLE),
    accept: (v, _ctx, object) => {
      const t = parseWith(anyTriple, v);
      return [object, t[1], t[2]] as Triple;
    },
    fallback: (_ctx, object) => [object, 'is', 'idle'],
  },

  decideToTalk: {
    reply: z.object({ reason: str(SENTENCE, 'one sentence'), answer: z.enum(['yes', 'no']) }),
    fromReply: (o) => o.answer === 'yes',
    accept: (v) => parseWith(z.boolean(), v),
    fallback: () => false,
  },

  decideToReact: {
    reply: z.object({ reason: str(SENTENCE, 'one sentence'), option: react.describe('1 to wait, 2 to carry on') }),
    fromReply: (o) => o.option as ReactChoice,
    accept: (v) => parseWith(react, v),
    fallback: () => 2,
  },

  conversationTurn: {
    reply: z.object({ line: str(SENTENCE, 'what the speaker says'), end: z.boolean().describe('true if this line ends the conversation') }),
    fromReply: (o, { persona }) => {
      // Drop a "Name:" the model may have put in front of the line.
      const unnamed = text(o, 'line', SENTENCE).replace(new RegExp(`^(${escapeRegExp(persona.name)}|${escapeRegExp(persona.firstName)})\\s*:\\s*`), '');
      const line = unquote(unnamed);
      if (!line) fail('"line" must not be empty');
      return { line, end: yesNo(o.end, 'end') };
    },
    accept: (v) => parseWith(anyTurn, v),
    fallback: () => ({ line: 'Anyway, I should get going. See you later!', end: true }),
  },

  summarizeConversation: {
    reply: z.object({ about: str(300, 'short phrase completing "This is a conversation about …"') }),
    fromReply: (o) => {
      const about = stripPeriod(text(o, 'about', 300).replace(/^(this is\s+)?(a\s+)?(conversation|conversing)\s+about\s+|^about\s+/i, ''));
      if (!about) fail('"about" must say what the conversation was about');
      return `conversing about ${about}`;
    },
    accept: sameText(SENTENCE),
    fallback: ({ persona }, convo) => `conversing with ${[...new Set(convo.map((l) => l.speaker).filter((s) => s !== persona.name))].join(' and ') || 'a neighbour'}`,
  },

  poignancy: {
    reply: z.object({ rating }),
    fromReply: (o) => o.rating as number,
    accept: (v) => parseWith(rating, v),
    fallback: () => 4,
  },

  focalPoints: {
    reply: z.object({ questions: z.array(str(SENTENCE, 'a question')).min(1) }),
    fromReply: (o, _ctx, _statements, n) => {
      const qs = textList(o, 'questions', 'question', SENTENCE);
      if (qs.length < n) fail(`give exactly ${n} questions, got ${qs.length}`);
      return qs.slice(0, n);
    },
    accept: (v, _ctx, _statements, n) => parseWith(anyQuestions, v).slice(0, n),
    fallback: (_ctx, statements, n) => statements.slice(-n),
  },

  insights: {
    reply: z.object({ insights: z.array(z.object({ insight: str(SENTENCE, 'an insight'), evidence: z.array(z.number().int()).describe('the numbers of the statements it rests on') })).min(1) }),
    fromReply: (o, _ctx, statements, n) => {
      const items = list(o, 'insights');
      if (items.length === 0) fail('give at least one insight');
      return objects(items.slice(0, n), 'insight', '{"insight": …, "evidence": […]}').map((item, i): Insight => {
        // "(because of 1, 5, 3)" belongs in "evidence", not in the sentence.
        const insight = stripPeriod(text(item, 'insight', SENTENCE).replace(/\s*\(because of[^)]*\)\s*$/i, ''));
        const evidence = list(item, 'evidence');
        if (evidence.length === 0) fail(`insight ${i + 1} cites no statements: give the numbers of the statements it rests on`);
        for (const e of evidence) {
          if (typeof e !== 'number' || !Number.isInteger(e) || e < 1 || e > statements.length) {
            fail(`insight ${i + 1} cites statement ${JSON.stringify(e)}, but only ${statements.length} statements were given: use numbers 1 to ${statements.length}`);
          }
        }
        return { insight, evidence: [...new Set(evidence as number[])] };
      });
    },
    // Evidence must point at statements that were actually given.
    accept: (v, _ctx, statements, n) =>
      parseWith(anyInsights, v)
        .slice(0, n)
        .map((i) => ({ ...i, evidence: i.evidence.filter((e) => e >= 1 && e <= statements.length) })),
    fallback: () => [],
  },

  /**
   * A re-planned stretch: whole minutes that sum exactly to the stretch and that still contain the
   * inserted action; otherwise Smallville's fail-safe (what happened so far, then the rest of the plan).
   */
  newDecompSchedule: {
    reply: z.object({ schedule: replySubtasks('short lowercase phrase') }),
    fromReply: (o, { persona }, input) => stretchReply(list(o, 'schedule'), persona, input, ''),
    accept: (v, _ctx, input) => fitStretch(v, input),
    fallback: (_ctx, input) => failSafeDecomp(input.main, input.doneSoFar).map(([task, m]) => ({ task, minutes: m })),
    unasked: (_ctx, input) => (scheduleMinutes(input.main) <= 0 ? failSafeDecomp(input.main, input.doneSoFar).map(([task, m]) => ({ task, minutes: m })) : undefined),
  },

  planNote: {
    reply: z.object({ note: str(PARAGRAPH, 'a few sentences in the first person') }),
    fromReply: (o) => text(o, 'note', PARAGRAPH),
    accept: sameText(PARAGRAPH),
    fallback: () => '',
  },

  thoughtNote: {
    reply: z.object({ note: str(PARAGRAPH, 'a few sentences in the first person') }),
    fromReply: (o) => text(o, 'note', PARAGRAPH),
    accept: sameText(PARAGRAPH),
    fallback: () => '',
  },

  reviseCurrently: {
    reply: z.object({ currently: str(PARAGRAPH, 'a short paragraph in the third person') }),
    fromReply: (o) => text(o, 'currently', PARAGRAPH),
    accept: sameText(PARAGRAPH),
    // Yesterday's status.
    fallback: ({ persona }) => persona.currently,
  },

  dailyPlanReq: {
    reply: z.object({ plan: z.array(str(PLAN_ITEM, 'an activity with its time')).min(PLAN_REQ_ITEMS.min).max(PLAN_REQ_ITEMS.max) }),
    fromReply: (o) => textList(o, 'plan', 'plan item', PLAN_ITEM).map(planItem),
    accept: (v) => timed(parseWith(anyPlanReq, v).slice(0, PLAN_REQ_ITEMS.max)),
    // Yesterday's requirement.
    fallback: ({ persona }) => splitPlanReq(persona.dailyPlanReq),
  },

  whisperInnerThought: {
    reply: z.object({ statement: str(PARAGRAPH, 'one sentence about the persona in the third person') }),
    fromReply: (o) => text(o, 'statement', PARAGRAPH),
    accept: sameText(PARAGRAPH),
    // The whisper itself, turned to the third person.
    fallback: ({ persona }, whisper) => thirdPerson(whisper, persona),
  },

  planningThought: {
    reply: z.object({ thought: str(PARAGRAPH, "one sentence from the persona's perspective") }),
    fromReply: (o) => text(o, 'thought', PARAGRAPH),
    accept: sameText(PARAGRAPH),
    // Nothing to remember: no thought is stored.
    fallback: () => '',
  },

  memoAfterConvo: {
    reply: z.object({ thought: str(PARAGRAPH, "one sentence from the persona's perspective") }),
    fromReply: (o) => text(o, 'thought', PARAGRAPH),
    accept: sameText(PARAGRAPH),
    fallback: () => '',
  },

  interview: {
    reply: z.object({ answer: str(PARAGRAPH, 'what the persona says') }),
    fromReply: (o) => unquote(text(o, 'answer', PARAGRAPH)),
    accept: sameText(PARAGRAPH),
    fallback: () => INTERVIEW_FALLBACK,
  },

  /**
   * The registry brain's choice, checked for shape only: whether the action is registered, allowed
   * and possible is the action layer's to judge (src/sim/actions/validate.ts), so a refusal can be fed
   * back with its reason. The model is sent an enum of the ids offered.
   */
  chooseAction: {
    reply: z.object({ action: str(ACTION_ID), target: str(TARGET).optional(), reason: z.string().optional() }),
    replyFor: (_ctx, input) => z.object({ action: z.enum(input.options.map((o) => o.id)), target: str(TARGET, "one of that action's targets, or \"\""), reason: str(SENTENCE, 'one short sentence') }),
    fromReply: (o) => {
      const action = text(o, 'action', ACTION_ID);
      const target = o.target === undefined || o.target === null ? '' : typeof o.target === 'string' ? unquote(o.target) : fail('"target" must be a string ("" when the action takes none)');
      const reason = typeof o.reason === 'string' ? o.reason.trim().slice(0, SENTENCE) : '';
      return { action, target, reason };
    },
    accept: (v) => {
      const c = parseWith(anyChoice, v);
      return { action: c.action, target: c.target, reason: c.reason };
    },
    fallback: (_ctx, input) => ({ action: input.fallback, target: '', reason: 'scene default: the brain gave no usable answer', fallback: true }),
  },

  /** A town plan; nothing usable falls back to an empty plan marked `fallback` (the director then uses docs/director.md#the-default-plan). */
  townPlan: {
    reply: z.object({
      title: str(200, 'a short title'),
      steps: z.array(str(SENTENCE, '"[Full Name] what that resident does, with place, date and time when it has them"')).min(1).max(TOWN_PLAN_STEPS),
    }),
    fromReply: (o) => {
      const title = text(o, 'title', 200);
      const steps = list(o, 'steps').map((st, i) => (typeof st === 'string' && st.trim() ? st.trim() : fail(`step ${i + 1} must be a non-empty string`)));
      return { title, steps };
    },
    accept: (v) => parseWith(anyTownPlan, v),
    fallback: () => ({ title: '', steps: [], fallback: true }),
  },

  /**
   * The town simulator (docs/economy.md#the-decisions): a decision per resident. The action is a free string on purpose: an
   * unknown one is executed as a rest (docs/economy.md#faults), not refused. Fallback: no decisions, marked, so
   * the pulse skips the round and logs why ("LLM returns invalid JSON / times out → the round is
   * skipped"); the offline brain does not stand in (`noFallbackBrain`).
   */
  townPulse: {
    reply: z.object({
      decisions: z
        .array(
          z.object({
            agent_id: z.number().int().describe("the resident's number"),
            action: str(ACTION_ID, 'checkin | purchase | chat | rest'),
            params: z.object({ job: z.number().int().min(0).describe("for checkin: a job id, or 0 for the resident's own job"), item_id: z.number().int().min(0).describe('for purchase: the item id; else 0') }),
            reason: str(SENTENCE, 'one sentence'),
          }),
        )
        .max(PULSE_DECISIONS),
    }),
    fromReply: (o) => ({
      decisions: list(o, 'decisions').map((d, i) => {
        const x = typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Obj) : fail(`decision ${i + 1} must be an object`);
        const p = (x.params ?? {}) as Obj;
        const params: Record<string, unknown> = {};
        if (typeof p.job === 'number' && p.job > 0) params.job = p.job;
        if (typeof p.item_id === 'number' && p.item_id > 0) params.item_id = p.item_id;
        return { agent_id: x.agent_id, action: String(x.action).trim(), params, reason: typeof x.reason === 'string' ? x.reason.trim() : '' };
      }),
    }),
    wrap: (json) => (Array.isArray(json) ? { decisions: json } : json),
    accept: (v) => parseWith(anyPulse, v),
    fallback: () => ({ decisions: [], fallback: true }),
    noFallbackBrain: true,
  },

  // ---- the packed call plan (docs/call-plans.md): several questions per call, each part checked as
  // its one-question call checks it. The defaults are the one-question calls' defaults; a guard with
  // the inner brain's stand-in (the offline brain, on a model) answers a failed call with that brain's answer.

  /** The wake-up hour and a waking activity for now (or first after waking): the short first answer of a day on a remote brain. */
  startDay: {
    reply: z.object({ wake_up_hour: hour, activity: str(ACTIVITY, 'short lowercase phrase, not sleeping'), place: str(TARGET).optional() }),
    // The model is asked for one of the places offered; a reply without one (or naming another) still
    // gives the hour and the activity, and its action's details then decide where.
    replyFor: ({ persona }) => dayStartReply(persona.ownPlaces()),
    fromReply: (o, { persona }) => {
      const activity = lowerFirst(stripPeriod(withoutName(text(o, 'activity', ACTIVITY).replace(/^\[[^\]]*\]\s*/, ''), persona)));
      if (!activity) fail('"activity" must not be empty');
      if (/\b(sleeping|asleep)\b/.test(activity)) fail('"activity" is what they do awake: not sleeping');
      return { wakeUpHour: o.wake_up_hour as number, activity, place: ownPlace(o.place, persona) };
    },
    accept: (v, { persona }) => {
      const d = parseWith(anyDayStart, v);
      if (/\b(sleeping|asleep)\b/.test(d.activity)) fail('the activity must be a waking one, not sleeping');
      return { ...d, place: ownPlace(d.place, persona) };
    },
    // wake_up_hour's default (8) and the first thing anyone does then, at home.
    fallback: ({ persona }) => ({ wakeUpHour: 8, activity: 'waking up and getting ready', place: ownPlace(persona.spec.household, persona) }),
  },

  /** The wake-up hour, the day's plan, exactly 24 hourly activities, and subtasks for the day's waking activities. */
  planDay: {
    reply: z.object({
      wake_up_hour: hour,
      plan: z.array(str(PLAN_ITEM, 'an activity with its time')).min(DAILY_PLAN_ITEMS.min).max(DAILY_PLAN_ITEMS.max),
      hourly: z.array(str(ACTIVITY, 'short lowercase phrase, or "sleeping"')).min(24).max(24),
      // Each subtask as a [task, minutes] pair: a day's subtasks are about half of the answer, and the keys were a third of them.
      subtasks: z.array(z.object({ activity: str(ACTIVITY, 'one of the hourly activities'), subtasks: z.array(taskPair).min(1) })).max(24),
    }),
    fromReply: (o, { persona }) => {
      const hourly = list(o, 'hourly').map((h, i) => {
        const a = lowerFirst(stripPeriod(withoutName(asText(h, `hourly activity ${i + 1} (hour ${i})`, ACTIVITY).replace(/^\[[^\]]*\]\s*/, ''), persona)));
        return a || fail(`hourly activity ${i + 1} must not be empty`);
      });
      const subtasks = objects(list(o, 'subtasks'), 'subtasks entry', '{"activity": …, "subtasks": […]}').map((e, k) => {
        const activity = lowerFirst(stripPeriod(withoutName(text(e, 'activity', ACTIVITY), persona)));
        if (!hourly.includes(activity)) fail(`"subtasks" entry ${k + 1} is for "${activity}", which is not one of the hourly activities`);
        const subs = list(e, 'subtasks').map((t, i) => subtask(pairTask(t), i, ACTIVITY, persona, `subtask of "${activity}"`));
        if (subs.length === 0) fail(`"subtasks" entry ${k + 1} ("${activity}") lists no subtasks`);
        return { activity, subtasks: subs };
      });
      return { wakeUpHour: o.wake_up_hour as number, dailyPlan: textList(o, 'plan', 'plan item', PLAN_ITEM).map(planItem), hourly, subtasks };
    },
    accept: (v) => {
      const d = parseWith(anyDayPlan, v);
      timed(d.dailyPlan);
      // Subtasks are kept only for activities of the day.
      return { ...d, subtasks: d.subtasks.filter((e) => d.hourly.includes(e.activity)) } as DayPlan;
    },
    // The one-question calls' defaults: wake at 8, Smallville's fail-safe plan, asleep every hour.
    fallback: () => ({ wakeUpHour: 8, dailyPlan: [...FALLBACK_DAILY_PLAN], hourly: Array.from({ length: 24 }, (_, h) => (h < 8 ? 'sleeping' : 'asleep')), subtasks: [] }),
  },

  /** revise_identity's four answers: two first-person notes ("" when nothing), today's status, 4–6 timed items. */
  reviseIdentity: {
    reply: z.object({
      plan_note: str(PARAGRAPH, 'first person; "" if nothing'),
      thought_note: str(PARAGRAPH, 'first person'),
      currently: str(PARAGRAPH, 'a short paragraph in the third person'),
      daily_plan_req: z.array(str(PLAN_ITEM, 'an activity with its time')).min(PLAN_REQ_ITEMS.min).max(PLAN_REQ_ITEMS.max),
    }),
    fromReply: (o) => ({
      planNote: typeof o.plan_note === 'string' ? o.plan_note.trim() : '',
      thoughtNote: typeof o.thought_note === 'string' ? o.thought_note.trim() : '',
      currently: text(o, 'currently', PARAGRAPH),
      dailyPlanReq: textList(o, 'daily_plan_req', 'plan item', PLAN_ITEM).map(planItem),
    }),
    accept: (v) => {
      const r = parseWith(anyRevision, v);
      return { ...r, dailyPlanReq: timed(r.dailyPlanReq.slice(0, PLAN_REQ_ITEMS.max)) } as IdentityRevision;
    },
    // Yesterday's status and requirement, no notes.
    fallback: ({ persona }) => ({ planNote: '', thoughtNote: '', currently: persona.currently, dailyPlanReq: splitPlanReq(persona.dailyPlanReq) }),
  },

  /**
   * Sector, arena, object, emoji and both triples for each action, among the places offered: a sector
   * offered, an arena of it ("" when it lists none), an object of that arena or <random>; the triples'
   * subjects are the persona and the object.
   */
  actionDetails: {
    reply: z.object({
      actions: z
        .array(
          // Every field may be left out where it is the entry before's (the steps of one activity
          // mostly happen in one place): the answer is about half as long (docs/call-plans.md).
          z.object({
            sector: str(TARGET, "an area: the current one if the activity fits there; home for sleep, washing, meals; the workplace for work; others' homes only to visit").optional(),
            arena: str(TARGET, 'one of its parts given (not others\' rooms), or ""').optional(),
            object: str(TARGET, 'one of that part\'s objects, or "<random>"').optional(),
            emoji: str(64, '1 to 3 emoji, no letters').optional(),
            event: z.array(str(TRIPLE.object)).min(2).max(2).describe('[verb, object], like ["eat", "breakfast"]').optional(),
            object_state: str(200, 'the object\'s state, like "in use"; "" for <random>').optional(),
            object_event: z.array(str(TRIPLE.object)).min(2).max(2).describe('[verb, rest], like ["is", "in use"]; ["", ""] for <random>').optional(),
          }),
        )
        .min(1)
        .max(DETAILS_MAX)
        .describe('one per activity, in order; leave out a field that is the same as in the entry before'),
    }),
    fromReply: (o, { persona }, actions, places) => {
      const given = objects(list(o, 'actions'), 'action', '{"sector": …, …}');
      if (given.length !== actions.length) fail(`give exactly ${actions.length} entries in "actions", one per activity in order; got ${given.length}`);
      // A field left out is the entry before's; the first entry gives them all.
      const items = given.reduce<Obj[]>((out, e, i) => {
        const whole = { ...(out[i - 1] ?? {}), ...Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined && v !== null)) };
        const missing = i === 0 ? DETAIL_FIELDS.filter((k) => !(k in whole)) : [];
        if (missing.length > 0) fail(`activity 1 ("${actions[0]}") must give every field (${missing.map((k) => `"${k}"`).join(', ')} missing); later entries may leave out what is the same as the entry before`);
        out.push(whole);
        return out;
      }, []);
      return items.map((e, i): ActionDetails => {
        const where = `activity ${i + 1} ("${actions[i]}")`;
        const sector = checkedAs(where, '"sector"', () => pickOption(e.sector, places.map((pl) => pl.sector)));
        const arenas = places.find((pl) => pl.sector === sector)?.arenas ?? [];
        const arena = arenas.length === 0 ? '' : checkedAs(where, `"arena" must be a part of ${sector}:`, () => pickOption(e.arena, arenas.map((a) => a.arena)));
        const objs = arenas.find((a) => a.arena === arena)?.objects ?? [];
        const raw = typeof e.object === 'string' ? e.object.trim() : '';
        const object = objs.length === 0 || raw === RANDOM_OBJECT || raw === '' ? RANDOM_OBJECT : checkedAs(where, `"object" "${raw}" is not one of the objects of ${arena} (${objs.join(', ')}) nor "${RANDOM_OBJECT}":`, () => pickOption(raw, objs));
        const emoji = emojiOnly(asText(e.emoji, `${where} "emoji"`, 64), EMOJI_UNITS);
        const event = pairItems(e.event, `${where} "event"`, persona.name);
        if (object === RANDOM_OBJECT) return { sector, arena, object, emoji, event, objectState: '', objectEvent: ['', '', ''] };
        const state = stripPeriod(asText(e.object_state, `${where} "object_state"`, 200).replace(new RegExp(`^(the\\s+)?${escapeRegExp(object)}\\s+(is\\s+)?`, 'i'), ''));
        if (!state) fail(`${where}: "object_state" must describe the ${object}'s state in a few words`);
        return { sector, arena, object, emoji, event, objectState: `${object} is ${state}`, objectEvent: pairItems(e.object_event, `${where} "object_event"`, object) };
      });
    },
    accept: (v, { persona }, actions, places) => {
      const items = parseWith(z.array(anyDetails), v);
      if (items.length !== actions.length) fail(`${items.length} answers for ${actions.length} actions`);
      return items.map((d): ActionDetails => {
        const sector = places.find((pl) => pl.sector === d.sector) ?? fail(`"${d.sector}" is not a place the persona knows`);
        const arena = sector.arenas.length === 0 ? (d.arena === '' ? undefined : fail(`${d.sector} has no known parts, but "${d.arena}" was given`)) : (sector.arenas.find((a) => a.arena === d.arena) ?? fail(`"${d.arena}" is not a part of ${d.sector}`));
        const objs = arena?.objects ?? [];
        const object = objs.length === 0 || d.object === RANDOM_OBJECT ? RANDOM_OBJECT : objs.includes(d.object) ? d.object : fail(`"${d.object}" is not an object of ${d.arena}`);
        if (object !== RANDOM_OBJECT && !d.objectState) fail(`no state for the ${object}`);
        return {
          sector: d.sector,
          arena: arena ? d.arena : '',
          object,
          emoji: d.emoji,
          event: [persona.name, d.event[1], d.event[2]],
          objectState: object === RANDOM_OBJECT ? '' : d.objectState,
          objectEvent: object === RANDOM_OBJECT ? ['', '', ''] : [object, d.objectEvent[1], d.objectEvent[2]],
        };
      });
    },
    // The one-question calls' defaults for each action: home (else a known place), its first part, <random>, 🙂, "is".
    fallback: ({ persona }, actions, places) =>
      actions.map((action) => {
        const sector = fallbackSector(persona, places.map((pl) => pl.sector));
        return { sector, arena: places.find((pl) => pl.sector === sector)?.arenas[0]?.arena ?? '', object: RANDOM_OBJECT, emoji: FALLBACK_EMOJI, event: [persona.name, 'is', action] as Triple, objectState: '', objectEvent: ['', '', ''] as Triple };
      }),
    unasked: (_ctx, actions) => (actions.length === 0 ? [] : undefined),
  },

  /** One whole 1–10 per memory, in order. */
  poignancies: {
    reply: z.object({ ratings: z.array(rating).min(1).max(RATINGS_MAX) }),
    fromReply: (o, _ctx, memories) => {
      const ratings = list(o, 'ratings');
      if (ratings.length !== memories.length) fail(`give exactly ${memories.length} ratings, one per memory in order; got ${ratings.length}`);
      return ratings as number[];
    },
    accept: (v, _ctx, memories) => {
      const ratings = parseWith(z.array(rating), v);
      if (ratings.length !== memories.length) fail(`${ratings.length} ratings for ${memories.length} memories`);
      return ratings;
    },
    // poignancy's default for each.
    fallback: (_ctx, memories) => memories.map(() => 4),
    unasked: (_ctx, memories) => (memories.length === 0 ? [] : undefined),
  },

  /**
   * decide_to_talk; when yes, 1–16 lines said in turn (the initiator first), a summary, what each side
   * takes away, and each side's plan ahead re-planned for after the conversation (`after`, one list per
   * side offered, whole minutes the code fits to the time left).
   */
  conversation: {
    reply: z.object({
      // A "no" is {"talk": false} alone: the rest is asked for only when they talk.
      talk: z.boolean().describe('does the first person start it'),
      lines: z.array(str(SENTENCE, '1 to 3 sentences')).max(MAX_LINES).describe('in turn, first person first: news, questions, plans, a host\'s invitation (place, day, time), goodbyes').optional(),
      summary: str(300, 'topic in a few words').optional(),
      takeaways: z.array(z.object({ planning: str(PARAGRAPH, 'appointment, promise or invitation (accepted or not) with place and time, or ""'), memo: str(PARAGRAPH, 'what they found interesting') })).max(2).describe("each side's, first person").optional(),
      after: z.array(z.array(z.object({ task: str(ACTIVITY, 'short lowercase phrase'), minutes: z.number().int().positive() }))).max(2).describe('per plan ahead: [] to carry on, or its rest re-planned').optional(),
    }),
    fromReply: (o, { persona }, { target, ahead }) => {
      if (!o.talk) return { talk: false, lines: [], summary: '', takeaways: {} };
      const names = [persona.name, target.name];
      if (!Array.isArray(o.lines)) fail('they talk ("talk": true), so give "lines", "summary", "takeaways" and "after" too');
      const raw = list(o, 'lines');
      if (raw.length === 0) fail('they talk, so "lines" must hold the conversation');
      const lines = raw.map((l, i): ChatLine => {
        const speaker = at(names, i % 2, 'speaker');
        const other = at(names, (i + 1) % 2, 'listener');
        const label = (n: string) => new RegExp(`^(${escapeRegExp(n)}|${escapeRegExp(n.split(' ')[0] ?? n)})\\s*:\\s*`);
        const line = asText(l, `line ${i + 1}`, SENTENCE);
        // The turn says who speaks: a line may still carry its speaker's name ("Ann Test: …"), never the other's.
        if (label(other).test(line)) fail(`line ${i + 1} is ${speaker}'s turn, but it is labelled ${other}'s: the two take turns, ${names[0]} first`);
        const said = unquote(line.replace(label(speaker), ''));
        return { speaker, text: said || fail(`line ${i + 1} must not be empty`) };
      });
      const about = stripPeriod(text(o, 'summary', 300).replace(/^(this is\s+)?(a\s+)?(conversation|conversing)\s+about\s+|^about\s+/i, ''));
      if (!about) fail('"summary" must say what the conversation was about');
      const items = objects(list(o, 'takeaways'), 'takeaway', '{"planning": …, "memo": …}');
      if (items.length !== 2) fail(`"takeaways" needs two entries, ${names[0]}'s then ${names[1]}'s; got ${items.length}`);
      const takeaways: ConversationTakeaways = {};
      names.forEach((name, k) => {
        const t = at(items, k, 'takeaway');
        takeaways[name] = { planning: typeof t.planning === 'string' ? t.planning.trim() : '', memo: typeof t.memo === 'string' ? t.memo.trim() : '' };
      });
      const sides = ahead ?? [];
      if (sides.length === 0) return { talk: true, lines, summary: `conversing about ${about}`, takeaways };
      const after = list(o, 'after');
      if (after.length !== sides.length) fail(`"after" needs ${sides.length} entries, one per person whose plan is given (${sides.map((x) => x.persona.name).join(', ')}), in order; got ${after.length}`);
      const plans = after.map((a, k) => {
        const who = at(sides, k, 'side with a plan ahead').persona;
        const tasks = objects(Array.isArray(a) ? a : fail(`"after" entry ${k + 1} must be a list of tasks`), `${who.name}'s task after the conversation`, '{"task": …, "minutes": …}').map((t, i) => subtask(t, i, ACTIVITY, who, `${who.name}'s task after the conversation`));
        // [] carries on as planned (Smallville's fail-safe: the plan resumes where the conversation ends).
        return tasks;
      });
      return { talk: true, lines, summary: `conversing about ${about}`, takeaways, after: plans };
    },
    accept: (v, { persona }, { target, ahead }) => {
      const c = parseWith(anyConversation, v);
      if (!c.talk) return { talk: false, lines: [], summary: '', takeaways: {} };
      const names = [persona.name, target.name];
      if (c.lines.length === 0) fail('a conversation needs at least one line');
      const stranger = c.lines.find((l) => !names.includes(l.speaker));
      if (stranger) fail(`"${stranger.speaker}" is not in this conversation`);
      if (!c.summary) fail('a conversation needs a summary');
      // A side the answer says nothing about takes nothing away ("" stores nothing, as the one-question calls' default).
      const takeaways = Object.fromEntries(names.map((n) => [n, c.takeaways[n] ?? { planning: '', memo: '' }]));
      const out: WholeConversation = { talk: true, lines: c.lines.map((l) => ({ speaker: l.speaker, text: l.text })), summary: c.summary, takeaways };
      // Plans after it: one list per side offered, or none at all (the caller then re-plans with replanStretches).
      if (c.after !== undefined) {
        if (c.after.length !== (ahead ?? []).length) fail(`${c.after.length} plans after the conversation for ${(ahead ?? []).length} people`);
        out.after = c.after.map((l) => l.map((t) => ({ task: t.task, minutes: t.minutes })));
      }
      return out;
    },
    // decide_to_talk's default: no chat.
    fallback: () => ({ talk: false, lines: [], summary: '', takeaways: {} }),
  },

  /** One re-planned stretch per persona, each as new_decomp_schedule's. */
  replanStretches: {
    reply: z.object({ schedules: z.array(z.object({ schedule: replySubtasks('short lowercase phrase') })).min(1).max(4) }),
    fromReply: (o, _ctx, stretches) => {
      const items = objects(list(o, 'schedules'), 'schedule', '{"schedule": […]}');
      if (items.length !== stretches.length) fail(`give exactly ${stretches.length} entries in "schedules", one per person in order; got ${items.length}`);
      return items.map((e, k) => {
        const { persona, input } = at(stretches, k, 'stretch');
        return stretchReply(list(e, 'schedule'), persona, input, `person ${k + 1} (${persona.name}): `);
      });
    },
    accept: (v, _ctx, stretches) => {
      const lists = parseWith(z.array(z.unknown()), v);
      if (lists.length !== stretches.length) fail(`${lists.length} schedules for ${stretches.length} stretches`);
      return lists.map((l, k) => fitStretch(l, at(stretches, k, 'stretch').input));
    },
    // Smallville's fail-safe for each: what happened so far, then the rest of the plan.
    fallback: (_ctx, stretches) => stretches.map(({ input }) => failSafeDecomp(input.main, input.doneSoFar).map(([task, m]) => ({ task, minutes: m }))),
    unasked: (_ctx, stretches) => (stretches.length === 0 ? [] : undefined),
  },

  /** A reflection's insights for each focal point, evidence within that focal point's statements. */
  reflectionInsights: {
    reply: z.object({
      questions: z
        .array(z.object({ insights: z.array(z.object({ insight: str(SENTENCE, 'an insight'), evidence: z.array(z.number().int()).describe("the numbers of the question's statements it rests on") })) }))
        .min(1)
        .max(5),
    }),
    fromReply: (o, _ctx, groups, n) => {
      const shared = sharedStatements(groups);
      const qs = objects(list(o, 'questions'), 'question', '{"insights": […]}');
      if (qs.length !== groups.length) fail(`give exactly ${groups.length} entries in "questions", one per question in order; got ${qs.length}`);
      return qs.map((q, k) =>
        objects(list(q, 'insights').slice(0, n), `question ${k + 1} insight`, '{"insight": …, "evidence": […]}').map((item, i): Insight => {
          // The prompt numbers the statements of all questions once (`sharedStatements`); evidence is
          // cited by those numbers and must be among the question's own, answered as its own indexes.
          const own = at(shared.members, k, 'question statements');
          const insight = stripPeriod(stripPeriod(text(item, 'insight', SENTENCE)).replace(/\s*\(because of[^)]*\)\s*$/i, ''));
          const evidence = list(item, 'evidence');
          if (evidence.length === 0) fail(`question ${k + 1} insight ${i + 1} cites no statements: give the numbers of the statements it rests on`);
          const local = evidence.map((e) => {
            const at = typeof e === 'number' ? own.indexOf(e) : -1;
            return at >= 0 ? at + 1 : fail(`question ${k + 1} insight ${i + 1} cites statement ${JSON.stringify(e)}, which is not one of that question's statements (${numberRanges(own)})`);
          });
          return { insight, evidence: [...new Set(local)] };
        }),
      );
    },
    accept: (v, _ctx, groups, n) => {
      const lists = parseWith(z.array(anyInsights), v);
      if (lists.length !== groups.length) fail(`${lists.length} lists of insights for ${groups.length} focal points`);
      return lists.map((l, k) => {
        const count = at(groups, k, 'focal point').statements.length;
        return l.slice(0, n).map((i) => ({ ...i, evidence: i.evidence.filter((e) => e >= 1 && e <= count) }));
      });
    },
    // insights' default for each: nothing learned.
    fallback: (_ctx, groups) => groups.map(() => []),
  },

  /** Vectors for texts: one per text, all the same size; else the local embedding. */
  embed: {
    reply: null,
    fromReply: () => fail('embeddings are not asked of a chat model'),
    accept: (v, _ctx, texts) => {
      const vectors = parseWith(anyVectors, v);
      if (vectors.length !== texts.length) fail(`${vectors.length} vectors for ${texts.length} texts`);
      if (vectors.some((e) => e.length !== vectors[0]?.length)) fail('vectors of different sizes');
      return vectors;
    },
    fallback: (_ctx, texts) => texts.map((t) => localEmbedding(t)),
    unasked: (_ctx, texts) => (texts.length === 0 ? [] : undefined),
  },
};

/** Every call, in the table's order. */
export const GUARDED_CALLS = Object.keys(CONTRACTS) as GuardedCall[];

/** A contract, typed loosely for the generic guard and LLM brain. */
export function contractOf(call: GuardedCall): Contract<GuardedCall> {
  return CONTRACTS[call] as unknown as Contract<GuardedCall>;
}

/** The JSON object a model must send for this call with these arguments (what strict structured output is given). */
export function replySchemaFor(call: GuardedCall, ctx: CallContext, args: readonly unknown[]): z.ZodObject {
  const c = contractOf(call) as unknown as { reply: z.ZodObject | null; replyFor?: (ctx: CallContext, ...a: unknown[]) => z.ZodObject };
  if (c.replyFor) return c.replyFor(ctx, ...args);
  if (!c.reply) throw new Error(`${call} is not asked of a chat model`);
  return c.reply;
}

/**
 * A model's reply (parsed JSON) as the call's answer: the reply schema, then `fromReply`, then
 * `accept` (what the guard will check anyway, so a model gets a retry rather than a fallback).
 * `{ ok: false, error }` carries the feedback for the model.
 */
export function readReply<K extends GuardedCall>(call: K, json: unknown, ctx: CallContext, ...args: CallArgs<K>): Checked<Answer<K>> {
  const c = contractOf(call) as unknown as {
    reply: z.ZodObject | null;
    fromReply: (o: Obj, ctx: CallContext, ...a: unknown[]) => unknown;
    accept: (v: unknown, ctx: CallContext, ...a: unknown[]) => unknown;
    wrap?: (json: unknown) => unknown;
  };
  return checked(() => {
    if (!c.reply) fail(`${call} is not asked of a chat model`);
    const o = parseWith(c.reply, asObject(c.wrap ? c.wrap(json) : json)) as Obj;
    return c.accept(c.fromReply(o, ctx, ...args), ctx, ...args) as Answer<K>;
  });
}

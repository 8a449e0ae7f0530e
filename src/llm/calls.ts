/**
 * How the LLM brain asks each Brain call: template, variables, reply schema and semantic checks.
 *
 * For the client:
 * - The template for a call is `promptNameFor(call, args)`, not always `CALLS[call].prompt`:
 *   `poignancy` picks poignancy_event / poignancy_chat / poignancy_thought by its `kind` argument
 *   (all three take the same variables). `CALLS.poignancy.prompt` is the event one.
 * - Every schema is a flat z.object of strings, numbers, booleans, enums and arrays (no optional
 *   fields, transforms or refinements), so `z.toJSONSchema` gives a strict-mode JSON schema.
 * - `toResult` takes the parsed JSON (it re-checks the shape itself, so it is also safe on unvalidated
 *   JSON) and returns `{ ok: false, error }` with a message written for the model, to feed back on retry.
 * - FUTURE_SCHEMAS holds the reply schemas of the templates that have no Brain method yet.
 */
import { z } from 'zod';
import type { BrainCall, SubTask, Insight, ReactChoice, ConversationTurn, ActionChoice } from '../sim/brain/port';
import type { Triple } from '../sim/persona/scratch';
import type { Persona } from '../sim/persona/persona';
import type { CallSpecs, Checked } from './callSpec';
import { DAY, formatAmPm, formatDate } from '../sim/clock';
import * as f from './format';

/** The template a call uses; only `poignancy` varies with its arguments. */
export function promptNameFor(call: BrainCall, args: readonly unknown[]): string {
  if (call === 'poignancy') {
    const kind = args[0];
    if (kind === 'event' || kind === 'chat' || kind === 'thought') return `poignancy_${kind}`;
    throw new Error(`poignancy: unknown kind ${JSON.stringify(kind)} (event, chat or thought)`);
  }
  return CALLS[call].prompt;
}

// ---- checking a reply -------------------------------------------------------------------------

/** A reply the model can fix: its message is fed back on retry. */
class ReplyError extends Error {}

function check<R>(produce: () => R): Checked<R> {
  try {
    return { ok: true, value: produce() };
  } catch (err) {
    if (err instanceof ReplyError) return { ok: false, error: err.message };
    throw err;
  }
}

function fail(message: string): never {
  throw new ReplyError(message);
}

type Obj = Record<string, unknown>;

function asObject(json: unknown): Obj {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('the reply must be a JSON object');
  return json as Obj;
}

/** The guard refuses longer text; say so before it does. */
const MAX_TEXT = 400;

/** "\"hello\"" → "hello": only a pair of double quotes wrapping the whole text (none inside). */
function unquote(s: string): string {
  const t = s.trim();
  const m = /^(["“])([^"“”]*)(["”])$/.exec(t);
  return m ? m[2].trim() : t;
}

/** A non-empty string (field `what` of the reply), trimmed and unquoted, at most `max` characters. */
function asText(v: unknown, what: string, max = MAX_TEXT): string {
  if (typeof v !== 'string') fail(`${what} must be a string`);
  const s = unquote(v);
  if (!s) fail(`${what} must not be empty`);
  if (s.length > max) fail(`${what} is ${s.length} characters long; keep it under ${max}`);
  return s;
}

function text(o: Obj, key: string, max = MAX_TEXT): string {
  return asText(o[key], `"${key}"`, max);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stripPeriod(s: string): string {
  return s.replace(/\.+$/, '').trim();
}

/** "Sleeping" → "sleeping": the planner matches activity words in lower case ("sleep", "bed"). */
function lowerFirst(s: string): string {
  return /^\p{Lu}\p{Ll}/u.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
}

/** An integer field in [min, max]; numeric strings are accepted. */
function int(o: Obj, key: string, min: number, max: number): number {
  const raw = o[key];
  const v = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`"${key}" must be an integer between ${min} and ${max}, got ${JSON.stringify(raw)}`);
  if (!Number.isInteger(v)) fail(`"${key}" must be a whole number between ${min} and ${max}, got ${v}`);
  if (v < min || v > max) fail(`${key} must be between ${min} and ${max}, got ${v}`);
  return v;
}

function list(o: Obj, key: string): unknown[] {
  const v = o[key];
  if (!Array.isArray(v)) fail(`"${key}" must be a JSON array`);
  return v;
}

function textList(o: Obj, key: string, what: string, max = 200): string[] {
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
  const hit = find(raw) ?? (raw.includes(':') ? find(raw.split(':').pop()!) : undefined);
  if (hit === undefined) fail(`"${raw}" is not one of: ${options.join(', ')}`);
  return hit;
}

/** An activity phrase without the persona's name in front ("Nora is eating" → "eating"). */
function withoutName(s: string, p: Persona): string {
  const names = [p.name, p.firstName, 'he', 'she', 'they'].map(escapeRegExp);
  return s.replace(new RegExp(`^(${names.join('|')})\\s+(is|are)\\s+`, 'i'), '').replace(new RegExp(`^(${names.slice(0, 2).join('|')})\\s+`, 'i'), '');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
/** The guard's limit on the emoji string, in UTF-16 units. */
const MAX_EMOJI_UNITS = 16;

/** 1–3 emoji, no letters or digits; whitespace between them dropped. */
export function emojiOnly(raw: string): string {
  const s = raw.replace(/\s+/g, '');
  if (!s) fail('"emoji" must not be empty');
  if (/[\p{L}\p{N}]/u.test(s)) fail(`"${raw}" contains letters or digits; reply with 1 to 3 emoji only, no words`);
  const parts = [...graphemes.segment(s)].map((g) => g.segment);
  const bad = parts.find((g) => !EMOJI.test(g));
  if (bad !== undefined) fail(`"${bad}" is not an emoji; reply with 1 to 3 emoji only`);
  if (parts.length > 3) fail(`use 1 to 3 emoji, got ${parts.length}`);
  // Long ZWJ sequences can overflow the guard's limit: keep as many whole emoji as fit.
  while (parts.length > 1 && parts.join('').length > MAX_EMOJI_UNITS) parts.pop();
  return parts.join('');
}

function triple(o: Obj, subject: string): Triple {
  const predicate = text(o, 'predicate', 80);
  const object = text(o, 'object', 120);
  text(o, 'subject', 120);
  // The subject is fixed by who acts (the guard enforces it as well).
  return [subject, predicate, object];
}

/** "yes"/"no", true/false, "true"/"false". */
function yesNo(v: unknown, key: string): boolean {
  if (typeof v === 'boolean') return v;
  const s = typeof v === 'string' ? v.trim().toLowerCase().replace(/[.!]$/, '') : '';
  if (s === 'yes' || s === 'true') return true;
  if (s === 'no' || s === 'false') return false;
  return fail(`"${key}" must be "yes" or "no", got ${JSON.stringify(v)}`);
}

/** Times in a plan item: "at 7:00 am", "from 9 am to 12 pm". */
const TIME = /\b\d{1,2}(:\d{2})?\s?[ap]\.?m\b/i;

// ---- schemas ----------------------------------------------------------------------------------

const tripleSchema = z.object({ subject: z.string(), predicate: z.string(), object: z.string() });
const ratingSchema = z.object({ rating: z.number().int().min(1).max(10) });
const subtasksSchema = z.array(z.object({ task: z.string(), minutes: z.number().int().min(1).max(1440) })).min(1);

// ---- the calls --------------------------------------------------------------------------------

const poignancyVars = (ctx: { persona: Persona; now: number }, description: string) => ({
  identity: f.identityOf(ctx.persona, ctx.now),
  name: ctx.persona.name,
  description,
});

export const CALLS: CallSpecs = {
  wakeUpHour: {
    prompt: 'wake_up_hour',
    vars: ({ persona: p, now }) => ({ identity: f.identityOf(p, now), lifestyle: p.spec.lifestyle, first_name: p.firstName }),
    schema: z.object({ hour: z.number().int().min(0).max(23) }),
    toResult: (json) => check(() => int(asObject(json), 'hour', 0, 23)),
  },

  dailyPlan: {
    prompt: 'daily_planning',
    vars: ({ persona: p, now }, wake) => ({
      identity: f.identityOf(p, now),
      lifestyle: p.spec.lifestyle,
      first_name: p.firstName,
      work: f.workText(p),
      wake_up_time: f.hourLabel(wake),
    }),
    schema: z.object({ plan: z.array(z.string()).min(1) }),
    toResult: (json) =>
      check(() => {
        const items = textList(asObject(json), 'plan', 'plan item').map((s) => lowerFirst(stripPeriod(s.replace(/^\d+[.)]\s*/, ''))));
        if (items.length < 3) fail(`the plan needs 5 to 8 items, got ${items.length}`);
        const untimed = items.find((s) => !TIME.test(s));
        if (untimed) fail(`plan item "${untimed}" has no time; write each item with its time, like "at 7:00 am" or "from 9:00 am to 12:00 pm"`);
        return items.slice(0, 10);
      }),
  },

  hourlySchedule: {
    prompt: 'hourly_schedule',
    vars: ({ persona: p, now }, hour, previous, attempt) => ({
      identity: f.identityOf(p, now),
      first_name: p.firstName,
      work: f.workText(p),
      daily_plan: f.dailyPlanText(p.scratch.dailyReq),
      schedule_so_far: f.scheduleSoFar(previous),
      hour_range: `${f.hourLabel(hour)} to ${f.hourLabel((hour + 1) % 24)}`,
      diversity_note:
        attempt > 0 ? '- An earlier draft of this day repeated the same few activities: where it makes sense, give the day more variety (meals, errands, breaks, hobbies, time with family or friends).' : '',
    }),
    schema: z.object({ activity: z.string() }),
    toResult: (json, { persona }) =>
      check(() => {
        const raw = text(asObject(json), 'activity', 150).replace(/^\[[^\]]*\]\s*/, '');
        const activity = lowerFirst(stripPeriod(withoutName(raw, persona)));
        if (!activity) fail('"activity" must not be empty');
        return activity;
      }),
  },

  taskDecomp: {
    prompt: 'task_decomp',
    vars: ({ persona: p, now }, task, minutes) => ({
      identity: f.identityOf(p, now),
      first_name: p.firstName,
      schedule: f.scheduleBlocks(p.scratch.fDailyScheduleHourlyOrg),
      task,
      task_window: f.taskWindow(p.scratch.fDailyScheduleHourlyOrg, task),
      minutes: String(minutes),
    }),
    schema: z.object({ subtasks: subtasksSchema }),
    toResult: (json, { persona }) =>
      check(() => {
        const items = list(asObject(json), 'subtasks');
        if (items.length === 0) fail('give at least one subtask');
        return items.map((item, i): SubTask => {
          const o = typeof item === 'object' && item !== null ? (item as Obj) : fail(`subtask ${i + 1} must be an object {"task": …, "minutes": …}`);
          const task = lowerFirst(stripPeriod(withoutName(text(o, 'task', 150), persona)));
          const minutes = o.minutes;
          // Arithmetic (multiples of 5, the sum) is the guard's to repair; a non-positive duration is not.
          if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) {
            fail(`subtask ${i + 1} ("${task}") has duration ${JSON.stringify(minutes)}: every duration must be a positive number of minutes`);
          }
          return { task, minutes };
        });
      }),
  },

  actionSector: {
    prompt: 'action_sector',
    vars: ({ persona: p }, action, options) => {
      const current = f.currentSector(p);
      return {
        first_name: p.firstName,
        living_sector: p.spec.household,
        living_arenas: f.commaList(p.spatial.arenas(p.spec.household)),
        current_sector: current,
        current_arenas: f.commaList(p.spatial.arenas(current)),
        work: f.workText(p),
        haunts: f.commaList(p.spec.haunts),
        action,
        options: f.optionList(options),
      };
    },
    schema: z.object({ sector: z.string() }),
    toResult: (json, _ctx, _action, options) => check(() => pickOption(asObject(json).sector, options)),
  },

  actionArena: {
    prompt: 'action_arena',
    vars: ({ persona: p }, action, sector, options) => ({
      first_name: p.firstName,
      sector,
      options: f.optionList(options),
      bedroom: f.arenaText(p.spec.livingArea),
      current_place: f.placeOf(p.scratch.actAddress),
      action,
    }),
    schema: z.object({ arena: z.string() }),
    toResult: (json, _ctx, _action, _sector, options) => check(() => pickOption(asObject(json).arena, options)),
  },

  actionObject: {
    prompt: 'action_object',
    vars: ({ persona: p }, action, arenaAddress, options) => ({
      first_name: p.firstName,
      action,
      arena: f.arenaText(arenaAddress),
      options: f.optionList(options),
    }),
    schema: z.object({ object: z.string() }),
    toResult: (json, _ctx, _action, _address, options) => check(() => pickOption(asObject(json).object, options)),
  },

  pronunciatio: {
    prompt: 'pronunciatio',
    vars: (_ctx, action) => ({ action }),
    schema: z.object({ emoji: z.string() }),
    toResult: (json) => check(() => emojiOnly(text(asObject(json), 'emoji', 64))),
  },

  eventTriple: {
    prompt: 'event_triple',
    vars: ({ persona: p }, action) => ({ name: p.name, action }),
    schema: tripleSchema,
    toResult: (json, { persona }) => check(() => triple(asObject(json), persona.name)),
  },

  actObjDesc: {
    prompt: 'act_obj_desc',
    vars: ({ persona: p }, object, action) => ({ name: p.name, object, action }),
    schema: z.object({ state: z.string() }),
    toResult: (json, _ctx, object) =>
      check(() => {
        const state = stripPeriod(text(asObject(json), 'state', 200).replace(new RegExp(`^(the\\s+)?${escapeRegExp(object)}\\s+(is\\s+)?`, 'i'), ''));
        if (!state) fail('"state" must describe the object\'s state in a few words, like "being slept in"');
        return `${object} is ${state}`;
      }),
  },

  actObjEventTriple: {
    prompt: 'act_obj_event_triple',
    vars: (_ctx, object, objectDescription) => ({ object, object_description: objectDescription }),
    schema: tripleSchema,
    toResult: (json, _ctx, object) => check(() => triple(asObject(json), object)),
  },

  decideToTalk: {
    prompt: 'decide_to_talk',
    vars: ({ persona: p, now }, target, memories) => ({
      name: p.name,
      target_name: target.name,
      memories: f.memoryStatements(memories),
      relationship: f.relationshipText(p, target),
      last_chat: f.lastChatText(p, target),
      time: formatAmPm(now),
      date: formatDate(now),
      activity: f.activityOf(p),
      target_activity: f.activityOf(target),
      target_place: f.placeOf(target.scratch.actAddress),
    }),
    schema: z.object({ reason: z.string(), answer: z.enum(['yes', 'no']) }),
    toResult: (json) =>
      check(() => {
        const o = asObject(json);
        // {"talk": true} is what a model without the schema sometimes sends.
        return 'answer' in o ? yesNo(o.answer, 'answer') : 'talk' in o ? yesNo(o.talk, 'talk') : fail('the reply needs "answer": "yes" or "no"');
      }),
  },

  decideToReact: {
    prompt: 'decide_to_react',
    vars: ({ persona: p, now }, target, memories) => ({
      name: p.name,
      target_name: target.name,
      memories: f.memoryStatements(memories),
      relationship: f.relationshipText(p, target),
      time: formatAmPm(now),
      activity: f.activityOf(p),
      target_activity: f.activityOf(target),
      place: f.placeOf(p.scratch.actAddress),
    }),
    schema: z.object({ reason: z.string(), option: z.literal([1, 2]) }),
    toResult: (json) =>
      check((): ReactChoice => {
        const v = asObject(json).option;
        const n = typeof v === 'number' ? v : Number(/^\s*(?:option\s*)?(\d+)\s*$/i.exec(String(v))?.[1]);
        if (n !== 1 && n !== 2) fail(`"option" must be 1 (wait) or 2 (carry on), got ${JSON.stringify(v)}`);
        return n;
      }),
  },

  conversationTurn: {
    prompt: 'conversation_turn',
    vars: ({ persona: p, now }, { listener, convo, memories }) => ({
      identity: f.identityOf(p, now),
      name: p.name,
      listener_name: listener.name,
      memories: f.memoryStatements(memories),
      relationship: f.relationshipText(p, listener),
      last_chat: f.lastChatText(p, listener),
      time: formatAmPm(now),
      place: f.placeOf(p.scratch.actAddress),
      activity: f.activityOf(p),
      listener_activity: f.activityOf(listener),
      transcript: f.transcript(convo, `(nothing yet: ${p.name} speaks first)`),
      plans: f.upcomingPlans(p, now),
    }),
    schema: z.object({ line: z.string(), end: z.boolean() }),
    toResult: (json, { persona }) =>
      check((): ConversationTurn => {
        const o = asObject(json);
        // Drop a "Name:" the model may have put in front of the line.
        const unnamed = text(o, 'line').replace(new RegExp(`^(${escapeRegExp(persona.name)}|${escapeRegExp(persona.firstName)})\\s*:\\s*`), '');
        const line = unquote(unnamed);
        if (!line) fail('"line" must not be empty');
        return { line, end: yesNo(o.end, 'end') };
      }),
  },

  summarizeConversation: {
    prompt: 'summarize_conversation',
    vars: (_ctx, convo) => ({ transcript: f.transcript(convo) }),
    schema: z.object({ about: z.string() }),
    toResult: (json) =>
      check(() => {
        const about = stripPeriod(text(asObject(json), 'about', 300).replace(/^(this is\s+)?(a\s+)?(conversation|conversing)\s+about\s+|^about\s+/i, ''));
        if (!about) fail('"about" must say what the conversation was about');
        return `conversing about ${about}`;
      }),
  },

  poignancy: {
    prompt: 'poignancy_event',
    vars: (ctx, _kind, description) => poignancyVars(ctx, description),
    schema: ratingSchema,
    toResult: (json) => check(() => int(asObject(json), 'rating', 1, 10)),
  },

  focalPoints: {
    prompt: 'focal_points',
    vars: ({ persona: p }, statements, n) => ({ name: p.name, statements: f.numbered(statements), n: String(n) }),
    schema: z.object({ questions: z.array(z.string()).min(1) }),
    toResult: (json, _ctx, _statements, n) =>
      check(() => {
        const qs = textList(asObject(json), 'questions', 'question');
        if (qs.length < n) fail(`give exactly ${n} questions, got ${qs.length}`);
        return qs.slice(0, n);
      }),
  },

  insights: {
    prompt: 'insights',
    vars: ({ persona: p }, statements, n) => ({ name: p.name, statements: f.numbered(statements), n: String(n), count: String(statements.length) }),
    schema: z.object({ insights: z.array(z.object({ insight: z.string(), evidence: z.array(z.number().int()) })).min(1) }),
    toResult: (json, _ctx, statements, n) =>
      check(() => {
        const items = list(asObject(json), 'insights');
        if (items.length === 0) fail('give at least one insight');
        return items.slice(0, n).map((item, i): Insight => {
          const o = typeof item === 'object' && item !== null ? (item as Obj) : fail(`insight ${i + 1} must be an object {"insight": …, "evidence": […]}`);
          // "(because of 1, 5, 3)" belongs in "evidence", not in the sentence.
          const insight = stripPeriod(text(o, 'insight').replace(/\s*\(because of[^)]*\)\s*$/i, ''));
          const evidence = list(o, 'evidence');
          if (evidence.length === 0) fail(`insight ${i + 1} cites no statements: give the numbers of the statements it rests on`);
          for (const e of evidence) {
            if (typeof e !== 'number' || !Number.isInteger(e) || e < 1 || e > statements.length) {
              fail(`insight ${i + 1} cites statement ${JSON.stringify(e)}, but only ${statements.length} statements were given: use numbers 1 to ${statements.length}`);
            }
          }
          return { insight, evidence: [...new Set(evidence as number[])] };
        });
      }),
  },

  newDecompSchedule: {
    prompt: 'new_decomp_schedule',
    vars: ({ persona: p }, input) => ({
      first_name: p.firstName,
      start_time: f.hourLabel(input.startHour % 24),
      end_time: f.hourLabel(input.endHour % 24),
      original_schedule: f.scheduleBlocks(input.main, input.startHour * 60),
      done_so_far: f.scheduleBlocks(input.doneSoFar, input.startHour * 60),
      inserted_action: input.inserted,
      inserted_minutes: String(input.insertedMinutes),
      minutes: String(input.main.reduce((sum, [, m]) => sum + m, 0)),
    }),
    schema: z.object({ schedule: subtasksSchema }),
    toResult: (json, { persona }, input) =>
      check(() => {
        const total = input.main.reduce((sum, [, m]) => sum + m, 0);
        const items = list(asObject(json), 'schedule').map((item, i): SubTask => {
          const o = typeof item === 'object' && item !== null ? (item as Obj) : fail(`item ${i + 1} must be an object {"task": …, "minutes": …}`);
          const task = lowerFirst(stripPeriod(withoutName(text(o, 'task', 200), persona)));
          const minutes = o.minutes;
          if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) fail(`item ${i + 1} ("${task}") has duration ${JSON.stringify(minutes)}: every duration must be a positive number of minutes`);
          return { task, minutes };
        });
        const sum = items.reduce((s, t) => s + t.minutes, 0);
        if (sum !== total) fail(`the durations add up to ${sum} minutes, but must add up to exactly ${total}`);
        const wanted = input.inserted.toLowerCase();
        if (!items.some((t) => t.task.toLowerCase().includes(wanted))) fail(`the schedule must keep "${input.inserted}" (${input.insertedMinutes} minutes) where it happened`);
        return items;
      }),
  },

  planNote: {
    prompt: 'revise_identity_plan_note',
    vars: ({ persona: p, now }, statements) => ({ name: p.name, date: formatDate(now), statements: f.numbered(statements) }),
    schema: z.object({ note: z.string() }),
    toResult: (json) => check(() => text(asObject(json), 'note', 1000)),
  },

  thoughtNote: {
    prompt: 'revise_identity_thought_note',
    vars: ({ persona: p }, statements) => ({ name: p.name, statements: f.numbered(statements) }),
    schema: z.object({ note: z.string() }),
    toResult: (json) => check(() => text(asObject(json), 'note', 1000)),
  },

  reviseCurrently: {
    prompt: 'revise_identity_currently',
    vars: ({ persona: p, now }, planNote, thoughtNote) => ({
      name: p.name,
      date: formatDate(now),
      yesterday: formatDate(now - DAY),
      currently: p.currently,
      plan_note: planNote,
      thought_note: thoughtNote,
    }),
    schema: z.object({ currently: z.string() }),
    toResult: (json) => check(() => text(asObject(json), 'currently', 1200)),
  },

  dailyPlanReq: {
    prompt: 'revise_identity_daily_req',
    vars: ({ persona: p, now }) => ({ identity: f.identityOf(p, now), first_name: p.firstName, date: formatDate(now) }),
    schema: z.object({ plan: z.array(z.string()).min(1) }),
    toResult: (json) =>
      check(() => {
        const items = textList(asObject(json), 'plan', 'plan item').map((s) => lowerFirst(stripPeriod(s.replace(/^\d+[.)]\s*/, ''))));
        if (items.length < 4) fail(`the plan needs 4 to 6 items, got ${items.length}`);
        const untimed = items.find((s) => !TIME.test(s));
        if (untimed) fail(`plan item "${untimed}" has no time; write each item with its time, like "at 7:00 am" or "from 9:00 am to 12:00 pm"`);
        return items.slice(0, 6);
      }),
  },

  whisperInnerThought: {
    prompt: 'whisper_inner_thought',
    vars: ({ persona: p }, whisper) => ({ name: p.name, whisper }),
    schema: z.object({ statement: z.string() }),
    toResult: (json) => check(() => text(asObject(json), 'statement', 600)),
  },

  planningThought: {
    prompt: 'planning_thought_after_convo',
    vars: ({ persona: p, now }, _other, convo) => ({ name: p.name, transcript: f.transcript(convo), date: formatDate(now), time: formatAmPm(now) }),
    schema: z.object({ thought: z.string() }),
    toResult: (json) => check(() => text(asObject(json), 'thought', 600)),
  },

  memoAfterConvo: {
    prompt: 'memo_after_convo',
    vars: ({ persona: p }, _other, convo) => ({ name: p.name, transcript: f.transcript(convo) }),
    schema: z.object({ thought: z.string() }),
    toResult: (json) => check(() => text(asObject(json), 'thought', 600)),
  },

  interview: {
    prompt: 'interview',
    vars: ({ persona: p, now }, question, memories, transcript) => ({
      identity: f.identityOf(p, now),
      name: p.name,
      memories: f.memoryStatements(memories),
      transcript: f.transcript(transcript, '(this is the first question)'),
      question,
    }),
    schema: z.object({ answer: z.string() }),
    toResult: (json) => check(() => unquote(text(asObject(json), 'answer', 1200))),
  },

  chooseAction: {
    prompt: 'registry_decide',
    vars: ({ persona: p }, input) => ({
      name: p.name,
      first_name: p.firstName,
      traits: p.spec.innate,
      currently: p.currently,
      situation: input.situation,
      recent: input.recent.length > 0 ? input.recent.map((l) => `- ${l}`).join('\n') : '(nothing yet)',
      heard: input.heard.length > 0 ? input.heard.map((l) => `- ${JSON.stringify(l)}`).join('\n') : '(nothing)',
      mind: input.mind.length > 0 ? input.mind.map((l) => `- ${l}`).join('\n') : '(nothing in particular)',
      due: input.due ? `\nDue now: ${input.due.host ? 'hosting' : 'going to'} ${input.due.event} at ${input.due.sector} (${input.due.when}).\n` : '',
      options: f.actionOptions(input.options),
      rejection: input.rejection ? `\nNote: ${input.rejection}\n` : '',
    }),
    // Parsed leniently here: whether the action is allowed is the action layer's to judge, with the reason fed back.
    schema: z.object({ action: z.string(), target: z.string().optional(), reason: z.string().optional() }),
    // What the model is asked for: the action is an enum of the ids offered (strict JSON schema).
    jsonSchemaFor: (_ctx, input) => ({
      type: 'object',
      properties: { action: { type: 'string', enum: input.options.map((o) => o.id) }, target: { type: 'string' }, reason: { type: 'string' } },
      required: ['action', 'target', 'reason'],
      additionalProperties: false,
    }),
    toResult: (json) =>
      check((): ActionChoice => {
        const o = asObject(json);
        const action = text(o, 'action', 80);
        const target = o.target === undefined || o.target === null ? '' : typeof o.target === 'string' ? unquote(o.target) : fail('"target" must be a string ("" when the action takes none)');
        const reason = typeof o.reason === 'string' ? o.reason.trim().slice(0, MAX_TEXT) : '';
        return { action, target, reason };
      }),
    temperature: 0.2,
  },

  townPlan: {
    prompt: 'town_plan',
    vars: (_ctx, input) => ({
      request: input.request,
      time: input.time,
      residents: input.residents.map((r) => `- ${r}`).join('\n'),
      places: input.places.map((pl) => `- ${pl}`).join('\n'),
    }),
    schema: z.object({ title: z.string(), steps: z.array(z.string()) }),
    toResult: (json) =>
      check(() => {
        const o = asObject(json);
        const title = text(o, 'title', 200);
        if (!Array.isArray(o.steps) || o.steps.length === 0) fail('"steps" must be a non-empty list of "[Full Name] what they do"');
        const steps = (o.steps as unknown[]).map((st, i) => (typeof st === 'string' && st.trim() ? st.trim().slice(0, 400) : fail(`step ${i} must be a non-empty string`)));
        return { title, steps };
      }),
    temperature: 0.4,
  },
};

/**
 * Reply schemas of the templates that have no Brain method yet (their issues will add the method,
 * the CallSpec and the semantic checks). Kept here so the template and its JSON shape stay together.
 */
export const FUTURE_SCHEMAS = {
} as const;

/** Every template name the code knows: the calls' (poignancy's three included) and the future ones. */
export const PROMPT_NAMES: readonly string[] = [
  ...new Set([
    ...Object.values(CALLS).map((c) => c.prompt),
    'poignancy_chat',
    'poignancy_thought',
    ...Object.keys(FUTURE_SCHEMAS),
  ]),
];

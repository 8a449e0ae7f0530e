import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { CallContext, DayStart, SubTask } from '../brain/port';
import { repairDecomposition } from '../brain/repair';
import { RANDOM_OBJECT, placeAddress, printAddress, randomIn, type ActionAddress } from '../world/actionAddress';
import { DAY, dayStart, formatDate, formatDateTime, hourOf, minuteOfDay } from '../clock';
import { newRetrieve } from './retrieve';
import { applyCommitments, followSought } from './commitments';
import { THIRTY_DAYS } from '../persona/memory';
import { hourlyToMinutes, padDay } from '../persona/schedule';
import { scoreWaiting } from './poignancy';
import { planFromTheMoment } from './momentPlan';

type NewDay = false | 'First day' | 'New day';

/** Smallville's diversity rule: regenerate the hourly schedule up to 3 times until ≥ 5 distinct activities. */
export const DIVERSITY_TRIES = 3;
export const MIN_DISTINCT_ACTIVITIES = 5;
/** Blocks this long or longer are decomposed into 5-minute-increment subtasks. */
const DECOMP_THRESHOLD_MIN = 60;
/** No decomposition at or after this hour (night quiet). */
const NO_DECOMP_FROM_HOUR = 23;

function ctxOf(sim: SimContext, p: Persona): CallContext {
  return { persona: p, now: sim.clock.now };
}

/**
 * Long-term planning on "First day" / "New day": wake-up hour, daily plan, hourly schedule
 * (sleeping before waking, diversity tries, merged runs in minutes), and the plan stored as a thought.
 */
export async function longTermPlanning(sim: SimContext, p: Persona, newDay: Exclude<NewDay, false>): Promise<void> {
  const s = p.scratch;
  // After a short first answer (startTheDay) the wake-up hour was asked first and the persona is up: it stands.
  const wokeAt = s.planPending ? s.wakeUpHour : null;
  const firstPlan = newDay === 'First day' || s.dailyReq.length === 0;
  // The call plan asks the wake-up hour, the daily plan and the hours (the diversity rule judges each answer).
  const hourly = await sim.calls.planDay(p, { wokeAt, firstPlan });
  s.fDailySchedule = hourlyToMinutes(hourly);
  s.fDailyScheduleHourlyOrg = s.fDailySchedule.map(([t, m]) => [t, m]);

  const date = formatDate(sim.clock.now);
  const thought = `This is ${p.name}'s plan for ${date}: ${s.dailyReq.join(', ')}.`;
  p.memory.add('thought', {
    created: sim.clock.now,
    expiration: sim.clock.now + THIRTY_DAYS,
    subject: p.name,
    predicate: 'plan',
    object: date,
    description: thought,
    poignancy: 5,
    keywords: ['plan'],
  });
  p.plannedDay = Math.floor(dayStart(sim.clock.now) / DAY);
  s.planPending = null;
}

/** Smallville's revise_identity focal points. */
export function reviseIdentityFocalPoints(p: Persona, now: number): [string, string] {
  return [`${p.name}'s plan for ${formatDate(now)}.`, `Important recent events for ${p.name}'s life.`];
}

/**
 * Smallville's revise_identity, on a new day: retrieve memories for the two focal points, turn them
 * into "[time]: memory" statements in time order, ask for a plan note and a thought note (first
 * person), then today's `currently` (third person) from yesterday's and the notes, then today's
 * daily plan requirement (4–6 timed items), which every later prompt reads through the identity.
 */
export async function reviseIdentity(sim: SimContext, p: Persona): Promise<{ planNote: string; thoughtNote: string; dailyReq: string[] }> {
  const now = sim.clock.now;
  // Yesterday's memories still waiting for their score are scored before they are read.
  await scoreWaiting(sim, p);
  const retrieved = await newRetrieve(sim, p, reviseIdentityFocalPoints(p, now));
  const nodes = [...new Map([...retrieved.values()].flat().map((n) => [n.id, n])).values()].sort((a, b) => a.created - b.created || a.id - b.id);
  const statements = nodes.map((n) => `${formatDateTime(n.created)}: ${n.embeddingKey}`);
  return sim.calls.reviseIdentity(p, statements);
}

/** Smallville's determine_decomp: sleep is not decomposed; other blocks are. */
export function shouldDecompose(desc: string, minutes: number): boolean {
  if (!desc.includes('sleep') && !desc.includes('bed')) return true;
  if (desc.includes('sleeping') || desc.includes('asleep') || desc.includes('in bed')) return false;
  if (minutes > 60) return false;
  return true;
}

export function isSubtask(desc: string): boolean {
  return /\([^()]*\)$/.test(desc);
}

/** A block that is never decomposed: a subtask ("task (subtask)") already, shorter than an hour, or sleep. */
export function staysWhole(desc: string, minutes: number): boolean {
  return isSubtask(desc) || minutes < DECOMP_THRESHOLD_MIN || !shouldDecompose(desc, minutes);
}

async function decomposeAt(sim: SimContext, p: Persona, index: number): Promise<void> {
  const s = p.scratch;
  const item = s.fDailySchedule[index];
  if (!item) return;
  const [desc, minutes] = item;
  // A provisional day (startTheDay) is not decomposed: its blocks stand in until the whole plan comes.
  if (s.planPending) return;
  if (staysWhole(desc, minutes)) return;
  // The subtasks the day's plan came with (packed), fitted to this block; else ask now.
  const prepared = sim.calls.preparedSubtasks(p, desc);
  const subs = prepared ? fitSubtasks(prepared, minutes) : await sim.brain.taskDecomp(ctxOf(sim, p), desc, minutes);
  if (subs.length === 1 && subs[0]?.task === desc) return;
  s.fDailySchedule.splice(index, 1, ...subs.map((t) => [`${desc} (${t.task})`, t.minutes] as [string, number]));
}

/**
 * Subtasks prepared for a run of an activity, fitted to a block of `minutes` (a run may be cut by a
 * re-plan): durations scaled in proportion, then made 5-minute increments summing exactly to the block.
 */
export function fitSubtasks(subtasks: readonly SubTask[], minutes: number): SubTask[] {
  const sum = subtasks.reduce((a, t) => a + t.minutes, 0);
  if (sum <= 0) return [{ task: subtasks[0]?.task ?? 'idle', minutes }];
  return repairDecomposition(subtasks.map((t) => ({ task: t.task, minutes: (t.minutes * minutes) / sum })), minutes);
}

/** Choose where an action happens: sector → arena → object among the places the persona knows. */
export async function chooseAddress(sim: SimContext, p: Persona, action: string): Promise<ActionAddress> {
  const ctx = ctxOf(sim, p);
  const sector = await sim.brain.actionSector(ctx, action, p.spatial.sectors());
  const arenas = p.spatial.arenas(sector);
  if (arenas.length === 0) return placeAddress(sim.world.name, sector);
  const arena = await sim.brain.actionArena(ctx, action, sector, arenas);
  const place = placeAddress(sim.world.name, sector, arena);
  const object = await sim.brain.actionObject(ctx, action, printAddress(place), p.spatial.objects(sector, arena));
  return object === RANDOM_OBJECT ? randomIn(place) : placeAddress(sim.world.name, sector, arena, object);
}



/**
 * Smallville's _determine_action: decompose what is coming, pad the day, and start the current task.
 * `start`: the day's start just answered (the quick start), whose place may start the first action
 * before its details are asked (see startWhereTheDayStartSaid).
 */
export async function determineAction(sim: SimContext, p: Persona, start: DayStart | null = null): Promise<void> {
  const s = p.scratch;
  const now = sim.clock.now;
  const currIndex = s.scheduleIndex(now);
  const currIndex60 = s.scheduleIndex(now, 60);

  // The no-planning ablation decomposes nothing: each hour is one action.
  if (currIndex === 0 && sim.modules.planning) {
    await decomposeAt(sim, p, currIndex);
    // The first hour of the day also prepares the block after the one an hour ahead.
    const i60 = s.scheduleIndex(now, 60);
    if (i60 + 1 < s.fDailySchedule.length) await decomposeAt(sim, p, i60 + 1);
  }
  if (currIndex60 < s.fDailySchedule.length && hourOf(now) < NO_DECOMP_FROM_HOUR && sim.modules.planning) {
    await decomposeAt(sim, p, s.scheduleIndex(now, 60));
  }
  padDay(s.fDailySchedule);

  const index = s.scheduleIndex(now);
  const [description, minutes] = s.fDailySchedule[index] ?? ['sleeping', 60];
  // The action runs to the end of its schedule slot, so late starts (after a walk or a chat)
  // don't push the rest of the day later.
  const duration = minutesLeftInSlot(s.scheduleStart(index) + minutes, now);

  await sim.calls.detailAction(p, { description, index, duration, start });
}

/** Minutes from `now` to `slotEnd` (a minute of the day), at least 1: an action runs to the end of its schedule slot. */
export function minutesLeftInSlot(slotEnd: number, now: number): number {
  return Math.max(1, slotEnd - minuteOfDay(now) - new Date(now).getUTCSeconds() / 60);
}

/** The plan stage's own part of a step: plan the day when a day starts, then pick the next action when one ends. */
export async function plan(sim: SimContext, p: Persona, newDay: NewDay): Promise<void> {
  let start: DayStart | null = null;
  let quick: Promise<DayStart> | null = null;
  if (!sim.modules.planning) await planFromTheMoment(sim, p, newDay);
  else if (newDay && (quick = sim.calls.quickStart(p, newDay))) start = await quick;
  else if (newDay) await longTermPlanning(sim, p, newDay);
  // Up and acting on a provisional day: now its whole plan.
  else if (p.scratch.planPending) await longTermPlanning(sim, p, p.scratch.planPending);
  applyCommitments(sim, p);
  if (newDay || p.scratch.actCheckFinished(sim.clock.now)) await determineAction(sim, p, start);
  followSought(sim, p);
}

/** Has a new day started for this persona since it last planned? */
export function newDayFor(p: Persona, now: number): NewDay {
  const day = Math.floor(dayStart(now) / DAY);
  if (p.plannedDay === null) return 'First day';
  return day !== p.plannedDay ? 'New day' : false;
}

import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { CallContext, DayStart, SubTask } from '../brain/port';
import { repairDecomposition } from '../brain/repair';
import { RANDOM_OBJECT, objectOf, placeAddress, printAddress, randomIn, type ActionAddress } from '../world/actionAddress';
import { DAY, dayStart, formatDate, formatDateTime, hourOf, minuteOfDay } from '../clock';
import { newRetrieve } from './retrieve';
import { applyCommitments, followSought } from './commitments';
import { THIRTY_DAYS } from '../persona/memory';
import type { Triple } from '../persona/scratch';
import { hourlyToMinutes, padDay } from './schedule';
import { addressOfDetails, hasDetails, packedActionDetails } from './actionDetails';
import { scoreWaiting } from './poignancy';
import { planFromTheMoment } from './momentPlan';

type NewDay = false | 'First day' | 'New day';

/** Smallville's diversity rule: regenerate the hourly schedule up to 3 times until ≥ 5 distinct activities. */
const DIVERSITY_TRIES = 3;
const MIN_DISTINCT_ACTIVITIES = 5;
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
  const ctx = ctxOf(sim, p);
  const s = p.scratch;
  // After a short first answer (startTheDay) the wake-up hour was asked first and the persona is up: it stands.
  const wokeAt = s.planPending ? s.wakeUpHour : null;
  const firstPlan = newDay === 'First day' || s.dailyReq.length === 0;
  let hourly: string[] = [];
  if (sim.callPlan === 'packed') {
    // A new day: the revised identity's plan for today becomes the day's plan (as in faithful, below).
    if (!firstPlan) {
      const revised = await reviseIdentity(sim, p);
      if (revised.dailyReq.length > 0) s.dailyReq = revised.dailyReq;
    }
    // One call answers the wake-up hour, the plan and all 24 hours; the diversity rule judges each answer.
    for (let attempt = 0; attempt < DIVERSITY_TRIES; attempt++) {
      const day = await sim.brain.planDay(ctx, attempt);
      const wake = wokeAt ?? day.wakeUpHour;
      s.wakeUpHour = wake;
      if (firstPlan) s.dailyReq = day.dailyPlan;
      // The hours before waking are sleeping whatever the answer says (they are not asked in faithful).
      hourly = day.hourly.map((a, h) => (h < wake ? 'sleeping' : a));
      s.preparedSubtasks = Object.fromEntries(day.subtasks.filter((e) => hourly.includes(e.activity)).map((e) => [e.activity, e.subtasks]));
      if (new Set(hourly).size >= MIN_DISTINCT_ACTIVITIES) break;
    }
  } else {
    const wake = wokeAt ?? (await sim.brain.wakeUpHour(ctx));
    s.wakeUpHour = wake;
    if (firstPlan) {
      s.dailyReq = await sim.brain.dailyPlan(ctx, wake);
    } else {
      // Smallville keeps yesterday's daily_req (a TODO there); here each day gets its own plan: the
      // revised identity's plan for today, so the day's plan thought and the inspector show today's.
      const revised = await reviseIdentity(sim, p);
      if (revised.dailyReq.length > 0) s.dailyReq = revised.dailyReq;
    }
    for (let attempt = 0; attempt < DIVERSITY_TRIES; attempt++) {
      hourly = [];
      for (let h = 0; h < 24; h++) {
        hourly.push(h < wake ? 'sleeping' : await sim.brain.hourlySchedule(ctx, h, hourly.slice(), attempt));
      }
      if (new Set(hourly).size >= MIN_DISTINCT_ACTIVITIES) break;
    }
  }
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

/**
 * The quick start of a packed day on a remote brain (sim.quickStart: asynchronous steps, where a day
 * plan of a few hundred tokens keeps a persona in bed for many seconds on a small model): one short
 * call answers the wake-up hour and what the persona does now, or first after waking. Until its
 * whole plan comes, the persona lives a provisional day: sleeping before that hour, then that
 * activity hour by hour (not decomposed). Its whole plan (longTermPlanning, with this wake-up hour)
 * is asked at its next step, once it is up and acting; the provisional action runs to its end.
 */
async function startTheDay(sim: SimContext, p: Persona, newDay: Exclude<NewDay, false>): Promise<DayStart> {
  const start = await sim.brain.startDay(ctxOf(sim, p));
  const s = p.scratch;
  s.wakeUpHour = start.wakeUpHour;
  s.fDailySchedule = provisionalDay(start.wakeUpHour, start.activity);
  s.fDailyScheduleHourlyOrg = s.fDailySchedule.map(([t, m]) => [t, m]);
  s.preparedSubtasks = {};
  s.planPending = newDay;
  p.plannedDay = Math.floor(dayStart(sim.clock.now) / DAY);
  return start;
}

/** Sleeping until the wake-up hour, then the activity in hour-long blocks (each an action of its own) to midnight. */
function provisionalDay(wakeUpHour: number, activity: string): [string, number][] {
  const day: [string, number][] = wakeUpHour > 0 ? [['sleeping', wakeUpHour * 60]] : [];
  for (let h = wakeUpHour; h < 24; h++) day.push([activity, 60]);
  return day;
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
async function reviseIdentity(sim: SimContext, p: Persona): Promise<{ planNote: string; thoughtNote: string; dailyReq: string[] }> {
  const now = sim.clock.now;
  const ctx = ctxOf(sim, p);
  // Yesterday's memories still waiting for their score are scored before they are read.
  await scoreWaiting(sim, p);
  const retrieved = await newRetrieve(sim, p, reviseIdentityFocalPoints(p, now));
  const nodes = [...new Map([...retrieved.values()].flat().map((n) => [n.id, n])).values()].sort((a, b) => a.created - b.created || a.id - b.id);
  const statements = nodes.map((n) => `${formatDateTime(n.created)}: ${n.embeddingKey}`);
  if (sim.callPlan === 'packed') {
    const r = await sim.brain.reviseIdentity(ctx, statements);
    p.currently = r.currently;
    p.dailyPlanReq = r.dailyPlanReq.join('; ');
    return { planNote: r.planNote, thoughtNote: r.thoughtNote, dailyReq: r.dailyPlanReq };
  }
  const planNote = await sim.brain.planNote(ctx, statements);
  const thoughtNote = await sim.brain.thoughtNote(ctx, statements);
  p.currently = await sim.brain.reviseCurrently(ctx, planNote, thoughtNote);
  const dailyReq = await sim.brain.dailyPlanReq(ctx);
  p.dailyPlanReq = dailyReq.join('; ');
  return { planNote, thoughtNote, dailyReq };
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

async function decomposeAt(sim: SimContext, p: Persona, index: number): Promise<void> {
  const s = p.scratch;
  const item = s.fDailySchedule[index];
  if (!item) return;
  const [desc, minutes] = item;
  // A provisional day (startTheDay) is not decomposed: its blocks stand in until the whole plan comes.
  if (s.planPending) return;
  // A subtask ("task (subtask)") is never decomposed again.
  if (isSubtask(desc) || minutes < DECOMP_THRESHOLD_MIN || !shouldDecompose(desc, minutes)) return;
  // Packed: the subtasks the day's plan came with, fitted to this block; else (and in faithful) ask now.
  const prepared = sim.callPlan === 'packed' ? s.preparedSubtasks[desc] : undefined;
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

interface NewAction {
  address: ActionAddress;
  duration: number;
  description: string;
  pronunciatio: string;
  event: Triple;
  chattingWith?: string | null;
  chat?: Persona['scratch']['chat'];
  chattingWithBuffer?: Record<string, number>;
  chattingEndTime?: number | null;
  objDescription?: string | null;
  objPronunciatio?: string | null;
  objEvent?: Triple;
}

/** Smallville's add_new_action: a new action resets chat state (unless given) and the planned path. */
export function addNewAction(p: Persona, now: number, a: NewAction): void {
  const s = p.scratch;
  s.actAddress = a.address;
  s.actDuration = a.duration;
  s.actDescription = a.description;
  s.actPronunciatio = a.pronunciatio;
  s.actEvent = a.event;
  s.chattingWith = a.chattingWith ?? null;
  s.chat = a.chat ?? null;
  if (a.chattingWithBuffer) Object.assign(s.chattingWithBuffer, a.chattingWithBuffer);
  s.chattingEndTime = a.chattingEndTime ?? null;
  s.actObjDescription = a.objDescription ?? null;
  s.actObjPronunciatio = a.objPronunciatio ?? null;
  s.actObjEvent = a.objEvent ?? ['', '', ''];
  s.actStartTime = now;
  s.actPathSet = false;
  s.plannedPath = [];
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

  if (sim.callPlan === 'packed') {
    if (start && (await startWhereTheDayStartSaid(sim, p, start, description, index, duration))) return;
    addNewAction(p, now, { ...(await packedAction(sim, p, description, index)).action, duration });
    return;
  }
  const address = await chooseAddress(sim, p, description);
  const ctx = ctxOf(sim, p);
  const pronunciatio = await sim.brain.pronunciatio(ctx, description);
  const event = await sim.brain.eventTriple(ctx, description);
  const object = objectOf(address);
  let objDescription: string | null = null;
  let objEvent: Triple = ['', '', ''];
  if (object) {
    objDescription = await sim.brain.actObjDesc(ctx, object, description);
    objEvent = await sim.brain.actObjEventTriple(ctx, object, objDescription);
    objEvent = [printAddress(address), objEvent[1], objEvent[2]];
  }
  addNewAction(p, now, { address, duration, description, pronunciatio, event, objDescription, objEvent, objPronunciatio: pronunciatio });
}

/** Minutes from `now` to `slotEnd` (a minute of the day), at least 1: an action runs to the end of its schedule slot. */
function minutesLeftInSlot(slotEnd: number, now: number): number {
  return Math.max(1, slotEnd - minuteOfDay(now) - new Date(now).getUTCSeconds() / 60);
}

/** A new action as its details answer it (the object's fields always set), to be given its duration. */
type DetailedAction = Omit<NewAction, 'duration'> & Required<Pick<NewAction, 'objDescription' | 'objPronunciatio' | 'objEvent'>>;

/** Packed: one call (or none, when cached) for what faithful asks in seven, as a new action's fields (and the area it chose). */
async function packedAction(sim: SimContext, p: Persona, description: string, index: number): Promise<{ sector: string; action: DetailedAction }> {
  const d = await packedActionDetails(sim, p, description, index, (desc, m) => isSubtask(desc) || m < DECOMP_THRESHOLD_MIN || !shouldDecompose(desc, m));
  const address = addressOfDetails(sim, d);
  const hasObject = objectOf(address) !== null;
  const action: DetailedAction = {
    address,
    description,
    pronunciatio: d.emoji,
    event: [p.name, d.event[1], d.event[2]],
    objDescription: hasObject ? d.objectState : null,
    objEvent: hasObject ? [printAddress(address), d.objectEvent[1], d.objectEvent[2]] : ['', '', ''],
    objPronunciatio: d.emoji,
  };
  return { sector: d.sector, action };
}

/** What the persona shows for an action whose details are still to come. */
const PROVISIONAL_EMOJI = '🚶';

/**
 * The quick start's first action (packed calls on a remote brain): when the day's start named one of
 * the places the persona knows best for the activity now, and that place is still in its spatial
 * memory on this map, the persona sets off for it at once, before its action's details are asked:
 * on a small model the details take seconds, and it need not wait for them to get out of bed. The
 * details are asked as ever, and when they come they refine the action under way (the part of the
 * place and its object, the emoji, the events); if they put it in another area, the persona turns
 * there. False when the details must be asked first (no such place, or they are known already).
 */
async function startWhereTheDayStartSaid(sim: SimContext, p: Persona, start: DayStart, description: string, index: number, duration: number): Promise<boolean> {
  if (!start.place || description !== start.activity || !p.spatial.knowsSector(start.place) || hasDetails(sim, p, description)) return false;
  const now = sim.clock.now;
  addNewAction(p, now, { address: placeAddress(sim.world.name, start.place), duration, description, pronunciatio: PROVISIONAL_EMOJI, event: [p.name, 'is', description] });
  const { sector, action: details } = await packedAction(sim, p, description, index);
  const s = p.scratch;
  // Something else began meanwhile (a whisper, a conversation): the details wait in the cache for the next time.
  if (s.actStartTime !== now || s.actDescription !== description) return true;
  if (sector !== start.place) {
    // Another area after all: a new action from here, to the end of the same slot.
    const later = sim.clock.now;
    addNewAction(p, later, { ...details, duration: minutesLeftInSlot(s.scheduleStart(index) + (s.fDailySchedule[index]?.[1] ?? 0), later) });
    return true;
  }
  // The same area: the exact spot, emoji and events, on the way or there already.
  const moved = printAddress(details.address) !== printAddress(placeAddress(sim.world.name, start.place));
  s.actAddress = details.address;
  s.actPronunciatio = details.pronunciatio;
  s.actEvent = details.event;
  s.actObjDescription = details.objDescription;
  s.actObjPronunciatio = details.objPronunciatio;
  s.actObjEvent = details.objEvent;
  if (moved) {
    s.actPathSet = false;
    s.plannedPath = [];
  }
  return true;
}

/** The plan stage's own part of a step: plan the day when a day starts, then pick the next action when one ends. */
export async function plan(sim: SimContext, p: Persona, newDay: NewDay): Promise<void> {
  let start: DayStart | null = null;
  if (!sim.modules.planning) await planFromTheMoment(sim, p, newDay);
  else if (newDay && sim.callPlan === 'packed' && sim.quickStart) start = await startTheDay(sim, p, newDay);
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

/**
 * The packed call plan (docs/call-plans.md): the same decisions as faithful in fewer, larger
 * structured calls (the default on a model). The verbs cognition asks (callStrategy.ts); how each
 * rule of the one-question calls is kept is in docs/call-plans.md.
 */
import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { DayStart } from '../brain/port';
import { objectOf, placeAddress, printAddress } from '../world/actionAddress';
import { DAY, dayStart } from '../clock';
import type { CallStrategy } from '../brain/callStrategy';
import { DIVERSITY_TRIES, MIN_DISTINCT_ACTIVITIES, minutesLeftInSlot, reviseIdentity, staysWhole } from './plan';
import { addNewAction } from '../persona/currentAction';
import { addressOfDetails, hasDetails, packedActionDetails } from './actionDetails';
import { applyReplan, planAheadOf, stretchToReplan } from './react';
import { packedConversation } from './converse';
import { bearingOn, PACKED_RECALLS, withoutStep } from './bearing';
import { replanWithRest } from '../persona/schedule';
import { scoreLater, scoreWaitingDue } from './poignancy';

export function packedCalls(sim: SimContext): CallStrategy {
  const ctxOf = (p: Persona) => ({ persona: p, now: sim.clock.now });
  return {
    name: 'packed',

    // Only while steps do not wait for a remote brain (the offline brain and lock-step runs never take it).
    quickStart: (p, newDay) => (sim.quickStart ? startTheDay(sim, p, newDay) : null),

    async planDay(p, { wokeAt, firstPlan }) {
      const ctx = ctxOf(p);
      const s = p.scratch;
      // A new day: the revised identity's plan for today becomes the day's plan (as in faithful).
      if (!firstPlan) {
        const revised = await reviseIdentity(sim, p);
        if (revised.dailyReq.length > 0) s.dailyReq = revised.dailyReq;
      }
      // One call answers the wake-up hour, the plan and all 24 hours; the diversity rule judges each answer.
      let hourly: string[] = [];
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
      return hourly;
    },

    async reviseIdentity(p, statements) {
      const r = await sim.brain.reviseIdentity(ctxOf(p), statements);
      p.currently = r.currently;
      p.dailyPlanReq = r.dailyPlanReq.join('; ');
      return { planNote: r.planNote, thoughtNote: r.thoughtNote, dailyReq: r.dailyPlanReq };
    },

    preparedSubtasks: (p, activity) => p.scratch.preparedSubtasks[activity],

    async detailAction(p, { description, index, duration, start }) {
      if (start && (await startWhereTheDayStartSaid(sim, p, start, description, index, duration))) return;
      addNewAction(p, sim.clock.now, { ...(await packedAction(sim, p, description, index)).action, duration });
    },

    // decide_to_talk and the whole conversation in one call; never with the player's resident, whose
    // conversation is held turn by turn with the person at the keyboard.
    async openConversation(p, target, memories) {
      if (target.agent.mode === 'human') return (await sim.brain.decideToTalk(ctxOf(p), target, memories)) ? {} : null;
      const ahead = [p, target].filter((x) => x.agent.mode === 'generative').map((x) => planAheadOf(sim, x)).filter((a) => a.items.length > 0);
      const c = await packedConversation(sim, p, target, ahead);
      return c.talk ? { held: { ...c, aheadFor: ahead.map((a) => a.persona) } } : null;
    },

    // decide_to_react sees what bears on the other, as the conversation call does (faithful: all it recalled).
    decideToReact: (p, target, memories) => sim.brain.decideToReact(ctxOf(p), target, bearingOn(memories, p, target).slice(0, PACKED_RECALLS)),

    // Both sides' stretches re-planned with the conversation (what happened and the chat kept, the
    // rest as the conversation call proposed it, fitted to the time left); a side it did not re-plan
    // (another brain answered, or nothing was planned ahead) in one replanStretches call for all such sides.
    async replanAroundChat(init, target, { summary, minutes, held }, begin) {
      const sides = [init, target].filter((x) => x.agent.mode === 'generative').map((x) => ({ persona: x, ...stretchToReplan(sim, x, summary, minutes) }));
      const proposed = (x: Persona) => {
        const k = held?.aheadFor?.indexOf(x) ?? -1;
        return k >= 0 ? held?.after?.[k] : undefined;
      };
      const ask = sides.filter((x) => x.stretch.main.length > 0 && !proposed(x.persona));
      const asked = await sim.brain.replanStretches(ctxOf(init), ask.map((x) => ({ persona: x.persona, input: x.input })));
      for (const x of sides) {
        const rest = proposed(x.persona);
        const plan = rest ? replanWithRest(x.input.main, x.input.doneSoFar, rest.map((t) => [t.task, t.minutes])).map(([task, m]) => ({ task, minutes: m })) : (asked[ask.indexOf(x)] ?? []);
        applyReplan(sim, x.persona, x.stretch, x.input, plan);
      }
      begin(init, target);
      begin(target, init);
    },

    remember: (p, type, node, ask) => scoreLater(p, type, node, ask),
    scoreDue: (personas) => scoreWaitingDue(sim, personas),

    // Each thing seen once, not each step of it (the prompt numbers each text once).
    focalStatement: (n) => withoutStep(n, n.embeddingKey),

    // The insights for every focal point in one call (the steps of one thing seen read as one
    // statement, numbered once: evidence citing it names the first of them).
    async insights(p, groups, n, store) {
      const all = await sim.brain.reflectionInsights(ctxOf(p), groups.map(({ point, pool }) => ({ focal: point, statements: pool.map((m) => withoutStep(m, m.embeddingKey)) })), n);
      for (const k of groups.keys()) await store(k, all[k] ?? []);
    },
  };
}

/**
 * The quick start of a packed day on a remote brain (sim.quickStart: asynchronous steps, where a day
 * plan of a few hundred tokens keeps a persona in bed for many seconds on a small model): one short
 * call answers the wake-up hour and what the persona does now, or first after waking. Until its
 * whole plan comes, the persona lives a provisional day: sleeping before that hour, then that
 * activity hour by hour (not decomposed). Its whole plan (longTermPlanning, with this wake-up hour)
 * is asked at its next step, once it is up and acting; the provisional action runs to its end.
 */
async function startTheDay(sim: SimContext, p: Persona, newDay: 'First day' | 'New day'): Promise<DayStart> {
  const start = await sim.brain.startDay({ persona: p, now: sim.clock.now });
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


/** A new action as its details answer it (the object's fields always set), to be given its duration. */
type NewAction = Parameters<typeof addNewAction>[2];
type DetailedAction = Omit<NewAction, 'duration'> & Required<Pick<NewAction, 'objDescription' | 'objPronunciatio' | 'objEvent'>>;

/** Packed: one call (or none, when cached) for what faithful asks in seven, as a new action's fields (and the area it chose). */
async function packedAction(sim: SimContext, p: Persona, description: string, index: number): Promise<{ sector: string; action: DetailedAction }> {
  const d = await packedActionDetails(sim, p, description, index, staysWhole);
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


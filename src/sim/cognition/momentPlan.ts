import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { DAY, dayStart, hourOf } from '../clock';
import { insertIntoSchedule, padDay } from '../persona/schedule';

type NewDay = false | 'First day' | 'New day';

/**
 * The no-planning ablation (the paper's "no planning": act from the moment): no daily plan, no hourly
 * schedule made ahead, no decomposition. On a new day the persona only knows when it wakes; whenever
 * its action ends it is asked what it does this hour, given what it did the hours before (the same
 * call the schedule is made of, one hour at a time), and that fills the hour.
 */
export async function planFromTheMoment(sim: SimContext, p: Persona, newDay: NewDay): Promise<void> {
  const s = p.scratch;
  const now = sim.clock.now;
  const ctx = { persona: p, now };
  if (newDay) {
    s.dailyReq = [];
    s.wakeUpHour = await sim.brain.wakeUpHour(ctx);
    s.fDailySchedule = s.wakeUpHour > 0 ? [['sleeping', s.wakeUpHour * 60]] : [];
    padDay(s.fDailySchedule);
    s.fDailyScheduleHourlyOrg = [];
    s.preparedSubtasks = {};
    s.planPending = null;
    p.plannedDay = Math.floor(dayStart(now) / DAY);
  }
  if (!newDay && !s.actCheckFinished(now)) return;
  const hour = hourOf(now);
  const slot = s.fDailySchedule[s.scheduleIndex(now)]?.[0];
  const hours = s.fDailyScheduleHourlyOrg;
  // Asleep before waking; a commitment in this hour (a whispered party) stands.
  if (hour < s.wakeUpHour || (slot !== undefined && slot !== 'sleeping' && !hours.some(([d]) => d === slot))) return;
  // The hours so far, one item each from midnight (as the schedule call is asked them).
  while (hours.length < hour) hours.push([hours.length < s.wakeUpHour ? 'sleeping' : (hours.at(-1)?.[0] ?? 'sleeping'), 60]);
  hours.length = hour;
  const activity = await sim.brain.hourlySchedule(ctx, hour, hours.map(([d]) => d), 0);
  hours.push([activity, 60]);
  s.fDailySchedule = insertIntoSchedule(s.fDailySchedule, hour * 60, activity, 60);
}

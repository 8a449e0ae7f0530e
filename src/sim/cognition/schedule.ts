import type { ScheduleItem } from '../persona/scratch';

/** Merge consecutive equal hourly activities and turn hours into minutes (Smallville). */
export function hourlyToMinutes(hourly: string[]): ScheduleItem[] {
  const out: ScheduleItem[] = [];
  for (const task of hourly) {
    const last = out[out.length - 1];
    if (last && last[0] === task) last[1] += 60;
    else out.push([task, 60]);
  }
  return out;
}

/** Total minutes of a schedule. */
export function scheduleMinutes(schedule: ScheduleItem[]): number {
  return schedule.reduce((sum, [, m]) => sum + m, 0);
}

/** Pad a day to 1440 minutes with sleeping (Smallville's x_emergency rule). */
export function padDay(schedule: ScheduleItem[]): void {
  const missing = 1440 - scheduleMinutes(schedule);
  if (missing > 0) schedule.push(['sleeping', missing]);
}

/**
 * Insert an action of `minutes` at minute-of-day `at`, cutting whatever was planned in that span,
 * so the day still sums to the same total.
 */
export function insertIntoSchedule(schedule: ScheduleItem[], at: number, task: string, minutes: number): ScheduleItem[] {
  const end = at + minutes;
  const out: ScheduleItem[] = [];
  let t = 0;
  let inserted = false;
  for (const [desc, dur] of schedule) {
    const s = t;
    const e = t + dur;
    t = e;
    if (e <= at || s >= end) {
      if (s >= end && !inserted) {
        out.push([task, minutes]);
        inserted = true;
      }
      out.push([desc, dur]);
      continue;
    }
    if (s < at) out.push([desc, at - s]);
    if (!inserted) {
      out.push([task, minutes]);
      inserted = true;
    }
    if (e > end) out.push([desc, e - end]);
  }
  if (!inserted) out.push([task, minutes]);
  return out;
}

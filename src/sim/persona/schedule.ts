import type { ScheduleItem } from './scratch';
import { at } from '../checked';

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

/**
 * Put `task` over minutes [from, to) of the day, around the items `keep` holds on to (a meal, an
 * event one is committed to): those stay where they are and the task fills the time between them.
 */
export function insertAround(schedule: ScheduleItem[], from: number, to: number, task: string, keep: (description: string) => boolean): ScheduleItem[] {
  const kept: [number, number][] = [];
  let t = 0;
  for (const [desc, dur] of schedule) {
    if (t + dur > from && t < to && keep(desc)) kept.push([Math.max(t, from), Math.min(t + dur, to)]);
    t += dur;
  }
  let out = schedule;
  let cursor = from;
  for (const [s, e] of [...kept, [to, to] as [number, number]]) {
    if (s - cursor >= 5) out = insertIntoSchedule(out, cursor, task, s - cursor);
    cursor = Math.max(cursor, e);
  }
  return out;
}

/** Cut a schedule so it sums to at most `total` minutes (the last items shortened or dropped). */
export function trimToTotal(schedule: ScheduleItem[], total: number): ScheduleItem[] {
  const out: ScheduleItem[] = [];
  let sum = 0;
  for (const [task, minutes] of schedule) {
    if (sum >= total) break;
    const m = Math.min(minutes, total - sum);
    if (m > 0) out.push([task, m]);
    sum += m;
  }
  return out;
}

/**
 * Smallville's get_fail_safe for new_decomp_schedule: what has happened so far (ending with the
 * inserted action), then the rest of the original stretch from where the inserted action ends,
 * trimmed to the stretch's length. Also the offline brain's answer.
 */
export function failSafeDecomp(main: ScheduleItem[], doneSoFar: ScheduleItem[]): ScheduleItem[] {
  const total = scheduleMinutes(main);
  const doneMinutes = scheduleMinutes(doneSoFar);
  const rest: ScheduleItem[] = [];
  let t = 0;
  for (const [task, minutes] of main) {
    const end = t + minutes;
    if (end > doneMinutes) rest.push([task, end - Math.max(t, doneMinutes)]);
    t = end;
  }
  return trimToTotal([...doneSoFar.map(([a, m]) => [a, m] as ScheduleItem), ...rest], total);
}

interface Stretch {
  startHour: number;
  endHour: number;
  /** f_daily_schedule indexes [startIndex, endIndex) of the stretch. */
  startIndex: number;
  endIndex: number;
  main: ScheduleItem[];
  doneSoFar: ScheduleItem[];
}

/**
 * Smallville's _create_react and generate_new_decomp_schedule, the arithmetic: the stretch of the day
 * to re-plan is the hourly-schedule block we are in (through the next block when it is shorter than
 * two hours); `main` is what was planned in it and `doneSoFar` what happened up to this minute, the
 * task in progress cut at now, followed by the inserted action. Smallville's own code keeps the task
 * in progress whole (its "DEC 7 DEBUG" note); we cut it at the current minute, as intended.
 */
export function stretchFor(hourlyOrg: ScheduleItem[], schedule: ScheduleItem[], nowMinute: number, inserted: string, insertedMinutes: number): Stretch {
  let orgIndex = 0;
  let orgStart = 0;
  while (orgIndex < hourlyOrg.length - 1) {
    const [, minutes] = at(hourlyOrg, orgIndex, 'hourly schedule');
    if (orgStart + minutes > nowMinute) break;
    orgStart += minutes;
    orgIndex++;
  }
  const startHour = Math.floor(orgStart / 60);
  const current = hourlyOrg[orgIndex]?.[1] ?? 60;
  const next = hourlyOrg[orgIndex + 1]?.[1];
  let endHour: number;
  if (current >= 120) endHour = startHour + current / 60;
  else if (next !== undefined) endHour = startHour + (current + next) / 60;
  else endHour = startHour + 2;
  endHour = Math.min(24, Math.floor(endHour));

  let startIndex = -1;
  let endIndex = -1;
  let t = 0;
  const main: ScheduleItem[] = [];
  schedule.forEach(([task, minutes], i) => {
    if (t >= startHour * 60 && startIndex < 0) startIndex = i;
    if (t >= endHour * 60 && endIndex < 0) endIndex = i;
    if (t >= startHour * 60 && t < endHour * 60) main.push([task, minutes]);
    t += minutes;
  });
  if (startIndex < 0) startIndex = schedule.length;
  if (endIndex < 0) endIndex = schedule.length;

  // What happened up to now inside the stretch, the task in progress cut at this minute.
  const doneSoFar: ScheduleItem[] = [];
  let s = main.length > 0 ? schedule.slice(0, startIndex).reduce((sum, [, m]) => sum + m, 0) : nowMinute;
  let inProgress: string | null = null;
  for (const [task, minutes] of main) {
    if (s + minutes <= nowMinute) doneSoFar.push([task, minutes]);
    else {
      if (s < nowMinute) doneSoFar.push([task, nowMinute - s]);
      inProgress = task;
      break;
    }
    s += minutes;
  }
  // Inside a decomposed task the inserted action reads as one of its subtasks: "working (chatting …)".
  const parent = inProgress && /\(([^()]*)\)$/.test(inProgress) ? inProgress.replace(/\s*\([^()]*\)$/, '') : null;
  doneSoFar.push([parent ? `${parent} (${inserted})` : inserted, insertedMinutes]);
  return { startHour, endHour, startIndex, endIndex, main, doneSoFar };
}

/** A stretch's plan from `fromMinute` on (the task in progress cut there): what a packed conversation offers to re-plan. */
export function planFrom(main: readonly ScheduleItem[], startMinute: number, fromMinute: number): ScheduleItem[] {
  const out: ScheduleItem[] = [];
  let t = startMinute;
  for (const [task, minutes] of main) {
    const end = t + minutes;
    if (end > fromMinute) out.push([task, end - Math.max(t, fromMinute)]);
    t = end;
  }
  return out;
}

/**
 * The rest of a stretch as proposed, fitted to exactly `total` whole minutes: a proposal that runs
 * longer loses its beginning (the time the inserted action took, as Smallville's fail-safe drops it);
 * a shorter one is stretched (largest remainders first, each task at least a minute).
 */
export function fitRest(items: readonly ScheduleItem[], total: number): ScheduleItem[] {
  const kept = items.filter(([, m]) => m > 0).map(([t, m]) => [t, Math.max(1, Math.round(m))] as ScheduleItem);
  const sum = kept.reduce((s, [, m]) => s + m, 0);
  if (kept.length === 0 || total <= 0) return [];
  if (sum >= total) {
    // Drop the first `sum - total` minutes.
    let cut = sum - total;
    const out: ScheduleItem[] = [];
    for (const [task, m] of kept) {
      if (cut >= m) {
        cut -= m;
        continue;
      }
      out.push([task, m - cut]);
      cut = 0;
    }
    return out;
  }
  const exact = kept.map(([, m]) => (m / sum) * total);
  const out: ScheduleItem[] = kept.map(([task], i) => [task, Math.floor(at(exact, i, 'share of the rest'))]);
  let left = total - out.reduce((s, [, m]) => s + m, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    at(out, i, 'task of the rest')[1]++;
    left--;
  }
  return out.filter(([, m]) => m > 0);
}

/**
 * A stretch re-planned from what happened (ending with the inserted action) and the rest of the plan
 * as the brain proposed it, fitted to the time left; nothing proposed: Smallville's fail-safe.
 */
export function replanWithRest(main: ScheduleItem[], doneSoFar: ScheduleItem[], rest: readonly ScheduleItem[]): ScheduleItem[] {
  const total = scheduleMinutes(main);
  const left = total - scheduleMinutes(doneSoFar);
  if (rest.length === 0) return failSafeDecomp(main, doneSoFar);
  if (left <= 0) return trimToTotal(doneSoFar.map(([a, m]) => [a, m] as ScheduleItem), total);
  return [...doneSoFar.map(([a, m]) => [a, m] as ScheduleItem), ...fitRest(rest, left)];
}

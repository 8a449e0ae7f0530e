import { DAY, MINUTE } from '../../sim/clock';

/** One bar of a schedule timeline: minutes of the day [start, end). */
export interface Segment {
  start: number;
  end: number;
  label: string;
  /** Index in the schedule it came from. */
  index: number;
}

export const DAY_MINUTES = 24 * 60;

/**
 * A schedule ([task, minutes][] from midnight, Smallville's f_daily_schedule) as bars on a day, clipped
 * to 24 h; zero-length items are dropped (they take no time on the chart).
 */
export function scheduleSegments(items: readonly (readonly [string, number])[]): Segment[] {
  const out: Segment[] = [];
  let t = 0;
  items.forEach(([label, minutes], index) => {
    const m = Number.isFinite(minutes) ? Math.max(0, minutes) : 0;
    const start = t;
    t += m;
    const end = Math.min(t, DAY_MINUTES);
    if (end > start && start < DAY_MINUTES) out.push({ start, end, label, index });
  });
  return out;
}

/** The segment under a minute of the day, or null. */
export function segmentAt(segments: readonly Segment[], minute: number): Segment | null {
  return segments.find((s) => s.start <= minute && minute < s.end) ?? null;
}

/** An action begun this many minutes or more after its slot's start says when it began ("begun 07:00"). */
const LATE_START_MIN = 5;

/** When the action under way runs, in game ms; `begun`: when it began, when that was well after the slot's start (else null). */
interface ActionWindow {
  start: number;
  end: number;
  begun: number | null;
}

/**
 * The time of the action under way, as both the Now and the Day tab show it. When the action is the
 * schedule's current task, its slot in the schedule: the action runs to the slot's end (an action
 * begun late, after a chat or a wait on the model, does not push the day later), so the slot is the
 * task's time, and `begun` says when it began if that was late. Otherwise (a conversation or anything
 * not in the schedule) the action's own start and end; null without an action.
 */
export function actionWindow(view: { schedule: readonly (readonly [string, number])[]; action: string; actStart: number | null; actEnd: number | null }, now: number): ActionWindow | null {
  const task = segmentAt(scheduleSegments(view.schedule), minuteOf(now));
  if (task && view.action !== '' && task.label === view.action) {
    const midnight = now - (((now % DAY) + DAY) % DAY);
    const start = midnight + task.start * MINUTE;
    const late = view.actStart !== null && view.actStart - start >= LATE_START_MIN * MINUTE;
    return { start, end: midnight + task.end * MINUTE, begun: late ? view.actStart : null };
  }
  return view.actStart !== null && view.actEnd !== null ? { start: view.actStart, end: view.actEnd, begun: null } : null;
}

/** Minute of the day of a game time. */
export function minuteOf(ms: number): number {
  return Math.floor((((ms % DAY) + DAY) % DAY) / MINUTE);
}

/** "7:05" from minutes after midnight. */
export function hhmm(minute: number): string {
  const h = Math.floor(minute / 60);
  return `${String(h).padStart(2, '0')}:${String(Math.floor(minute % 60)).padStart(2, '0')}`;
}

/** "1 h 05 min", "12 min", "45 s" — a duration for people. */
export function duration(ms: number): string {
  if (ms < 60_000) return `${Math.max(0, Math.round(ms / 1000))} s`;
  const min = Math.round(ms / 60_000);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}

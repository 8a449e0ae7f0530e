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

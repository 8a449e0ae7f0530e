import { at } from './checked';
/**
 * Game time. All arithmetic is in UTC milliseconds so a run is identical in any time zone,
 * in Node and in every browser. One step is `stepSeconds` game seconds (Smallville: 10).
 */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export class GameClock {
  readonly startMs: number;
  readonly stepSeconds: number;
  step = 0;

  /** start: ISO date-time read as UTC game time, e.g. "2023-02-13T00:00:00". */
  constructor(start: string, stepSeconds = 10) {
    const ms = Date.parse(start.endsWith('Z') ? start : `${start}Z`);
    if (Number.isNaN(ms)) throw new Error(`Invalid clock start "${start}" (expected e.g. 2023-02-13T00:00:00)`);
    if (!(stepSeconds > 0)) throw new Error('stepSeconds must be positive');
    this.startMs = ms;
    this.stepSeconds = stepSeconds;
  }

  get now(): number {
    return this.startMs + this.step * this.stepSeconds * 1000;
  }

  advance(): void {
    this.step++;
  }

  /** Steps per game day, e.g. 8640 at 10 s per step. */
  get stepsPerDay(): number {
    return Math.round(86_400 / this.stepSeconds);
  }
}

export function hourOf(ms: number): number {
  return new Date(ms).getUTCHours();
}

export function minuteOfDay(ms: number): number {
  const d = new Date(ms);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** Midnight (UTC game time) of the day containing ms. */
export function dayStart(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

export function weekdayOf(ms: number): (typeof WEEKDAYS)[number] {
  return at(WEEKDAYS, new Date(ms).getUTCDay(), 'weekday');
}

/** "Monday February 13, 2023" */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${WEEKDAY_NAMES[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "07:05" */
export function formatHHMM(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** "7:05 am" (Smallville's prompt style). */
export function formatAmPm(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(d.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** "February 13, 2023, 07:05:00" — Smallville's curr_time format. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  const ss = String(d.getUTCSeconds()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${hh}:${mm}:${ss}`;
}

/** Parse "HH:MM" to minutes after midnight. */
export function parseHHMM(s: string): number {
  // A malformed time stays NaN, as before (persona data is checked by its schema).
  const [h = NaN, m = NaN] = s.split(':').map(Number);
  return h * 60 + m;
}

/** Whether two stretches of the same day ("HH:MM" to "HH:MM") overlap: one ending as the other starts does not. */
export function hoursOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return !(parseHHMM(a.start) >= parseHHMM(b.end) || parseHHMM(a.end) <= parseHHMM(b.start));
}

/** The morning hour "skip to next morning" lands on. */
const MORNING_HOUR = 6;

/** The next time the clock reads `hour`:00 after `now` (later today, or tomorrow). */
export function nextTimeAtHour(now: number, hour: number): number {
  const h = Math.max(0, Math.min(23, Math.floor(hour)));
  const today = dayStart(now) + h * HOUR;
  return today > now ? today : today + DAY;
}

/** The next morning at 6:00: tomorrow's, or today's when it is still night (before 6 am). */
export function nextMorning(now: number): number {
  return nextTimeAtHour(now, MORNING_HOUR);
}

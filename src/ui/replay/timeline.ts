interface TimelineMark {
  /** Position along the timeline, 0 … 1. */
  at: number;
  kind: 'day' | 'hour' | 'tick';
  label: string;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const HOUR = 3_600_000;

/**
 * Day and hour marks for a replay's timeline: a labelled mark at each midnight, labelled hours at a
 * spacing that keeps labels apart (every 3 h for a day, wider for longer replays), and plain ticks
 * on the other hours while there are not too many of them.
 */
export function timelineMarks(first: number, last: number, timeOf: (step: number) => number): TimelineMark[] {
  const t0 = timeOf(first);
  const t1 = timeOf(last);
  const span = t1 - t0;
  if (span <= 0) return [];
  const hours = span / HOUR;
  const labelEvery = hours <= 8 ? 1 : hours <= 30 ? 3 : hours <= 72 ? 6 : hours <= 24 * 7 ? 12 : 24;
  const tickEvery = hours <= 48 ? 1 : hours <= 24 * 7 ? 3 : 24;
  const out: TimelineMark[] = [];
  for (let t = Math.ceil(t0 / HOUR) * HOUR; t <= t1; t += HOUR) {
    const d = new Date(t);
    const h = d.getUTCHours();
    const at = (t - t0) / span;
    if (h === 0) out.push({ at, kind: 'day', label: `${DAYS[d.getUTCDay()]} ${d.getUTCDate()}` });
    else if (h % labelEvery === 0) out.push({ at, kind: 'hour', label: `${String(h).padStart(2, '0')}:00` });
    else if (h % tickEvery === 0) out.push({ at, kind: 'tick', label: '' });
  }
  return out;
}

import { at } from '../../sim/checked';
/** Hours read from a persona's lifestyle sentence ("goes to bed around 11 pm, wakes up around 7 am"). */
interface LifestyleHours {
  wake: number;
  /** Bed hour on a 0–24 scale; after-midnight bedtimes are capped at 24 (the day's schedule ends at midnight). */
  bed: number;
  dinner: number;
}

function hour24(h: number, ampm: string): number {
  const base = h % 12;
  return ampm.toLowerCase() === 'pm' ? base + 12 : base;
}

function find(text: string, re: RegExp): number | null {
  const m = re.exec(text);
  return m ? hour24(Number(m[1]), at(m, 2, 'lifestyle am/pm')) : null;
}

export function parseLifestyle(lifestyle: string): LifestyleHours {
  const wake = find(lifestyle, /wakes? up (?:at |around |by )?(\d{1,2})(?::\d\d)?\s*(am|pm)/i) ?? 7;
  let bed = find(lifestyle, /(?:goes|go) to (?:bed|sleep) (?:at |around |by )?(\d{1,2})(?::\d\d)?\s*(am|pm)/i) ?? 23;
  if (bed <= wake) bed = 24;
  const dinner = find(lifestyle, /dinner[^.,;]*?(?:at |around )(\d{1,2})(?::\d\d)?\s*(am|pm)/i) ?? 18;
  return { wake, bed, dinner: Math.min(Math.max(dinner, wake + 1), bed - 1) };
}

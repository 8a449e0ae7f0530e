import type { Persona } from '../../sim/persona/persona';
import { parseHHMM, weekdayOf } from '../../sim/clock';
import type { Rng } from '../../sim/rng';
import { parseLifestyle } from './lifestyle';
import { at } from '../../sim/checked';

/** A persona's workplace activity, naming the place so it can be read back from the text. */
function workActivity(p: Persona): string {
  const o = p.spec.occupation!;
  if (o.title === 'student') return `attending classes at ${o.workplace}`;
  return `working as ${/^[aeiou]/i.test(o.title) ? 'an' : 'a'} ${o.title} at ${o.workplace}`;
}

/** Work hours today as [first hour, end hour) or null on a day off. */
function workHours(p: Persona, dayMs: number): [number, number] | null {
  const o = p.spec.occupation;
  if (!o || !o.days.includes(weekdayOf(dayMs))) return null;
  const start = Math.floor(parseHHMM(o.start) / 60);
  const end = Math.ceil(parseHHMM(o.end) / 60);
  return end > start ? [start, end] : null;
}

function friendVisit(p: Persona, rng: Rng, households: Map<string, string>, names: Map<string, string>): string | null {
  const friends = p.spec.relationships
    .map((r) => ({ home: households.get(r.id), name: names.get(r.id) }))
    .filter((f): f is { home: string; name: string } => !!f.home && !!f.name && f.home !== p.spec.household);
  if (friends.length === 0) return null;
  const f = rng.pick(friends);
  return `visiting ${f.name.split(' ')[0]} at ${f.home}`;
}

/**
 * The offline brain's hourly schedule for one day: sleep before waking and after bedtime, the
 * morning routine, work hours on work days with lunch, dinner at home, and free hours filled from
 * the persona's haunts and friends (coffee at the café, shopping, walks, visits, the bar).
 */
export function hourlyPlan(p: Persona, dayMs: number, rng: Rng, households: Map<string, string>, names: Map<string, string>): string[] {
  const { wake, bed, dinner } = parseLifestyle(p.spec.lifestyle);
  const work = workHours(p, dayMs);
  const haunts = new Set(p.spec.haunts);
  const plan: string[] = new Array(24).fill('');
  for (let h = 0; h < 24; h++) if (h < wake || h >= bed) plan[h] = 'sleeping';
  plan[wake] = 'waking up and getting ready for the day at home';
  if (bed - 1 > wake) plan[bed - 1] = 'getting ready for bed at home';

  if (work) {
    for (let h = Math.max(work[0], wake + 1); h < Math.min(work[1], bed - 1); h++) plan[h] = workActivity(p);
    const [s, e] = work;
    if (e - s >= 6) {
      const lunch = s <= 12 && e > 13 ? 12 : s + Math.floor((e - s) / 2);
      const place = rng.pick(['Bramble Café', 'Crumb & Crust Bakery', p.spec.occupation!.workplace]);
      if (plan[lunch] !== 'sleeping') plan[lunch] = `having lunch at ${place}`;
    }
  }
  if (!plan[dinner] || plan[dinner] === '') plan[dinner] = 'cooking and eating dinner at home';

  const morning = ['taking a coffee break at Bramble Café', 'taking a walk in Millbrook Park', 'buying groceries at Willow Grocery & Pharmacy', 'relaxing in the living room at home'];
  const afternoon = ['taking a coffee break at Bramble Café', 'taking a walk in Millbrook Park', 'browsing books at Patel Books', 'picking up supplies at Hamlet Supply Co.', 'sitting in Town Square', 'reading in the library at Hamlet College', 'buying groceries at Willow Grocery & Pharmacy'];
  const evening = ['relaxing in the living room at home', 'having a drink at The Copper Kettle', 'relaxing in the living room at home'];
  const favour = (list: string[]) => {
    // Haunts are twice as likely: people go where they like to go.
    const weighted = list.flatMap((a) => ([...haunts].some((h) => a.includes(h)) ? [a, a] : [a]));
    return rng.pick(weighted);
  };
  for (let h = 0; h < 24; h++) {
    if (plan[h]) continue;
    let activity: string;
    if (h < 12) activity = favour(morning);
    else if (h < 18) activity = rng.chance(0.25) ? (friendVisit(p, rng, households, names) ?? favour(afternoon)) : favour(afternoon);
    else activity = rng.chance(0.2) ? (friendVisit(p, rng, households, names) ?? favour(evening)) : favour(evening);
    plan[h] = activity;
  }
  // Smallville's diversity rule asks for ≥ 5 distinct activities; a quiet day gets an errand.
  if (new Set(plan).size < 5) {
    const free = plan.findIndex((a, h) => h > wake && h < bed - 1 && a.startsWith('relaxing'));
    if (free >= 0) plan[free] = 'buying groceries at Willow Grocery & Pharmacy';
  }
  return plan;
}

/** "wake up and complete the morning routine at 6:00 am"-style daily plan items for the plan thought. */
export function dailyPlanItems(hourly: string[]): string[] {
  const items: string[] = [];
  for (let h = 0; h < 24; h++) {
    const hour = at(hourly, h, 'hourly plan');
    if (hour === 'sleeping' || hour === hourly[h - 1]) continue;
    const ampm = h < 12 ? 'am' : 'pm';
    const h12 = h % 12 === 0 ? 12 : h % 12;
    items.push(`${hour.replace(/ at home$/, '')} at ${h12}:00 ${ampm}`);
  }
  return items;
}

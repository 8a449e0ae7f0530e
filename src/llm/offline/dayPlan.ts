import { wordPattern } from '../../sim/wordPattern';
import type { Persona } from '../../sim/persona/persona';
import type { PersonaSpec } from '../../sim/persona/schema';
import { DAY, parseHHMM, weekdayOf } from '../../sim/clock';
import type { Rng } from '../../sim/rng';
import { parseLifestyle } from './lifestyle';
import { at } from '../../sim/checked';
import { commitmentSpan, SEEKING } from '../../sim/cognition/commitments';
import { toneOf } from './relations';
import type { TownPlaces } from './townPlaces';
import { escapeRegExp } from '../../sim/brain/reply';
import { isMealOut, mealOut } from './meals';
import { sentences } from './voice';
import { namesByFirst } from './firstNames';

/**
 * What the day-planning needs besides the persona: where everyone lives, what they are called and
 * their files, by id; and the town's public places by what they are for, read from the map.
 */
interface Townsfolk {
  households: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, string>;
  specs: ReadonlyMap<string, PersonaSpec>;
  places: TownPlaces;
}

/** `activity(place)` when the town has that place, else nothing: a day leaves out what the map has no place for. */
function atPlace(place: string | null, activity: (place: string) => string): string[] {
  return place ? [activity(place)] : [];
}

/** Whether someone is likely at home and awake at an hour of that day: up, not yet in bed, not at work. */
function homeAt(town: Townsfolk, id: string, dayMs: number, h: number): boolean {
  const spec = town.specs.get(id);
  if (!spec) return true;
  const { wake, bed } = parseLifestyle(spec.lifestyle);
  const job = spec.occupation;
  const working = !!job && job.days.includes(weekdayOf(dayMs)) && h >= Math.floor(parseHHMM(job.start) / 60) && h < Math.ceil(parseHHMM(job.end) / 60);
  return h > wake && h < bed - 1 && !working;
}

/** A persona's workplace activity, naming the place so it can be read back from the text. */
function workActivity(o: NonNullable<PersonaSpec['occupation']>): string {
  if (o.title === 'student') return `attending classes at ${o.workplace}`;
  return `working as ${/^[aeiou]/i.test(o.title) ? 'an' : 'a'} ${o.title} at ${o.workplace}`;
}

/** Work hours that day as [first hour, end hour), or null on a day off. */
function workHours(p: Persona, dayMs: number): [number, number] | null {
  const o = p.spec.occupation;
  if (!o || !o.days.includes(weekdayOf(dayMs))) return null;
  const start = Math.floor(parseHHMM(o.start) / 60);
  const end = Math.ceil(parseHHMM(o.end) / 60);
  return end > start ? [start, end] : null;
}

const isWeekend = (dayMs: number) => ['Sat', 'Sun'].includes(weekdayOf(dayMs));

/** The minutes of that day the persona's commitments take (an event, a whispered plan), as [from, to). */
function committedOn(p: Persona, dayMs: number): { from: number; to: number }[] {
  const day = Math.floor(dayMs / DAY);
  return p.commitments.filter((c) => c.day === day).map(commitmentSpan);
}

/** Whether a commitment takes more than half of hour `h` (what was planned for it will not happen). */
const takenAt = (spans: readonly { from: number; to: number }[], h: number) => spans.some(({ from, to }) => Math.min(to, h * 60 + 60) - Math.max(from, h * 60) > 30);

/**
 * The hour a persona gets up that day: its lifestyle's, an hour later on a weekend day off (early
 * risers, up by 8 on work days, sleep in a little; the rest are late risers already); earlier when
 * something it is committed to starts within its first hour up, so that washing, dressing and
 * breakfast come before it (up at 8 for a planting day at 9, not straight from bed to the park).
 */
export function wakeOn(p: Persona, dayMs: number): number {
  const { wake } = parseLifestyle(p.spec.lifestyle);
  const usual = isWeekend(dayMs) && !workHours(p, dayMs) && wake <= 8 ? wake + 1 : wake;
  const first = Math.min(...committedOn(p, dayMs).map((c) => c.from).filter((m) => m >= 5 * 60));
  return first < (usual + 1) * 60 ? Math.max(4, Math.floor(first / 60) - 1) : usual;
}

/** A habit the lifestyle names before breakfast ("jogs around the pond in Millbrook Park": the town's square or park), as an activity. */
function morningHabit(p: Persona, places: TownPlaces): string | null {
  const outdoors = [places.square, places.park].filter((n): n is string => n !== null);
  if (outdoors.length === 0) return null;
  const m = new RegExp(`\\b(walks|jogs|runs)\\b([^,.;]*?)\\b(${outdoors.map(escapeRegExp).join('|')})\\b`).exec(p.spec.lifestyle);
  if (!m) return null;
  const verb = { walks: 'taking a walk', jogs: 'jogging', runs: 'going for a run' }[m[1] as 'walks' | 'jogs' | 'runs'];
  const where = /\bpond\b/.test(m[2] ?? '') ? ` around the pond in ${m[3]}` : ` in ${m[3]}`;
  return `${verb}${where}`;
}

/** Pastimes read from what the persona file says about the persona (music, painting, writing, books, baking …), at home or at the town's places. */
function pastimes({ park, bookshop }: TownPlaces): [RegExp, string[]][] {
  return [
    [/\b(guitar|piano)\b/i, ['playing guitar at home', 'writing a song at home']],
    [/\b(sings?|singing)\b/i, ['singing along to records at home']],
    [/\b(paint\w*|sketch\w*|canvas|draws)\b/i, [...atPlace(park, (x) => `sketching in ${x}`), 'painting at home']],
    [/\b(poems?|poetry|lamplight)\b/i, ['writing poems at home']],
    [/\b(books?|librar\w+|archive|old documents)\b/i, ['reading a book at home', ...atPlace(bookshop, (x) => `browsing books at ${x}`)]],
    [/\b(bak(?:e|er|es|ing)|dough|recipes?)\b/i, ['trying out a new recipe at home']],
    [/\b(garden\w*)\b/i, atPlace(park, (x) => `looking in on the flower beds in ${x}`)],
    [/\b(carpenter|furniture)\b/i, ['fixing up an old chair at home']],
    [/\b(reporter|journalism)\b/i, ['writing up notes at home']],
    [/\b(soil|trees|climate)\b/i, atPlace(park, (x) => `watching the birds in ${x}`)],
  ];
}

/**
 * Its pastimes, from the sentences of its file about itself: "He is married to Yumi, a painter …"
 * names someone else, so it says nothing of Kenji's own pastimes.
 */
function pastimesOf(p: Persona, town: Townsfolk): string[] {
  // Distinct first names: a town of districts repeats each one per district.
  const others = [...namesByFirst(town.names)].filter(([, full]) => full.some((n) => n !== p.name)).map(([first]) => first);
  const own = sentences(`${p.spec.learned} ${p.spec.lifestyle}`)
    .filter((s) => !others.some((o) => wordPattern(o).test(s)))
    .join(' ');
  return pastimes(town.places).filter(([re]) => re.test(own)).flatMap(([, acts]) => acts);
}

/**
 * Someone the persona knows who lives elsewhere and is at home then, to visit: "visiting Tom at
 * Hartwell House". `at`: whether that friend can be visited (at home and awake at the hour).
 */
function friendVisit(p: Persona, rng: Rng, town: Townsfolk, plan: string[], at: (id: string) => boolean): string | null {
  // Two visits a day at most, and nobody twice.
  if (plan.filter((a) => /^(visiting|seeing|playing chess with) /.test(a)).length >= 2) return null;
  const friends = p.spec.relationships
    .map((r) => ({ id: r.id, home: town.households.get(r.id), name: town.names.get(r.id) }))
    .filter((f): f is { id: string; home: string; name: string } => !!f.home && !!f.name && f.home !== p.spec.household && at(f.id))
    .filter((f) => !plan.some((a) => a.includes(` ${f.name.split(' ')[0]} at `)));
  if (friends.length === 0) return null;
  const f = rng.pick(friends);
  return `visiting ${f.name.split(' ')[0]} at ${f.home}`;
}

/** The home a note names first ("is coming to Becker House on Sunday afternoon"), if any. */
function homeNamed(note: string, homes: readonly string[]): string | null {
  const named = homes.map((name) => ({ name, at: note.indexOf(name) })).filter((h) => h.at >= 0);
  return named.sort((a, b) => a.at - b.at || b.name.length - a.name.length)[0]?.name ?? null;
}

const FULL_DAY = { Sun: 'Sunday', Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday' } as const;
const DAY_PARTS = { morning: [0, 12], afternoon: [12, 18], evening: [18, 24] } as const;

/**
 * A standing arrangement a relationship note names for this weekday ("we have played chess on
 * Saturday afternoons for twenty years", "is coming to Becker House on Sunday afternoon").
 */
function standing(p: Persona, dayMs: number, town: Townsfolk): { activity: string; from: number; to: number }[] {
  const day = FULL_DAY[weekdayOf(dayMs)];
  const out: { activity: string; from: number; to: number }[] = [];
  for (const r of p.spec.relationships) {
    const m = new RegExp(`\\b${day}s? (morning|afternoon|evening)s?\\b`).exec(r.note);
    const name = town.names.get(r.id);
    if (!m || !name) continue;
    const first = name.split(' ')[0] ?? name;
    const place = homeNamed(r.note, town.places.homes) ?? town.households.get(r.id) ?? p.spec.household;
    const [from, to] = DAY_PARTS[m[1] as keyof typeof DAY_PARTS];
    out.push({ activity: /\bchess\b/.test(r.note) ? `playing chess with ${first} at ${place}` : `seeing ${first} at ${place}`, from, to });
  }
  return out;
}

/**
 * What yesterday left the persona with, as things to do today: the residents its revised status has
 * in mind (revise_identity's plan note: "Today Sofia has in mind: …") are looked up, and an event it
 * goes to today gets its errand first (a present for a party, the shopping for one it hosts).
 */
function fromYesterday(p: Persona, dayMs: number, town: Townsfolk): { activity: string; before?: number; visit?: string }[] {
  const out: { activity: string; before?: number; visit?: string }[] = [];
  const inMind = /\bhas in mind: (.*)$/.exec(p.currently)?.[1] ?? '';
  // The first one it has in mind (one visit a day is plenty).
  const first = [...(inMind ? town.names : [])]
    .map(([id, name]) => ({ id, name, at: inMind.search(wordPattern(name.split(' ')[0] ?? '')) }))
    .filter((x) => x.id !== p.id && x.at >= 0 && town.households.get(x.id) !== p.spec.household)
    .sort((a, b) => a.at - b.at)[0];
  if (first) out.push({ activity: `visiting ${first.name.split(' ')[0]} at ${town.households.get(first.id)}`, visit: first.id });
  const day = Math.floor(dayMs / DAY);
  for (const c of p.commitments) {
    if (c.source === SEEKING || !/^the /.test(c.event)) continue;
    const festive = /party|celebration|dinner|wedding|birthday/i.test(c.event);
    const { grocery, bookshop } = town.places;
    if (c.host && festive && (c.day === day || c.day === day + 1)) {
      if (grocery) out.push({ activity: `shopping for ${c.event} at ${grocery}`, before: c.day === day ? Math.floor(c.start / 60) - 1 : 24 });
    } else if (!c.host && festive && c.day === day && bookshop) out.push({ activity: `buying a present for ${c.event} at ${bookshop}`, before: Math.floor(c.start / 60) });
  }
  return out;
}

/**
 * The offline brain's hourly schedule for one day. Sleep before waking and after bedtime; the
 * morning routine (and the lifestyle's habit before breakfast); work hours on work days, with lunch;
 * dinner at home. Then what makes this day this day: what yesterday left in mind (a visit, an
 * errand before an event), a standing weekly arrangement, the weekend's own errands (Saturday's
 * weekly shop and housework, Sunday's long breakfast and visits), pastimes from the persona file on
 * free hours, and the rest filled from the persona's haunts and friends, leaning on its temper (a
 * sociable one visits and goes out more, a quiet one stays in).
 */
export function hourlyPlan(p: Persona, dayMs: number, rng: Rng, town: Townsfolk): string[] {
  const { bed, dinner } = parseLifestyle(p.spec.lifestyle);
  const wake = wakeOn(p, dayMs);
  const work = workHours(p, dayMs);
  const job = p.spec.occupation;
  const { cafe, bakery, grocery, park, bookshop, supplies, square, college, bar } = town.places;
  const weekday = weekdayOf(dayMs);
  const haunts = new Set(p.spec.haunts);
  const plan: string[] = new Array<string>(24).fill('');
  for (let h = 0; h < 24; h++) if (h < wake || h >= bed) plan[h] = 'sleeping';
  plan[wake] = 'waking up and getting ready for the day at home';
  if (bed - 1 > wake) plan[bed - 1] = 'getting ready for bed at home';

  if (work && job) {
    const working = workActivity(job);
    for (let h = Math.max(work[0], wake + 1); h < Math.min(work[1], bed - 1); h++) plan[h] = working;
    const [s, e] = work;
    // Meals in a shift: lunch in a long day shift; a dinner hour inside the shift is a break at the
    // dinner hour, at work (the bar owner's "dinner at the end of the bar"); else, in a long shift,
    // a meal halfway through, named by the hour (src/llm/offline/meals.ts). An afternoon or evening
    // meal is at the workplace: the cafés are closed by then.
    const meals: number[] = [];
    const spansNoon = s <= 12 && e > 13;
    if (spansNoon && e - s >= 6) meals.push(12);
    if (dinner > s && dinner < e && dinner !== 12) meals.push(dinner);
    else if (!spansNoon && e - s >= 6) meals.push(s + Math.floor((e - s) / 2));
    for (const m of meals) {
      if (plan[m] !== working) continue;
      plan[m] = mealOut(m, m < 15 ? rng.pick([...atPlace(cafe, (x) => x), ...atPlace(bakery, (x) => x), job.workplace]) : job.workplace);
    }
  }
  // Dinner at home at the dinner hour, unless work has it eaten there. Something one is committed to
  // at that hour (an open-mic night at 7, a debate at 6) moves it: an early dinner just before, or a
  // late one right after, the way people fit a meal around an evening out.
  const events = committedOn(p, dayMs);
  const ateAtWork = isMealOut(plan[dinner] ?? '');
  if (!plan[dinner] && !takenAt(events, dinner)) plan[dinner] = 'cooking and eating dinner at home';
  else if (!ateAtWork) {
    const around = [dinner - 1, dinner + 1, dinner - 2, dinner + 2, dinner + 3].find((h) => h > wake && h < bed - 1 && !plan[h] && !takenAt(events, h));
    if (around !== undefined) plan[around] = around < dinner ? 'having an early dinner at home' : 'having a late dinner at home';
  }

  const free = (from: number, to: number) => {
    const hours: number[] = [];
    for (let h = Math.max(from, wake + 1); h < Math.min(to, bed - 1); h++) if (!plan[h]) hours.push(h);
    return hours;
  };
  /** Put an activity on a free hour between `from` and `to` (the first, or a random one). */
  const place = (activity: string, from: number, to: number, first = false, ok: (h: number) => boolean = () => true): boolean => {
    const hours = free(from, to).filter(ok);
    if (hours.length === 0 || plan.includes(activity)) return false;
    plan[first ? at(hours, 0, 'free hour') : rng.pick(hours)] = activity;
    return true;
  };

  const habit = morningHabit(p, town.places);
  if (habit) place(habit, wake + 1, wake + 2, true);
  for (const y of fromYesterday(p, dayMs, town)) {
    // A visit when the person is at home; an errand in the hours before the event.
    place(y.activity, y.before !== undefined ? Math.max(wake + 1, y.before - 4) : 9, y.before ?? 22, false, (h) => !y.visit || homeAt(town, y.visit, dayMs, h));
  }
  for (const s of standing(p, dayMs, town)) place(s.activity, s.from, s.to);
  if (!work || work[1] - work[0] <= 4) {
    if (weekday === 'Sat') {
      if (grocery) place(`doing the weekly shop at ${grocery}`, 8, 13);
      if (rng.chance(0.6)) place('doing the housework at home', 8, 18);
    } else if (weekday === 'Sun') {
      place('having a long breakfast at home', wake + 1, wake + 3, true);
      // A Sunday visit to a friend at home some hour of the afternoon, or a long walk.
      if (rng.chance(0.7)) {
        const hour = rng.pick(free(13, 18).length > 0 ? free(13, 18) : [13]);
        place(friendVisit(p, rng, town, plan, (id) => homeAt(town, id, dayMs, hour)) ?? (park ? `taking a long walk in ${park}` : 'reading the weekend paper at home'), hour, hour + 1);
      }
      if (rng.chance(0.5)) place('reading the weekend paper at home', 9, 13);
    } else {
      place(rng.pick([...atPlace(supplies, (x) => `running errands at ${x}`), ...atPlace(grocery, (x) => `buying groceries at ${x}`), 'catching up on chores at home']), 9, 17);
    }
  }
  // A pastime or two on a free day, now and then after work.
  const pastimes = pastimesOf(p, town);
  const spare = free(0, 24).length;
  for (let i = 0; i < (work ? (rng.chance(0.4) ? 1 : 0) : 2) && pastimes.length > 0 && spare > 2; i++) place(rng.pick(pastimes), 9, 22);

  const tone = toneOf(p);
  const social = tone === 'warm' ? 0.4 : tone === 'quiet' ? 0.12 : 0.25;
  const coffee = atPlace(cafe, (x) => `taking a coffee break at ${x}`);
  const walk = atPlace(park, (x) => `taking a walk in ${x}`);
  const groceries = atPlace(grocery, (x) => `buying groceries at ${x}`);
  const drink = atPlace(bar, (x) => `having a drink at ${x}`);
  const morning = [...coffee, ...walk, ...groceries, 'relaxing in the living room at home'];
  const afternoon = [
    ...coffee,
    ...walk,
    ...atPlace(bookshop, (x) => `browsing books at ${x}`),
    ...atPlace(supplies, (x) => `picking up supplies at ${x}`),
    ...atPlace(square, (x) => `sitting in ${x}`),
    ...atPlace(college, (x) => `reading in the library at ${x}`),
    ...groceries,
  ];
  const evening = tone === 'quiet' ? ['relaxing in the living room at home', 'relaxing in the living room at home', ...drink] : ['relaxing in the living room at home', ...drink, ...drink];
  const favour = (list: string[]) => {
    // Haunts are twice as likely: people go where they like to go; an errand already done today is not done again.
    const weighted = list.filter((a) => a.startsWith('relaxing') || !plan.includes(a)).flatMap((a) => ([...haunts].some((h) => a.includes(h)) ? [a, a] : [a]));
    return rng.pick(weighted.length > 0 ? weighted : list);
  };
  for (let h = 0; h < 24; h++) {
    if (plan[h]) continue;
    let activity: string;
    if (h < 12) activity = favour(morning);
    else if (h < 18) activity = rng.chance(social) ? (friendVisit(p, rng, town, plan, (id) => homeAt(town, id, dayMs, h)) ?? favour(afternoon)) : favour(afternoon);
    else activity = rng.chance(social * 0.8) ? (friendVisit(p, rng, town, plan, (id) => homeAt(town, id, dayMs, h)) ?? favour(evening)) : favour(evening);
    plan[h] = activity;
  }
  // Smallville's diversity rule asks for ≥ 5 distinct activities; a quiet day gets an errand.
  if (new Set(plan).size < 5) {
    const idle = plan.findIndex((a, h) => h > wake && h < bed - 1 && a.startsWith('relaxing'));
    const errand = groceries[0] ?? coffee[0];
    if (idle >= 0 && errand) plan[idle] = errand;
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

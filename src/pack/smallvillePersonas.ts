import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import type { SectorKind } from '../sim/world/sectorKinds';
import { PLACE_KINDS } from '../sim/placeKinds';
import { sentences } from '../sim/sentences';

/**
 * A Smallville resident (bootstrap_memory/scratch.json and its whispers) as a Hamlet persona file:
 * identity as it is; home from living_area; workplace, hours and haunts read from daily_plan_req,
 * currently and the whispers against the map's own sector names. The reading is plain rules; what
 * it could not find is left out (no occupation, no haunts), never invented from another town.
 */

export interface SmallvilleScratch {
  name: string;
  first_name: string;
  last_name: string;
  age: number;
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
  living_area: string;
  daily_plan_req: string | null;
  vision_r?: number;
  att_bandwidth?: number;
  retention?: number;
  recency_decay?: number;
  importance_trigger_max?: number;
}

const STOP = new Set(['the', 'and', 'for', 'of', 'a', 'an', "'s"]);
/** Words of a text for matching names: lower case, possessives and plural "s" off ("Willows" = "Willow"). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9é]+/)
    .filter((w) => w && !STOP.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** Sectors of the map a text names (all the words of the name, in the text), in the order they first appear. */
function sectorsNamed(text: string, world: WorldModel): string[] {
  const ws = words(text);
  const found: { name: string; at: number }[] = [];
  for (const s of world.sectors) {
    const key = words(s.name);
    if (!key.length) continue;
    const positions = key.map((k) => ws.indexOf(k));
    if (positions.every((p) => p >= 0)) found.push({ name: s.name, at: Math.min(...positions) });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

/** Times of day a text names ("8am", "5 pm", "10:30am", "noon", "midnight"), as minutes, with the word before each. */
function timesIn(text: string): { min: number; before: string }[] {
  const out: { min: number; before: string }[] = [];
  const re = /(\b\w+\s+)?(?:(\d{1,2})(?::(\d\d))?\s*(am|pm)\b|\b(noon|midnight)\b)/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = (m[1] ?? '').trim().toLowerCase();
    if (m[5]) out.push({ min: m[5].toLowerCase() === 'noon' ? 720 : 1440, before });
    else out.push({ min: ((Number(m[2]) % 12) + ((m[4] ?? '').toLowerCase() === 'pm' ? 12 : 0)) * 60 + Number(m[3] ?? 0), before });
  }
  return out;
}

const hhmm = (min: number) => `${String(Math.floor(Math.min(min, 23 * 60 + 59) / 60)).padStart(2, '0')}:${String(Math.min(min, 23 * 60 + 59) % 60).padStart(2, '0')}`;
const ALL_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const WORK_CUE = /\b(opens?|open(ing)? the|works?|working at|stands? (behind|at)|teach\w*|manag\w+|shop ?keep\w*|runs|running a|owns?)\b/i;
const STUDY_CUE = /\b(class(es)?|stud(y|ies|ying|ent)|degree|exams?|thesis|library|lectures?)\b/i;
/** Words for a kind of place, for a plan that says "the pub" where the map says "The Rose and Crown Pub". */
const KIND_WORDS: [RegExp, SectorKind][] = [
  [/\b(cafe|café|coffee shop)\b/i, 'cafe'],
  [/\b(pub|bar|tavern)\b/i, 'bar'],
  [/\b(bakery)\b/i, 'bakery'],
  [/\b(market|grocery|pharmacy)\b/i, 'grocery'],
  [/\b(store|shop)\b/i, 'shop'],
  [/\b(college|university|school)\b/i, 'college'],
  [/\b(clinic|surgery)\b/i, 'clinic'],
];
const DAY_INDEX = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** The days a plan names: "every day", "weekends", "Monday to Saturday"; else the working week. */
function daysIn(plan: string): (typeof ALL_DAYS)[number][] {
  if (/\b(every ?day|daily|each day|seven days)\b/i.test(plan)) return [...ALL_DAYS];
  if (/\bweekends?\b/i.test(plan) && !/\bweekdays?\b/i.test(plan)) return ['Sat', 'Sun'];
  const range = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s*(?:to|-|–|through|till|until)\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*/i.exec(plan);
  if (range) {
    const from = DAY_INDEX.indexOf((range[1] ?? '').toLowerCase());
    const to = DAY_INDEX.indexOf((range[2] ?? '').toLowerCase());
    const out: (typeof ALL_DAYS)[number][] = [];
    for (let i = from; out.length < 7; i = (i + 1) % 7) {
      out.push(ALL_DAYS[i] ?? 'Mon');
      if (i === to) break;
    }
    return out;
  }
  return [...WEEKDAYS];
}

/** The arena of a sector a text names, else the one with the most objects (where the work is). */
function arenaFor(sector: string, text: string, world: WorldModel): string | null {
  const arenas = world.arenas.filter((a) => a.sector === sector);
  const ws = new Set(words(text));
  const named = arenas.find((a) => words(a.name).every((w) => ws.has(w)));
  if (named) return named.name;
  const objects = (a: string) => world.objects.filter((o) => o.sector === sector && o.arena === a).length;
  return arenas.slice().sort((a, b) => objects(b.name) - objects(a.name))[0]?.name ?? null;
}

/** Workplace, hours and days read from the plan and status; null when they name no place of work or study. */
function occupationOf(s: SmallvilleScratch, home: string, world: WorldModel): PersonaSpec['occupation'] {
  const plan = s.daily_plan_req ?? '';
  const text = `${plan} ${s.currently}`;
  const kindOf = (name: string) => world.sectors.find((x) => x.name === name)?.kind;
  const named = sectorsNamed(text, world).filter((n) => kindOf(n) !== 'home');
  // "the pub", "the café": the one place of that kind, when the map has one.
  if (!named.length) {
    for (const [re, kind] of KIND_WORDS) {
      const of = world.sectors.filter((x) => x.kind === kind);
      const only = of[0];
      if (only && of.length === 1 && re.test(plan)) named.push(only.name);
    }
  }
  const teaches = /\bteach/i.test(text);
  // Work is read from one's own plan, or a status that says one runs a place ("… is managing Harvey Oak Supply Store"); a status about someone else's job is not one's own.
  const works = WORK_CUE.test(plan) || /\b(?:is|are) (?:managing|running|working at|shop ?keeping at|owning)\b/i.test(sentences(s.currently)[0] ?? '');
  const studies = STUDY_CUE.test(text);
  const college = named.find((n) => kindOf(n) === 'college');
  // A college whose name the home's name holds ("Dorm for Oak Hill College"): its residents study there.
  const homeWords = words(home).join(' ');
  const dormOf = world.sectors.find((x) => x.kind === 'college' && homeWords.includes(words(x.name).join(' ')));
  let workplace: string | undefined;
  let title: string | undefined;
  if (college && teaches) [workplace, title] = [college, 'teacher'];
  else if (college && studies && !(works && named[0] !== college)) [workplace, title] = [college, 'student'];
  else if (works && named[0]) workplace = named[0];
  else if (dormOf && studies) [workplace, title] = [dormOf.name, 'student'];
  if (!workplace) return null;
  const arena = arenaFor(workplace, plan, world);
  if (!arena) return null;
  const times = timesIn(plan);
  const student = title === 'student';
  let start = times[0]?.min ?? 9 * 60;
  const endAt = times.find((t, i) => i > 0 && /^(until|till|to|at)$/.test(t.before)) ?? times[1];
  let end = endAt?.min ?? start + (student ? 5 * 60 : 8 * 60);
  if (start >= 1440) start = 9 * 60;
  if (end <= start) end = Math.min(start + 8 * 60, 23 * 60);
  const kind = kindOf(workplace);
  const owns = /\b(opens?|runs|owns?|manag\w+)\b/i.test(text);
  return { title: title ?? (kind && PLACE_KINDS[kind].work?.[owns ? 'owner' : 'staff']) ?? 'worker', workplace, arena, days: daysIn(plan), start: hhmm(start), end: hhmm(end) };
}

const PLURAL = new Set(['housemate', 'neighbour', 'colleague', 'classmate', 'friend']);
const KINDS: [RegExp, string][] = [
  [/\bhousemates?\b/i, 'housemate'],
  [/\b(wife|husband|spouse|married)\b/i, 'spouse'],
  [/\bson\b/i, 'son'],
  [/\bdaughter\b/i, 'daughter'],
  [/\b(mother|father|parents?|mom|dad)\b/i, 'parent'],
  [/\bcrush\b/i, 'crush'],
  [/\bneighbou?rs?\b/i, 'neighbour'],
  [/\b(colleagues?|co-?workers?)\b/i, 'colleague'],
  [/\bclassmates?\b/i, 'classmate'],
  [/\b(professor|teacher|mentor)\b/i, 'teacher'],
  [/\bfriends?\b/i, 'friend'],
];

/** Relationships read from a resident's whispers: each other resident a whisper names (full or first name), with the kind it says. */
function relationshipsOf(self: string, whispers: string[], residents: { id: string; name: string }[]): PersonaSpec['relationships'] {
  const out = new Map<string, { id: string; kind: string; note: string }>();
  const firstCount = new Map<string, number>();
  for (const r of residents) {
    const f = r.name.split(' ')[0] ?? r.name;
    firstCount.set(f, (firstCount.get(f) ?? 0) + 1);
  }
  const names = (w: string, r: { name: string }) => {
    const first = r.name.split(' ')[0] ?? r.name;
    return w.includes(r.name) || (firstCount.get(first) === 1 && new RegExp(`\\b${first}\\b`).test(w));
  };
  for (const w of whispers) {
    const named = residents.filter((r) => r.name !== self && names(w, r));
    for (const r of named) {
      const prev = out.get(r.id);
      // A whisper naming several people says one kind of them all only in the plural ("… are your neighbours").
      const kinds = named.length > 1 ? KINDS.filter(([, k]) => PLURAL.has(k)) : KINDS;
      const kind = kinds.find(([re]) => re.test(w))?.[1] ?? 'acquaintance';
      if (!prev) out.set(r.id, { id: r.id, kind, note: w });
      else if (prev.kind === 'acquaintance' && kind !== 'acquaintance') prev.kind = kind;
    }
  }
  return [...out.values()];
}

export const personaId = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

/** The persona file of a Smallville resident; `look` is one of Hamlet's character sprites. */
export function smallvillePersona(s: SmallvilleScratch, whispers: string[], world: WorldModel, residents: { id: string; name: string }[], look: string): PersonaSpec {
  const parts = s.living_area.split(':').map((p) => p.trim());
  // "the Ville:Isabella Rodriguez's apartment:main room" → "Isabella Rodriguez's apartment:main room".
  const [sector = '', arena = ''] = parts.length >= 3 ? parts.slice(1) : parts;
  const occupation = occupationOf(s, sector, world);
  const home = sector;
  const named = sectorsNamed([s.daily_plan_req ?? '', s.currently, s.lifestyle, ...whispers].join(' '), world).filter((n) => n !== home && n !== occupation?.workplace && world.sectors.find((x) => x.name === n)?.kind !== 'home');
  const scratch: PersonaSpec['scratch'] = {};
  if (Number.isInteger(s.vision_r) && (s.vision_r ?? 0) > 0) scratch.visionRadius = s.vision_r;
  if (Number.isInteger(s.att_bandwidth) && (s.att_bandwidth ?? 0) > 0) scratch.attentionBandwidth = s.att_bandwidth;
  if (Number.isInteger(s.retention) && (s.retention ?? 0) > 0) scratch.retention = s.retention;
  if (typeof s.recency_decay === 'number' && s.recency_decay > 0 && s.recency_decay <= 1) scratch.recencyDecay = s.recency_decay;
  if (typeof s.importance_trigger_max === 'number' && s.importance_trigger_max > 0) scratch.importanceTrigger = s.importance_trigger_max;
  return {
    id: personaId(s.name),
    name: s.name,
    firstName: s.first_name,
    lastName: s.last_name,
    age: s.age,
    innate: s.innate,
    learned: s.learned,
    currently: s.currently,
    lifestyle: s.lifestyle,
    livingArea: `${sector}:${arena}`,
    dailyPlanReq: s.daily_plan_req?.trim() || s.currently,
    household: home,
    occupation,
    relationships: relationshipsOf(s.name, whispers, residents),
    haunts: [...new Set(named)].slice(0, 3),
    sprite: look,
    scratch,
  };
}

import * as chrono from 'chrono-node';
import { DAY, dayStart, minuteOfDay } from '../../../sim/clock';
import { findSector } from '../../../sim/cognition/commitments';
import type { SectorKind } from '../../../sim/world/sectorKinds';
import { PLACE_KINDS } from '../../../sim/placeKinds';

/**
 * The things a line names, read against the town itself: its residents (full name, first name,
 * "Mr Brooks", a short form such as "Dan", "your husband"), its places (a sector's name, or what it
 * is: "the café", "the pub" by the map's sector kinds, "your place"), and a time and day (chrono-node,
 * relative to the game clock). Nothing here knows Hamlet's own names.
 */

export interface Resident {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  /** What they do ("mayor", "baker"), so "the mayor" names them. */
  title?: string;
}

/** What the slot reader needs to know of the town and of the one being spoken to. */
export interface TownWords {
  residents: readonly Resident[];
  sectors: readonly { name: string; kind: SectorKind | null }[];
  /** The one spoken to: its id, its relations (kind → resident id), its home and workplace. */
  self: { id: string; relations: readonly { id: string; kind: string }[]; home: string; work: string | null };
  /** The speaker (never "somebody" in their own line). */
  speakerId: string;
}

export interface When {
  /** Day index (days since the epoch, as commitments count them). */
  day: number;
  /** Minute of the day, or null when only a part of the day was said ("tonight"). */
  start: number | null;
  /** The stretch of the day the words cover (the whole day when only a day was said). */
  from: number;
  to: number;
  /** Whether a day was named ("tomorrow", "on Saturday"), not only a time. */
  dayNamed: boolean;
}

export interface Slots {
  person: Resident | null;
  /** The relation word that named the person, or that was asked about ("husband"). */
  relation: string | null;
  place: string | null;
  when: When | null;
  /** The line with names, places and times replaced by placeholders, for the classifier. */
  masked: string;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’]/g, "'");

/** Words for a relation as people say them, and the relation kinds (in persona files) they mean. */
const RELATION_WORDS: [RegExp, RegExp][] = [
  [/\b(husband|wife|spouse|partner|hubby|missus|other half)\b/, /husband|wife|spouse|partner/i],
  [/\b(son|daughter|kids?|child|children|boy|girl)\b/, /son|daughter|child/i],
  [/\b(mum|mom|mother|dad|father|parents?)\b/, /mother|father|parent/i],
  [/\b(brother|sister|siblings?)\b/, /brother|sister|sibling/i],
  [/\b(boss|employer|manager)\b/, /boss|employer|manager/i],
  [/\b(colleagues?|co-?workers?|workmates?)\b/, /colleague|co-?worker|employee|boss|employer/i],
  [/\b(neighbou?rs?)\b/, /neighbou?r/i],
  [/\b(best friend|friend)\b/, /friend/i],
  [/\b(rival|opponent)\b/, /rival/i],
  [/\b(granddaughter|grandson|grandchild|grandkids?)\b/, /grand(daughter|son|child)/i],
  [/\b(niece|nephew|aunt|uncle|cousin)\b/, /niece|nephew|aunt|uncle|cousin/i],
];

/** The resident a line names, if any, and the relation word that named them. */
function readPerson(line: string, town: TownWords): { person: Resident | null; relation: string | null; spans: string[] } {
  const t = fold(line);
  const others = town.residents.filter((r) => r.id !== town.self.id && r.id !== town.speakerId);
  const known = new Set(town.self.relations.map((r) => r.id));
  const byKnown = (a: Resident, b: Resident) => Number(known.has(b.id)) - Number(known.has(a.id));
  const has = (word: string) => new RegExp(`\\b${esc(fold(word))}\\b`).test(t);
  const full = others.filter((r) => has(r.name));
  if (full[0]) return { person: full[0], relation: null, spans: [full[0].name] };
  const titled = others.filter((r) => new RegExp(`\\b(mr|mrs|ms|miss|dr|doctor|mister)\\.? ${esc(fold(r.lastName))}\\b`).test(t)).sort(byKnown);
  if (titled[0]) return { person: titled[0], relation: null, spans: [] };
  const first = others.filter((r) => has(r.firstName)).sort(byKnown);
  if (first[0]) return { person: first[0], relation: null, spans: [first[0].firstName] };
  // "the mayor", "the baker": the one resident with that job.
  const titled2 = others.filter((r) => r.title && new RegExp(`\\b(?:the|our|your) ${esc(fold(r.title))}\\b`).test(t));
  if (titled2.length === 1 && titled2[0]) return { person: titled2[0], relation: null, spans: [] };
  // A short form written as a name ("Dan" for Daniel): a capitalised word that begins one first name only.
  for (const m of line.matchAll(/\b([A-Z][a-z]{2,})\b/g)) {
    const word = fold(m[1] ?? '');
    const fits = others.filter((r) => fold(r.firstName).startsWith(word) && fold(r.firstName) !== word);
    if (fits.length === 1 && fits[0]) return { person: fits[0], relation: null, spans: [m[1] ?? ''] };
  }
  // "your husband", "your boss": the persona's relation of that kind.
  const yours = /\b(?:your|ur|ya) ((?:best |other |little |older |younger )?[a-z-]+(?: [a-z]+)?)/.exec(t);
  if (yours) {
    // A relation named as the persona file names it ("your dorm-mate", "your landlord").
    const asWritten = town.self.relations.find((r) => new RegExp(`^${esc(fold(r.kind))}s?\\b`).test(yours[1] ?? '') || new RegExp(`\\b${esc(fold(r.kind))}\\b`).test(yours[1] ?? ''));
    const named = asWritten ? town.residents.find((r) => r.id === asWritten.id) : undefined;
    if (asWritten && named) return { person: named, relation: asWritten.kind, spans: [] };
    for (const [words, kinds] of RELATION_WORDS) {
      const said = words.exec(yours[1] ?? '')?.[1];
      if (!said) continue;
      const rel = town.self.relations.find((r) => kinds.test(r.kind) && (said !== 'friend' || !/best/.test(yours[1] ?? '') || /best/i.test(r.kind)));
      const who = rel ? town.residents.find((r) => r.id === rel.id) : undefined;
      return { person: who ?? null, relation: said, spans: [] };
    }
  }
  return { person: null, relation: null, spans: [] };
}

/** The sector a line names, including the persona's own home and workplace when called "your place", "your shop". */
function readPlace(line: string, town: TownWords): string | null {
  const t = fold(line);
  if (/\byour (place|house|home|flat|cottage)\b/.test(t)) return town.self.home;
  if (town.self.work && /\byour (work|workplace|shop|cafe|café|bakery|pub|bar|office|store|clinic|pharmacy)\b/.test(t)) return town.self.work;
  return findSector(line, { sectors: town.sectors });
}

const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Times as chrono reads them: "five" → "5", "half past six" → "6:30", "around 8" → "at 8", "8ish" → "8". */
function forChrono(text: string): string {
  let t = text.toLowerCase().replace(/[’]/g, "'");
  const n = NUMBERS.join('|');
  const num = (w: string) => (NUMBERS.includes(w) ? String(NUMBERS.indexOf(w)) : w);
  t = t.replace(new RegExp(`\\bhalf past (${n}|\\d{1,2})\\b`, 'g'), (_m, h: string) => `${num(h)}:30`);
  t = t.replace(new RegExp(`\\bquarter past (${n}|\\d{1,2})\\b`, 'g'), (_m, h: string) => `${num(h)}:15`);
  t = t.replace(new RegExp(`\\bquarter to (${n}|\\d{1,2})\\b`, 'g'), (_m, h: string) => `${(Number(num(h)) + 11) % 12 || 12}:45`);
  t = t.replace(new RegExp(`\\b(at|around|about|by|from|till|until|after|before|for) (${n})\\b`, 'g'), (_m, w: string, h: string) => `${w} ${num(h)}`);
  t = t.replace(new RegExp(`\\b(${n}) (o'?clock|pm|am|p\\.m\\.|a\\.m\\.)`, 'g'), (_m, h: string, s: string) => `${num(h)} ${s}`);
  t = t.replace(/\b(\d{1,2}(?::\d\d)?)\s*-?ish\b/g, '$1');
  t = t.replace(/\b(?:around|about|round|roughly|say) (\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?)\b/g, 'at $1');
  t = t.replace(/\b(tmrw|tmr|tomoz|2moro|tomorow|tommorow|tommorrow)\b/g, 'tomorrow');
  return t;
}

const PARTS: [RegExp, number, number, number][] = [
  [/\bmorning\b/, 6 * 60, 12 * 60, 10 * 60],
  [/\b(afternoon|lunchtime|lunch time)\b/, 12 * 60, 18 * 60, 15 * 60],
  [/\b(evening|tonight|after work)\b/, 18 * 60, 24 * 60, 19 * 60],
];

/** The time a line names, relative to the game clock (UTC ms). */
function readWhen(line: string, now: number): When | null {
  const text = forChrono(line);
  // "Right now" is the present, not a time to plan for.
  const results = chrono.parse(text, { instant: new Date(now), timezone: 0 }, { forwardDate: true }).filter((r) => !/\bnow\b/.test(r.text));
  const today = Math.floor(dayStart(now) / DAY);
  const part = PARTS.find(([re]) => re.test(text));
  const weekend = /\b(this )?weekend\b/.test(text);
  if (results.length === 0 && !part && !weekend) return null;
  let day = today;
  let dayNamed = false;
  let start: number | null = null;
  let meridiem = false;
  for (const r of results) {
    const c = r.start;
    if (c.isCertain('day') || c.isCertain('weekday')) {
      day = Math.floor(Date.UTC(c.get('year') ?? 1970, (c.get('month') ?? 1) - 1, c.get('day') ?? 1) / DAY);
      dayNamed = true;
    } else if (/\btomorrow\b/.test(r.text)) {
      day = today + 1;
      dayNamed = true;
    }
    if (c.isCertain('hour') && start === null) {
      start = (c.get('hour') ?? 0) * 60 + (c.get('minute') ?? 0);
      meridiem = c.isCertain('meridiem');
    }
  }
  if (weekend && !dayNamed) {
    day = today + ((6 - new Date(now).getUTCDay() + 7) % 7);
    dayNamed = true;
  }
  if (start !== null && !meridiem && start < 12 * 60) {
    // "at 6", "tonight around 8": people meet in the afternoon and evening, not before dawn.
    if (start < 8 * 60 || (part && part[3] >= 18 * 60)) start += 12 * 60;
  }
  if (start !== null && !dayNamed && day === today && start <= minuteOfDay(now) && !(part && part[3] >= 18 * 60 && start >= minuteOfDay(now))) day = today + 1;
  if (start !== null) return { day, start, from: start, to: start + 1, dayNamed };
  if (part) return { day, start: null, from: part[1], to: part[2], dayNamed };
  if (!dayNamed) return null;
  return { day, start: null, from: 0, to: 24 * 60, dayNamed };
}

/** The minute a part of the day is usually met at ("tonight" → 7 pm), when an invitation names no hour. */
export function usualStart(when: When): number {
  if (when.start !== null) return when.start;
  return PARTS.find(([, from]) => from === when.from)?.[3] ?? 18 * 60;
}

/** Chat spellings in full ("r u" → "are you", "whats" → "what is"), so the classifier meets words it knows. */
const CHAT_SPEAK: [RegExp, string][] = [
  [/\br\b/g, 'are'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bya\b/g, 'you'],
  [/\bwanna\b/g, 'want to'],
  [/\bgonna\b/g, 'going to'],
  [/\bgotta\b/g, 'got to'],
  [/\bwhats\b/g, 'what is'],
  [/\bhows\b/g, 'how is'],
  [/\bwheres\b/g, 'where is'],
  [/\bwhos\b/g, 'who is'],
  [/\bwhat's\b/g, 'what is'],
  [/\bhow's\b/g, 'how is'],
  [/\bwhere's\b/g, 'where is'],
  [/\bwho's\b/g, 'who is'],
  [/\bim\b/g, 'i am'],
  [/\b(?:pls|plz)\b/g, 'please'],
  [/\b(?:thx|ty)\b/g, 'thanks'],
];

function chatSpeak(text: string): string {
  return CHAT_SPEAK.reduce((t, [re, full]) => t.replace(re, full), text);
}

/** Read a line's names, place and time, and mask them for the classifier. */
export function readSlots(line: string, town: TownWords, now: number): Slots {
  const { person, relation, spans } = readPerson(line, town);
  const place = readPlace(line, town);
  const when = readWhen(line, now);
  let masked = fold(line);
  for (const s of spans) masked = masked.replace(new RegExp(`\\b${esc(fold(s))}\\b`, 'g'), 'somebody');
  if (person) masked = masked.replace(new RegExp(`\\b(mr|mrs|ms|miss|dr|doctor|mister)\\.? ${esc(fold(person.lastName))}\\b`, 'g'), 'somebody');
  if (person?.title) masked = masked.replace(new RegExp(`\\b(?:the|our|your) ${esc(fold(person.title))}\\b`, 'g'), 'somebody');
  if (place) masked = masked.replace(new RegExp(`\\b${esc(fold(place))}\\b`, 'g'), 'someplace');
  // A place named by what it is ("the café", "your shop") is masked too: the classifier learns "at someplace", not each kind.
  if (place && !masked.includes('someplace')) {
    const kind = town.sectors.find((s) => s.name === place)?.kind;
    const nouns = [...(kind ? PLACE_KINDS[kind].words : []), ...fold(place).split(/\s+/).filter((w) => w.length > 3), 'place', 'house', 'home', 'flat', 'cottage', 'work', 'workplace', 'shop', 'office'].map(fold);
    const said = new RegExp(`\\b(?:the|my|our|your|ur) (?:${nouns.map(esc).join('|')})\\b`);
    masked = masked.replace(said, 'someplace');
  }
  if (when) {
    const t = forChrono(masked);
    const parsed = chrono.parse(t, { instant: new Date(now), timezone: 0 });
    masked = t;
    for (const r of parsed) if (!/\bnow\b/.test(r.text)) masked = masked.replace(r.text, 'sometime');
  }
  masked = chatSpeak(masked.replace(/[?!.,;:]+/g, ' ').replace(/\s+/g, ' ').trim());
  return { person, relation, place, when, masked };
}

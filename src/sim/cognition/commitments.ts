import { wordPattern } from '../wordPattern';
import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { DAY, dayStart, formatAmPm, minuteOfDay } from '../clock';
import { insertIntoSchedule } from '../persona/schedule';
import type { Commitment } from '../persona/commitment';
import type { SectorKind } from '../world/sectorKinds';
import { at } from '../checked';
import { PLACE_KINDS } from '../placeKinds';
import { mapAddressOf, placeAddress, randomIn } from '../world/actionAddress';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const EVENT = /\b((?:[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*\s+)?(?:[\w'’-]+\s+)?(party|celebration|open[- ]mic(?: night)?|exhibition(?: opening)?|planting day|farmers'? market|meeting|debate|dinner|concert|reading|gathering|picnic|rally|game night|drinks|coffee|lunch|breakfast|get-together))\b/;
export const TIME = /\b(\d{1,2})(?::(\d\d))?\s*([ap])\.?\s?m\b/i;
/** An activity planned with an intent word: "I will go fishing", "wants to go sketching" → "fishing". */
const ACTIVITY = /\b(?:to|will|'ll)\s+(?:go\s+)?(?!(?:going|bring|thing|evening|morning|nothing|something|during)\b)([a-z]{3,}ing)\b/i;
const INTENT = /\b(I will|I'll|I am going to|I'm going to|I want to|I plan to|I'd love to|I would love to|I promised to|wants to|is going to|plans to|will)\b/i;
const HOSTING = /\b(throw|throwing|host|hosting|hold|holding|organi[sz]e|organi[sz]ing)\b/i;

/** The day index a date phrase in the text points at (today if none), looking forward from now. */
function dayOf(text: string, now: number): number {
  const today = Math.floor(dayStart(now) / DAY);
  const t = text.toLowerCase();
  if (/\btomorrow\b/.test(t)) return today + 1;
  const md = new RegExp(`\\b(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(t);
  if (md) {
    const month = MONTHS.findIndex((m) => m.startsWith(at(md, 1, 'month').slice(0, 3)));
    const year = new Date(now).getUTCFullYear();
    let ms = Date.UTC(year, month, Number(md[2]));
    if (ms < dayStart(now)) ms = Date.UTC(year + 1, month, Number(md[2]));
    return Math.floor(ms / DAY);
  }
  const wd = new RegExp(`\\b(${WEEKDAYS.join('|')})\\b`).exec(t);
  if (wd) {
    const want = WEEKDAYS.indexOf(at(wd, 1, 'weekday'));
    const have = new Date(now).getUTCDay();
    return today + ((want - have + 7) % 7);
  }
  return today;
}

/**
 * The places and people a sentence may name: the map's sectors (with their kinds) and rooms, for
 * "home" and "work" the persona's own, and the other residents (by full and first name).
 */
interface Places {
  sectors: readonly { name: string; kind: SectorKind | null }[];
  arenas?: readonly { name: string; sector: string }[];
  home?: string;
  work?: string;
  people?: readonly { name: string; firstName: string }[];
}

export function placesFor(sim: SimContext, p: Persona): Places {
  const people = sim.personas.filter((o) => o !== p).map((o) => ({ name: o.name, firstName: o.firstName }));
  return { sectors: sim.world.sectors, arenas: sim.world.arenas, home: p.spec.household, work: p.spec.occupation?.workplace, people };
}

/** Source of a commitment to go and find someone a plan names, to tell them about it. */
export const SEEKING = 'seeking';

const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');

type SectorLike = Places['sectors'][number];
const folds = new WeakMap<Places['sectors'], { sector: SectorLike; folded: string }[]>();

/** The sectors longest name first, with their folded names: made once per list (a map's), not per sentence. */
function foldedSectors(sectors: Places['sectors']): { sector: SectorLike; folded: string }[] {
  let list = folds.get(sectors);
  if (list?.length !== sectors.length) folds.set(sectors, (list = [...sectors].sort((a, b) => b.name.length - a.name.length).map((sector) => ({ sector, folded: fold(sector.name) }))));
  return list;
}

const nounIndexes = new WeakMap<Places['sectors'], { size: number; byNoun: Map<string, SectorLike[]> }>();

/**
 * The sectors a common noun fits (a word for their kind, or a word of their name), in list order:
 * made once per list (a map's), so a sentence looks a noun up instead of reading every sector of the town.
 */
function sectorsByNoun(sectors: Places['sectors']): Map<string, SectorLike[]> {
  let index = nounIndexes.get(sectors);
  if (index?.size !== sectors.length) {
    const byNoun = new Map<string, SectorLike[]>();
    for (const s of sectors) {
      for (const noun of new Set([...(s.kind ? PLACE_KINDS[s.kind].words : []).map(fold), ...fold(s.name).split(/\s+/)])) {
        const fits = byNoun.get(noun);
        if (fits) fits.push(s);
        else byNoun.set(noun, [s]);
      }
    }
    nounIndexes.set(sectors, (index = { size: sectors.length, byNoun }));
  }
  return index.byNoun;
}

/**
 * The sector a sentence names: its full name (the longest that fits); else "home" or "work"; else a
 * common noun after "the/my/our/your" ("the café", "the workshop") that fits exactly one sector, by
 * its kind or a word of its name. Null when nothing fits or a noun is ambiguous.
 */
export function findSector(text: string, places: Places): string | null {
  const t = fold(text);
  const named = foldedSectors(places.sectors).find((s) => t.includes(s.folded))?.sector;
  if (named) return named.name;
  if (places.home && /\b(at home|my (?:place|house|home|flat|apartment)|our (?:place|house|home))\b/.test(t)) return places.home;
  if (places.work && /\b(at work|my (?:work|workplace|office|shop))\b/.test(t)) return places.work;
  for (const m of t.matchAll(/\b(?:the|my|our|your)\s+([a-z'&.-]+(?:\s+[a-z'&.-]+)?)/g)) {
    const words = at(m, 1, 'noun').split(/\s+/);
    // Two words first ("coffee shop", "town hall"), then the first word alone.
    for (const noun of [words.join(' '), at(words, 0, 'first word')]) {
      const fits = sectorsByNoun(places.sectors).get(noun) ?? [];
      const [only] = fits;
      if (only && fits.length === 1) return only.name;
    }
  }
  return null;
}

/**
 * A room a sentence names ("at the pond"): in the given sector, or anywhere on the map if only one
 * room has that name. Rooms named after a person ("Lily's bedroom") and the rooms every home has
 * are left to the persona.
 */
function findArena(text: string, places: Places, sector: string | null): { sector: string; arena: string } | null {
  const t = fold(text);
  // Each distinct room name is tested once (a town of districts has each name once per district).
  const tested = new Map<string, boolean>();
  const names = (name: string) => {
    let hit = tested.get(name);
    if (hit === undefined) tested.set(name, (hit = !/['’]s\b/.test(name) && wordPattern(`(?:the|a|an)\\s+${fold(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(t)));
    return hit;
  };
  const named = (places.arenas ?? []).filter((a) => names(a.name)).sort((a, b) => b.name.length - a.name.length);
  const inSector = sector ? named.filter((a) => a.sector === sector) : [];
  if (inSector[0]) return { sector: inSector[0].sector, arena: inSector[0].name };
  const top = named[0];
  if (!top || sector) return null;
  const same = named.filter((a) => a.name === top.name);
  return same.length === 1 ? { sector: top.sector, arena: top.name } : null;
}

/**
 * The residents a plan takes along: those it names after "with", "invite", "ask", "bring", "meet" or
 * "join" ("fishing with Marcus", "invite Chloe and Elena"), by full or first name. People a sentence
 * only mentions ("Tom is building the stage") are not.
 */
function peopleNamed(text: string, places: Places): string[] {
  const name = "[A-Z][\\w'’-]*(?:\\s+[A-Z][\\w'’-]*)?";
  const lists = [...text.matchAll(new RegExp(`\\b(?:with|invit\\w*|ask\\w*|bring\\w*|meet\\w*|join\\w*)\\s+(${name}(?:(?:,\\s*|,?\\s+and\\s+)${name})*)`, 'g'))].map((m) => at(m, 1, 'names'));
  if (lists.length === 0) return [];
  return (places.people ?? []).filter((o) => lists.some((l) => l.includes(o.name) || wordPattern(o.firstName).test(l))).map((o) => o.name);
}

/** When a sentence says something happens: its day (index), start minute and length, or null without a time of day. */
export function whenOf(text: string, now: number): { day: number; start: number; minutes: number } | null {
  const time = TIME.exec(text);
  if (!time) return null;
  const start = ((Number(time[1]) % 12) + (at(time, 3, 'am/pm').toLowerCase() === 'p' ? 12 : 0)) * 60 + Number(time[2] ?? 0);
  return { day: dayOf(text, now), start, minutes: /party|celebration|dinner|concert|open[- ]mic/i.test(text) ? 120 : 60 };
}

/**
 * Read a timed plan out of a sentence: an intention ("I will", "wants to" …), a place on the map,
 * a time of day and optionally a date. Null when any of these is missing, so idle talk about an
 * event never turns into a commitment by itself.
 */
export function parseCommitment(text: string, places: Places, now: number, source: string): Commitment | null {
  if (!INTENT.test(text)) return null;
  const named = findSector(text, places);
  const room = findArena(text, places, named);
  const sector = named ?? room?.sector ?? null;
  const time = TIME.exec(text);
  if (!sector || !time) return null;
  const hour = (Number(time[1]) % 12) + (at(time, 3, 'am/pm').toLowerCase() === 'p' ? 12 : 0);
  const start = hour * 60 + Number(time[2] ?? 0);
  // "from 5 pm to 7 pm": the end time gives the length; else two hours for a party, one otherwise.
  const until = new RegExp(`${TIME.source}.*?\\b(?:to|until|till|-|–)\\s*${TIME.source}`, 'i').exec(text);
  let minutes = /party|celebration|dinner|concert|open[- ]mic/i.test(text) ? 120 : 60;
  if (until) {
    const endHour = (Number(until[4]) % 12) + (at(until, 6, 'am/pm').toLowerCase() === 'p' ? 12 : 0);
    const end = endHour * 60 + Number(until[5] ?? 0);
    if (end > start) minutes = end - start;
  }
  // "his exhibition opening" is "the exhibition opening" to whoever goes.
  // An event ("the party"), else the activity itself ("fishing"), so a plan keeps what it is.
  const eventName = EVENT.exec(text)?.[1];
  const activity = eventName ? null : ACTIVITY.exec(text)?.[1]?.toLowerCase();
  const event = activity ?? `the ${(eventName ?? 'gathering').replace(/^(a|an|the|his|her|their|my|our|your)\s+/i, '')}`;
  const c: Commitment = { event, sector, day: dayOf(text, now), start, minutes, host: HOSTING.test(text), source, scheduledOn: null };
  if (room) c.arena = room.arena;
  const people = peopleNamed(text, places);
  if (people.length > 0) c.with = people;
  return c;
}

/**
 * The part of a sentence from its event on ("Valentine's Day party at Bramble Café on February 14 at
 * 5 pm"), if it names an event and a time of day; used to turn news into "I want to go to …".
 */
export function eventClause(text: string): string | null {
  const m = EVENT.exec(text);
  if (!m || !TIME.test(text.slice(m.index))) return null;
  return text.slice(m.index).replace(/[.!?]+$/, '');
}

/** "Bramble Café", or "the pond in Millbrook Park" when the plan named a room. */
export function placeOf(c: Commitment): string {
  return c.arena ? `the ${c.arena} in ${c.sector}` : c.sector;
}

/** "Tuesday February 14" for a day index. */
function dayName(day: number): string {
  const date = new Date(day * DAY);
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return `${capital(at(WEEKDAYS, date.getUTCDay(), 'weekday'))} ${capital(at(MONTHS, date.getUTCMonth(), 'month'))} ${date.getUTCDate()}`;
}

/** "the Valentine's Day party at Bramble Café on Tuesday February 14 at 5:00 pm" */
export function describeCommitment(c: Commitment): string {
  return `${c.event} at ${placeOf(c)} on ${dayName(c.day)} at ${formatAmPm(c.start * 60_000)}`;
}

/**
 * A statement kept in memory names its days, not days relative to when it was made: "a party at
 * Bramble Café tomorrow at 5 pm", told on as news the next day, would still say "tomorrow".
 * "tomorrow" → "on Tuesday February 14", "today" → "on Monday February 13", "tonight" → "on the
 * evening of Monday February 13" (after "by", "until" … the date alone: "by Tuesday February 14").
 */
export function withDates(text: string, now: number): string {
  const today = Math.floor(dayStart(now) / DAY);
  return text.replace(/\b(?:(by|until|till|from|before|after|since)\s+)?(tomorrow|today|tonight)\b/gi, (_m, prep: string | undefined, word: string) => {
    const w = word.toLowerCase();
    const date = dayName(w === 'tomorrow' ? today + 1 : today);
    if (prep) return `${prep} ${date}`;
    return w === 'tonight' ? `on the evening of ${date}` : `on ${date}`;
  });
}

/**
 * A commitment as what one does about it, with its place, day and time: "hosting the party at …",
 * "going to the party at …", "going fishing at …", "looking for Marcus to tell him about fishing at …".
 */
export function commitmentPhrase(c: Commitment): string {
  return `${verbOf(c)}${describeCommitment(c)}`;
}

function verbOf(c: Commitment): string {
  if (c.source === SEEKING) return '';
  if (!isEvent(c)) return 'going ';
  return c.host ? 'hosting ' : 'going to ';
}

/** The schedule item for a commitment: "hosting …" or "going to …", naming the place. */
export function commitmentTask(c: Commitment): string {
  if (!isEvent(c)) return `${c.event} at ${placeOf(c)}`;
  return `${c.host ? 'hosting' : 'going to'} ${c.event} at ${placeOf(c)}`;
}

/** An event one goes to ("the party"), as opposed to an activity one does ("fishing"). */
function isEvent(c: Commitment): boolean {
  return c.event.startsWith('the ');
}

/** Minutes before its start the host of an event is there. */
const HOST_EARLY_MIN = 30;

/** The minutes of its day a commitment takes the persona: from its start (the host half an hour early) to its end. */
export function commitmentSpan(c: Commitment): { from: number; to: number } {
  return { from: c.start - (c.host ? HOST_EARLY_MIN : 0), to: c.start + c.minutes };
}

/** The word an event is, its last ("the Valentine's Day party" → "party"): two tellings of one event share it. */
const headOf = (event: string) => (event.split(' ').pop() ?? event).toLowerCase();

/**
 * Whether two commitments are one event told twice: the same day and, overlapping in time, the same
 * place or the same kind of event ("the party" at Moreno House and "the Valentine's Day party" at
 * Bramble Café, both at 5 pm, are one party retold); or the same event by name that day.
 */
export function sameEvent(a: Commitment, b: Commitment): boolean {
  if (a.day !== b.day || a.source === SEEKING || b.source === SEEKING) return false;
  if (a.event === b.event && a.event !== 'the gathering') return true;
  const overlap = a.start < b.start + b.minutes && b.start < a.start + a.minutes;
  return overlap && (a.sector === b.sector || headOf(a.event) === headOf(b.event));
}

/** Add a commitment unless the persona already has it (one commitment per event: sameEvent). */
export function addCommitment(p: Persona, c: Commitment): boolean {
  const same = (o: Commitment) => sameEvent(o, c) || (o.day === c.day && o.sector === c.sector && o.start === c.start);
  if (p.commitments.some(same)) return false;
  p.commitments.push(c);
  // Being told where something is teaches the place, so the persona can choose to go there.
  p.spatial.learn(c.sector, c.arena);
  return true;
}

/**
 * Put today's commitments into the day's schedule (once per day), and make sure the action in
 * progress ends when a commitment starts, so the persona leaves in time.
 */
export function applyCommitments(sim: SimContext, p: Persona): void {
  const now = sim.clock.now;
  const today = Math.floor(dayStart(now) / DAY);
  const s = p.scratch;
  if (s.fDailySchedule.length === 0) return;
  for (const c of p.commitments) {
    if (c.day !== today || c.scheduledOn === today) continue;
    const nowMin = minuteOfDay(now);
    const span = commitmentSpan(c);
    const end = span.to;
    if (end <= nowMin) continue;
    // The host comes early, to get the place ready and greet the first guests.
    const from = Math.max(span.from, nowMin);
    s.fDailySchedule = insertIntoSchedule(s.fDailySchedule, from, commitmentTask(c), end - from);
    c.scheduledOn = today;
    // The action in progress gives way: it ends when the commitment starts (or now, if it has).
    if (s.actStartTime !== null && s.actDuration !== null && !s.chattingWith) {
      const actEnd = s.actStartTime + s.actDuration * 60_000;
      const cStart = dayStart(now) + from * 60_000;
      if (actEnd > cStart) s.actDuration = Math.max(0, (cStart - s.actStartTime) / 60_000);
    }
  }
}

/**
 * Someone out to find a person (a SEEKING commitment in progress) follows them: when the person has
 * gone on to another room, the seeker's action points at the room they are in now and its path is
 * planned again, until the two have talked since the search began. Asleep or on the move between
 * two people, the person is looked for where the search last led.
 */
export function followSought(sim: SimContext, p: Persona): void {
  const s = p.scratch;
  const doing = s.actDescription;
  if (!doing || !s.actAddress || s.chattingWith) return;
  const now = sim.clock.now;
  const today = Math.floor(dayStart(now) / DAY);
  const seek = p.commitments.find((c) => c.source === SEEKING && c.day === today && doing.startsWith(commitmentTask(c)));
  const q = seek?.with?.[0] ? sim.byName.get(seek.with[0]) : undefined;
  const there = q?.scratch.actAddress ? mapAddressOf(q.scratch.actAddress) : null;
  if (!seek || !q || !there || /\bsleeping\b/.test(q.scratch.actDescription ?? '')) return;
  const talked = p.memory.lastChatWith(q.name);
  if (talked && talked.created >= dayStart(now) + seek.start * 60_000) return;
  const { sector, arena } = there;
  const mine = mapAddressOf(s.actAddress);
  if (!sector || !arena || (sector === mine?.sector && arena === mine.arena)) return;
  s.actAddress = randomIn(placeAddress(there.world, sector, arena));
  s.actPathSet = false;
}

import type { Persona } from '../persona/persona';
import type { Tile, WorldModel } from '../world/types';
import { placeAt } from '../world/address';
import { placeAddress, type ActionAddress, type PlaceAddress } from '../world/actionAddress';
import { DAY, hourOf, minuteOfDay, parseHHMM, weekdayOf } from '../clock';
import type { ActionWorld, Place } from './types';
import type { SectorKind } from '../world/sectorKinds';
import { at } from '../checked';
import { PLACE_KINDS } from '../placeKinds';
import { sectorContents } from '../world/bySector';

const kindCache = new WeakMap<WorldModel, Map<string, SectorKind>>();

/** The map kind of a sector (home, cafe, college …), or null if there is no such sector. */
function sectorKind(world: WorldModel, sector: string | null): SectorKind | null {
  if (!sector) return null;
  let kinds = kindCache.get(world);
  if (!kinds) {
    kinds = new Map(world.sectors.map((s) => [s.name, s.kind]));
    kindCache.set(world, kinds);
  }
  return kinds.get(sector) ?? null;
}

export function placeOfTile(world: WorldModel, t: Tile): Place {
  return placeOfAddress(world, placeAt(world, t.x, t.y));
}

/** The place a map address points at, with its sector's kind. */
export function placeOfAddress(world: WorldModel, address: PlaceAddress): Place {
  return { address, sector: address.sector, arena: address.arena, object: address.object, kind: sectorKind(world, address.sector) };
}

/** Where the persona stands now. */
export function hereOf(w: ActionWorld, p: Persona): Place {
  return placeOfTile(w.world, p.tile);
}

/**
 * Where an action address happens: a place on the map, the other person's spot for a chat, the
 * waiting tile for a wait, the tile of the player's walk.
 */
export function placeOfActionAddress(w: ActionWorld, p: Persona, address: ActionAddress): Place {
  switch (address.kind) {
    case 'persona': {
      const other = w.byName.get(address.name);
      return other ? placeOfTile(w.world, other.tile) : hereOf(w, p);
    }
    case 'waiting':
    case 'tile':
      return placeOfTile(w.world, address);
    case 'place':
    case 'random':
      return placeOfAddress(w.world, address.kind === 'random' ? address.place : address);
  }
}

export const dayIndex = (now: number): number => Math.floor(now / DAY);

/** Hours a friend's home may be visited. */
const VISITING_HOURS: [number, number] = [8, 22];

const inHours = (h: number, [from, to]: readonly [number, number]) => h >= from && h < to;

/** Whether the persona is due at an event at this place now (an hour's lead for the host and the walk): an open-mic night keeps the café open after hours for those going. */
function eventAt(w: ActionWorld, p: Persona, place: Place): boolean {
  const today = dayIndex(w.now);
  const m = minuteOfDay(w.now);
  return p.commitments.some((c) => c.day === today && c.sector === place.sector && m >= c.start - 60 && m < c.start + c.minutes);
}

export function isOwnHome(p: Persona, place: Place): boolean {
  return place.sector !== null && place.sector === p.spec.household;
}

export function isOwnWorkplace(p: Persona, place: Place): boolean {
  return place.sector !== null && place.sector === p.spec.occupation?.workplace;
}

/** Why the persona may not be at this place at this hour, or null if it may (as a customer: even its own workplace keeps its hours). */
export function accessReason(w: ActionWorld, p: Persona, place: Place, asCustomer = false): string | null {
  if (!place.sector) return null;
  if (place.kind === null) return `there is no place called "${place.sector}"`;
  if (isOwnHome(p, place) || (isOwnWorkplace(p, place) && !asCustomer)) return null;
  const h = hourOf(w.now);
  if (place.kind === 'home') return inHours(h, VISITING_HOURS) ? null : `${place.sector} is someone else's home and it is too late or too early to visit`;
  const open = PLACE_KINDS[place.kind].hours;
  if (open && !inHours(h, open) && !eventAt(w, p, place)) return `${place.sector} is closed at this hour (open ${open[0]}:00–${open[1]}:00)`;
  return null;
}

/** Is today one of the persona's work days, and the hour within its check-in window (up to 2 h early, before the end)? */
export function workWindowReason(p: Persona, now: number): string | null {
  const o = p.spec.occupation;
  if (!o) return `${p.firstName} has no job`;
  if (!o.days.includes(weekdayOf(now))) return `today is not one of ${p.firstName}'s work days`;
  const minute = Math.floor((now % DAY) / 60_000);
  const start = parseHHMM(o.start);
  const end = parseHHMM(o.end);
  if (minute < start - 120 || minute >= end) return `it is outside ${p.firstName}'s working hours (${o.start}–${o.end})`;
  return null;
}

/** A place to study or attend classes (the college): its daytime scene is SCHOOL. */
export function isSchool(place: Place): boolean {
  return place.kind !== null && PLACE_KINDS[place.kind].school;
}

export function isStudent(p: Persona): boolean {
  return p.spec.occupation?.title === 'student';
}

/** Wake and bed hours from the persona's lifestyle sentence ("wakes up around 7 am", "goes to bed around 11 pm"). */
export function routineHours(p: Persona): { wake: number; bed: number } {
  const hour = (re: RegExp): number | null => {
    const m = re.exec(p.spec.lifestyle);
    if (!m) return null;
    const h = Number(m[1]) % 12;
    return at(m, 2, 'am/pm').toLowerCase() === 'pm' ? h + 12 : h;
  };
  const wake = hour(/wakes? up (?:at |around |by )?(\d{1,2})(?::\d\d)?\s*(am|pm)/i) ?? 7;
  let bed = hour(/(?:goes|go) to (?:bed|sleep) (?:at |around |by )?(\d{1,2})(?::\d\d)?\s*(am|pm)/i) ?? 23;
  if (bed <= wake) bed = 24;
  return { wake, bed };
}

/** The address of an object of this name in an arena ("Hamlet:Home:kitchen:stove"), or null. */
export function objectAddress(world: WorldModel, sector: string, arena: string | null, names: readonly string[]): PlaceAddress | null {
  for (const name of names) {
    const o = sectorContents(world, sector).objects.find((x) => (arena === null || x.arena === arena) && x.name === name);
    if (o) return placeAddress(world.name, o.sector, o.arena, o.name);
  }
  return null;
}

/** The first arena of a sector whose name matches, or its first arena (the sector itself if it has none). */
export function arenaAddress(world: WorldModel, sector: string, prefer: RegExp | null = null): PlaceAddress {
  const { arenas } = sectorContents(world, sector);
  const a = (prefer && arenas.find((x) => prefer.test(x.name))) ?? arenas[0];
  return placeAddress(world.name, sector, a?.name ?? null);
}

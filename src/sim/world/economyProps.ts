import type { ArenaInfo, JobSpec, ShopItemSpec } from './types';

/**
 * The town's economy as map data (docs/economy.md#jobs-and-shops-are-map-data): a sector's Tiled custom properties say which jobs it
 * offers and what it sells, so a map maker edits the economy in Tiled. Both are string properties,
 * one entry per line (blank lines and lines starting with # are ignored):
 *
 *   jobs:  title | wage | slots | HH:MM-HH:MM | arena      e.g. "barista | 35 | 1 | 07:00-15:00 | café"
 *   items: name | price | food, drink or goods             e.g. "bread | 4 | food", "cider | 4 | drink"
 *
 * wage: credits a check-in pays (once a day); slots: check-ins the job takes per day; the hours are
 * the shift (a check-in is possible from 2 hours before its start until its end); arena is where
 * the check-in happens (optional: the sector's first arena). price: credits; food and drinks are
 * consumed (EAT uses one held), and only food makes a meal; goods are kept.
 */

/** What an item is: food (a meal or a snack), a drink (consumed, but no meal) or goods (kept). */
export type ItemKind = 'food' | 'drink' | 'goods';

const isItemKind = (s: string): s is ItemKind => s === 'food' || s === 'drink' || s === 'goods';

/** An item's kind as the flags an item carries. */
export function itemKind(kind: ItemKind): { food: boolean; drink: boolean } {
  return { food: kind !== 'goods', drink: kind === 'drink' };
}

/** The kind an item's flags say: its inverse (what a model or a person reads: "coffee (3, drink)"). */
export function kindOf(item: { food: boolean; drink: boolean }): ItemKind {
  return item.drink ? 'drink' : item.food ? 'food' : 'goods';
}

/** A problem with one line of an economy property; loadWorld wraps it into a MapError naming the map and the sector. */
export class EconomyPropError extends Error {}

const HHMM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

function fields(line: string, property: string, n: number, max: number): string[] {
  const parts = line.split('|').map((s) => s.trim());
  if (parts.length < n || parts.length > max) {
    throw new EconomyPropError(`property "${property}": "${line}" must have ${n === max ? n : `${n} or ${max}`} fields separated by "|" (${property === 'jobs' ? 'title | wage | slots | HH:MM-HH:MM | arena' : 'name | price | food, drink or goods'})`);
  }
  return parts;
}

function wholeNumber(s: string, what: string, line: string, min: number, max: number): number {
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) throw new EconomyPropError(`${what} in "${line}" must be a whole number from ${min} to ${max}, found "${s}"`);
  return Number(s);
}

function entries(text: string): string[] {
  return text
    .split(/\r?\n|;/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** The jobs a sector's "jobs" property declares (ids are assigned by the loader). */
export function parseJobs(text: string, sector: string, arenas: readonly ArenaInfo[]): Omit<JobSpec, 'id'>[] {
  const own = arenas.filter((a) => a.sector === sector).map((a) => a.name);
  const seen = new Set<string>();
  return entries(text).map((line) => {
    const [title, wage, slots, hours, arena] = fields(line, 'jobs', 4, 5) as [string, string, string, string, string | undefined];
    if (!title) throw new EconomyPropError(`property "jobs": "${line}" has no job title`);
    if (seen.has(title.toLowerCase())) throw new EconomyPropError(`property "jobs": the job "${title}" is listed twice`);
    seen.add(title.toLowerCase());
    const m = /^(\S+)\s*[-–]\s*(\S+)$/.exec(hours);
    const [, from, to] = m ?? [];
    if (!from || !to || !HHMM.test(from) || !HHMM.test(to)) throw new EconomyPropError(`property "jobs": the hours in "${line}" must read HH:MM-HH:MM, found "${hours}"`);
    const start = from.padStart(5, '0');
    const end = to.padStart(5, '0');
    if (end <= start) throw new EconomyPropError(`property "jobs": the shift in "${line}" must end after it starts (${start}-${end})`);
    if (arena && !own.includes(arena)) throw new EconomyPropError(`property "jobs": "${line}" names the arena "${arena}", which is not in this sector (${own.join(', ') || 'it has none'})`);
    const where = arena || own[0];
    if (!where) throw new EconomyPropError('property "jobs": the sector has no arena for its jobs to be done in');
    return { title, sector, arena: where, wage: wholeNumber(wage, 'the wage', line, 0, 10_000), slots: wholeNumber(slots, 'the slots', line, 1, 100), start, end };
  });
}

/** The items a sector's "items" property declares (ids are assigned by the loader). */
export function parseItems(text: string, sector: string): Omit<ShopItemSpec, 'id'>[] {
  const seen = new Set<string>();
  return entries(text).map((line) => {
    const [name, price, kind] = fields(line, 'items', 3, 3) as [string, string, string];
    if (!name) throw new EconomyPropError(`property "items": "${line}" has no item name`);
    if (name.includes(':')) throw new EconomyPropError(`property "items": the item name "${name}" must not contain ":"`);
    if (seen.has(name.toLowerCase())) throw new EconomyPropError(`property "items": the item "${name}" is listed twice`);
    seen.add(name.toLowerCase());
    if (!isItemKind(kind)) throw new EconomyPropError(`property "items": the kind in "${line}" must be "food", "drink" or "goods", found "${kind}"`);
    return { name, sector, price: wholeNumber(price, 'the price', line, 1, 10_000), ...itemKind(kind) };
  });
}

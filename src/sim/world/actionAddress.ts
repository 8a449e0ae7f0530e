/**
 * Where an action happens, as a type. The planner, saves and replays speak a string protocol:
 *
 *   "Hamlet:Bramble Café:café:café table"   a place: world, then sector, arena, object (trailing parts optional)
 *   "Hamlet:Bramble Café:café:<random>"      any spot of that arena (or sector): the executor picks one
 *   "<persona> Ana Moreno"                    wherever Ana is (a chat: the two meet halfway)
 *   "<waiting> 39 39"                         waiting on that tile
 *   "<tile> 39 39"                            walking to that tile (the player's WALK)
 *
 * That string is parsed once where it enters (a save, a replay, the map's addresses) and printed once
 * where it leaves (a save, a replay frame, prompt text); everything in between switches on `kind`.
 * A leaf module: it imports nothing.
 */
export type ActionAddress =
  | PlaceAddress
  | { kind: 'random'; place: PlaceAddress }
  | { kind: 'persona'; name: string }
  | { kind: 'waiting'; x: number; y: number }
  | { kind: 'tile'; x: number; y: number };

export interface PlaceAddress {
  kind: 'place';
  world: string;
  sector: string | null;
  arena: string | null;
  object: string | null;
}

/** The object part of an address that lets the executor pick any object in the arena. */
export const RANDOM_OBJECT = '<random>';

export class AddressError extends Error {
  override name = 'AddressError';
}

/** A place on the map: "world", "world:sector", "world:sector:arena" or "world:sector:arena:object". */
export function placeAddress(world: string, sector: string | null = null, arena: string | null = null, object: string | null = null): PlaceAddress {
  return { kind: 'place', world, sector, arena: sector === null ? null : arena, object: sector === null || arena === null ? null : object };
}

/** Any spot of a place (its object part is dropped: "any object" replaces it). */
export function randomIn(place: PlaceAddress): ActionAddress {
  return { kind: 'random', place: { ...place, object: null } };
}

const SPECIAL = /^<([a-z]+)>(.*)$/;
const TILE = /^ (\d+) (\d+)$/;

/** Read an address string; throws AddressError naming the malformed form. */
export function parseAddress(text: string): ActionAddress {
  const special = SPECIAL.exec(text);
  if (special) {
    const [, form = '', rest = ''] = special;
    if (form === 'persona') {
      const name = rest.trim();
      if (!name) throw new AddressError(`"${text}": "<persona>" names no one (expected "<persona> Name")`);
      return { kind: 'persona', name };
    }
    if (form === 'waiting' || form === 'tile') {
      const m = TILE.exec(rest);
      if (!m) throw new AddressError(`"${text}": expected "<${form}> x y" with whole-number tile coordinates`);
      return { kind: form, x: Number(m[1]), y: Number(m[2]) };
    }
    if (form === 'random') throw new AddressError(`"${text}": "<random>" comes last, after the place it picks in ("world:sector:arena:<random>")`);
    throw new AddressError(`"${text}": unknown form "<${form}>" (expected "<persona> Name", "<waiting> x y", "<tile> x y" or "world:sector:arena:object")`);
  }
  if (text === '') throw new AddressError('an empty address');
  const parts = text.split(':');
  if (parts.length > 4) throw new AddressError(`"${text}": ${parts.length} parts, at most 4 (world:sector:arena:object)`);
  const random = parts.at(-1) === RANDOM_OBJECT;
  if (random) parts.pop();
  parts.forEach((part, i) => {
    if (part.trim() === '') throw new AddressError(`"${text}": part ${i + 1} is empty`);
    if (part === RANDOM_OBJECT) throw new AddressError(`"${text}": "<random>" comes last, after the place it picks in ("world:sector:arena:<random>")`);
    if (part.startsWith('<')) throw new AddressError(`"${text}": part ${i + 1} "${part}" is not a name (a special form starts the address)`);
  });
  const [world = '', sector = null, arena = null, object = null] = parts;
  const place = placeAddress(world, sector, arena, object);
  return random ? { kind: 'random', place } : place;
}

/** A place address's text with the parts it was made from: every frame prints every resident's address, so a town of a thousand prints each once, not once a step. */
const printed = new WeakMap<PlaceAddress, { world: string; sector: string | null; arena: string | null; object: string | null; text: string }>();

function printPlace(a: PlaceAddress): string {
  const c = printed.get(a);
  // The parts are compared, so an address changed since it was printed is printed again.
  if (c && c.world === a.world && c.sector === a.sector && c.arena === a.arena && c.object === a.object) return c.text;
  const text = [a.world, a.sector, a.arena, a.object].filter((p): p is string => p !== null).join(':');
  printed.set(a, { world: a.world, sector: a.sector, arena: a.arena, object: a.object, text });
  return text;
}

/** The address as the protocol writes it; parseAddress(printAddress(a)) equals a. */
export function printAddress(a: ActionAddress): string {
  switch (a.kind) {
    case 'place':
      return printPlace(a);
    case 'random':
      return `${printAddress(a.place)}:${RANDOM_OBJECT}`;
    case 'persona':
      return `<persona> ${a.name}`;
    case 'waiting':
      return `<waiting> ${a.x} ${a.y}`;
    case 'tile':
      return `<tile> ${a.x} ${a.y}`;
  }
}

/**
 * The map address an action's place names, the key of the map's address table: the arena for
 * "any object of the arena", the place itself for a place; null for a person or a tile.
 */
export function mapAddressOf(a: ActionAddress): PlaceAddress | null {
  switch (a.kind) {
    case 'place':
      return a;
    case 'random':
      return a.place;
    case 'persona':
    case 'waiting':
    case 'tile':
      return null;
  }
}

/** The object an address names, if it names one (not "any object"). */
export function objectOf(a: ActionAddress): string | null {
  return a.kind === 'place' ? a.object : null;
}

/** Two addresses name the same spot. */
export function sameAddress(a: ActionAddress, b: ActionAddress): boolean {
  return printAddress(a) === printAddress(b);
}

import type { SectorInfo, WorldModel } from '../../sim/world/types';

/**
 * The town's public places the offline day draws on, by what they are for, read from the map (the
 * offline brain learns them once, from `Brain.knowTown`): a sector's kind says what it is; of the
 * shops, the one that sells books is the bookshop and another the supplies shop. The first sector
 * of a role in map order is taken; a role the map has no place for is null, and the day leaves out
 * what would happen there. Every activity names its place, so the place can be read back from the
 * text (src/llm/offline/places.ts), as from a model's.
 */
export interface TownPlaces {
  cafe: string | null;
  bakery: string | null;
  grocery: string | null;
  park: string | null;
  bookshop: string | null;
  supplies: string | null;
  square: string | null;
  college: string | null;
  bar: string | null;
  /** Every home, in map order (a relationship note may name one: "is coming to Becker House on Sunday afternoon"). */
  homes: string[];
}

type PlaceRole = Exclude<keyof TownPlaces, 'homes'>;

const sellsBooks = (world: WorldModel, sector: string) => world.items.some((i) => i.sector === sector && /\bbooks?\b/i.test(i.name));

/** Which sectors can play each role. */
const ROLES: Record<PlaceRole, (s: SectorInfo, world: WorldModel) => boolean> = {
  cafe: (s) => s.kind === 'cafe',
  bakery: (s) => s.kind === 'bakery',
  grocery: (s) => s.kind === 'grocery',
  park: (s) => s.kind === 'park',
  bookshop: (s, w) => s.kind === 'shop' && sellsBooks(w, s.name),
  supplies: (s, w) => s.kind === 'shop' && !sellsBooks(w, s.name),
  square: (s) => s.kind === 'square',
  college: (s) => s.kind === 'college',
  bar: (s) => s.kind === 'bar',
};

export function townPlaces(world: WorldModel): TownPlaces {
  const first = (role: PlaceRole) => world.sectors.find((s) => ROLES[role](s, world))?.name ?? null;
  return {
    cafe: first('cafe'),
    bakery: first('bakery'),
    grocery: first('grocery'),
    park: first('park'),
    bookshop: first('bookshop'),
    supplies: first('supplies'),
    square: first('square'),
    college: first('college'),
    bar: first('bar'),
    homes: world.sectors.filter((s) => s.kind === 'home').map((s) => s.name),
  };
}

import type { ArenaInfo, GameObjectInfo, WorldModel } from './types';

/** A sector's arenas and objects, each in map order. */
interface SectorContents {
  readonly arenas: readonly ArenaInfo[];
  readonly objects: readonly GameObjectInfo[];
}

const EMPTY: SectorContents = { arenas: [], objects: [] };
const cache = new WeakMap<WorldModel, Map<string, { arenas: ArenaInfo[]; objects: GameObjectInfo[] }>>();

/**
 * The arenas and objects of one sector, in map order (the order a filter of the whole map gives):
 * grouped once per map, so a look-up reads one sector instead of every object of a town of forty districts.
 */
export function sectorContents(world: WorldModel, sector: string): SectorContents {
  let bySector = cache.get(world);
  if (!bySector) {
    const groups = new Map<string, { arenas: ArenaInfo[]; objects: GameObjectInfo[] }>();
    const of = (name: string) => {
      let g = groups.get(name);
      if (!g) groups.set(name, (g = { arenas: [], objects: [] }));
      return g;
    };
    for (const a of world.arenas) of(a.sector).arenas.push(a);
    for (const o of world.objects) of(o.sector).objects.push(o);
    cache.set(world, (bySector = groups));
  }
  return bySector.get(sector) ?? EMPTY;
}

import type { Persona } from './persona';
import type { ArenaInfo, GameObjectInfo, SectorInfo, WorldModel } from '../world/types';
import { THIRTY_DAYS } from './memory';
import { keywordsOf } from './memory';
import { sentences } from '../sentences';

interface DistrictPlaces {
  /** Sector name → sector (the first of a name, as a search in map order finds it). */
  sectors: ReadonlyMap<string, SectorInfo>;
  /** Per district (one on a map of one town), its sectors, arenas and objects in map order. */
  places: { sectors: SectorInfo[]; arenas: ArenaInfo[]; objects: GameObjectInfo[] }[];
}

const districtCache = new WeakMap<WorldModel, DistrictPlaces>();

/** The map's places grouped by district, built once per map: seeding a persona reads its district's, not the whole town's. */
function districtsOf(world: WorldModel): DistrictPlaces {
  const cached = districtCache.get(world);
  if (cached) return cached;
  const sectors = new Map<string, SectorInfo>();
  for (const s of world.sectors) if (!sectors.has(s.name)) sectors.set(s.name, s);
  const places: DistrictPlaces['places'] = [];
  const of = (d: number | undefined) => (places[d ?? 0] ??= { sectors: [], arenas: [], objects: [] });
  for (const s of world.sectors) of(s.district).sectors.push(s);
  for (const a of world.arenas) of(sectors.get(a.sector)?.district).arenas.push(a);
  for (const o of world.objects) of(sectors.get(o.sector)?.district).objects.push(o);
  const made = { sectors, places };
  districtCache.set(world, made);
  return made;
}

/**
 * What a persona knows on the first morning: its home and workplace in full, the town's public
 * places and the homes of the people it knows (by sector); its current concerns as thoughts.
 */
export function seedMemories(p: Persona, world: WorldModel, now: number, householdOf: (id: string) => string | undefined): void {
  const homes = new Set([p.spec.household]);
  const friendsHomes = new Set(p.spec.relationships.map((r) => householdOf(r.id)).filter((h): h is string => !!h));
  const full = new Set([p.spec.household, p.spec.occupation?.workplace].filter(Boolean) as string[]);
  const town = districtsOf(world);
  // In a town of districts a persona starts out knowing its own district (the one its home is in).
  const { sectors, arenas, objects } = town.places[town.sectors.get(p.spec.household)?.district ?? 0] ?? { sectors: [], arenas: [], objects: [] };
  for (const s of sectors) {
    if (s.kind !== 'home' || homes.has(s.name) || friendsHomes.has(s.name)) p.spatial.learn(s.name);
  }
  for (const a of arenas) {
    const sector = town.sectors.get(a.sector);
    // Public places and friends' homes: a persona knows their rooms; its own home and workplace down to the objects.
    if (full.has(a.sector) || friendsHomes.has(a.sector) || (sector && sector.kind !== 'home')) p.spatial.learn(a.sector, a.name);
  }
  for (const o of objects) {
    if (full.has(o.sector)) p.spatial.learn(o.sector, o.arena, o.name);
  }
  for (const haunt of p.spec.haunts) if (town.sectors.has(haunt)) p.spatial.learn(haunt);

  // Sentences end at . ! ? — not after a title ("Dr. Kenji Sato"). Each is a memory of its own, so
  // one that starts "She hopes …" names her instead: told on as news, "she" would be nobody.
  for (const sentence of sentences(p.spec.currently).map((t) => t.replace(/^(?:He|She)\b/, p.firstName))) {
    p.memory.add('thought', {
      created: now,
      expiration: now + THIRTY_DAYS,
      subject: p.name,
      predicate: 'is',
      object: 'currently',
      description: sentence.trim(),
      poignancy: 6,
      keywords: keywordsOf(sentence),
    });
  }
}

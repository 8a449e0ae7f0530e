import { at, defined } from '../sim/checked';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';

const SUFFIX = 'bcdefghijklmnopqrstuvwxyz';

/** The most personas scaleTown can make from `specs`: the originals and one copy of each per suffix letter. */
export function maxTownSize(specs: readonly PersonaSpec[]): number {
  return specs.length * (SUFFIX.length + 1);
}

/**
 * A town of n personas from the 25 of the map: copies ("Nora Hartwell B") share the home, job and
 * spawn of their original, so a benchmark can run 100 personas on the same map; the map's job slots
 * grow with the town (each copy works its original's job).
 */
export function scaleTown(specs: PersonaSpec[], world: WorldModel, n: number): { personas: PersonaSpec[]; world: WorldModel } {
  if (n <= specs.length) return { personas: specs.slice(0, n), world };
  const spawns = new Map(world.spawns);
  const personas = specs.slice();
  for (let i = specs.length; i < n; i++) {
    const base = at(specs, i % specs.length, 'scaleTown: original persona');
    const copy = Math.floor(i / specs.length) - 1;
    const letter = at(SUFFIX, copy, `scaleTown: copy suffix (at most ${maxTownSize(specs)} personas)`);
    const id = `${base.id}-${letter}`;
    personas.push({ ...base, id, name: `${base.name} ${letter.toUpperCase()}`, lastName: `${base.lastName} ${letter.toUpperCase()}` });
    spawns.set(id, defined(world.spawns.get(base.id), `scaleTown: spawn of ${base.id}`));
  }
  const times = Math.ceil(n / specs.length);
  return { personas, world: { ...world, spawns, jobs: world.jobs.map((j) => ({ ...j, slots: j.slots * times })) } };
}

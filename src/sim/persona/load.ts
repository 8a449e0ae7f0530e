import { PersonaSchema, type PersonaSpec } from './schema';
import type { WorldModel } from '../world/types';
import { at } from '../checked';

/** At most this many personas in a town: each one costs memory, pathfinding and brain calls every step. */
const MAX_PERSONAS = 1000;

/** Validate persona files; the error names the file and the field. Two files with one id are refused, naming both. */
export function parsePersonas(files: { source: string; data: unknown }[]): PersonaSpec[] {
  if (files.length > MAX_PERSONAS) throw new Error(`${files.length} persona files; a town holds up to ${MAX_PERSONAS} personas (limit: personas).`);
  const seen = new Map<string, string>();
  return files.map(({ source, data }) => {
    let r: ReturnType<typeof PersonaSchema.safeParse>;
    try {
      r = PersonaSchema.safeParse(data);
    } catch (err) {
      throw new Error(`Persona file ${source} could not be read: ${err instanceof RangeError ? 'it nests too deeply' : err instanceof Error ? err.message : String(err)}`);
    }
    if (!r.success) {
      const issue = at(r.error.issues, 0, 'schema issue');
      throw new Error(`Persona file ${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    const first = seen.get(r.data.id);
    if (first !== undefined) throw new Error(`Persona files ${first} and ${source} both have the id "${r.data.id}"; each persona needs its own id.`);
    seen.set(r.data.id, source);
    return r.data;
  });
}

/** Check that the personas fit the map: spawn, home bedroom and workplace all exist. */
export function checkPersonasAgainstWorld(personas: PersonaSpec[], world: WorldModel): void {
  for (const p of personas) {
    if (!world.spawns.has(p.id)) throw new Error(`Persona ${p.id}: no spawn point named "${p.id}" in the map's "spawns" layer`);
    if (!world.addressTiles.has(`${world.name}:${p.livingArea}`)) throw new Error(`Persona ${p.id}: livingArea "${p.livingArea}" is not an arena of the map`);
    const o = p.occupation;
    if (o && !world.addressTiles.has(`${world.name}:${o.workplace}:${o.arena}`)) {
      throw new Error(`Persona ${p.id}: workplace "${o.workplace}:${o.arena}" is not an arena of the map`);
    }
    for (const h of p.haunts) if (!world.sectors.some((s) => s.name === h)) throw new Error(`Persona ${p.id}: haunt "${h.slice(0, 80)}" is not a sector of the map`);
  }
}

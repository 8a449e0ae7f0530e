import { PersonaSchema, type PersonaSpec } from './schema';
import type { WorldModel } from '../world/types';

/** Validate persona files; the error names the file and the field. */
export function parsePersonas(files: { source: string; data: unknown }[]): PersonaSpec[] {
  return files.map(({ source, data }) => {
    const r = PersonaSchema.safeParse(data);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new Error(`Persona file ${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
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
  }
}

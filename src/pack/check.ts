import type { PersonaSpec } from '../sim/persona/schema';
import type { Tile, WorldModel } from '../sim/world/types';
import type { PackProblem } from './files';

/** Tiles reachable on foot from `from` (4-neighbour flood fill over the walkable grid). */
function reachableFrom(world: WorldModel, from: Tile[]): Uint8Array {
  const seen = new Uint8Array(world.width * world.height);
  const queue: number[] = [];
  for (const t of from) {
    const i = t.y * world.width + t.x;
    if (world.walkable[i] && !seen[i]) {
      seen[i] = 1;
      queue.push(i);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    const x = i % world.width;
    for (const j of [x > 0 ? i - 1 : -1, x < world.width - 1 ? i + 1 : -1, i - world.width, i + world.width]) {
      if (j >= 0 && j < seen.length && !seen[j] && world.walkable[j]) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}

/**
 * A town's problems once its map and personas are read, all of them: residents whose spawn, home,
 * workplace or haunts are not on the map, places nobody can walk to, a spawn on a blocked tile.
 * `files` names where each persona came from, and the map's file.
 */
export function townProblems(world: WorldModel, personas: PersonaSpec[], files: { map: string; personaFile: (id: string) => string }): PackProblem[] {
  const problems: PackProblem[] = [];
  const ids = new Set(personas.map((p) => p.id));
  const sectorNames = new Set(world.sectors.map((s) => s.name));
  const spawnTiles: Tile[] = [];
  for (const p of personas) {
    const file = files.personaFile(p.id);
    const spawn = world.spawns.get(p.id);
    if (!spawn) problems.push({ file: files.map, where: 'layer "spawns"', message: `no spawn point named "${p.id}" for ${p.name}` });
    else if (!world.walkable[spawn.y * world.width + spawn.x]) problems.push({ file: files.map, where: `spawn "${p.id}" at (${spawn.x}, ${spawn.y})`, message: 'on a blocked tile' });
    else spawnTiles.push(spawn);
    const home = world.addressTiles.get(`${world.name}:${p.livingArea}`);
    if (!home) problems.push({ file, where: 'livingArea', message: `"${p.livingArea}" is not an arena of the map` });
    else if (!home.some((t) => world.walkable[t.y * world.width + t.x])) problems.push({ file, where: 'livingArea', message: `"${p.livingArea}" has no tile one can stand on` });
    if (!sectorNames.has(p.household)) problems.push({ file, where: 'household', message: `"${p.household}" is not a sector of the map` });
    const o = p.occupation;
    if (o && !world.addressTiles.has(`${world.name}:${o.workplace}:${o.arena}`)) problems.push({ file, where: 'occupation', message: `workplace "${o.workplace}:${o.arena}" is not an arena of the map` });
    for (const h of p.haunts) if (!sectorNames.has(h)) problems.push({ file, where: 'haunts', message: `"${h}" is not a sector of the map` });
    for (const r of p.relationships) if (!ids.has(r.id)) problems.push({ file, where: 'relationships', message: `"${r.id}" is not a resident of this town` });
  }
  if (spawnTiles.length) {
    const reach = reachableFrom(world, spawnTiles);
    for (const a of world.arenas) {
      const tiles = world.addressTiles.get(`${world.name}:${a.sector}:${a.name}`) ?? [];
      if (!tiles.some((t) => reach[t.y * world.width + t.x])) problems.push({ file: files.map, where: `arena "${a.sector}:${a.name}"`, message: 'nobody can reach it on foot from the spawn points (walled in, or all blocked)' });
    }
  }
  return problems;
}

/**
 * When the map cannot be loaded, the residents are still checked against the place names its
 * layers hold (sector and arena names only), so a broken map does not hide their problems.
 */
export function namesOnlyProblems(map: Record<string, unknown>, personas: PersonaSpec[], personaFile: (id: string) => string): PackProblem[] {
  const names = (layer: string): Set<string> => {
    const l = (Array.isArray(map.layers) ? (map.layers as unknown[]) : []).find((x): x is { objects: unknown[] } => typeof x === 'object' && x !== null && (x as { name?: unknown }).name === layer && Array.isArray((x as { objects?: unknown }).objects));
    return new Set((l?.objects ?? []).map((o) => (typeof o === 'object' && o !== null ? String((o as { name?: unknown }).name) : '')));
  };
  const sectors = names('sectors');
  const arenas = names('arenas');
  if (!sectors.size) return [];
  const problems: PackProblem[] = [];
  for (const p of personas) {
    const file = personaFile(p.id);
    const [home = '', room = ''] = p.livingArea.split(':');
    if (!sectors.has(home) || (arenas.size > 0 && !arenas.has(room))) problems.push({ file, where: 'livingArea', message: `"${p.livingArea}" is not an arena of the map` });
    if (p.occupation && !sectors.has(p.occupation.workplace)) problems.push({ file, where: 'occupation', message: `workplace "${p.occupation.workplace}" is not a sector of the map` });
    for (const h of p.haunts) if (!sectors.has(h)) problems.push({ file, where: 'haunts', message: `"${h}" is not a sector of the map` });
  }
  return problems;
}

import { zipSync } from 'fflate';
import type { PersonaSpec } from '../sim/persona/schema';
import { parsePersonas } from '../sim/persona/load';
import type { Tile, WorldModel } from '../sim/world/types';
import { townProblems } from '../pack/check';
import { packFromEntries, problemText } from '../pack/files';
import { MANIFEST_FILE } from '../pack/manifest';
import type { TownPack } from '../pack/townPack';

/**
 * The character editor's side that is not the form (src/ui/townEditor.ts): checking an edited
 * town as `npm run town -- check` does, the world its new residents need (a spawn at home), and
 * the edited town written back out as a pack (a .zip) that opens again as it was.
 */

/** A new resident's id from its name ("Nell Pascoe" → "nell-pascoe"), kept apart from the others'. */
export function newPersonaId(name: string, taken: ReadonlySet<string>): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const base = (words.length >= 2 ? words : [...words, 'resident']).join('-') || 'new-resident';
  let id = base;
  for (let n = 0; taken.has(id); n++) id = `${base}-${'abcdefghijklmnopqrstuvwxyz'[n % 26] ?? 'x'}`;
  return id;
}

/** Where a resident without a spawn point starts: a free walkable tile of its home room. */
function spawnAtHome(world: WorldModel, p: PersonaSpec, used: Set<string>): Tile | null {
  const tiles = world.addressTiles.get(`${world.name}:${p.livingArea}`) ?? [];
  const free = tiles.filter((t) => world.walkable[t.y * world.width + t.x] && !used.has(`${t.x},${t.y}`));
  const t = free[0] ?? tiles.find((x) => world.walkable[x.y * world.width + x.x]) ?? null;
  if (t) used.add(`${t.x},${t.y}`);
  return t;
}

/** The world with a spawn for every resident (a new one starts at home). */
export function worldFor(world: WorldModel, personas: readonly PersonaSpec[]): WorldModel {
  const spawns = new Map(world.spawns);
  const used = new Set([...spawns.values()].map((t) => `${t.x},${t.y}`));
  for (const p of personas) {
    if (spawns.has(p.id)) continue;
    const t = spawnAtHome(world, p, used);
    if (t) spawns.set(p.id, t);
  }
  return { ...world, spawns };
}

/** Every problem of the edited residents, as `npm run town -- check` says them (file: the resident's). */
export function checkResidents(world: WorldModel, personas: readonly PersonaSpec[]): string[] {
  const problems: string[] = [];
  if (!personas.length) return ['A town needs at least one resident'];
  for (const p of personas) {
    try {
      parsePersonas([{ source: `${p.name || p.id}`, data: p }]);
    } catch (err) {
      problems.push(err instanceof Error ? err.message.replace(/^Persona file /, '') : String(err));
    }
  }
  const ids = new Map<string, number>();
  for (const p of personas) ids.set(p.id, (ids.get(p.id) ?? 0) + 1);
  for (const [id, n] of ids) if (n > 1) problems.push(`${n} residents have the id "${id}"`);
  if (problems.length) return problems;
  const names = new Map(personas.map((p) => [p.id, p.name]));
  return townProblems(worldFor(world, personas), [...personas], { map: 'the map', personaFile: (id) => names.get(id) ?? id }).map(problemText);
}

const json = (v: unknown) => new TextEncoder().encode(`${JSON.stringify(v, null, 2)}\n`);

/**
 * The edited town as a pack's files: its manifest, its map (with a spawn point for each new
 * resident), its tileset images and one file per resident. Null, with why, when the town has no
 * Tiled map of its own to write (Smallville's Ville: its map is Smallville's files).
 */
export async function exportedPack(town: TownPack, personas: readonly PersonaSpec[], extra: [string, Uint8Array][] = []): Promise<{ name: string; bytes: Uint8Array } | { why: string }> {
  if (!town.map || town.personaDir === null) return { why: `${town.name} has no Tiled map of its own (its map is Smallville's files): edit it and start a new town here; export needs a town pack` };
  const world = worldFor(town.world, personas);
  const map = structuredClone(town.map.json) as { layers?: { name?: string; type?: string; objects?: { name?: string; id?: number }[] }[]; nextobjectid?: number; tilewidth?: number };
  const spawns = map.layers?.find((l) => l.name === 'spawns' && Array.isArray(l.objects));
  const tile = Number(map.tilewidth) || town.world.tileSize;
  if (spawns?.objects) {
    let next = Math.max(Number(map.nextobjectid) || 1, ...spawns.objects.map((o) => (Number(o.id) || 0) + 1));
    const named = new Set(spawns.objects.map((o) => o.name));
    for (const p of personas) {
      const t = world.spawns.get(p.id);
      if (named.has(p.id) || !t) continue;
      spawns.objects.push({ id: next++, name: p.id, type: '', point: true, x: t.x * tile + tile / 2, y: t.y * tile + tile / 2, width: 0, height: 0, rotation: 0, visible: true } as { name: string; id: number });
    }
    map.nextobjectid = next;
  }
  const dir = town.personaDir ? `${town.personaDir}/` : '';
  const entries: Record<string, Uint8Array> = {};
  for (const p of town.files.paths) {
    if (p.startsWith(dir) && p.endsWith('.json') && !p.slice(dir.length).includes('/')) continue;
    if (p === town.map.path) continue;
    entries[p] = await town.files.read(p);
  }
  for (const [p, b] of extra) entries[p] = b;
  entries[town.map.path] = json(map);
  for (const p of personas) entries[`${dir}${p.id}.json`] = json(p);
  if (!entries[MANIFEST_FILE]) throw new Error(`${town.name}: the pack has no ${MANIFEST_FILE} to write`);
  const slug = town.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'town';
  return { name: `${slug}.zip`, bytes: zipSync(entries) };
}

/** Hamlet's own town as the page bundles it, as a pack (its tileset image is fetched when exported). */
export function hamletPack(world: WorldModel, mapJson: Record<string, unknown>, personas: readonly PersonaSpec[], start: string): TownPack {
  const manifest = { format: 'hamlet-town', version: 1, name: 'Hamlet', map: 'maps/hamlet.tmj', personas: 'personas/hamlet', start, stepSeconds: 10 };
  return {
    name: 'Hamlet',
    start,
    stepSeconds: 10,
    world,
    personas: [...personas],
    whispers: [],
    map: { path: 'maps/hamlet.tmj', json: mapJson },
    files: packFromEntries('Hamlet', [[MANIFEST_FILE, json(manifest)], ...personas.map((p): [string, Uint8Array] => [`personas/hamlet/${p.id}.json`, json(p)])]),
    personaDir: 'personas/hamlet',
    layout: 'hamlet',
    notes: [],
    builtIn: true,
  };
}

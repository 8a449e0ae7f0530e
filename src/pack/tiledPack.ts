import { parseJsonBounded, DEFAULT_LIMITS } from '../io/bounded';
import { loadWorld } from '../sim/world/loadWorld';
import { isSectorKind, SECTOR_KINDS } from '../sim/world/sectorKinds';
import { parsePersonas } from '../sim/persona/load';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { MANIFEST_FILE, TownManifestSchema, type TownManifest } from './manifest';
import { normalisePath, PACK_LIMITS, readText, type PackFiles, type PackProblem } from './files';

/** What a Hamlet-layout pack holds once read: the manifest, the map and the personas (each null when it could not be read; the problems say why). */
interface TiledPackParts {
  manifest: TownManifest | null;
  mapPath: string;
  mapJson: Record<string, unknown> | null;
  world: WorldModel | null;
  personas: PersonaSpec[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const TILE_LAYERS = ['ground', 'collision'];
const OBJECT_LAYERS = ['sectors', 'arenas', 'objects', 'spawns'];
/** The widest tileset image a texture can hold on many GPUs (taller ones are paged, src/replay/suppliedMap.ts). */
const MAX_TILESET_PX = 8192;

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** A path named inside `from` (relative to its folder), as a pack path; null when it leaves the pack. */
export function resolveIn(from: string, rel: string): string | null {
  try {
    const base = dirOf(from).split('/').filter(Boolean);
    for (const part of rel.replace(/\\/g, '/').split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (!base.length) return null;
        base.pop();
      } else base.push(part);
    }
    return normalisePath(base.join('/'));
  } catch {
    return null;
  }
}

function layersOf(map: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (layers: unknown, depth: number) => {
    if (!Array.isArray(layers) || depth > 16) return;
    for (const l of layers) {
      if (!isObj(l)) continue;
      out.push(l);
      if (l.type === 'group') walk(l.layers, depth + 1);
    }
  };
  walk(map.layers, 0);
  return out;
}

/** The map's own problems found before the loader, all of them: layers, kinds, tilesets. */
function mapProblems(map: Record<string, unknown>, mapPath: string, files: PackFiles): PackProblem[] {
  const problems: PackProblem[] = [];
  const layers = layersOf(map);
  const byName = new Map(layers.map((l) => [String(l.name), l]));
  const near = (name: string) => layers.find((l) => typeof l.name === 'string' && l.name.trim().toLowerCase() === name && l.name !== name);
  for (const [names, type] of [
    [TILE_LAYERS, 'tilelayer'],
    [OBJECT_LAYERS, 'objectgroup'],
  ] as const) {
    for (const name of names) {
      const l = byName.get(name);
      const misnamed = near(name);
      if (!l) problems.push({ file: mapPath, where: `layer "${name}"`, message: misnamed ? `missing; a layer is named "${String(misnamed.name)}" (names are exact, lower case)` : `missing ${type === 'tilelayer' ? 'tile' : 'object'} layer "${name}"` });
      else if (l.type !== type) problems.push({ file: mapPath, where: `layer "${name}"`, message: `must be ${type === 'tilelayer' ? 'a tile layer' : 'an object layer'}, found ${String(l.type)}` });
    }
  }
  const sectors = byName.get('sectors');
  if (sectors && Array.isArray(sectors.objects)) {
    for (const o of sectors.objects as unknown[]) {
      if (!isObj(o)) continue;
      const props = Array.isArray(o.properties) ? (o.properties as unknown[]) : [];
      const kind = props.find((p): p is { value: unknown } => isObj(p) && p.name === 'kind')?.value;
      if (typeof kind === 'string' && !isSectorKind(kind)) problems.push({ file: mapPath, where: `layer "sectors", sector "${String(o.name)}"`, message: `unknown kind "${kind}" (one of: ${SECTOR_KINDS.join(', ')})` });
    }
  }
  const tilesets = Array.isArray(map.tilesets) ? (map.tilesets as unknown[]) : [];
  tilesets.forEach((t, i) => {
    if (!isObj(t)) return;
    const where = `tileset "${typeof t.name === 'string' ? t.name : `#${i + 1}`}"`;
    if (typeof t.source === 'string') {
      problems.push({ file: mapPath, where, message: `kept in ${t.source}; embed the tilesets in the map (Tiled: Map › Embed Tilesets)` });
      return;
    }
    if (typeof t.image !== 'string') return;
    const image = resolveIn(mapPath, t.image);
    if (!image || !files.paths.includes(image)) problems.push({ file: mapPath, where, message: `its image ${t.image} is not in the pack${image ? ` (looked for ${image})` : ''}` });
    const w = Number(t.imagewidth);
    if (w > MAX_TILESET_PX) problems.push({ file: mapPath, where, message: `its image is ${w} px wide; tilesets may be up to ${MAX_TILESET_PX} px wide (limit: tileset size)` });
  });
  return problems;
}

async function readJson(files: PackFiles, path: string, problems: PackProblem[]): Promise<unknown> {
  if (!files.paths.includes(path)) {
    problems.push({ file: path, message: 'not in the pack' });
    return undefined;
  }
  try {
    return parseJsonBounded(await readText(files, path), path, DEFAULT_LIMITS);
  } catch (err) {
    problems.push({ file: path, message: err instanceof Error ? err.message.replace(`${path} `, '') : String(err) });
    return undefined;
  }
}

/** Read a pack in Hamlet's own layout (town.json, a Tiled map, persona files), noting every problem on the way. */
export async function readTiledPack(files: PackFiles, problems: PackProblem[]): Promise<TiledPackParts> {
  const parts: TiledPackParts = { manifest: null, mapPath: '', mapJson: null, world: null, personas: [] };
  const raw = await readJson(files, MANIFEST_FILE, problems);
  if (raw === undefined) return parts;
  const m = TownManifestSchema.safeParse(raw);
  if (!m.success) {
    for (const issue of m.error.issues.slice(0, 10)) problems.push({ file: MANIFEST_FILE, where: issue.path.join('.') || undefined, message: issue.message });
    return parts;
  }
  const manifest = m.data;
  parts.manifest = manifest;
  const mapPath = resolveIn(MANIFEST_FILE, manifest.map);
  const personaDir = resolveIn(MANIFEST_FILE, manifest.personas);
  if (mapPath === null) problems.push({ file: MANIFEST_FILE, where: 'map', message: `"${manifest.map}" leaves the pack` });
  if (personaDir === null) problems.push({ file: MANIFEST_FILE, where: 'personas', message: `"${manifest.personas}" leaves the pack` });
  if (mapPath !== null) {
    parts.mapPath = mapPath;
    const mapJson = await readJson(files, mapPath, problems);
    if (isObj(mapJson)) {
      parts.mapJson = mapJson;
      const found = mapProblems(mapJson, mapPath, files);
      problems.push(...found);
      // The loader stops at its first problem: run it only when the layers it reads are sound.
      if (!found.some((p) => p.where?.startsWith('layer'))) {
        try {
          parts.world = loadWorld(mapJson, mapPath);
        } catch (err) {
          problems.push({ file: mapPath, message: (err instanceof Error ? err.message : String(err)).replace(/^Map error: /, '').replace(`${mapPath}: `, '') });
        }
      }
    } else if (mapJson !== undefined) problems.push({ file: mapPath, message: 'not a Tiled JSON map (expected an object)' });
  }
  if (personaDir !== null) {
    const prefix = personaDir ? `${personaDir}/` : '';
    const personaFiles = files.paths.filter((p) => p.startsWith(prefix) && p.endsWith('.json') && !p.slice(prefix.length).includes('/')).sort();
    if (!personaFiles.length) problems.push({ file: personaDir || '.', message: 'no persona files (.json) in the folder the manifest names' });
    if (personaFiles.length > PACK_LIMITS.maxPersonas) problems.push({ file: personaDir, message: `${personaFiles.length} persona files; a pack holds up to ${PACK_LIMITS.maxPersonas} (limit: personas)` });
    else {
      const read: { source: string; data: unknown }[] = [];
      for (const f of personaFiles) {
        const data = await readJson(files, f, problems);
        if (data === undefined) continue;
        // One file at a time, so every broken file is named, not only the first.
        try {
          parsePersonas([{ source: f, data }]);
          read.push({ source: f, data });
        } catch (err) {
          problems.push({ file: f, message: (err instanceof Error ? err.message : String(err)).replace(`Persona file ${f}: `, '') });
        }
      }
      try {
        parts.personas = parsePersonas(read);
      } catch (err) {
        problems.push({ file: personaDir, message: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  if (parts.world && manifest.economy.rent !== undefined) {
    const rent = manifest.economy.rent;
    for (const s of parts.world.sectors) if (s.kind === 'home' && parts.world.rents[s.name] === undefined) parts.world.rents[s.name] = rent;
  }
  return parts;
}

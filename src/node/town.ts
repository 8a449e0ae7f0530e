import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { checkFileSize, DEFAULT_LIMITS, parseJsonBounded } from '../io/bounded';
import { basename, join, relative, resolve } from 'node:path';
import { PACK_LIMITS, type PackFiles } from '../pack/files';
import { MANIFEST_FILE } from '../pack/manifest';
import { resolveIn } from '../pack/tiledPack';
import { openTown, type TownPack } from '../pack/open';
import { fileURLToPath } from 'node:url';
import { loadWorld } from '../sim/world/loadWorld';
import type { WorldModel } from '../sim/world/types';
import { parsePersonas } from '../sim/persona/load';
import type { PersonaSpec } from '../sim/persona/schema';

/** The repository root, found from this file (src/node/town.ts). */
export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

const MAP_PATH = join(ROOT, 'maps/hamlet.tmj');

/** A JSON file read within bounds (size, nesting, text length); errors name the file. */
function readJsonFile(path: string): unknown {
  const what = relative(process.cwd(), path) || path;
  const size = statSync(path).size;
  checkFileSize(size, what);
  return parseJsonBounded(readFileSync(path, 'utf8'), what, DEFAULT_LIMITS);
}

export function readMapJson(path = MAP_PATH): unknown {
  return readJsonFile(path);
}

export function loadTownWorld(path = MAP_PATH): WorldModel {
  return loadWorld(readMapJson(path), relative(process.cwd(), path) || path);
}

/** All persona files of a town folder, sorted by file name, validated. */
export function loadTownPersonas(dir = join(ROOT, 'personas/hamlet')): PersonaSpec[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  return parsePersonas(files.map((f) => ({ source: f, data: readJsonFile(join(dir, f)) })));
}

/** Hamlet's own town pack: the repository root holds its town.json (maps/hamlet.tmj, personas/hamlet). */
const HAMLET_PACK = ROOT;

/** The character sprites Hamlet has (public/assets/characters), for residents of a town that brings none. */
export function hamletLooks(): string[] {
  return readdirSync(join(ROOT, 'public/assets/characters'))
    .filter((f) => f.endsWith('.png'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** Files of a folder on disk, listed as a pack (paths relative to `root`), each read within the pack's bounds. */
function folderFiles(label: string, root: string, paths: string[]): PackFiles {
  const abs = resolve(root);
  return {
    label,
    paths: [...new Set(paths)].sort(),
    read: async (p) => {
      const full = resolve(abs, p);
      if (!full.startsWith(abs)) throw new Error(`${p} leaves the pack`);
      const size = statSync(full).size;
      if (size > PACK_LIMITS.maxFileBytes) throw new Error(`${p} is ${Math.round(size / 1024 / 1024)} MB; a pack's files may be up to ${PACK_LIMITS.maxFileBytes / 1024 / 1024} MB (limit: file size)`);
      return new Uint8Array(await readFile(full));
    },
  };
}

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();
const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** Every file under `dir` (relative to `root`), skipping dot-folders; at most PACK_LIMITS.maxFiles. */
function walk(root: string, dir: string, out: string[]): string[] {
  if (!isDir(join(root, dir))) return out;
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) walk(root, rel, out);
    else if (e.isFile()) out.push(rel);
    if (out.length > PACK_LIMITS.maxFiles) throw new Error(`${root} holds more than ${PACK_LIMITS.maxFiles} files; is it a town? (limit: files in a pack)`);
  }
  return out;
}

/**
 * The files of a town on disk: a pack folder (town.json: the files it names, and the tileset images
 * its map names), a Smallville storage base (storage/<base>: the base and its maze's assets two
 * folders up), or Smallville's frontend_server folder. Errors name the path.
 */
export function townFiles(path: string): PackFiles {
  const label = relative(process.cwd(), path) || path;
  if (!existsSync(path)) throw new Error(`--town ${label}: no such file or folder`);
  if (isFile(join(path, MANIFEST_FILE))) {
    const manifest = readJsonFile(join(path, MANIFEST_FILE)) as { map?: unknown; personas?: unknown };
    const paths = [MANIFEST_FILE];
    if (typeof manifest.map === 'string') {
      const map = resolveIn(MANIFEST_FILE, manifest.map);
      if (map && isFile(join(path, map))) {
        paths.push(map);
        // The tileset images the map names, where they exist (a missing one is a problem the check names).
        const doc = readJsonFile(join(path, map)) as { tilesets?: { image?: unknown }[] };
        for (const t of Array.isArray(doc.tilesets) ? doc.tilesets : []) {
          const img = typeof t?.image === 'string' ? resolveIn(map, t.image) : null;
          if (img && isFile(join(path, img))) paths.push(img);
        }
      }
    }
    if (typeof manifest.personas === 'string') {
      const dir = resolveIn(MANIFEST_FILE, manifest.personas);
      if (dir !== null) walk(path, dir, paths);
    }
    return folderFiles(label, path, paths);
  }
  // A Smallville base: …/storage/<base>; its maze's assets are in …/static_dirs/assets/<maze>.
  if (isFile(join(path, 'reverie/meta.json'))) {
    const root = resolve(path, '../..');
    const base = basename(resolve(path));
    const meta = readJsonFile(join(path, 'reverie/meta.json')) as { maze_name?: unknown };
    const paths = walk(root, `storage/${base}`, []).filter((p) => !/associative_memory\/embeddings\.json$/.test(p));
    if (typeof meta.maze_name === 'string' && /^[\w-]+$/.test(meta.maze_name)) walk(root, `static_dirs/assets/${meta.maze_name}`, paths);
    return folderFiles(label, root, paths.filter((p) => !/\.(png|jpe?g|gif|webp)$/i.test(p)));
  }
  if (isDir(join(path, 'storage'))) {
    const bases = readdirSync(join(path, 'storage')).filter((b) => isFile(join(path, 'storage', b, 'reverie/meta.json'))).sort();
    const base = bases.find((b) => /n25/.test(b)) ?? bases[0];
    if (base) return townFiles(join(path, 'storage', base));
  }
  throw new Error(`--town ${label}: neither a town pack (no ${MANIFEST_FILE}) nor a Smallville storage base (no reverie/meta.json)`);
}

/** Open a town from disk (Hamlet's own when no path is given), checked; a PackError names every problem. */
export async function loadTown(path = HAMLET_PACK): Promise<TownPack> {
  return openTown(townFiles(path), hamletLooks());
}

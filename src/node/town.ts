import { readFileSync, readdirSync, statSync } from 'node:fs';
import { checkFileSize, DEFAULT_LIMITS, parseJsonBounded } from '../io/bounded';
import { join, relative, resolve } from 'node:path';
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

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadWorld } from '../sim/world/loadWorld';
import type { WorldModel } from '../sim/world/types';
import { parsePersonas } from '../sim/persona/load';
import type { PersonaSpec } from '../sim/persona/schema';

/** The repository root, found from this file (src/node/town.ts). */
export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export function readMapJson(path = join(ROOT, 'maps/hamlet.tmj')): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function loadTownWorld(path?: string): WorldModel {
  return loadWorld(readMapJson(path));
}

/** All persona files of a town folder, sorted by file name, validated. */
export function loadTownPersonas(dir = join(ROOT, 'personas/hamlet')): PersonaSpec[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  return parsePersonas(files.map((f) => ({ source: f, data: JSON.parse(readFileSync(join(dir, f), 'utf8')) as unknown })));
}

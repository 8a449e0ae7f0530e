import { DEFAULT_LIMITS, parseJsonBounded } from '../io/bounded';
import { parsePersonas } from '../sim/persona/load';
import type { PersonaSpec } from '../sim/persona/schema';
import type { TownPack } from './townPack';
import { PACK_LIMITS, readText, type PackFiles, type PackProblem } from './files';
import { parseBlocks, parseMaze, smallvilleWorld, type SmallvilleGrids } from './smallvilleMap';
import { personaId, smallvillePersona, type SmallvilleScratch } from './smallvillePersonas';
import { parseCsvRows } from '../io/csv';

/**
 * Smallville's own layout as a town (docs/town-pack.md, "Smallville's storage"): a storage base
 * (`storage/<base>/reverie/meta.json`, `environment/0.json`, `personas/<Name>/bootstrap_memory/scratch.json`)
 * and its maze's assets (`static_dirs/assets/<maze>/matrix/…`, `agent_history_init_*.csv`), paths
 * relative to Smallville's `frontend_server` folder. No tileset image is read: the page draws the
 * town from its places.
 */

const META = /^(.*?)storage\/([^/]+)\/reverie\/meta\.json$/;

/** Where a Smallville base is among the files: the frontend_server prefix and the base's name; null when there is none. */
export function findSmallvilleBase(files: PackFiles): { root: string; base: string } | null {
  const hits = files.paths.map((p) => META.exec(p)).filter((m): m is RegExpExecArray => m !== null);
  const m = hits.find((h) => /n25/.test(h[2] ?? '')) ?? hits[0];
  return m ? { root: m[1] ?? '', base: m[2] ?? '' } : null;
}


const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** "February 13, 2023" (optionally ", 07:00:00") → "2023-02-13T07:00:00"; null when not a date. */
function smallvilleDate(s: string): string | null {
  const m = /^\s*([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})(?:,\s*(\d\d):(\d\d):(\d\d))?/.exec(s);
  const month = MONTHS.indexOf((m?.[1] ?? '').toLowerCase());
  if (!m || month < 0) return null;
  const iso = `${m[3]}-${String(month + 1).padStart(2, '0')}-${(m[2] ?? '').padStart(2, '0')}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
  return Number.isNaN(Date.parse(`${iso}Z`)) ? null : iso;
}

/** What a Smallville base gives a town (the rest is how it is drawn: from its places). */
type SmallvilleTown = Pick<TownPack, 'name' | 'start' | 'stepSeconds' | 'world' | 'personas' | 'whispers' | 'notes'>;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Read a Smallville base into a town; every problem goes to `problems`, naming the file. `looks`: Hamlet's character sprites, dealt out in turn. */
export async function readSmallvilleTown(files: PackFiles, looks: readonly string[], problems: PackProblem[]): Promise<SmallvilleTown | null> {
  const found = findSmallvilleBase(files);
  if (!found) return null;
  const { root, base } = found;
  const has = (p: string) => files.paths.includes(p);
  const json = async (path: string): Promise<unknown> => {
    if (!has(path)) {
      problems.push({ file: path, message: 'not found (a Smallville base needs it)' });
      return undefined;
    }
    try {
      return parseJsonBounded(await readText(files, path), path, DEFAULT_LIMITS);
    } catch (err) {
      problems.push({ file: path, message: err instanceof Error ? err.message : String(err) });
      return undefined;
    }
  };
  const text = async (path: string): Promise<string | undefined> => {
    if (!has(path)) {
      problems.push({ file: path, message: 'not found (a Smallville map needs it)' });
      return undefined;
    }
    return readText(files, path);
  };
  const metaPath = `${root}storage/${base}/reverie/meta.json`;
  const meta = await json(metaPath);
  if (!isObj(meta)) return null;
  const maze = typeof meta.maze_name === 'string' && /^[\w-]+$/.test(meta.maze_name) ? meta.maze_name : null;
  const names = Array.isArray(meta.persona_names) ? meta.persona_names.filter((n): n is string => typeof n === 'string' && n.trim() !== '').map((n) => n.trim()) : [];
  const start = typeof meta.start_date === 'string' ? smallvilleDate(meta.start_date) : null;
  const stepSeconds = typeof meta.sec_per_step === 'number' && Number.isInteger(meta.sec_per_step) && meta.sec_per_step >= 1 && meta.sec_per_step <= 600 ? meta.sec_per_step : null;
  if (!maze) problems.push({ file: metaPath, where: 'maze_name', message: 'missing or not a folder name' });
  if (!names.length) problems.push({ file: metaPath, where: 'persona_names', message: 'no residents named' });
  if (names.length > PACK_LIMITS.maxPersonas) problems.push({ file: metaPath, where: 'persona_names', message: `${names.length} residents; a town holds up to ${PACK_LIMITS.maxPersonas} (limit: personas)` });
  if (!start) problems.push({ file: metaPath, where: 'start_date', message: 'not a date like "February 13, 2023"' });
  if (!stepSeconds) problems.push({ file: metaPath, where: 'sec_per_step', message: 'not a whole number of seconds from 1 to 600' });
  if (!maze || !names.length || names.length > PACK_LIMITS.maxPersonas || !start || !stepSeconds) return null;

  // The map: its size, the five maze layers, the four block tables.
  const assets = `${root}static_dirs/assets/${maze}`;
  const info = await json(`${assets}/matrix/maze_meta_info.json`);
  const width = isObj(info) ? Number(info.maze_width) : NaN;
  const height = isObj(info) ? Number(info.maze_height) : NaN;
  const tileSize = isObj(info) ? Number(info.sq_tile_size) : NaN;
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 && width <= 1000 && height <= 1000 && Number.isInteger(tileSize) && tileSize > 0 && tileSize <= 256)) {
    if (isObj(info)) problems.push({ file: `${assets}/matrix/maze_meta_info.json`, message: 'maze_width, maze_height (1–1000) and sq_tile_size (1–256) must be whole numbers' });
    return null;
  }
  const grids: Partial<SmallvilleGrids> = { width, height, tileSize };
  for (const [layer, file] of [
    ['collision', 'collision'],
    ['sector', 'sector'],
    ['arena', 'arena'],
    ['object', 'game_object'],
  ] as const) {
    const path = `${assets}/matrix/maze/${file}_maze.csv`;
    const t = await text(path);
    if (t === undefined) continue;
    const cells = parseMaze(t, width * height);
    if (!cells) problems.push({ file: path, message: `expected ${width * height} tile numbers (${width}×${height})` });
    else grids[layer] = cells;
  }
  const blocks: Partial<Record<'sector' | 'arena' | 'object', Map<number, string[]>>> = {};
  for (const [key, file] of [
    ['sector', 'sector'],
    ['arena', 'arena'],
    ['object', 'game_object'],
  ] as const) {
    const t = await text(`${assets}/matrix/special_blocks/${file}_blocks.csv`);
    if (t !== undefined) blocks[key] = parseBlocks(t);
  }
  const { collision, sector, arena, object } = grids;
  if (!collision || !sector || !arena || !object || !blocks.sector || !blocks.arena || !blocks.object) return null;
  const worldName = blocks.sector.values().next().value?.[0] ?? 'the Ville';
  const mapNotes: string[] = [];
  const world = smallvilleWorld({ width, height, tileSize, collision, sector, arena, object }, { sector: blocks.sector, arena: blocks.arena, object: blocks.object }, worldName, mapNotes);
  for (const n of mapNotes) problems.push({ file: `${assets}/matrix/maze`, message: n });

  // The whispers Smallville loads at the start of a run: one CSV per town size, ';' between whispers.
  const historyFile = files.paths.filter((p) => p.startsWith(`${assets}/agent_history_init_`) && p.endsWith('.csv')).sort((a, b) => (b.includes(`n${names.length}.`) ? 1 : 0) - (a.includes(`n${names.length}.`) ? 1 : 0))[0];
  const whispersOf = new Map<string, string[]>();
  if (historyFile) {
    for (const [name, whisper] of parseCsvRows(await readText(files, historyFile)).slice(1)) {
      if (!name || !whisper) continue;
      whispersOf.set(name.trim(), whisper.split(';').map((w) => w.trim()).filter(Boolean).slice(0, 50));
    }
  }

  const env = await json(`${root}storage/${base}/environment/0.json`);
  const residents = names.map((n) => ({ id: personaId(n), name: n }));
  const sources: { source: string; data: unknown }[] = [];
  for (const [i, name] of names.entries()) {
    const path = `${root}storage/${base}/personas/${name}/bootstrap_memory/scratch.json`;
    const s = await json(path);
    if (!isObj(s)) continue;
    const missing = ['name', 'first_name', 'last_name', 'innate', 'learned', 'currently', 'lifestyle', 'living_area'].filter((k) => typeof s[k] !== 'string' || !(s[k] as string).trim());
    if (typeof s.age !== 'number') missing.push('age');
    if (missing.length) {
      problems.push({ file: path, message: `lacks ${missing.join(', ')}` });
      continue;
    }
    const spec = smallvillePersona(s as unknown as SmallvilleScratch, whispersOf.get(name) ?? [], world, residents, looks[i % Math.max(1, looks.length)] ?? 'resident');
    sources.push({ source: path, data: spec });
    const tile = isObj(env) && isObj(env[name]) ? env[name] : null;
    const x = Number(tile?.x);
    const y = Number(tile?.y);
    if (!tile || !Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
      problems.push({ file: `${root}storage/${base}/environment/0.json`, where: name, message: 'no starting tile inside the map' });
      continue;
    }
    world.spawns.set(spec.id, { x, y });
  }
  let personas: PersonaSpec[] = [];
  try {
    personas = parsePersonas(sources);
  } catch (err) {
    problems.push({ file: `${root}storage/${base}/personas`, message: err instanceof Error ? err.message : String(err) });
  }
  const whispers = personas.flatMap((p) => (whispersOf.get(p.name) ?? []).map((text) => ({ id: p.id, text })));
  const working = personas.filter((p) => p.occupation).length;
  const notes = [
    `${worldName} from Smallville's ${base}: ${personas.length} residents, ${world.sectors.length} places (kinds read from their names), ${working} with a workplace read from their plans, ${whispers.length} first memories from ${historyFile?.split('/').pop() ?? 'no history file'}`,
  ];
  return { name: worldName, start, stepSeconds, world, personas, whispers, notes };
}

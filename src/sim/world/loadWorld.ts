import type { TiledLayer, TiledLayerObjectgroup, TiledLayerTilelayer, TiledMap, TiledObject } from 'tiled-types';
import type { ArenaInfo, GameObjectInfo, JobSpec, SectorInfo, ShopItemSpec, Tile, TileRect, WorldModel } from './types';
import { EconomyPropError, parseItems, parseJobs } from './economyProps';
import { at } from '../checked';
import { SECTOR_KINDS, isSectorKind } from './sectorKinds';

/** A map that lacks something the simulation needs; the message names the layer or property. */
export class MapError extends Error {
  constructor(message: string) {
    super(`Map error: ${message}`);
    this.name = 'MapError';
  }
}

/**
 * Bounds on a map, so a damaged or hostile file is refused quickly instead of hanging the page: the
 * Ville is 140×100 tiles with a few hundred places.
 */
const MAP_LIMITS = { maxSide: 1000, maxTiles: 1_000_000, maxTileSize: 256, maxPlaces: 5_000, maxLayerDepth: 16, maxNameLength: 200 } as const;

/** A value as it appears in the file, for a message. */
const shown = (v: unknown): string => (v === undefined ? 'nothing' : typeof v === 'string' ? `"${v.slice(0, 40)}"` : (JSON.stringify(v) ?? String(v)).slice(0, 40));
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** "id 7", or the object's place in its layer when it has no usable id. */
const idText = (o: { id?: unknown }, i: number): string => (typeof o.id === 'number' && Number.isFinite(o.id) ? `id ${o.id}` : `number ${i + 1} in its layer`);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A place name: text, not blank, without ":" (it separates the parts of an address). */
function placeName(v: unknown, what: string): string {
  if (typeof v !== 'string' || v.trim() === '') throw new MapError(`${what} has no name`);
  if (v.length > MAP_LIMITS.maxNameLength) throw new MapError(`${what} has a name of ${v.length} characters (at most ${MAP_LIMITS.maxNameLength})`);
  if (v.includes(':')) throw new MapError(`${what} is named "${v}": a name must not contain ":" (it separates the parts of an address)`);
  return v;
}

const REQUIRED_TILE_LAYERS = ['ground', 'collision'] as const;
const REQUIRED_OBJECT_LAYERS = ['sectors', 'arenas', 'objects', 'spawns'] as const;

function findLayer(layers: TiledLayer[], name: string, depth = 0): TiledLayer | undefined {
  if (depth > MAP_LIMITS.maxLayerDepth) throw new MapError(`layer groups nest more than ${MAP_LIMITS.maxLayerDepth} deep`);
  for (const layer of layers) {
    if (!isObj(layer)) throw new MapError('a layer is not an object');
    if (layer.name === name) return layer;
    if (layer.type === 'group') {
      if (!Array.isArray(layer.layers)) throw new MapError(`group layer ${shown(layer.name)} has no "layers" list`);
      const inner = findLayer(layer.layers, name, depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

function tileLayer(map: TiledMap, name: string): TiledLayerTilelayer {
  const layer = findLayer(map.layers ?? [], name);
  if (!layer) throw new MapError(`missing tile layer "${name}"`);
  if (layer.type !== 'tilelayer') throw new MapError(`layer "${name}" must be a tile layer, found ${shown(layer.type)}`);
  if (!Array.isArray(layer.data)) {
    throw new MapError(`tile layer "${name}" must store plain CSV/array data (set the map's layer format to CSV in Tiled)`);
  }
  if (layer.data.length !== map.width * map.height) {
    throw new MapError(`tile layer "${name}" has ${layer.data.length} cells, expected ${map.width}×${map.height}`);
  }
  const bad = (layer.data as unknown[]).findIndex((v) => !(typeof v === 'number' && Number.isInteger(v) && v >= 0));
  if (bad >= 0) throw new MapError(`tile layer "${name}" has a cell that is not a tile number at (${bad % map.width}, ${Math.floor(bad / map.width)})`);
  return layer;
}

function objectLayer(map: TiledMap, name: string): TiledLayerObjectgroup {
  const layer = findLayer(map.layers ?? [], name);
  if (!layer) throw new MapError(`missing object layer "${name}"`);
  if (layer.type !== 'objectgroup') throw new MapError(`layer "${name}" must be an object layer, found ${shown(layer.type)}`);
  if (!Array.isArray(layer.objects)) throw new MapError(`object layer "${name}" has no "objects" list`);
  if (layer.objects.length > MAP_LIMITS.maxPlaces) throw new MapError(`object layer "${name}" has ${layer.objects.length} objects (at most ${MAP_LIMITS.maxPlaces})`);
  layer.objects.forEach((o, i) => {
    if (!isObj(o)) throw new MapError(`object #${i + 1} in layer "${name}" is not an object`);
  });
  return layer;
}

function stringProperty(props: TiledObject['properties'] | undefined, name: string, owner = 'the map'): string | undefined {
  if (props === undefined || props === null) return undefined;
  if (!Array.isArray(props)) throw new MapError(`the properties of ${owner} must be a list of {name, type, value}`);
  const p = (props as unknown[]).find((q) => isObj(q) && q.name === name) as { value?: unknown } | undefined;
  return p && typeof p.value === 'string' ? p.value : undefined;
}

function rectOf(obj: TiledObject, layer: string, tileSize: number, map: TiledMap, index = 0): TileRect {
  const label = `object "${obj.name}" (${idText(obj, index)}) in layer "${layer}"`;
  if (obj.point || obj.ellipse || obj.polygon || obj.polyline) throw new MapError(`${label} must be a rectangle`);
  if (obj.rotation) throw new MapError(`${label} must not be rotated`);
  for (const k of ['x', 'y', 'width', 'height'] as const) if (!isNum(obj[k])) throw new MapError(`${label} has no "${k}" (a number of pixels)`);
  const r = {
    x: Math.round(obj.x / tileSize),
    y: Math.round(obj.y / tileSize),
    w: Math.round(obj.width / tileSize),
    h: Math.round(obj.height / tileSize),
  };
  if (r.w < 1 || r.h < 1) throw new MapError(`${label} covers no whole tile`);
  if (r.x < 0 || r.y < 0 || r.x + r.w > map.width || r.y + r.h > map.height) {
    throw new MapError(`${label} lies outside the ${map.width}×${map.height} map`);
  }
  return r;
}

function contains(outer: TileRect, inner: TileRect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

function uniqueContainer<T extends { name: string; rect: TileRect }>(items: T[], rect: TileRect, what: string, outerLayer: string): T {
  const hits = items.filter((i) => contains(i.rect, rect));
  const [hit] = hits;
  if (!hit) throw new MapError(`${what} is not inside any rectangle of layer "${outerLayer}"`);
  if (hits.length > 1) {
    throw new MapError(`${what} is inside several rectangles of layer "${outerLayer}": ${hits.map((h) => h.name).join(', ')}`);
  }
  return hit;
}

/**
 * Turn a Tiled JSON map into the plain world model. Pure: no Phaser, no I/O.
 * Throws MapError naming the layer or property when the map lacks what the simulation needs.
 */
export function loadWorld(input: unknown, source?: string): WorldModel {
  try {
    return readWorld(input);
  } catch (err) {
    // Every failure is a MapError naming the file (a bug below included), never a bare TypeError.
    const reason = err instanceof MapError ? err.message.replace(/^Map error: /, '') : `it could not be read (${err instanceof RangeError && /call stack/i.test(err.message) ? 'it nests too deeply' : err instanceof Error ? err.message : String(err)})`;
    throw new MapError(source ? `${source}: ${reason}` : reason);
  }
}

function readWorld(input: unknown): WorldModel {
  if (!isObj(input)) throw new MapError('not a Tiled JSON map (expected an object)');
  const map = input as unknown as TiledMap;
  if (map.orientation !== 'orthogonal') throw new MapError(`orientation must be "orthogonal", found ${shown(map.orientation)}`);
  if (map.infinite) throw new MapError('infinite maps are not supported (property "infinite" must be false)');
  if (!Number.isInteger(map.width) || !Number.isInteger(map.height) || map.width < 1 || map.height < 1) {
    throw new MapError('map "width" and "height" must be positive integers');
  }
  if (map.width > MAP_LIMITS.maxSide || map.height > MAP_LIMITS.maxSide || map.width * map.height > MAP_LIMITS.maxTiles) {
    throw new MapError(`the map is ${map.width}×${map.height} tiles; Hamlet loads maps of up to ${MAP_LIMITS.maxSide} tiles a side (limit: map size)`);
  }
  if (!Number.isInteger(map.tilewidth) || map.tilewidth < 1 || map.tilewidth > MAP_LIMITS.maxTileSize) throw new MapError(`"tilewidth" must be a whole number of pixels from 1 to ${MAP_LIMITS.maxTileSize}`);
  if (map.tilewidth !== map.tileheight) throw new MapError('"tilewidth" and "tileheight" must be equal');
  if (!Array.isArray(map.layers)) throw new MapError('map has no "layers" array');
  const tileSize = map.tilewidth;
  const { width, height } = map;
  const name = stringProperty(map.properties as TiledObject['properties'], 'world');
  if (name !== undefined) placeName(name, 'the map property "world"');
  if (!name) throw new MapError('missing map property "world" (the world name, e.g. "Hamlet")');

  for (const l of REQUIRED_TILE_LAYERS) tileLayer(map, l);
  for (const l of REQUIRED_OBJECT_LAYERS) objectLayer(map, l);

  const ground = tileLayer(map, 'ground').data as number[];
  const collision = tileLayer(map, 'collision').data as number[];
  const walkable = new Uint8Array(width * height);
  for (let i = 0; i < walkable.length; i++) {
    if (ground[i] === 0) throw new MapError(`layer "ground" has an empty cell at (${i % width}, ${Math.floor(i / width)})`);
    walkable[i] = collision[i] === 0 ? 1 : 0;
  }

  const sectors: SectorInfo[] = objectLayer(map, 'sectors').objects.map((o, i) => {
    placeName(o.name, `a rectangle (${idText(o, i)}) in layer "sectors"`);
    const kind = stringProperty(o.properties, 'kind', `sector "${o.name}"`);
    if (!kind) throw new MapError(`sector "${o.name}" in layer "sectors" lacks the string property "kind"`);
    if (!isSectorKind(kind)) throw new MapError(`sector "${o.name}" has the kind "${kind}", which Hamlet does not know (one of: ${SECTOR_KINDS.join(', ')}); opening hours, shop items and scenes are defined per kind`);
    return { name: o.name, kind, rect: rectOf(o, 'sectors', tileSize, map, i) };
  });
  const seenSectors = new Set<string>();
  for (const s of sectors) {
    if (seenSectors.has(s.name)) throw new MapError(`sector name "${s.name}" appears twice in layer "sectors"`);
    seenSectors.add(s.name);
  }

  const arenas: ArenaInfo[] = objectLayer(map, 'arenas').objects.map((o, i) => {
    placeName(o.name, `a rectangle (${idText(o, i)}) in layer "arenas"`);
    const rect = rectOf(o, 'arenas', tileSize, map, i);
    const sector = uniqueContainer(sectors, rect, `arena "${o.name}" (${idText(o, i)})`, 'sectors');
    return { name: o.name, sector: sector.name, rect };
  });

  // The economy (docs/economy.md#jobs-and-shops-are-map-data): jobs and shop items as custom properties of the sectors.
  const jobs: JobSpec[] = [];
  const items: ShopItemSpec[] = [];
  const declared = { jobs: new Set<string>(), items: new Set<string>() };
  const rents: Record<string, number> = {};
  for (const o of objectLayer(map, 'sectors').objects) {
    for (const prop of ['jobs', 'items'] as const) {
      const raw = (Array.isArray(o.properties) ? (o.properties as unknown[]) : []).find((q): q is { name: string; value: unknown } => typeof q === 'object' && q !== null && (q as { name?: unknown }).name === prop);
      if (!raw) continue;
      if (typeof raw.value !== 'string') throw new MapError(`map "${name}", sector "${o.name}": property "${prop}" must be a string (one entry per line)`);
      try {
        if (prop === 'jobs') for (const j of parseJobs(raw.value, o.name, arenas)) jobs.push({ id: jobs.length + 1, ...j });
        else for (const it of parseItems(raw.value, o.name)) items.push({ id: items.length + 1, ...it });
      } catch (err) {
        if (err instanceof EconomyPropError) throw new MapError(`map "${name}", sector "${o.name}": ${err.message}`);
        throw err;
      }
      declared[prop].add(o.name);
    }
    const rent = (Array.isArray(o.properties) ? (o.properties as unknown[]) : []).find((q): q is { name: string; value: unknown } => typeof q === 'object' && q !== null && (q as { name?: unknown }).name === 'rent');
    if (rent) {
      const v = typeof rent.value === 'string' && /^\s*\d+\s*$/.test(rent.value) ? Number(rent.value) : rent.value;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 10_000) throw new MapError(`map "${name}", sector "${o.name}": property "rent" (credits a day each resident pays) must be a whole number from 0 to 10000, found ${JSON.stringify(rent.value)}`);
      rents[o.name] = v;
    }
  }

  const objects: GameObjectInfo[] = objectLayer(map, 'objects').objects.map((o, i) => {
    placeName(o.name, `a rectangle (${idText(o, i)}) in layer "objects"`);
    const rect = rectOf(o, 'objects', tileSize, map, i);
    const arena = uniqueContainer(arenas, rect, `object "${o.name}" (${idText(o, i)})`, 'arenas');
    return { name: o.name, sector: arena.sector, arena: arena.name, rect };
  });

  const sectorAt = new Int16Array(width * height).fill(-1);
  const arenaAt = new Int16Array(width * height).fill(-1);
  const objectAt = new Int32Array(width * height).fill(-1);
  // Painting costs the places' areas: bounded, so overlapping giant rectangles cannot hang the page.
  const painted = [...sectors, ...arenas, ...objects].reduce((n, p) => n + p.rect.w * p.rect.h, 0);
  if (painted > 20 * width * height) throw new MapError(`the places cover ${painted.toLocaleString('en')} tiles, more than 20 times the map (limit: place area); are rectangles stacked on each other?`);
  const paint = (arr: Int16Array | Int32Array, rect: TileRect, value: number) => {
    for (let y = rect.y; y < rect.y + rect.h; y++) for (let x = rect.x; x < rect.x + rect.w; x++) arr[y * width + x] = value;
  };
  sectors.forEach((s, i) => paint(sectorAt, s.rect, i));
  // An arena's sector is the one that contains it, so painting arenas after sectors stays consistent.
  arenas.forEach((a, i) => paint(arenaAt, a.rect, i));
  objects.forEach((o, i) => paint(objectAt, o.rect, i));

  const addressTiles = addressTilesOf(name, width, height, { sectors, arenas, objects, sectorAt, arenaAt, objectAt });

  const spawns = new Map<string, Tile>();
  for (const [i, o] of objectLayer(map, 'spawns').objects.entries()) {
    if (typeof o.name !== 'string' || !o.name) throw new MapError(`a spawn point (${idText(o, i)}) in layer "spawns" has no name (the persona id)`);
    if (!isNum(o.x) || !isNum(o.y)) throw new MapError(`spawn "${o.name}" in layer "spawns" has no "${isNum(o.x) ? 'y' : 'x'}" (a number of pixels)`);
    const t = { x: Math.floor(o.x / tileSize), y: Math.floor(o.y / tileSize) };
    if (t.x < 0 || t.y < 0 || t.x >= width || t.y >= height) throw new MapError(`spawn "${o.name}" in layer "spawns" is outside the map`);
    if (!walkable[t.y * width + t.x]) throw new MapError(`spawn "${o.name}" in layer "spawns" is on a blocked tile (${t.x}, ${t.y})`);
    if (spawns.has(o.name)) throw new MapError(`spawn "${o.name}" appears twice in layer "spawns"`);
    spawns.set(o.name, t);
  }

  return { name, width, height, tileSize, walkable, sectors, arenas, objects, jobs, items, declared, rents, spawns, sectorAt, arenaAt, objectAt, addressTiles };
}

/**
 * Every address of the map and its tiles, in row-major order: "world:sector", "world:sector:arena"
 * and "world:sector:arena:object", from the per-tile place grids. Shared by every map reader.
 */
export function addressTilesOf(
  name: string,
  width: number,
  height: number,
  places: Pick<WorldModel, 'sectors' | 'arenas' | 'objects' | 'sectorAt' | 'arenaAt' | 'objectAt'>,
): Map<string, Tile[]> {
  const { sectors, arenas, objects, sectorAt, arenaAt, objectAt } = places;
  const addressTiles = new Map<string, Tile[]>();
  const push = (key: string, t: Tile) => {
    let list = addressTiles.get(key);
    if (!list) addressTiles.set(key, (list = []));
    list.push(t);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const s = at(sectorAt, i, 'sector grid');
      if (s < 0) continue;
      const sector = at(sectors, s, 'sector');
      const t = { x, y };
      const sectorKey = `${name}:${sector.name}`;
      push(sectorKey, t);
      const a = at(arenaAt, i, 'arena grid');
      const arena = a < 0 ? undefined : at(arenas, a, 'arena');
      if (!arena || arena.sector !== sector.name) continue;
      const arenaKey = `${sectorKey}:${arena.name}`;
      push(arenaKey, t);
      const o = at(objectAt, i, 'object grid');
      const object = o < 0 ? undefined : at(objects, o, 'object');
      if (object && object.arena === arena.name && object.sector === sector.name) push(`${arenaKey}:${object.name}`, t);
    }
  }

  return addressTiles;
}

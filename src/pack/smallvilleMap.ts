import { addressTilesOf } from '../sim/world/loadWorld';
import type { ArenaInfo, GameObjectInfo, SectorInfo, Tile, TileRect, WorldModel } from '../sim/world/types';
import type { SectorKind } from '../sim/world/sectorKinds';

/**
 * Smallville's map as Hamlet's world model: its meaning is kept outside the Tiled file, in
 * `matrix/maze/*_maze.csv` (one flat row of tile numbers per layer) and
 * `matrix/special_blocks/*_blocks.csv` (tile number → world, sector, arena, object). Places are
 * whatever shape the blocks paint (not rectangles); a place's rect is its bounding box.
 */

/** The layers of a Smallville maze, each width × height tile numbers (0: nothing). */
export interface SmallvilleGrids {
  width: number;
  height: number;
  tileSize: number;
  collision: number[];
  sector: number[];
  arena: number[];
  object: number[];
}

/** A special_blocks CSV: tile number → its names after the number (world first), trimmed. */
export function parseBlocks(text: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const line of text.split(/\r?\n/)) {
    const cells = line.split(',').map((c) => c.trim());
    const gid = Number(cells[0]);
    if (!line.trim() || !Number.isInteger(gid)) continue;
    out.set(gid, cells.slice(1));
  }
  return out;
}

/** A maze CSV (one row of numbers, or several rows) as numbers; null when a cell is not a number. */
export function parseMaze(text: string, cells: number): number[] | null {
  const out = text.split(/[\s,]+/).filter(Boolean).map(Number);
  if (out.length !== cells || out.some((n) => !Number.isInteger(n) || n < 0)) return null;
  return out;
}

/** A sector's kind read from its name (Smallville's map has no kinds): homes first, so "Ryan Park's apartment" is a home. */
function kindFromName(name: string): SectorKind {
  const n = name.toLowerCase();
  const rules: [RegExp, SectorKind][] = [
    [/\b(apartments?|house|home|dorm|dormitory|co-living|cottage|flat|residence|bedroom)\b/, 'home'],
    [/\b(cafe|café|coffee|tea ?room)\b/, 'cafe'],
    [/\b(pub|bar|tavern|inn|saloon)\b/, 'bar'],
    [/\b(bakery|patisserie)\b/, 'bakery'],
    [/\b(college|university|school|academy)\b/, 'college'],
    [/\b(market|grocery|grocer|pharmacy|supermarket)\b/, 'grocery'],
    [/\b(store|shop|supply|supplies)\b/, 'shop'],
    [/\b(park|garden|green|meadow)\b/, 'park'],
    [/\b(square|plaza)\b/, 'square'],
    [/\b(clinic|hospital|surgery)\b/, 'clinic'],
    [/\b(office|hall|studio|library)\b/, 'office'],
  ];
  return rules.find(([re]) => re.test(n))?.[1] ?? 'workplace';
}

function boundingRect(tiles: Tile[]): TileRect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const t of tiles) {
    x0 = Math.min(x0, t.x);
    y0 = Math.min(y0, t.y);
    x1 = Math.max(x1, t.x);
    y1 = Math.max(y1, t.y);
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The world model of a Smallville maze; `problems` gets a line for each tile number the blocks do not name. */
export function smallvilleWorld(g: SmallvilleGrids, blocks: { sector: Map<number, string[]>; arena: Map<number, string[]>; object: Map<number, string[]> }, worldName: string, problems: string[]): WorldModel {
  const { width, height } = g;
  const n = width * height;
  const walkable = new Uint8Array(n);
  for (let i = 0; i < n; i++) walkable[i] = g.collision[i] === 0 ? 1 : 0;
  const sectors: SectorInfo[] = [];
  const arenas: ArenaInfo[] = [];
  const objects: GameObjectInfo[] = [];
  const sectorIndex = new Map<string, number>();
  const arenaIndex = new Map<string, number>();
  const objectIndex = new Map<string, number>();
  const tilesOf = new Map<string, Tile[]>();
  const sectorAt = new Int16Array(n).fill(-1);
  const arenaAt = new Int16Array(n).fill(-1);
  const objectAt = new Int32Array(n).fill(-1);
  const unknown = new Set<string>();
  const note = (what: string, gid: number) => {
    if (unknown.size < 20 && !unknown.has(`${what} ${gid}`)) problems.push(`${what} tile number ${gid} is not in ${what}_blocks.csv`);
    unknown.add(`${what} ${gid}`);
  };
  const track = (key: string, t: Tile) => {
    let list = tilesOf.get(key);
    if (!list) tilesOf.set(key, (list = []));
    list.push(t);
  };
  for (let i = 0; i < n; i++) {
    const t = { x: i % width, y: Math.floor(i / width) };
    const sg = g.sector[i] ?? 0;
    if (!sg) continue;
    const sName = blocks.sector.get(sg)?.[1];
    if (!sName) {
      note('sector', sg);
      continue;
    }
    let s = sectorIndex.get(sName);
    if (s === undefined) {
      sectorIndex.set(sName, (s = sectors.length));
      sectors.push({ name: sName, kind: kindFromName(sName), rect: { x: 0, y: 0, w: 1, h: 1 } });
    }
    sectorAt[i] = s;
    track(`s:${sName}`, t);
    const ag = g.arena[i] ?? 0;
    if (!ag) continue;
    const aRow = blocks.arena.get(ag);
    if (!aRow?.[2]) {
      note('arena', ag);
      continue;
    }
    // An arena belongs to the sector its blocks name; painted over another sector it is left out there.
    if (aRow[1] !== sName) continue;
    const aKey = `${sName}:${aRow[2]}`;
    let a = arenaIndex.get(aKey);
    if (a === undefined) {
      arenaIndex.set(aKey, (a = arenas.length));
      arenas.push({ name: aRow[2], sector: sName, rect: { x: 0, y: 0, w: 1, h: 1 } });
    }
    arenaAt[i] = a;
    track(`a:${aKey}`, t);
    const og = g.object[i] ?? 0;
    if (!og) continue;
    const oName = blocks.object.get(og)?.at(-1);
    if (!oName) {
      note('game_object', og);
      continue;
    }
    const oKey = `${aKey}:${oName}`;
    let o = objectIndex.get(oKey);
    if (o === undefined) {
      objectIndex.set(oKey, (o = objects.length));
      objects.push({ name: oName, sector: sName, arena: aRow[2], rect: { x: 0, y: 0, w: 1, h: 1 } });
    }
    objectAt[i] = o;
    track(`o:${oKey}`, t);
  }
  for (const s of sectors) s.rect = boundingRect(tilesOf.get(`s:${s.name}`) ?? []);
  for (const a of arenas) a.rect = boundingRect(tilesOf.get(`a:${a.sector}:${a.name}`) ?? []);
  for (const o of objects) o.rect = boundingRect(tilesOf.get(`o:${o.sector}:${o.arena}:${o.name}`) ?? []);
  const places = { sectors, arenas, objects, sectorAt, arenaAt, objectAt };
  return {
    name: worldName,
    width,
    height,
    tileSize: g.tileSize,
    walkable,
    ...places,
    jobs: [],
    items: [],
    declared: { jobs: new Set(), items: new Set() },
    rents: {},
    spawns: new Map(),
    addressTiles: addressTilesOf(worldName, width, height, places),
  };
}

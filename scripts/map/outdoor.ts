/**
 * Outdoor drawing helpers: streets, paths, trees, lamp posts, fences, hedges, flower beds.
 */
import { gid, type TileName } from '../art/catalog';
import { type Rect, type Town, cellsOf } from './grid';
import { at } from '../../src/sim/checked';

/** Deterministic PRNG (mulberry32): the one in scripts/art/noise.ts. */
export { rng } from '../art/noise';

export interface Street {
  dir: 'h' | 'v';
  /** First row (h) or column (v) of the corridor: sidewalk, 3 road lanes, sidewalk. */
  at: number;
  from: number;
  to: number;
  /** Sidewalk width on each side. */
  sidewalk: number;
}

const GRASSY = new Set(['grass', 'grass_dark', 'grass_flowers'].map((n) => gid(n as TileName)));

export function isGrass(town: Town, x: number, y: number): boolean {
  return town.inBounds(x, y) && GRASSY.has(town.get('ground', x, y));
}

/** Streets: sidewalks, then road surfaces, then centre lines where only one street runs. */
export function drawStreets(town: Town, streets: Street[]): void {
  const surface = new Uint8Array(town.w * town.h);
  const cells = (s: Street, off0: number, off1: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let t = s.from; t <= s.to; t++) {
      for (let o = off0; o <= off1; o++) {
        const [x, y] = s.dir === 'h' ? [t, s.at + o] : [s.at + o, t];
        if (town.inBounds(x, y)) out.push([x, y]);
      }
    }
    return out;
  };
  for (const s of streets) {
    for (const [x, y] of cells(s, 0, 2 * s.sidewalk + 2)) {
      town.set('ground', x, y, 'sidewalk');
      town.reserved[town.idx(x, y)] = 1;
    }
  }
  for (const s of streets) {
    for (const [x, y] of cells(s, s.sidewalk, s.sidewalk + 2)) {
      town.set('ground', x, y, 'road');
      const i = town.idx(x, y);
      surface[i] = at(surface, i, 'road surface') + 1;
    }
  }
  for (const s of streets) {
    for (const [x, y] of cells(s, s.sidewalk + 1, s.sidewalk + 1)) {
      // Stop the line one tile before a crossing so intersections stay plain tarmac.
      const clear = [-1, 0, 1].every((d) => {
        const [cx, cy] = s.dir === 'h' ? [x + d, y] : [x, y + d];
        return !town.inBounds(cx, cy) || at(surface, town.idx(cx, cy), 'road surface') <= 1;
      });
      if (clear) town.set('ground', x, y, s.dir === 'h' ? 'road_line_h' : 'road_line_v');
    }
  }
}

/** Paint a path (ground only) and keep decoration off it. */
export function pave(town: Town, r: Rect, tile: TileName): void {
  for (const [x, y] of cellsOf(r)) {
    if (!town.inBounds(x, y) || town.building[town.idx(x, y)]) continue;
    town.set('ground', x, y, tile);
    town.reserved[town.idx(x, y)] = 1;
  }
}

export interface TreeOptions {
  /** Refuse spots next to another blocked cell (keeps scattered trees from sealing pockets). */
  loose?: boolean;
}

/** Can a tree (trunk at x,y; canopy over x..x+1, y-1..y) stand here? */
export function canTree(town: Town, x: number, y: number, opts: TreeOptions = {}): boolean {
  if (!town.isOpen(x, y) || !isGrass(town, x, y)) return false;
  for (const [cx, cy] of [[x, y - 1], [x + 1, y - 1], [x, y], [x + 1, y]] as const) {
    if (!town.inBounds(cx, cy)) return false;
    const i = town.idx(cx, cy);
    if (town.layers.foreground[i] !== 0 || town.building[i] || town.layers.walls[i] !== 0) return false;
  }
  if (!opts.loose) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx || dy) && town.inBounds(x + dx, y + dy) && town.blocked(x + dx, y + dy)) return false;
        if ((dx || dy) && town.inBounds(x + dx, y + dy) && town.building[town.idx(x + dx, y + dy)]) return false;
      }
    }
  }
  return true;
}

export function tree(town: Town, x: number, y: number): void {
  town.set('furniture', x, y, 'tree_trunk');
  town.block(x, y);
  town.set('foreground', x, y - 1, 'canopy_tl');
  town.set('foreground', x + 1, y - 1, 'canopy_tr');
  town.set('foreground', x, y, 'canopy_bl');
  town.set('foreground', x + 1, y, 'canopy_br');
}

export function tryTree(town: Town, x: number, y: number, opts: TreeOptions = {}): boolean {
  if (!canTree(town, x, y, opts)) return false;
  tree(town, x, y);
  return true;
}

/** Scatter trees over a region: jittered grid with the given spacing; returns how many stand. */
export function scatterTrees(town: Town, r: Rect, spacing: number, rand: () => number, chance = 0.8): number {
  let n = 0;
  for (let gy = r.y + 1; gy < r.y + r.h; gy += spacing) {
    for (let gx = r.x; gx < r.x + r.w - 1; gx += spacing) {
      if (rand() > chance) continue;
      const x = gx + Math.floor(rand() * Math.max(1, spacing - 1));
      const y = gy + Math.floor(rand() * Math.max(1, spacing - 1));
      if (x < r.x + r.w - 1 && y < r.y + r.h && tryTree(town, x, y)) n++;
    }
  }
  return n;
}

/**
 * Lamp post with its lamp drawn above. On a sidewalk it keeps clear of the mouths of paths;
 * `onPlaza` lifts that rule for lamps standing on the paved square itself.
 */
export function tryLamp(town: Town, x: number, y: number, onPlaza = false): boolean {
  if (!town.inBounds(x, y - 1) || !town.inBounds(x, y)) return false;
  const i = town.idx(x, y);
  if (town.building[i] || town.layers.walls[i] || town.layers.furniture[i] || town.blocked(x, y)) return false;
  if (town.layers.foreground[town.idx(x, y - 1)] || town.layers.foreground[i]) return false;
  // Not in front of a door, where a path meets the sidewalk, or in a gap between two obstacles.
  const onPavement = !onPlaza && !isGrass(town, x, y);
  const b = (dx: number, dy: number) => town.blocked(x + dx, y + dy);
  if ((b(-1, 0) && b(1, 0)) || (b(0, -1) && b(0, 1))) return false;
  for (const [dx, dy] of [[0, 1], [0, -1], [1, 0], [-1, 0]] as const) {
    const nx = x + dx;
    const ny = y + dy;
    if (!town.inBounds(nx, ny)) continue;
    if (town.is('ground', nx, ny, 'doormat')) return false;
    if (onPavement && (town.is('ground', nx, ny, 'dirt_path') || town.is('ground', nx, ny, 'plaza_stone'))) return false;
  }
  if (town.is('ground', x, y, 'dirt_path') || town.is('ground', x, y, 'doormat')) return false;
  town.set('furniture', x, y, 'lamp_post');
  town.block(x, y);
  town.set('foreground', x, y - 1, 'lamp_top');
  return true;
}

function barrier(town: Town, x: number, y: number, tile: TileName): void {
  if (!town.inBounds(x, y) || town.building[town.idx(x, y)] || town.reserved[town.idx(x, y)]) return;
  town.set('walls', x, y, tile);
  town.set('furniture', x, y, null);
  town.block(x, y);
}

/** Fence around a rectangle (on its border cells), leaving the listed gaps open. */
export function fence(town: Town, r: Rect, gaps: [number, number][] = []): void {
  const gap = new Set(gaps.map(([x, y]) => `${x},${y}`));
  for (const [x, y] of cellsOf(r)) {
    const edgeH = y === r.y || y === r.y + r.h - 1;
    const edgeV = x === r.x || x === r.x + r.w - 1;
    if (!(edgeH || edgeV) || gap.has(`${x},${y}`)) continue;
    barrier(town, x, y, edgeH ? 'fence_h' : 'fence_v');
  }
}

/** Straight hedge run between two cells (inclusive), leaving gaps open. */
export function hedge(town: Town, x0: number, y0: number, x1: number, y1: number, gaps: [number, number][] = []): void {
  const gap = new Set(gaps.map(([x, y]) => `${x},${y}`));
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) {
    for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) if (!gap.has(`${x},${y}`)) barrier(town, x, y, 'hedge');
  }
}

/** Decoration piece on open ground (flower bed, bench, crates …). */
export function put(town: Town, x: number, y: number, tile: TileName, blocked: boolean): boolean {
  if (!town.isOpen(x, y)) return false;
  town.set('furniture', x, y, tile);
  if (blocked) town.block(x, y);
  return true;
}

/** Sprinkle grass variants so lawns don't look flat. */
export function textureGrass(town: Town, rand: () => number): void {
  for (let y = 0; y < town.h; y++) {
    for (let x = 0; x < town.w; x++) {
      if (!town.is('ground', x, y, 'grass')) continue;
      const r = rand();
      if (r < 0.1) town.set('ground', x, y, 'grass_dark');
      else if (r < 0.13) town.set('ground', x, y, 'grass_flowers');
    }
  }
}

/**
 * Stamping a blueprint onto the town: floors per room (flood fill from the room's marker), 1-tile
 * walls (the top row is the facade: wall_front with windows; every other wall is wall_top),
 * doorways, furniture, the arena and object rectangles, and the residents' spawn points.
 */
import type { TileName } from '../art/catalog';
import type { Blueprint } from './blueprints';
import { type Rect, type Town, span } from './grid';
import { STRUCTURE, type LegendEntry } from './legend';
import { SECTORS } from './spec';
import { at, defined } from '../../src/sim/checked';

export type Side = 'n' | 's' | 'e' | 'w';

export interface Door {
  x: number;
  y: number;
  /** Which wall of the building the door is in (the outside lies that way). */
  side: Side;
}

export interface PlacedBuilding {
  sector: string;
  outer: Rect;
  doors: Door[];
}

const STEP: Record<Side, [number, number]> = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };

/** The cell just outside a door. */
export function outside(d: Door): [number, number] {
  const [dx, dy] = STEP[d.side];
  return [d.x + dx, d.y + dy];
}

interface Piece {
  name: string;
  cells: [number, number][];
  blocked: boolean;
}

export function placeBuilding(town: Town, bp: Blueprint, ox: number, oy: number): PlacedBuilding {
  const rows = bp.rows;
  const H = rows.length;
  const W = at(rows, 0, `${bp.sector} plan: first row`).length;
  // Rows are all W wide (checked by the blueprint's plan()), so an in-bounds cell always exists.
  const cell = (x: number, y: number): string => at(at(rows, y, 'plan row'), x, `${bp.sector} plan cell`);
  const ch = (x: number, y: number): string => (x >= 0 && y >= 0 && x < W && y < H ? cell(x, y) : ' ');
  const where = (x: number, y: number) => `${bp.sector} plan cell (${x}, ${y})`;

  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = ch(x, y);
      if (!STRUCTURE.has(c) && !bp.legend[c]) throw new Error(`${where(x, y)}: unknown character "${c}"`);
    }
  }

  // Rooms: flood fill from each arena marker, stopping at walls and doors.
  const room = new Int16Array(W * H).fill(-1);
  const roomRects: Rect[] = [];
  bp.arenas.forEach((a, ai) => {
    const [sx, sy] = a.at;
    if (['#', '+', 'D'].includes(ch(sx, sy))) throw new Error(`${bp.sector}: marker of "${a.name}" is not on a floor cell`);
    const stack: [number, number][] = [[sx, sy]];
    let x0 = sx, y0 = sy, x1 = sx, y1 = sy, count = 0;
    for (let next = stack.pop(); next; next = stack.pop()) {
      const [x, y] = next;
      const c = ch(x, y);
      if (c === ' ' || c === '#' || c === '+' || c === 'D' || room[y * W + x] !== -1) continue;
      room[y * W + x] = ai;
      count++;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
      stack.push([x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]);
    }
    const r = span(x0, y0, x1, y1);
    if (r.w * r.h !== count) throw new Error(`${bp.sector}: room "${a.name}" is not a rectangle`);
    roomRects.push(r);
  });
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (!['#', '+', 'D'].includes(ch(x, y)) && room[y * W + x] === -1) {
        throw new Error(`${where(x, y)}: floor cell belongs to no room (add an arena marker)`);
      }
    }
  }

  const arena = (index: number) => at(bp.arenas, index, `${bp.sector} arena`);
  const roomAt = (x: number, y: number) => at(room, y * W + x, 'room grid');
  const floorNear = (x: number, y: number): TileName => {
    for (const [dx, dy] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]] as const) {
      const r = x + dx >= 0 && y + dy >= 0 && x + dx < W && y + dy < H ? roomAt(x + dx, y + dy) : -1;
      if (r >= 0) return arena(r).floor;
    }
    return arena(0).floor;
  };

  const doors: Door[] = [];
  const blockedCell = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = ch(x, y);
      const gx = ox + x;
      const gy = oy + y;
      town.building[town.idx(gx, gy)] = 1;
      town.set('walls', gx, gy, null);
      town.set('furniture', gx, gy, null);
      town.set('foreground', gx, gy, null);
      town.block(gx, gy, false);
      if (c === '#') {
        town.set('ground', gx, gy, floorNear(x, y));
        town.set('walls', gx, gy, wallTile(bp, ch, x, y));
        town.block(gx, gy);
        blockedCell[y * W + x] = 1;
      } else if (c === '+') {
        town.set('ground', gx, gy, floorNear(x, y));
      } else if (c === 'D') {
        const side: Side = y === 0 ? 'n' : y === H - 1 ? 's' : x === 0 ? 'w' : x === W - 1 ? 'e' : (() => {
          throw new Error(`${where(x, y)}: outside door is not in the outer wall`);
        })();
        doors.push({ x: gx, y: gy, side });
        town.set('ground', gx, gy, 'doormat');
      } else {
        town.set('ground', gx, gy, arena(roomAt(x, y)).floor);
        if (c !== '.') {
          const e = defined(bp.legend[c], `${where(x, y)}: legend entry "${c}"`);
          town.set('furniture', gx, gy, e.tile);
          if (e.blocked) {
            town.block(gx, gy);
            blockedCell[y * W + x] = 1;
          }
        }
      }
    }
  }

  // Game objects: group furniture cells, then give blocked objects a walkable "use" tile.
  const pieces = groupPieces(rows, bp.legend, W, H);
  const claimed = new Uint8Array(W * H);
  const rectOfCells = (cells: [number, number][]): Rect => {
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    return span(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  };
  const pieceRects = pieces.map((p) => rectOfCells(p.cells));
  pieceRects.forEach((r) => {
    for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) claimed[y * W + x] = 1;
  });
  pieces.forEach((p, i) => {
    if (!p.blocked) return;
    const r = at(pieceRects, i, 'piece rectangle');
    const ri = roomAt(r.x, r.y);
    const strips: Record<Side, [number, number][]> = { s: [], n: [], e: [], w: [] };
    for (let x = r.x; x < r.x + r.w; x++) {
      strips.s.push([x, r.y + r.h]);
      strips.n.push([x, r.y - 1]);
    }
    for (let y = r.y; y < r.y + r.h; y++) {
      strips.e.push([r.x + r.w, y]);
      strips.w.push([r.x - 1, y]);
    }
    const usable = (c: [number, number]) =>
      c[0] >= 0 && c[1] >= 0 && c[0] < W && c[1] < H && room[c[1] * W + c[0]] === ri && !claimed[c[1] * W + c[0]];
    const free = (c: [number, number]) => usable(c) && !blockedCell[c[1] * W + c[0]];
    const order: Side[] = ['s', 'n', 'e', 'w'];
    let side = order.find((s) => strips[s].every(free));
    side ??= order.find((s) => strips[s].every(usable) && strips[s].some(free));
    if (!side) throw new Error(`${bp.sector}: ${p.name} at plan (${r.x}, ${r.y}) has no free tile in front of it`);
    for (const [x, y] of strips[side]) claimed[y * W + x] = 1;
    pieceRects[i] = rectOfCells([...p.cells, ...strips[side]]);
  });

  const arenaOf = (r: Rect) => arena(roomAt(r.x, r.y)).name;
  const toGlobal = (r: Rect): Rect => ({ x: r.x + ox, y: r.y + oy, w: r.w, h: r.h });
  bp.arenas.forEach((a, ai) => town.addArena(a.name, toGlobal(at(roomRects, ai, 'room rectangle'))));
  const placed = pieces.map((p, i) => ({ p, r: at(pieceRects, i, 'piece rectangle') }));
  for (const { p, r } of placed) town.addObject(p.name, toGlobal(r));

  // Spawn points: next to each sleeper's bed.
  const spec = SECTORS.find((s) => s.name === bp.sector);
  for (const a of spec?.arenas ?? []) {
    if (!a.sleepers) continue;
    const beds = placed
      .filter(({ p, r }) => p.name === 'bed' && arenaOf(r) === a.name)
      .sort((u, v) => u.r.x - v.r.x || u.r.y - v.r.y);
    if (beds.length !== a.sleepers.length) {
      throw new Error(`${bp.sector}: "${a.name}" has ${beds.length} beds for ${a.sleepers.length} sleepers`);
    }
    const ai = bp.arenas.findIndex((q) => q.name === a.name);
    a.sleepers.forEach((id, k) => {
      const { x, y, h } = at(beds, k, `${bp.sector}: bed`).r;
      const head = y; // the head is always the top cell of a bed
      const around: [number, number][] = [
        [x + 1, head], [x - 1, head], [x + 1, head + 1], [x - 1, head + 1], [x, y + h], [x, y - 1],
      ];
      const inRoom = (c: [number, number]) =>
        c[0] >= 0 && c[1] >= 0 && c[0] < W && c[1] < H && room[c[1] * W + c[0]] === ai && !blockedCell[c[1] * W + c[0]];
      const spot = around.find((c) => inRoom(c) && !claimed[c[1] * W + c[0]]) ?? around.find(inRoom) ?? [x, y];
      town.addSpawn(id, ox + spot[0], oy + spot[1]);
    });
  }

  return { sector: bp.sector, outer: { x: ox, y: oy, w: W, h: H }, doors };
}

function wallTile(bp: Blueprint, ch: (x: number, y: number) => string, x: number, y: number): TileName {
  if (y !== 0) return 'wall_top';
  const below = ch(x, y + 1);
  const nearDoor = ch(x - 1, y) === 'D' || ch(x + 1, y) === 'D';
  const window = below !== '#' && below !== ' ' && !nearDoor && x % 3 === 2 && ch(x + 1, y + 1) !== '#' && ch(x - 1, y + 1) !== '#';
  if (bp.brick) return window ? 'wall_front_window_brick' : 'wall_front_brick';
  return window ? 'wall_front_window' : 'wall_front';
}

/** Furniture cells with an object name, merged into pieces along the directions the legend allows. */
function groupPieces(rows: string[], legend: Record<string, LegendEntry>, W: number, H: number): Piece[] {
  const seen = new Uint8Array(W * H);
  const pieces: Piece[] = [];
  const entryAt = (x: number, y: number): LegendEntry | undefined => {
    if (x < 0 || y < 0 || x >= W || y >= H) return undefined;
    const c = at(at(rows, y, 'plan row'), x, 'plan cell');
    return STRUCTURE.has(c) ? undefined : legend[c];
  };
  const keyOf = (x: number, y: number) => {
    const c = at(at(rows, y, 'plan row'), x, 'plan cell');
    return defined(legend[c], `legend entry "${c}"`).group ?? c;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const e = entryAt(x, y);
      if (!e?.object || seen[y * W + x]) continue;
      const key = keyOf(x, y);
      const cells: [number, number][] = [];
      const stack: [number, number][] = [[x, y]];
      seen[y * W + x] = 1;
      while (stack.length) {
        const [cx, cy] = stack.pop()!;
        cells.push([cx, cy]);
        const dirs: [number, number][] = [];
        if (e.merge?.includes('h')) dirs.push([1, 0], [-1, 0]);
        if (e.merge?.includes('v')) dirs.push([0, 1], [0, -1]);
        for (const [dx, dy] of dirs) {
          const nx = cx + dx;
          const ny = cy + dy;
          const ne = entryAt(nx, ny);
          if (!ne?.object || seen[ny * W + nx] || keyOf(nx, ny) !== key) continue;
          seen[ny * W + nx] = 1;
          stack.push([nx, ny]);
        }
      }
      const blocked = cells.every(([cx, cy]) => entryAt(cx, cy)!.blocked);
      pieces.push({ name: e.object, cells: cells.sort((a, b) => a[1] - b[1] || a[0] - b[0]), blocked });
    }
  }
  return pieces;
}

import type { SimContext } from '../context';
import { rngFor } from '../context';
import type { Persona } from '../persona/persona';
import type { Tile } from '../world/types';
import { tilesOf } from '../world/address';

function occupied(sim: SimContext, self: Persona): Set<number> {
  const set = new Set<number>();
  for (const o of sim.personas) if (o !== self) set.add(o.tile.y * sim.world.width + o.tile.x);
  return set;
}

/** The tiles an action's address points at (walkable ones), or [] if none. */
function targetTiles(sim: SimContext, p: Persona, address: string): Tile[] {
  const { world } = sim;
  const walk = (t: Tile) => world.walkable[t.y * world.width + t.x] === 1;
  if (address.startsWith('<persona>')) {
    const other = sim.byName.get(address.slice('<persona>'.length).trim());
    if (!other) return [];
    // Meet halfway along the path between the two (Smallville), or next to the other if close.
    const path = sim.paths.find(p.tile, other.tile);
    if (!path || path.length <= 1) return [p.tile];
    return [path[Math.floor((path.length - 1) / 2)]];
  }
  if (address.startsWith('<waiting>') || address.startsWith('<tile>')) {
    const [, xs, ys] = address.split(' ');
    return [{ x: Number(xs), y: Number(ys) }];
  }
  let tiles: Tile[];
  if (address.endsWith(':<random>')) {
    const arena = address.slice(0, -':<random>'.length);
    const all = tilesOf(world, arena).filter(walk);
    const rng = rngFor(sim, p.id, 'random-tile');
    tiles = all.length > 0 ? [rng.pick(all)] : [];
  } else {
    tiles = tilesOf(world, address).filter(walk);
    if (tiles.length === 0) {
      // An object on blocked tiles: stand beside it.
      tiles = tilesOf(world, address).flatMap((t) => [
        { x: t.x + 1, y: t.y },
        { x: t.x - 1, y: t.y },
        { x: t.x, y: t.y + 1 },
        { x: t.x, y: t.y - 1 },
      ]).filter((t) => t.x >= 0 && t.y >= 0 && t.x < world.width && t.y < world.height && walk(t));
    }
  }
  return tiles;
}

/** Plan the path of the current action: to the nearest free tile of its place. */
function planPath(sim: SimContext, p: Persona): void {
  const s = p.scratch;
  s.actPathSet = true;
  s.plannedPath = [];
  const tiles = targetTiles(sim, p, s.actAddress ?? '');
  if (tiles.length === 0) return;
  if (tiles.some((t) => t.x === p.tile.x && t.y === p.tile.y)) return;
  const busy = occupied(sim, p);
  const free = tiles.filter((t) => !busy.has(t.y * sim.world.width + t.x));
  const candidates = (free.length > 0 ? free : tiles)
    .map((t) => ({ t, d: Math.abs(t.x - p.tile.x) + Math.abs(t.y - p.tile.y) }))
    .sort((a, b) => a.d - b.d || a.t.y - b.t.y || a.t.x - b.t.x);
  // Try the nearest few by straight-line distance; keep the first reachable.
  for (const { t } of candidates.slice(0, 3)) {
    const path = sim.paths.find(p.tile, t);
    if (path) {
      s.plannedPath = path;
      return;
    }
  }
}

/**
 * Execute: the first step of an action plans its path once (paths are reused, never recomputed
 * each step); then the persona moves one tile per step. Returns whether it moved.
 */
export function execute(sim: SimContext, p: Persona): boolean {
  const s = p.scratch;
  if (!s.actAddress) return false;
  if (!s.actPathSet) planPath(sim, p);
  const next = s.plannedPath.shift();
  if (!next) return false;
  s.currTile = next;
  return true;
}

/** Has the persona reached the place of its action? */
export function arrived(p: Persona): boolean {
  return p.scratch.actPathSet && p.scratch.plannedPath.length === 0;
}

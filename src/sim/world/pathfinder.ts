import PF from 'pathfinding';
import type { Tile, WorldModel } from './types';
import { at } from '../checked';

interface PathStats {
  /** A* searches actually run (cache misses). */
  computed: number;
  cacheHits: number;
  /** Wall time of each search in ms, filled only when a timer is given (benchmarks). */
  durations: number[];
}

/**
 * A* over the collision grid, using the `pathfinding` package. One grid is kept and its node
 * state reset after each search (cloning a 140×100 grid per search costs more than the search),
 * and recent results are cached: people walk the same home → work routes every day.
 */
export class PathFinder {
  private readonly grid: PF.Grid;
  private readonly finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.Never });
  private readonly cache = new Map<string, Tile[] | null>();
  /** Nodes the running search touched (see the constructor). */
  private readonly touched: PF.Node[] = [];
  readonly stats: PathStats = { computed: 0, cacheHits: 0, durations: [] };

  constructor(
    private readonly world: WorldModel,
    private readonly timer?: () => number,
    private readonly cacheLimit = 4096,
  ) {
    this.grid = new PF.Grid(world.width, world.height);
    for (let y = 0; y < world.height; y++) {
      for (let x = 0; x < world.width; x++) this.grid.setWalkableAt(x, y, world.walkable[y * world.width + x] === 1);
    }
    // Every node a search touches is the start or a neighbour it asked for: note those, so the reset
    // after a search costs the search's size, not the map's (a town of 40 districts has 588,000 tiles).
    const neighbours = this.grid.getNeighbors.bind(this.grid);
    this.grid.getNeighbors = (node, diagonal) => {
      const found = neighbours(node, diagonal);
      for (const n of found) this.touched.push(n);
      return found;
    };
  }

  /** Tiles to walk from `from` (exclusive) to `to` (inclusive); [] if already there; null if unreachable. */
  find(from: Tile, to: Tile): Tile[] | null {
    if (from.x === to.x && from.y === to.y) return [];
    const key = `${from.x},${from.y}>${to.x},${to.y}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.stats.cacheHits++;
      return hit ? hit.slice() : null;
    }
    const t0 = this.timer?.();
    this.touched.push(this.grid.getNodeAt(from.x, from.y));
    const raw = this.finder.findPath(from.x, from.y, to.x, to.y, this.grid);
    this.resetGrid();
    if (t0 !== undefined && this.timer) this.stats.durations.push(this.timer() - t0);
    this.stats.computed++;
    const path = raw.length === 0 ? null : raw.slice(1).map((step) => ({ x: at(step, 0, 'path step x'), y: at(step, 1, 'path step y') }));
    if (this.cache.size >= this.cacheLimit) this.cache.clear();
    this.cache.set(key, path);
    return path ? path.slice() : null;
  }

  private resetGrid(): void {
    // The finder leaves g/h/f/opened/closed/parent on the nodes it touched; clear them.
    for (const n of this.touched as unknown as Record<string, unknown>[]) {
      if (n.opened || n.closed) {
        n.opened = false;
        n.closed = false;
        n.parent = null;
        n.g = 0;
        n.h = 0;
        n.f = 0;
      }
    }
    this.touched.length = 0;
  }
}

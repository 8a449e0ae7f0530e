/**
 * The town being built: five tile layers plus the rectangles of the object layers.
 * Everything is in tile coordinates here; tiled.ts converts to pixels.
 */
import { gid, type TileName } from '../art/catalog';
import type { SectorKind } from '../../src/sim/world/sectorKinds';
import { at } from '../../src/sim/checked';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SectorRect {
  name: string;
  kind: SectorKind;
  rect: Rect;
}
export interface NamedRect {
  name: string;
  rect: Rect;
}
export interface Spawn {
  name: string;
  x: number;
  y: number;
}

export type LayerName = 'ground' | 'walls' | 'furniture' | 'collision' | 'foreground';
export const TILE_LAYERS: LayerName[] = ['ground', 'walls', 'furniture', 'collision', 'foreground'];

export const MAP_W = 140;
export const MAP_H = 100;

export function rect(x: number, y: number, w: number, h: number): Rect {
  return { x, y, w, h };
}

/** Rectangle from inclusive corners. */
export function span(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

export function inRect(r: Rect, x: number, y: number): boolean {
  return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

export function containsRect(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function cellsOf(r: Rect): [number, number][] {
  const out: [number, number][] = [];
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) out.push([x, y]);
  return out;
}

export class Town {
  readonly w = MAP_W;
  readonly h = MAP_H;
  readonly layers: Record<LayerName, Uint16Array>;
  /** Cells that belong to a building footprint (walls, floors, doors). */
  readonly building: Uint8Array;
  /** Cells outdoor decoration must leave alone: paths, door fronts, road surfaces. */
  readonly reserved: Uint8Array;
  readonly sectors: SectorRect[] = [];
  readonly arenas: NamedRect[] = [];
  readonly objects: NamedRect[] = [];
  readonly spawns: Spawn[] = [];

  constructor() {
    const n = this.w * this.h;
    this.layers = {
      ground: new Uint16Array(n),
      walls: new Uint16Array(n),
      furniture: new Uint16Array(n),
      collision: new Uint16Array(n),
      foreground: new Uint16Array(n),
    };
    this.building = new Uint8Array(n);
    this.reserved = new Uint8Array(n);
  }

  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.w && y < this.h;
  }

  idx(x: number, y: number): number {
    if (!this.inBounds(x, y)) throw new Error(`cell (${x}, ${y}) is outside the ${this.w}×${this.h} map`);
    return y * this.w + x;
  }

  set(layer: LayerName, x: number, y: number, tile: TileName | null): void {
    this.layers[layer][this.idx(x, y)] = tile === null ? 0 : gid(tile);
  }

  get(layer: LayerName, x: number, y: number): number {
    return at(this.layers[layer], this.idx(x, y), `${layer} layer`);
  }

  is(layer: LayerName, x: number, y: number, tile: TileName): boolean {
    return this.inBounds(x, y) && this.get(layer, x, y) === gid(tile);
  }

  block(x: number, y: number, blocked = true): void {
    this.set('collision', x, y, blocked ? 'collision' : null);
  }

  blocked(x: number, y: number): boolean {
    return !this.inBounds(x, y) || this.get('collision', x, y) !== 0;
  }

  walkable(x: number, y: number): boolean {
    return !this.blocked(x, y);
  }

  fillGround(r: Rect, tile: TileName): void {
    for (const [x, y] of cellsOf(r)) this.set('ground', x, y, tile);
  }

  reserve(r: Rect): void {
    for (const [x, y] of cellsOf(r)) if (this.inBounds(x, y)) this.reserved[this.idx(x, y)] = 1;
  }

  /** Outdoor cell with nothing on it yet (no building, wall, furniture, collision or reservation). */
  isOpen(x: number, y: number): boolean {
    if (!this.inBounds(x, y)) return false;
    const i = this.idx(x, y);
    return (
      !this.building[i] &&
      !this.reserved[i] &&
      this.layers.walls[i] === 0 &&
      this.layers.furniture[i] === 0 &&
      this.layers.collision[i] === 0
    );
  }

  addSector(name: string, kind: SectorKind, r: Rect): void {
    this.sectors.push({ name, kind, rect: r });
  }

  addArena(name: string, r: Rect): void {
    this.arenas.push({ name, rect: r });
  }

  addObject(name: string, r: Rect): void {
    this.objects.push({ name, rect: r });
  }

  addSpawn(name: string, x: number, y: number): void {
    this.spawns.push({ name, x, y });
  }
}

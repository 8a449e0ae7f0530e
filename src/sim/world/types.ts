/** A tile coordinate on the map grid. */
export interface Tile {
  x: number;
  y: number;
}

/** A rectangle in tile units (x, y inclusive top-left; w, h in tiles). */
export interface TileRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SectorInfo {
  name: string;
  kind: string;
  rect: TileRect;
}

export interface ArenaInfo {
  name: string;
  sector: string;
  rect: TileRect;
}

export interface GameObjectInfo {
  name: string;
  sector: string;
  arena: string;
  rect: TileRect;
}

/**
 * The plain world model the simulation runs on: everything the map means, nothing about how it
 * looks. Built once from the Tiled JSON by `loadWorld`.
 */
export interface WorldModel {
  name: string;
  width: number;
  height: number;
  tileSize: number;
  /** 1 where a persona may stand, row-major (y * width + x). */
  walkable: Uint8Array;
  sectors: SectorInfo[];
  arenas: ArenaInfo[];
  objects: GameObjectInfo[];
  /** persona id → spawn tile. */
  spawns: Map<string, Tile>;
  /** Per tile (row-major): index into sectors / arenas / objects, or -1. */
  sectorAt: Int16Array;
  arenaAt: Int16Array;
  objectAt: Int32Array;
  /** "world:sector", "world:sector:arena" and "world:sector:arena:object" → tiles, in row-major order. */
  addressTiles: Map<string, Tile[]>;
}

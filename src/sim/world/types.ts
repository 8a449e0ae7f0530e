import type { SectorKind } from './sectorKinds';

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
  kind: SectorKind;
  rect: TileRect;
  /** The district of a generated town (src/sim/world/districts.ts) the sector belongs to; absent on a map of one town. */
  district?: number;
}

/** A job a workplace offers (the sector's "jobs" map property, src/sim/world/economyProps.ts). */
export interface JobSpec {
  /** 1-based, in map order. */
  id: number;
  title: string;
  sector: string;
  /** Where the check-in happens. */
  arena: string;
  /** Credits one check-in pays. */
  wage: number;
  /** Check-ins the job takes per day. */
  slots: number;
  /** The shift, "HH:MM". */
  start: string;
  end: string;
}

/** Something a shop sells (the sector's "items" map property). */
export interface ShopItemSpec {
  /** 1-based, in map order. */
  id: number;
  name: string;
  sector: string;
  price: number;
  /** Food and drinks are consumed (EAT uses one held); goods are kept. */
  food: boolean;
  /** A drink (coffee, cider): consumed like food, but no meal (src/sim/economy/economy.ts isMeal). */
  drink: boolean;
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
  /** Jobs and shop items declared on the map's sectors, and the sectors that declare each (an empty property counts: "sells nothing"). */
  jobs: JobSpec[];
  items: ShopItemSpec[];
  declared: { jobs: Set<string>; items: Set<string> };
  /** Home sector → credits a day each of its residents pays in rent and bills (the sector's "rent" map property; homes without it: the default in src/sim/economy/economy.ts). */
  rents: Record<string, number>;
  /** persona id → spawn tile. */
  spawns: Map<string, Tile>;
  /** Per tile (row-major): index into sectors / arenas / objects, or -1. */
  sectorAt: Int16Array;
  arenaAt: Int16Array;
  objectAt: Int32Array;
  /** "world:sector", "world:sector:arena" and "world:sector:arena:object" → tiles, in row-major order. */
  addressTiles: Map<string, Tile[]>;
}

/**
 * What the characters of a building blueprint mean. Structure characters are fixed:
 *   '#' wall, '.' floor, '+' doorway between rooms, 'D' door to the outside.
 * Every other character is a piece of furniture described by a LegendEntry.
 */
import type { TileName } from '../art/catalog';

export interface LegendEntry {
  tile: TileName;
  /** Name of the game object this tile belongs to; omitted for pure decoration. */
  object?: string;
  /** Blocks walking (the object rectangle then also takes a walkable "use" tile next to it). */
  blocked?: boolean;
  /** Neighbouring cells of the same group merge into one object: 'h' along rows, 'v' along columns. */
  merge?: 'h' | 'v' | 'hv';
  /** Merge key; defaults to the character. Lets bed_head and bed_foot form one bed. */
  group?: string;
}

export type Legend = Record<string, LegendEntry>;

export const STRUCTURE = new Set(['#', '.', '+', 'D']);

/** Furniture of homes; blueprints of other buildings add or override characters. */
export const HOME_LEGEND: Legend = {
  B: { tile: 'bed_head', object: 'bed', merge: 'v', group: 'bed' },
  b: { tile: 'bed_foot', object: 'bed', merge: 'v', group: 'bed' },
  S: { tile: 'sofa_left', object: 'sofa', merge: 'h', group: 'sofa' },
  s: { tile: 'sofa_right', object: 'sofa', merge: 'h', group: 'sofa' },
  V: { tile: 'tv', object: 'tv', blocked: true },
  K: { tile: 'bookshelf', object: 'bookshelf', blocked: true, merge: 'hv' },
  F: { tile: 'fridge', object: 'fridge', blocked: true },
  O: { tile: 'stove', object: 'stove', blocked: true },
  n: { tile: 'sink', object: 'sink', blocked: true },
  k: { tile: 'kitchen_counter', blocked: true },
  u: { tile: 'kitchen_counter', blocked: true },
  T: { tile: 'table', object: 'kitchen table', merge: 'h' },
  q: { tile: 'table' },
  h: { tile: 'chair' },
  t: { tile: 'toilet', object: 'toilet' },
  w: { tile: 'shower', object: 'shower' },
  W: { tile: 'wardrobe', object: 'wardrobe', blocked: true },
  d: { tile: 'desk', object: 'desk' },
  p: { tile: 'plant_pot', blocked: true },
  r: { tile: 'rug' },
  x: { tile: 'crates', blocked: true },
  c: { tile: 'crates', object: 'crates', blocked: true, merge: 'hv' },
};

import type { Tile, WorldModel } from './types';
import { at } from '../checked';

/** The object part of an address that lets the executor pick any object in the arena. */
export const RANDOM_OBJECT = '<random>';

/** The full address of a tile: "world", "world:sector", "world:sector:arena" or "world:sector:arena:object". */
export function addressOf(world: WorldModel, x: number, y: number): string {
  const i = y * world.width + x;
  const s = at(world.sectorAt, i, 'sector grid');
  if (s < 0) return world.name;
  const sector = at(world.sectors, s, 'sector');
  const a = at(world.arenaAt, i, 'arena grid');
  const arena = a < 0 ? undefined : at(world.arenas, a, 'arena');
  if (!arena || arena.sector !== sector.name) return `${world.name}:${sector.name}`;
  const o = at(world.objectAt, i, 'object grid');
  const object = o < 0 ? undefined : at(world.objects, o, 'object');
  if (!object || object.arena !== arena.name || object.sector !== sector.name) {
    return `${world.name}:${sector.name}:${arena.name}`;
  }
  return `${world.name}:${sector.name}:${arena.name}:${object.name}`;
}

export function tilesOf(world: WorldModel, address: string): Tile[] {
  return world.addressTiles.get(address) ?? [];
}

export function isWalkable(world: WorldModel, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < world.width && y < world.height && world.walkable[y * world.width + x] === 1;
}

/** An action address is a place on the map, or a special form: "<persona> Name", "<waiting> x y", "…:<random>". */
export function isValidActionAddress(world: WorldModel, address: string): boolean {
  if (/^<persona> .+/.test(address) || /^<waiting> \d+ \d+$/.test(address)) return true;
  if (address.endsWith(':<random>')) return world.addressTiles.has(address.slice(0, -':<random>'.length));
  return world.addressTiles.has(address);
}

/**
 * An action address as a person reads it: "Elm Street Apartments › lobby" for
 * "Hamlet:Elm Street Apartments:lobby:<random>", "waiting at (39, 39)" for "<waiting> 39 39",
 * "with Ana Moreno" for "<persona> Ana Moreno". The internal forms never reach the screen.
 */
export function addressForPeople(address: string | null | undefined): string {
  if (!address) return '—';
  const persona = /^<persona>\s*(.*)$/.exec(address);
  if (persona) return persona[1] ? `with ${persona[1]}` : 'with someone';
  const waiting = /^<waiting>\s+(-?\d+)\s+(-?\d+)/.exec(address);
  if (waiting) return `waiting at (${waiting[1]}, ${waiting[2]})`;
  if (address.startsWith('<waiting>')) return 'waiting nearby';
  const parts = address.split(':').filter((p) => p && p !== '<random>');
  // The world's name is the same everywhere on a map: show the sector, arena and object.
  const shown = parts.length > 1 ? parts.slice(1) : parts;
  return shown.join(' › ') || '—';
}

import type { Tile, WorldModel } from './types';
import { at } from '../checked';
import { AddressError, parseAddress, placeAddress, printAddress, type ActionAddress, type PlaceAddress } from './actionAddress';

/** The place of a tile: the world (the street), or its sector, arena and object as far as they go. */
export function placeAt(world: WorldModel, x: number, y: number): PlaceAddress {
  const i = y * world.width + x;
  const s = at(world.sectorAt, i, 'sector grid');
  if (s < 0) return placeAddress(world.name);
  const sector = at(world.sectors, s, 'sector');
  const a = at(world.arenaAt, i, 'arena grid');
  const arena = a < 0 ? undefined : at(world.arenas, a, 'arena');
  if (!arena || arena.sector !== sector.name) return placeAddress(world.name, sector.name);
  const o = at(world.objectAt, i, 'object grid');
  const object = o < 0 ? undefined : at(world.objects, o, 'object');
  if (!object || object.arena !== arena.name || object.sector !== sector.name) return placeAddress(world.name, sector.name, arena.name);
  return placeAddress(world.name, sector.name, arena.name, object.name);
}

/** The full address of a tile: "world", "world:sector", "world:sector:arena" or "world:sector:arena:object". */
export function addressOf(world: WorldModel, x: number, y: number): string {
  return printAddress(placeAt(world, x, y));
}

export function tilesOf(world: WorldModel, address: string): Tile[] {
  return world.addressTiles.get(address) ?? [];
}

export function isWalkable(world: WorldModel, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < world.width && y < world.height && world.walkable[y * world.width + x] === 1;
}

/** An action address that names something on this map (a place it has, or any spot of one), a person or a waiting tile. */
export function isValidActionAddress(world: WorldModel, address: ActionAddress): boolean {
  switch (address.kind) {
    case 'place':
      return world.addressTiles.has(printAddress(address));
    case 'random':
      return world.addressTiles.has(printAddress(address.place));
    case 'persona':
      return true;
    case 'waiting':
    case 'tile':
      return isWalkable(world, address.x, address.y);
  }
}

/**
 * An action address as a person reads it: "Elm Street Apartments › lobby" for
 * "Hamlet:Elm Street Apartments:lobby:<random>", "waiting at (39, 39)" for "<waiting> 39 39",
 * "with Ana Moreno" for "<persona> Ana Moreno". The internal forms never reach the screen.
 */
export function addressForPeople(text: string | null | undefined): string {
  if (!text) return '—';
  let address: ActionAddress;
  try {
    address = parseAddress(text);
  } catch (err) {
    if (err instanceof AddressError) return '—';
    throw err;
  }
  switch (address.kind) {
    case 'persona':
      return `with ${address.name}`;
    case 'waiting':
      return `waiting at (${address.x}, ${address.y})`;
    case 'tile':
      return `walking to (${address.x}, ${address.y})`;
    case 'random':
      return placeForPeople(address.place);
    case 'place':
      return placeForPeople(address);
  }
}

/** The world's name is the same everywhere on a map: show the sector, arena and object (the world alone on its street). */
function placeForPeople(p: PlaceAddress): string {
  const parts = [p.sector, p.arena, p.object].filter((x): x is string => x !== null);
  return (parts.length > 0 ? parts : [p.world]).join(' › ');
}

import type { WorldModel } from '../../sim/world/types';
import { isWalkable, placeAt } from '../../sim/world/address';
import { printAddress } from '../../sim/world/actionAddress';

/** What the tile readout says about one tile. */
interface TileInfo {
  x: number;
  y: number;
  walkable: boolean;
  /** "Hamlet:sector:arena:object" as deep as the tile goes. */
  address: string;
  /** What is happening there: object events at its address, personas standing on it. */
  events: string[];
}

interface TileOccupant {
  name: string;
  tile: { x: number; y: number };
  description: string;
}

/** Everything the readout shows for a tile, or null off the map. */
export function tileInfo(
  world: WorldModel,
  x: number,
  y: number,
  eventAt: (address: string) => string | null,
  personas: readonly TileOccupant[],
): TileInfo | null {
  if (x < 0 || y < 0 || x >= world.width || y >= world.height) return null;
  const place = placeAt(world, x, y);
  const address = printAddress(place);
  const events: string[] = [];
  const ev = place.object !== null ? eventAt(address) : null;
  if (ev) events.push(ev);
  for (const p of personas) if (p.tile.x === x && p.tile.y === y) events.push(`${p.name}: ${p.description || 'idle'}`);
  return { x, y, walkable: isWalkable(world, x, y), address, events };
}

/** The readout's first line: "(12, 40) · walkable · Hamlet:Bramble Café:kitchen:stove". */
export function tileLine(t: TileInfo): string {
  return `(${t.x}, ${t.y}) · ${t.walkable ? 'walkable' : 'blocked'} · ${t.address}`;
}

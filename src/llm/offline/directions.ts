import type { Tile, TileRect, WorldModel } from '../../sim/world/types';

/**
 * The way to a place, as a resident tells it: which way from where it stands (the compass from its
 * tile to the place's middle, north being up the map), how far (by tiles), and the nearest other
 * place as a landmark. Read from the map, so it holds for any town.
 */

const middle = (r: TileRect): Tile => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
const inside = (t: Tile, r: TileRect) => t.x >= r.x && t.x < r.x + r.w && t.y >= r.y && t.y < r.y + r.h;

function compass(dx: number, dy: number): string {
  const ns = dy < 0 ? 'north' : 'south';
  const ew = dx < 0 ? 'west' : 'east';
  if (Math.abs(dy) > 2 * Math.abs(dx)) return ns;
  if (Math.abs(dx) > 2 * Math.abs(dy)) return ew;
  return `${ns}-${ew}`;
}

/** How to get to a sector from a tile, in a sentence; null when the map has no such sector. */
export function wayTo(world: WorldModel, from: Tile, place: string): string | null {
  const target = world.sectors.find((s) => s.name === place);
  if (!target) return null;
  if (inside(from, target.rect)) return "You're standing in it!";
  const to = middle(target.rect);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const far = Math.hypot(dx, dy);
  const walk = far < 15 ? 'just a short walk' : far < 40 ? "a few minutes' walk" : 'right across town';
  const landmark = world.sectors
    .filter((s) => s.name !== place && s.kind !== 'home' && !inside(from, s.rect))
    .map((s) => ({ s, d: Math.hypot(middle(s.rect).x - to.x, middle(s.rect).y - to.y) }))
    .sort((a, b) => a.d - b.d || (a.s.name < b.s.name ? -1 : 1))[0];
  const near = landmark && landmark.d < 30 ? `, near ${landmark.s.name}` : '';
  return `Head ${compass(dx, dy)} — it's ${walk}${near}.`;
}

import type { SimContext } from '../context';
import { rngFor } from '../context';
import type { Persona } from '../persona/persona';
import type { GameObjectInfo, Tile } from '../world/types';
import { tilesOf } from '../world/address';
import { at } from '../checked';
import { mapAddressOf, placeAddress, printAddress, type ActionAddress } from '../world/actionAddress';

/**
 * Who stands on which tile and which tiles people are walking to, for one execute phase: only the
 * persona executing moves or plans then, so it is refiled after its turn and a path plan asks about
 * its few target tiles instead of reading the whole town.
 */
export class Occupancy {
  private readonly standing = new Map<number, number>();
  private readonly heading = new Map<number, number>();
  private readonly filed = new Map<Persona, { at: number; to: number }>();

  constructor(private readonly sim: SimContext) {
    for (const p of sim.personas) this.file(p);
  }

  /** After a persona's turn: its tile and destination as they are now. */
  refile(p: Persona): void {
    const was = this.filed.get(p);
    if (was) {
      bump(this.standing, was.at, -1);
      if (was.to >= 0) bump(this.heading, was.to, -1);
    }
    this.file(p);
  }

  /** Whether someone other than `self` stands on tile i (row-major). */
  standsOn(i: number, self: Persona): boolean {
    return (this.standing.get(i) ?? 0) - (this.filed.get(self)?.at === i ? 1 : 0) > 0;
  }

  /** Whether someone other than `self` stands on tile i or is walking to it. */
  taken(i: number, self: Persona): boolean {
    const mine = this.filed.get(self);
    return this.standsOn(i, self) || (this.heading.get(i) ?? 0) - (mine?.to === i ? 1 : 0) > 0;
  }

  private file(p: Persona): void {
    const w = this.sim.world.width;
    const dest = p.scratch.plannedPath[p.scratch.plannedPath.length - 1];
    const entry = { at: p.tile.y * w + p.tile.x, to: dest ? dest.y * w + dest.x : -1 };
    this.filed.set(p, entry);
    bump(this.standing, entry.at, 1);
    if (entry.to >= 0) bump(this.heading, entry.to, 1);
  }
}

function bump(counts: Map<number, number>, key: number, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n === 0) counts.delete(key);
  else counts.set(key, n);
}

const roomObjects = new WeakMap<SimContext['world'], Map<string, GameObjectInfo[]>>();

/** The map's objects by room address ("world:sector:arena"), in map order: built once per map, not read whole per crowded room. */
function objectsByRoom(world: SimContext['world']): Map<string, GameObjectInfo[]> {
  let byRoom = roomObjects.get(world);
  if (byRoom) return byRoom;
  byRoom = new Map();
  for (const o of world.objects) {
    const room = `${world.name}:${o.sector}:${o.arena}`;
    const list = byRoom.get(room);
    if (list) list.push(o);
    else byRoom.set(room, [o]);
  }
  roomObjects.set(world, byRoom);
  return byRoom;
}

/** Things people sit at or gather round: free tiles beside them are taken first when a room fills up. */
const SEAT = /table|chair|stool|bench|sofa|couch|seat/i;

/**
 * When every tile of an action's object is taken (a busy café, a party), the free walkable tiles of
 * the same room: those beside a seat first, then the rest, each nearest the object first. So a crowd
 * spreads over the room instead of standing on one tile.
 */
function roomTiles(sim: SimContext, address: ActionAddress, near: Tile[], busy: (i: number) => boolean): Tile[] {
  const { world } = sim;
  if (address.kind === 'persona') {
    // Meeting someone: stand beside the meeting point, not on it.
    return near
      .flatMap((t) => ([[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [-1, 1]] as const).map(([dx, dy]) => ({ x: t.x + dx, y: t.y + dy })))
      .filter((t) => t.x >= 0 && t.y >= 0 && t.x < world.width && t.y < world.height && world.walkable[t.y * world.width + t.x] === 1 && !busy(t.y * world.width + t.x));
  }
  const place = mapAddressOf(address);
  if (!place?.sector || !place.arena) return [];
  const room = printAddress(placeAddress(place.world, place.sector, place.arena));
  const free = tilesOf(world, room).filter((t) => world.walkable[t.y * world.width + t.x] === 1 && !busy(t.y * world.width + t.x));
  if (free.length === 0) return [];
  const seats = new Set<number>();
  for (const o of objectsByRoom(world).get(room) ?? []) {
    if (!SEAT.test(o.name)) continue;
    for (const t of tilesOf(world, `${room}:${o.name}`)) {
      for (const [dx, dy] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]] as const) seats.add((t.y + dy) * world.width + (t.x + dx));
    }
  }
  const dist = (t: Tile) => Math.min(...near.map((n) => Math.abs(n.x - t.x) + Math.abs(n.y - t.y)));
  return free
    .map((t) => ({ t, seat: seats.has(t.y * world.width + t.x) ? 0 : 1, d: dist(t) }))
    .sort((a, b) => a.seat - b.seat || a.d - b.d || a.t.y - b.t.y || a.t.x - b.t.x)
    .map((x) => x.t);
}

/** The tiles an action's address points at (walkable ones), or [] if none. */
function targetTiles(sim: SimContext, p: Persona, address: ActionAddress): Tile[] {
  const { world } = sim;
  const walk = (t: Tile) => world.walkable[t.y * world.width + t.x] === 1;
  switch (address.kind) {
    case 'persona': {
      const other = sim.byName.get(address.name);
      if (!other) return [];
      // Meet halfway along the path between the two (Smallville), or next to the other if close.
      const path = sim.paths.find(p.tile, other.tile);
      if (!path || path.length <= 1) return [p.tile];
      return [at(path, Math.floor((path.length - 1) / 2), 'meeting path')];
    }
    case 'waiting':
    case 'tile':
      return [{ x: address.x, y: address.y }];
    case 'random': {
      const all = tilesOf(world, printAddress(address.place)).filter(walk);
      const rng = rngFor(sim, p.id, 'random-tile');
      return all.length > 0 ? [rng.pick(all)] : [];
    }
    case 'place':
      return placeTiles(world, printAddress(address), walk);
  }
}

/** The walkable tiles of a place; for an object on blocked tiles, those beside it. */
function placeTiles(world: SimContext['world'], address: string, walk: (t: Tile) => boolean): Tile[] {
  const tiles = tilesOf(world, address).filter(walk);
  if (tiles.length > 0) return tiles;
  // An object on blocked tiles: stand beside it.
  return tilesOf(world, address)
    .flatMap((t) => [
      { x: t.x + 1, y: t.y },
      { x: t.x - 1, y: t.y },
      { x: t.x, y: t.y + 1 },
      { x: t.x, y: t.y - 1 },
    ])
    .filter((t) => t.x >= 0 && t.y >= 0 && t.x < world.width && t.y < world.height && walk(t));
}

/** Plan the path of the current action: to the nearest free tile of its place. */
function planPath(sim: SimContext, p: Persona, occupancy?: Occupancy): void {
  const s = p.scratch;
  s.actPathSet = true;
  s.plannedPath = [];
  const address = s.actAddress;
  if (!address) return;
  const tiles = targetTiles(sim, p, address);
  if (tiles.length === 0) return;
  const here = p.tile.y * sim.world.width + p.tile.x;
  // Outside the execute phase (a test moving one persona), the town is filed for this one plan.
  const around = occupancy ?? new Occupancy(sim);
  if (!around.standsOn(here, p) && tiles.some((t) => t.x === p.tile.x && t.y === p.tile.y)) return;
  // Tiles others stand on, and the tiles they are walking to (so two people never head for the same free spot).
  const busy = (i: number) => around.taken(i, p);
  const free = tiles.filter((t) => !busy(t.y * sim.world.width + t.x));
  const room = free.length > 0 ? [] : roomTiles(sim, address, tiles, busy);
  if (room.length > 0 && room.some((t) => t.x === p.tile.x && t.y === p.tile.y)) return;
  const candidates = (free.length > 0 ? free : room.length > 0 ? room.slice(0, 3) : tiles)
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
export function execute(sim: SimContext, p: Persona, occupancy?: Occupancy): boolean {
  const s = p.scratch;
  if (!s.actAddress) return false;
  if (!s.actPathSet) planPath(sim, p, occupancy);
  const next = s.plannedPath.shift();
  if (!next) return false;
  s.currTile = next;
  return true;
}


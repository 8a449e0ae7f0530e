import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { eventKey } from '../persona/memory';
import { isIdle, tripleEvent, type WorldEvent } from '../world/events';
import type { WorldModel } from '../world/types';
import { addScored } from './poignancy';
import { byCodeUnits } from '../order';
import { at } from '../checked';

interface SeenObject {
  address: string;
  /** Centre of the object, in tiles. */
  cx: number;
  cy: number;
  idle: WorldEvent;
  idleKey: string;
}

const byArenaCache = new WeakMap<WorldModel, SeenObject[][]>();

/** The objects of each arena (by arena index), with their addresses and centres: built once per world, not per look. */
function objectsByArena(world: WorldModel): SeenObject[][] {
  const cached = byArenaCache.get(world);
  if (cached) return cached;
  const index = new Map(world.arenas.map((a, i) => [`${a.sector}:${a.name}`, i]));
  const byArena: SeenObject[][] = world.arenas.map(() => []);
  for (const obj of world.objects) {
    const i = index.get(`${obj.sector}:${obj.arena}`);
    if (i === undefined) continue;
    const address = `${world.name}:${obj.sector}:${obj.arena}:${obj.name}`;
    const idle = { subject: address, predicate: 'is', object: 'idle', description: `${obj.name} is idle` };
    at(byArena, i, 'arena objects').push({ address, cx: obj.rect.x + (obj.rect.w - 1) / 2, cy: obj.rect.y + (obj.rect.h - 1) / 2, idle, idleKey: eventKey(idle) });
  }
  byArenaCache.set(world, byArena);
  return byArena;
}

interface Seen {
  event: WorldEvent;
  /** eventKey(event), made once per event rather than once per comparison. */
  key: string;
  dist: number;
}


interface ShownEvent {
  triple: readonly string[];
  /** The action's description as the persona's scratch has it (the event's description adds the name). */
  actDescription: string | null;
  event: WorldEvent;
  key: string;
}
/**
 * What each persona shows the others, with its "s|p|o" key, rebuilt only when its action's triple or
 * description changes: a look at someone allocates nothing (a town of a thousand makes garbage enough).
 */
const shownCache = new WeakMap<Persona, ShownEvent>();
function shownEvent(other: Persona): ShownEvent {
  const os = other.scratch;
  const t = os.actEvent;
  const c = shownCache.get(other);
  if (c && c.actDescription === os.actDescription && c.triple[0] === t[0] && c.triple[1] === t[1] && c.triple[2] === t[2]) return c;
  const event = tripleEvent(t, os.actDescription ? `${other.name} is ${os.actDescription}` : null);
  const shown = { triple: [t[0], t[1], t[2]], actDescription: os.actDescription, event, key: eventKey(event) };
  shownCache.set(other, shown);
  return shown;
}

const eventKeys = new WeakMap<WorldEvent, { subject: string; predicate: string; object: string; key: string }>();

/** eventKey of an object event, made once per event (an object in use shows the same event step after step). */
function keyOf(e: WorldEvent): string {
  const c = eventKeys.get(e);
  if (c && c.subject === e.subject && c.predicate === e.predicate && c.object === e.object) return c.key;
  const key = eventKey(e);
  eventKeys.set(e, { subject: e.subject, predicate: e.predicate, object: e.object, key });
  return key;
}

/** The space a tile belongs to for perception: its arena, or its sector's open ground, or the street. */
function spaceOf(sim: SimContext, x: number, y: number): number {
  const i = y * sim.world.width + x;
  const a = at(sim.world.arenaAt, i, 'arena grid');
  if (a >= 0) return a;
  return -2 - at(sim.world.sectorAt, i, 'sector grid');
}

interface PlaceTable {
  /** Per tile (row-major): index into `places`, or -1 off every sector. */
  placeAt: Int32Array;
  /** Distinct (sector, arena, object) combinations of the map. */
  places: [sector: string, arena: string | undefined, object: string | undefined][];
}

const placeCache = new WeakMap<WorldModel, PlaceTable>();

/** Each tile's place (sector, arena, object) as one number, so looking around compares numbers, not names. */
function placeTable(world: WorldModel): PlaceTable {
  let table = placeCache.get(world);
  if (table) return table;
  const placeAt = new Int32Array(world.width * world.height).fill(-1);
  const places: PlaceTable['places'] = [];
  const ids = new Map<string, number>();
  for (let i = 0; i < placeAt.length; i++) {
    const s = at(world.sectorAt, i, 'sector grid');
    if (s < 0) continue;
    const a = at(world.arenaAt, i, 'arena grid');
    const o = at(world.objectAt, i, 'object grid');
    const key = `${s},${a},${o}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = places.length;
      ids.set(key, id);
      places.push([at(world.sectors, s, 'sector').name, a >= 0 ? at(world.arenas, a, 'arena').name : undefined, o >= 0 ? at(world.objects, o, 'object').name : undefined]);
    }
    placeAt[i] = id;
  }
  table = { placeAt, places };
  placeCache.set(world, table);
  return table;
}

/** Learn the places within sight (spatial memory grows with what the persona sees). */
function learnSurroundings(sim: SimContext, p: Persona): void {
  const { world } = sim;
  const { placeAt, places } = placeTable(world);
  const r = p.scratch.visionRadius;
  const { x: cx, y: cy } = p.tile;
  for (let y = Math.max(0, cy - r); y <= Math.min(world.height - 1, cy + r); y++) {
    for (let x = Math.max(0, cx - r); x <= Math.min(world.width - 1, cx + r); x++) {
      const id = at(placeAt, y * world.width + x, 'place grid');
      if (id >= 0) p.spatial.learnPlace(id, ...at(places, id, 'place'));
    }
  }
}

/** Side of the square cells the perception index files personas under, in tiles (a vision radius is 4). */
const CELL = 16;
const cellKey = (space: number, x: number, y: number) => ((space + 65_536) * 4096 + Math.floor(x / CELL)) * 4096 + Math.floor(y / CELL);

/**
 * Who is where, for a phase in which nobody moves: personas filed by perception space (arena, sector
 * ground or street) and by 16-tile cell, so a persona looks only at the people near it in its own
 * space instead of the whole town (the same people, in the same order, as the full scan keeps).
 */
class PerceptionIndex {
  private readonly cells = new Map<number, Persona[]>();
  private readonly order = new Map<Persona, number>();

  constructor(sim: SimContext) {
    sim.personas.forEach((p, i) => {
      this.order.set(p, i);
      const key = cellKey(spaceOf(sim, p.tile.x, p.tile.y), p.tile.x, p.tile.y);
      const list = this.cells.get(key);
      if (list) list.push(p);
      else this.cells.set(key, [p]);
    });
  }

  /** Everyone in `space` whose cell touches the square of radius r around (x, y), in town order: a superset of those within r. */
  near(space: number, x: number, y: number, r: number): readonly Persona[] {
    const lists: Persona[][] = [];
    for (let cx = Math.floor((x - r) / CELL); cx <= Math.floor((x + r) / CELL); cx++) {
      for (let cy = Math.floor((y - r) / CELL); cy <= Math.floor((y + r) / CELL); cy++) {
        const list = this.cells.get(cellKey(space, cx * CELL, cy * CELL));
        if (list) lists.push(list);
      }
    }
    if (lists.length <= 1) return lists[0] ?? [];
    const order = (p: Persona) => this.order.get(p) ?? 0;
    return lists.flat().sort((a, b) => order(a) - order(b));
  }
}

/** The perception index of the town as it stands (see PerceptionIndex). */
export function perceptionIndex(sim: SimContext): PerceptionIndex {
  return new PerceptionIndex(sim);
}

/**
 * Perceive (Smallville): events within the vision radius in the same arena, nearest first, up to
 * the attention bandwidth, skipping those among the last `retention` perceived; each new one is
 * stored as an event memory with its poignancy ("is idle" scores 1).
 */
export async function perceive(sim: SimContext, p: Persona, moved: boolean, around?: PerceptionIndex): Promise<ConceptNode[]> {
  // A step starts here: the one moment no memory id of this persona is held (retention renumbers them).
  p.memory.retain(sim.clock.now);
  if (moved) learnSurroundings(sim, p);
  // The no-memory ablation: nothing seen becomes a memory (so nothing seen is reacted to).
  if (!sim.modules.observation) return [];
  const s = p.scratch;
  const r = s.visionRadius;
  const { x, y } = p.tile;
  const mySpace = spaceOf(sim, x, y);
  const seen: Seen[] = [];

  for (const other of around ? around.near(mySpace, x, y, r) : sim.personas) {
    const t = other.tile;
    if (Math.abs(t.x - x) > r || Math.abs(t.y - y) > r) continue;
    if (spaceOf(sim, t.x, t.y) !== mySpace) continue;
    const os = other.scratch;
    if (!os.actAddress || !os.actEvent[0]) continue;
    const { event, key } = shownEvent(other);
    seen.push({ event, key, dist: Math.hypot(t.x - x, t.y - y) });
  }
  if (mySpace >= 0) {
    for (const obj of at(objectsByArena(sim.world), mySpace, 'arena objects')) {
      if (Math.abs(obj.cx - x) > r || Math.abs(obj.cy - y) > r) continue;
      const used = sim.objectEvents.get(obj.address);
      seen.push(used ? { event: used, key: keyOf(used), dist: Math.hypot(obj.cx - x, obj.cy - y) } : { event: obj.idle, key: obj.idleKey, dist: Math.hypot(obj.cx - x, obj.cy - y) });
    }
  }
  seen.sort((a, b) => a.dist - b.dist || byCodeUnits(a.key, b.key));

  const latest = p.memory.latestEventKeys(s.retention);
  const taken = new Set<string>();
  const added: ConceptNode[] = [];
  for (const { event, key } of seen) {
    if (taken.size >= s.attentionBandwidth) break;
    if (taken.has(key)) continue;
    taken.add(key);
    if (latest.has(key)) continue;
    const fields = {
      created: sim.clock.now,
      subject: event.subject,
      predicate: event.predicate,
      object: event.object,
      description: event.description,
      keywords: [shortName(event.subject), shortName(event.object)],
    };
    let node: ConceptNode;
    if (isIdle(event)) {
      // "is idle" scores 1 without asking (Smallville).
      node = p.memory.add('event', { ...fields, poignancy: 1 });
      s.importanceTriggerCurr -= 1;
    } else node = await addScored(sim, p, 'event', fields, { kind: 'event', text: event.description, trigger: true });
    s.importanceEleN++;
    added.push(node);
  }
  return added;
}

/** "Hamlet:Bramble Café:café:counter" → "counter"; persona names stay as they are. */
export function shortName(s: string): string {
  return s.split(':').pop() ?? s;
}

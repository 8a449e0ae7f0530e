import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadWorld, MapError } from '../../src/sim/world/loadWorld';
import { addressOf, tilesOf } from '../../src/sim/world/address';
import type { WorldModel } from '../../src/sim/world/types';
import { miniMap } from '../fixtures/miniTown';
import { ROOT, readMapJson, loadTownPersonas } from '../../src/node/town';
import { checkPersonasAgainstWorld } from '../../src/sim/persona/load';

type Json = Record<string, any>;

function mutate(fn: (m: Json) => void): Json {
  const m = miniMap() as Json;
  fn(m);
  return m;
}
const layer = (m: Json, name: string) => m.layers.find((l: Json) => l.name === name);

describe('map loader on a small hand-made map', () => {
  const w = loadWorld(miniMap());

  it('builds size, walkable grid, addresses and spawns', () => {
    expect([w.width, w.height, w.tileSize, w.name]).toEqual([24, 12, 32, 'Mini']);
    expect(w.walkable[1 * w.width + 1]).toBe(0); // a wall
    expect(w.walkable[3 * w.width + 3]).toBe(1); // bedroom floor
    expect(addressOf(w, 2, 2)).toBe('Mini:Test House:bedroom:bed');
    expect(addressOf(w, 3, 4)).toBe('Mini:Test House:bedroom');
    expect(addressOf(w, 0, 0)).toBe('Mini');
    expect(tilesOf(w, 'Mini:Test House:bedroom:bed')).toHaveLength(4); // two beds of 1×2
    expect(tilesOf(w, 'Mini:Little House:bedroom:bed')).toEqual([{ x: 2, y: 9 }]);
    expect(w.spawns.get('cy-test')).toEqual({ x: 3, y: 9 });
  });

  it('keeps arenas of the same name in different sectors apart', () => {
    expect(tilesOf(w, 'Mini:Test House:kitchen').every((t) => t.y < 6)).toBe(true);
    expect(tilesOf(w, 'Mini:Little House:kitchen').every((t) => t.y === 9)).toBe(true);
  });

  const bad: [string, (m: Json) => void, RegExp][] = [
    ['a missing collision layer', (m) => (m.layers = m.layers.filter((l: Json) => l.name !== 'collision')), /tile layer "collision"/],
    ['a missing spawns layer', (m) => (m.layers = m.layers.filter((l: Json) => l.name !== 'spawns')), /object layer "spawns"/],
    ['a sector without kind', (m) => (layer(m, 'sectors').objects[0].properties = []), /sector "Test House".*"kind"/],
    ['an arena outside every sector', (m) => (layer(m, 'arenas').objects[0].x = 11 * 32), /arena "bedroom".*layer "sectors"/],
    ['an object outside every arena', (m) => (layer(m, 'objects').objects[0].y = 0), /object "bed".*layer "arenas"/],
    ['a spawn on a wall', (m) => (layer(m, 'spawns').objects[0].x = 48), /spawn "ann-test".*blocked/],
    ['no world property', (m) => (m.properties = []), /property "world"/],
    ['a short tile layer', (m) => layer(m, 'ground').data.pop(), /layer "ground" has \d+ cells/],
    ['an empty ground cell', (m) => (layer(m, 'ground').data[5] = 0), /layer "ground" has an empty cell/],
    ['base64 data', (m) => (layer(m, 'ground').data = 'AAAA'), /CSV/],
    ['not an object', () => undefined, /not a Tiled JSON map/],
  ];
  for (const [what, change, message] of bad) {
    it(`rejects ${what} with a message naming it`, () => {
      const input = what === 'not an object' ? null : mutate(change);
      expect(() => loadWorld(input)).toThrow(MapError);
      expect(() => loadWorld(input)).toThrow(message);
    });
  }
});

/** 4-neighbour flood fill over walkable tiles. */
function reachable(w: WorldModel, start: { x: number; y: number }): Uint8Array {
  const seen = new Uint8Array(w.width * w.height);
  const queue = [start.y * w.width + start.x];
  seen[queue[0]] = 1;
  while (queue.length) {
    const i = queue.pop()!;
    const x = i % w.width;
    const y = (i - x) / w.width;
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
      if (nx < 0 || ny < 0 || nx >= w.width || ny >= w.height) continue;
      const j = ny * w.width + nx;
      if (!seen[j] && w.walkable[j]) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}

const MAP = join(ROOT, 'maps/hamlet.tmj');
describe('maps/hamlet.tmj', () => {
  let w: WorldModel;
  beforeAll(() => {
    w = loadWorld(readMapJson(MAP));
  });

  it('is a Smallville-sized town of 32 px tiles with homes and at least 12 other sectors', () => {
    expect([w.width, w.height, w.tileSize]).toEqual([140, 100, 32]);
    const homes = w.sectors.filter((s) => s.kind === 'home');
    expect(homes.length).toBeGreaterThanOrEqual(9);
    expect(w.sectors.length - homes.length).toBeGreaterThanOrEqual(12);
    for (const kind of ['cafe', 'bar', 'grocery', 'shop', 'college', 'park', 'office']) expect(w.sectors.map((s) => s.kind)).toContain(kind);
  });

  it('gives every sector, arena and object walkable tiles', () => {
    for (const s of w.sectors) expect(tilesOf(w, `${w.name}:${s.name}`).some((t) => w.walkable[t.y * w.width + t.x]), s.name).toBe(true);
    for (const a of w.arenas) expect(tilesOf(w, `${w.name}:${a.sector}:${a.name}`).some((t) => w.walkable[t.y * w.width + t.x]), `${a.sector}:${a.name}`).toBe(true);
    for (const o of w.objects) {
      const tiles = tilesOf(w, `${w.name}:${o.sector}:${o.arena}:${o.name}`);
      expect(tiles.length, `${o.sector}:${o.arena}:${o.name}`).toBeGreaterThan(0);
    }
  });

  it('has a walkable spawn for each of the 25 personas, in its bedroom, and every home and workplace exists', () => {
    const personas = loadTownPersonas();
    expect(personas).toHaveLength(25);
    checkPersonasAgainstWorld(personas, w);
    for (const p of personas) {
      const t = w.spawns.get(p.id)!;
      expect(w.walkable[t.y * w.width + t.x], p.id).toBe(1);
      expect(addressOf(w, t.x, t.y).startsWith(`${w.name}:${p.livingArea}`), `${p.id} spawns in ${addressOf(w, t.x, t.y)}`).toBe(true);
    }
  });

  it('has no sealed rooms: every walkable tile of every sector is reachable from every home', () => {
    const personas = loadTownPersonas();
    const homes = new Map(personas.map((p) => [p.household, w.spawns.get(p.id)!]));
    for (const [home, start] of homes) {
      const seen = reachable(w, start);
      for (let i = 0; i < seen.length; i++) {
        if (w.walkable[i] && w.sectorAt[i] >= 0 && !seen[i]) {
          throw new Error(`tile (${i % w.width}, ${Math.floor(i / w.width)}) of ${w.sectors[w.sectorAt[i]].name} is unreachable from ${home}`);
        }
      }
    }
  });
});

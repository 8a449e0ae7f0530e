import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadWorld, MapError } from '../../src/sim/world/loadWorld';
import { addressOf, tilesOf } from '../../src/sim/world/address';
import type { WorldModel } from '../../src/sim/world/types';
import { miniMap } from '../fixtures/miniTown';
import { ROOT, readMapJson, loadTownPersonas } from '../../src/node/town';
import { checkPersonasAgainstWorld } from '../../src/sim/persona/load';
import { DEFAULT_RENT, Economy } from '../../src/sim/economy/economy';
import { miniPersonas } from '../fixtures/miniTown';

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
    ['a sector of a kind no table knows', (m) => (layer(m, 'sectors').objects[0].properties = [{ name: 'kind', type: 'string', value: 'lighthouse' }]), /sector "Test House" has the kind "lighthouse", which Hamlet does not know \(one of: home, cafe/],
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
      expect(() => loadWorld(input, 'maps/mini.tmj')).toThrow(/^Map error: maps\/mini\.tmj: /);
    });
  }
});

/** 4-neighbour flood fill over walkable tiles. */
function reachable(w: WorldModel, start: { x: number; y: number }): Uint8Array {
  const seen = new Uint8Array(w.width * w.height);
  const first = start.y * w.width + start.x;
  const queue = [first];
  seen[first] = 1;
  for (let i = queue.pop(); i !== undefined; i = queue.pop()) {
    const x = i % w.width;
    const y = (i - x) / w.width;
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
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

describe('the economy as map properties (docs/economy.md#jobs-and-shops-are-map-data)', () => {
  const withProps = (props: Record<string, string>) =>
    mutate((m) => {
      const cafe = layer(m, 'sectors').objects.find((o: Json) => o.name === 'Bramble Café');
      cafe.properties.push(...Object.entries(props).map(([name, value]) => ({ name, type: 'string', value })));
    });

  it('reads jobs and items from sector properties, one per line, ids in map order', () => {
    const w = loadWorld(withProps({ jobs: 'barista | 35 | 3 | 07:00-15:00 | café\n# part-time\ndish washer | 20 | 1 | 15:00-19:00', items: 'coffee | 3 | drink\nscone | 3 | food\nmug | 9 | goods' }));
    expect(w.jobs).toEqual([
      { id: 1, title: 'barista', sector: 'Bramble Café', arena: 'café', wage: 35, slots: 3, start: '07:00', end: '15:00' },
      { id: 2, title: 'dish washer', sector: 'Bramble Café', arena: 'café', wage: 20, slots: 1, start: '15:00', end: '19:00' },
    ]);
    expect(w.items).toEqual([
      { id: 1, name: 'coffee', sector: 'Bramble Café', price: 3, food: true, drink: true },
      { id: 2, name: 'scone', sector: 'Bramble Café', price: 3, food: true, drink: false },
      { id: 3, name: 'mug', sector: 'Bramble Café', price: 9, food: false, drink: false },
    ]);
    // The residents' barista job is the declared one (its wage), and the café sells only what it lists.
    const e = new Economy(w, miniPersonas());
    expect(e.jobOf('ann-test')).toMatchObject({ title: 'barista', wage: 35, implied: false });
    expect(e.itemsAt('Bramble Café').map((i) => i.name)).toEqual(['coffee', 'scone', 'mug']);
    // The mini map's homes declare no rent: the default, said so.
    expect(e.notes).toEqual([`3 resident(s) live in homes without a "rent" property: ${DEFAULT_RENT} credits a day`]);
  });

  it('implies the residents\' jobs and the default items on a map that declares none, and says so', () => {
    const e = new Economy(loadWorld(miniMap()), miniPersonas());
    expect(e.jobOf('bob-test')).toMatchObject({ title: 'barista', sector: 'Bramble Café', slots: 3, implied: true });
    expect(e.itemsAt('Bramble Café')).toMatchObject([{ name: 'coffee', price: 3, implied: true }]);
    expect(e.notes.join(' ')).toMatch(/barista at Bramble Café: not on the map/);
  });

  const bad: [string, Record<string, string>, RegExp][] = [
    ['a job line with too few fields', { jobs: 'barista | 35 | 1' }, /map "Mini", sector "Bramble Café": property "jobs": "barista \| 35 \| 1" must have 4 or 5 fields/],
    ['a wage that is not a number', { jobs: 'barista | forty | 1 | 07:00-15:00' }, /sector "Bramble Café".*the wage .* must be a whole number .* found "forty"/],
    ['zero slots', { jobs: 'barista | 40 | 0 | 07:00-15:00' }, /the slots .* from 1 to 100, found "0"/],
    ['bad hours', { jobs: 'barista | 40 | 1 | 7am-3pm' }, /hours .* must read HH:MM-HH:MM, found "7am-3pm"/],
    ['a shift that ends before it starts', { jobs: 'barista | 40 | 1 | 15:00-07:00' }, /must end after it starts/],
    ['an arena of another sector', { jobs: 'barista | 40 | 3 | 07:00-15:00 | kitchen' }, /names the arena "kitchen", which is not in this sector \(café\)/],
    ['a job listed twice', { jobs: 'barista | 40 | 1 | 07:00-15:00\nBarista | 30 | 1 | 07:00-15:00' }, /"Barista" is listed twice/],
    ['an item kind that is not food, drink or goods', { items: 'coffee | 3 | beverage' }, /property "items": the kind in "coffee \| 3 \| beverage" must be "food", "drink" or "goods", found "beverage"/],
    ['a free item', { items: 'coffee | 0 | food' }, /the price .* from 1 to 10000, found "0"/],
  ];
  for (const [what, props, message] of bad) {
    it(`rejects ${what} with a message naming the map, the sector and the line`, () => {
      expect(() => loadWorld(withProps(props))).toThrow(MapError);
      expect(() => loadWorld(withProps(props))).toThrow(message);
    });
  }

  it('refuses a resident whose occupation is not among the jobs its workplace declares, and a job with fewer slots than staff', () => {
    expect(() => new Economy(loadWorld(withProps({ jobs: 'cook | 35 | 3 | 07:00-15:00' })), miniPersonas())).toThrow(/Persona ann-test works as "barista" at Bramble Café, but map "Mini" lists no such job there \(its "jobs" property has: cook\)/);
    expect(() => new Economy(loadWorld(withProps({ jobs: 'barista | 35 | 2 | 07:00-15:00' })), miniPersonas())).toThrow(/"barista" has 2 slot\(s\) a day but 3 residents work it/);
  });
});

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

  it("declares every resident's job and every shop's items (nothing implied), with part-time jobs beyond the residents' own", () => {
    const e = new Economy(w, loadTownPersonas());
    expect(e.notes).toEqual([]);
    // Every home says its rent and bills (the dorm's cheaper; students living with family pay none).
    for (const p of loadTownPersonas()) expect(w.rents[p.household], p.household).toBeGreaterThan(0);
    expect(e.rentOf('ravi-kumar')).toEqual({ home: 'College Dorm', credits: 5 });
    expect(e.rentOf('lily-hartwell').credits).toBe(0);
    const spare = e.jobs.filter((j) => j.slots > j.staff.length);
    expect(spare.reduce((n, j) => n + j.slots - j.staff.length, 0)).toBeGreaterThanOrEqual(6); // the students' part-time slots
    expect(e.items.filter((i) => i.food).map((i) => i.sector)).toEqual(expect.arrayContaining(['Bramble Café', 'Crumb & Crust Bakery', 'Willow Grocery & Pharmacy', 'Hamlet College']));
  });

  it('has no sealed rooms: every walkable tile of every sector is reachable from every home', () => {
    const personas = loadTownPersonas();
    const homes = new Map(personas.map((p) => [p.household, w.spawns.get(p.id)!]));
    for (const [home, start] of homes) {
      const seen = reachable(w, start);
      for (let i = 0; i < seen.length; i++) {
        const sector = w.sectorAt[i] ?? -1;
        if (w.walkable[i] && sector >= 0 && !seen[i]) {
          throw new Error(`tile (${i % w.width}, ${Math.floor(i / w.width)}) of ${w.sectors[sector]?.name} is unreachable from ${home}`);
        }
      }
    }
  });
});

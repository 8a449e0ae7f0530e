import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TILE_NAMES, gid } from '../../scripts/art/catalog';
import { type BuiltMap, MAP_PATH, buildMap } from '../../scripts/map/build-map';
import { SECTORS, livingAreas } from '../../scripts/map/spec';

interface Obj {
  id: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  point?: boolean;
  properties?: { name: string; type: string; value: string }[];
}
interface Layer {
  id: number;
  name: string;
  type: string;
  visible: boolean;
  data?: number[];
  objects?: Obj[];
}
interface TiledMap {
  [k: string]: unknown;
  width: number;
  height: number;
  layers: Layer[];
  tilesets: Record<string, unknown>[];
}
interface R {
  x: number;
  y: number;
  w: number;
  h: number;
}

let built: BuiltMap;
let map: TiledMap;
const T = 32;

const tileRect = (o: Obj): R => ({ x: o.x / T, y: o.y / T, w: o.width / T, h: o.height / T });
const contains = (a: R, b: R) => b.x >= a.x && b.y >= a.y && b.x + b.w <= a.x + a.w && b.y + b.h <= a.y + a.h;
const layer = (name: string) => map.layers.find((l) => l.name === name)!;

beforeAll(() => {
  built = buildMap();
  map = JSON.parse(built.text) as TiledMap;
});

describe('maps/hamlet.tmj', () => {
  it('builds without problems', () => {
    expect(built.problems).toEqual([]);
  });

  it('is exactly what the generator writes (run `npm run map` after changing scripts/map)', () => {
    expect(readFileSync(MAP_PATH, 'utf8')).toBe(built.text);
  });

  it('is deterministic', () => {
    expect(buildMap().text).toBe(built.text);
  });

  it('is a Tiled 1.10 orthogonal 140×100 map with the hamlet tileset', () => {
    expect(map).toMatchObject({
      type: 'map',
      version: '1.10',
      tiledversion: '1.10.2',
      orientation: 'orthogonal',
      renderorder: 'right-down',
      infinite: false,
      compressionlevel: -1,
      width: 140,
      height: 100,
      tilewidth: 32,
      tileheight: 32,
      properties: [{ name: 'world', type: 'string', value: 'Hamlet' }],
    });
    expect(map.tilesets).toEqual([
      {
        columns: 16,
        firstgid: 1,
        image: '../public/assets/tiles.png',
        imageheight: 32 * Math.ceil(TILE_NAMES.length / 16),
        imagewidth: 512,
        margin: 0,
        name: 'hamlet',
        spacing: 0,
        tilecount: TILE_NAMES.length,
        tileheight: 32,
        tilewidth: 32,
      },
    ]);
    expect(map.layers.map((l) => [l.name, l.type])).toEqual([
      ['ground', 'tilelayer'],
      ['walls', 'tilelayer'],
      ['furniture', 'tilelayer'],
      ['collision', 'tilelayer'],
      ['foreground', 'tilelayer'],
      ['sectors', 'objectgroup'],
      ['arenas', 'objectgroup'],
      ['objects', 'objectgroup'],
      ['spawns', 'objectgroup'],
    ]);
    expect(layer('collision').visible).toBe(false);
    const layerIds = map.layers.map((l) => l.id);
    expect(new Set(layerIds).size).toBe(layerIds.length);
    expect(map.nextlayerid).toBe(Math.max(...layerIds) + 1);
    const objectIds = map.layers.flatMap((l) => (l.objects ?? []).map((o) => o.id));
    expect(new Set(objectIds).size).toBe(objectIds.length);
    expect(map.nextobjectid).toBe(Math.max(...objectIds) + 1);
  });

  it('has full tile layers, a non-empty ground and a collision layer of collision tiles', () => {
    for (const l of map.layers.filter((q) => q.type === 'tilelayer')) {
      expect(l.data).toHaveLength(140 * 100);
      expect(l.data!.every((g) => Number.isInteger(g) && g >= 0 && g <= TILE_NAMES.length)).toBe(true);
    }
    expect(layer('ground').data!.every((g) => g > 0)).toBe(true);
    expect(layer('collision').data!.every((g) => g === 0 || g === gid('collision'))).toBe(true);
  });

  it('connects every walkable tile with every other', () => {
    const col = layer('collision').data!;
    const seen = new Uint8Array(col.length);
    const start = col.findIndex((g) => g === 0);
    const stack = [start];
    seen[start] = 1;
    let n = 0;
    for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
      n++;
      const x = i % 140;
      const y = Math.floor(i / 140);
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
        const j = ny * 140 + nx;
        if (nx >= 0 && ny >= 0 && nx < 140 && ny < 100 && !seen[j] && col[j] === 0) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    expect(n).toBe(col.filter((g) => g === 0).length);
  });

  it('has tile-aligned rectangles, each with a walkable tile, nested in exactly one parent', () => {
    const col = layer('collision').data!;
    const walkable = (r: R) => {
      for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) if (col[y * 140 + x] === 0) return true;
      return false;
    };
    const sectors = layer('sectors').objects!;
    const arenas = layer('arenas').objects!;
    const objects = layer('objects').objects!;
    for (const o of [...sectors, ...arenas, ...objects]) {
      for (const v of [o.x, o.y, o.width, o.height]) expect(v % T, `${o.name} is not tile-aligned`).toBe(0);
      const r = tileRect(o);
      expect(r.w > 0 && r.h > 0 && r.x >= 0 && r.y >= 0 && r.x + r.w <= 140 && r.y + r.h <= 100, `${o.name} in bounds`).toBe(true);
      expect(walkable(r), `${o.name} (id ${o.id}) has a walkable tile`).toBe(true);
    }
    for (const a of arenas) expect(sectors.filter((s) => contains(tileRect(s), tileRect(a))), a.name).toHaveLength(1);
    for (const o of objects) expect(arenas.filter((a) => contains(tileRect(a), tileRect(o))), o.name).toHaveLength(1);
  });

  it('has the sectors, kinds, arenas and objects of docs/town-spec.md', () => {
    const sectors = layer('sectors').objects!;
    const arenas = layer('arenas').objects!;
    const objects = layer('objects').objects!;
    expect(sectors.map((s) => s.name).sort()).toEqual(SECTORS.map((s) => s.name).sort());
    for (const spec of SECTORS) {
      const s = sectors.find((q) => q.name === spec.name)!;
      const economy = [...(spec.jobs ? [{ name: 'jobs', type: 'string', value: spec.jobs.join('\n') }] : []), ...(spec.items ? [{ name: 'items', type: 'string', value: spec.items.join('\n') }] : []), ...(spec.rent !== undefined ? [{ name: 'rent', type: 'int', value: spec.rent }] : [])];
      expect(s.properties).toEqual([{ name: 'kind', type: 'string', value: spec.kind }, ...economy]);
      const inS = arenas.filter((a) => contains(tileRect(s), tileRect(a)));
      expect(inS.map((a) => a.name).sort(), spec.name).toEqual(spec.arenas.map((a) => a.name).sort());
      for (const a of spec.arenas) {
        const arena = inS.find((q) => q.name === a.name)!;
        const names = objects.filter((o) => contains(tileRect(arena), tileRect(o))).map((o) => o.name);
        const count = (n: string) => names.filter((q) => q === n).length;
        for (const [name, n] of Object.entries(a.objects)) {
          if (spec.kind === 'home') expect(count(name), `${spec.name}:${a.name}:${name}`).toBeGreaterThanOrEqual(n);
          else expect(count(name), `${spec.name}:${a.name}:${name}`).toBe(n);
        }
        if (spec.kind !== 'home') expect(names.length, `${spec.name}:${a.name} objects`).toBe(Object.values(a.objects).reduce((p, q) => p + q, 0));
        if (a.sleepers) expect(count('bed'), `${spec.name}:${a.name} beds`).toBe(a.sleepers.length);
      }
    }
  });

  it('spawns every persona on a walkable tile of its bedroom', () => {
    const col = layer('collision').data!;
    const sectors = layer('sectors').objects!;
    const arenas = layer('arenas').objects!;
    const spawns = layer('spawns').objects!;
    const homes = livingAreas();
    expect(spawns.map((s) => s.name).sort()).toEqual([...homes.keys()].sort());
    for (const s of spawns) {
      expect(s.point).toBe(true);
      const x = Math.floor(s.x / T);
      const y = Math.floor(s.y / T);
      expect(s.x).toBe((x + 0.5) * T);
      expect(s.y).toBe((y + 0.5) * T);
      expect(col[y * 140 + x], `${s.name} stands on a walkable tile`).toBe(0);
      const [sectorName, arenaName] = homes.get(s.name)!.split(':');
      const sector = tileRect(sectors.find((q) => q.name === sectorName)!);
      const arena = arenas.find((a) => a.name === arenaName && contains(sector, tileRect(a)))!;
      expect(contains(tileRect(arena), { x, y, w: 1, h: 1 }), `${s.name} in ${sectorName}:${arenaName}`).toBe(true);
    }
  });
});

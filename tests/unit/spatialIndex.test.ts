import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { scaleTown } from '../../src/cli/town';
import { perceive, perceptionIndex } from '../../src/sim/cognition/perceive';
import { PathFinder } from '../../src/sim/world/pathfinder';
import { execute, Occupancy } from '../../src/sim/cognition/execute';
import { parseAddress } from '../../src/sim/world/actionAddress';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Rng } from '../../src/sim/rng';
import type { Tile, WorldModel } from '../../src/sim/world/types';

const base = loadTownWorld();
const specs = loadTownPersonas();

/** A walkable tile in the window of w × h tiles at (x0, y0), chosen by `rng`. */
function walkableIn(world: WorldModel, rng: Rng, x0: number, y0: number, w: number, h: number): Tile {
  for (;;) {
    const x = x0 + rng.int(w);
    const y = y0 + rng.int(h);
    if (world.walkable[y * world.width + x]) return { x, y };
  }
}

describe('the perception index (who is near whom)', () => {
  for (const [seed, n] of [
    [1, 30],
    [2, 60],
    [3, 90],
  ] as const) {
    it(`gives every persona the same sights as looking at the whole town (seed ${seed}, ${n} personas crowded together)`, async () => {
      const town = scaleTown(specs, base, n);
      const make = () => new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(seed, town.personas), seed, start: '2023-02-13T09:00:00' });
      const [a, b] = [make(), make()];
      await a.tick();
      await b.tick();
      // Everyone into a 40 × 30 window somewhere in town (streets, rooms, yards; across cell borders).
      const rng = new Rng(seed);
      const x0 = rng.int(town.world.width - 40);
      const y0 = rng.int(town.world.height - 30);
      const tiles = a.personas.map(() => walkableIn(town.world, rng, x0, y0, 40, 30));
      for (const sim of [a, b]) sim.personas.forEach((p, i) => (p.scratch.currTile = { ...tiles[i]! }));
      const index = perceptionIndex(b);
      let seenPeople = 0;
      for (let i = 0; i < a.personas.length; i++) {
        const plain = await perceive(a, a.personas[i]!, true);
        const fast = await perceive(b, b.personas[i]!, true, index);
        expect(fast.map((m) => m.description)).toEqual(plain.map((m) => m.description));
        seenPeople += fast.filter((m) => b.byName.has(m.subject)).length;
      }
      expect(seenPeople).toBeGreaterThan(0);
    });
  }

  it('lists a persona near a point only with others of its space and cell neighbourhood, in town order', async () => {
    const town = scaleTown(specs, base, 50);
    const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(1, town.personas), seed: 1, start: '2023-02-13T09:00:00' });
    const rng = new Rng(9);
    sim.personas.forEach((p) => (p.scratch.currTile = walkableIn(town.world, rng, 0, 0, town.world.width, town.world.height)));
    const index = perceptionIndex(sim);
    const order = new Map(sim.personas.map((p, i) => [p, i]));
    for (const p of sim.personas) {
      const space = town.world.arenaAt[p.tile.y * town.world.width + p.tile.x]!;
      const near = index.near(space >= 0 ? space : -2 - town.world.sectorAt[p.tile.y * town.world.width + p.tile.x]!, p.tile.x, p.tile.y, 4);
      expect(near).toContain(p);
      const ranks = near.map((q) => order.get(q)!);
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      for (const q of near) expect(Math.max(Math.abs(q.tile.x - p.tile.x), Math.abs(q.tile.y - p.tile.y))).toBeLessThan(40);
    }
  });
});

describe('A* reusing one grid', () => {
  it('finds the same paths as a fresh grid per search, on a town of four districts', () => {
    const town = scaleTown(specs, base, 100);
    const reused = new PathFinder(town.world);
    const rng = new Rng(5);
    for (let i = 0; i < 12; i++) {
      const from = walkableIn(town.world, rng, 0, 0, town.world.width, town.world.height);
      const to = walkableIn(town.world, rng, 0, 0, town.world.width, town.world.height);
      expect(reused.find(from, to)).toEqual(new PathFinder(town.world).find(from, to));
    }
    expect(reused.stats.computed).toBe(12);
  });
});

describe('who stands where, while paths are planned (the execute phase)', () => {
  for (const [seed, crowd, object] of [
    [1, 30, 'café table'],
    [2, 45, 'counter'],
    [3, 60, 'coffee machine'],
  ] as const) {
    it(`sends ${crowd} people bound for the ${object} of one café to distinct free tiles, as planning each alone would (seed ${seed}, 130 residents)`, async () => {
      const town = scaleTown(specs, base, 130);
      const make = () => new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(seed, town.personas), seed, start: '2023-02-13T09:00:00' });
      const [a, b] = [make(), make()];
      await a.tick();
      await b.tick();
      // A crowd scattered over the café's district and streets, all bound for the same object.
      const rng = new Rng(seed);
      const tiles = a.personas.map(() => walkableIn(town.world, rng, 0, 0, 140, 100));
      const goal = parseAddress(`${town.world.name}:Bramble Café:café:${object}`);
      for (const sim of [a, b]) {
        sim.personas.forEach((p, i) => {
          p.scratch.currTile = { ...tiles[i]! };
          if (i >= crowd) return;
          p.scratch.actAddress = goal;
          p.scratch.actPathSet = false;
          p.scratch.plannedPath = [];
        });
      }
      // One index for the phase (refiled after each turn) against a fresh look at the town per plan.
      const occupancy = new Occupancy(a);
      for (const p of a.personas) {
        execute(a, p, occupancy);
        occupancy.refile(p);
      }
      for (const p of b.personas) execute(b, p);
      const ends = (sim: Simulation) => sim.personas.slice(0, crowd).map((p) => p.scratch.plannedPath.at(-1) ?? p.tile);
      expect(ends(a)).toEqual(ends(b));
      const key = (t: Tile) => `${t.x},${t.y}`;
      expect(new Set(ends(a).map(key)).size).toBe(crowd);
      const room = town.world.arenas.findIndex((r) => r.sector === 'Bramble Café' && r.name === 'café');
      expect(ends(a).filter((t) => town.world.arenaAt[t.y * town.world.width + t.x] === room).length).toBeGreaterThan(crowd / 2);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { MAX_DISTRICTS, districtLetters, districtName, districtWorld } from '../../src/sim/world/districts';
import { maxTownSize, personasOption, scaleTown } from '../../src/cli/town';
import { checkPersonasAgainstWorld } from '../../src/sim/persona/load';
import { PersonaSchema } from '../../src/sim/persona/schema';
import { PathFinder } from '../../src/sim/world/pathfinder';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { WorldModel } from '../../src/sim/world/types';

const base = loadTownWorld();
const specs = loadTownPersonas();

const countBy = <T>(xs: readonly T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};

/** The district a tile lies in, from the sector grid's district numbers (-1 off every sector). */
const districtAt = (w: WorldModel, x: number, y: number) => {
  const s = w.sectorAt[y * w.width + x] ?? -1;
  return s < 0 ? -1 : (w.sectors[s]?.district ?? -1);
};

/** Tiles reachable on foot from `from` (a flood fill over the walkable grid). */
function reachable(w: WorldModel, from: { x: number; y: number }): Uint8Array {
  const seen = new Uint8Array(w.width * w.height);
  const queue = [from.y * w.width + from.x];
  seen[queue[0] ?? 0] = 1;
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k] ?? 0;
    const x = i % w.width;
    for (const j of [x > 0 ? i - 1 : -1, x < w.width - 1 ? i + 1 : -1, i - w.width, i + w.width]) {
      if (j < 0 || j >= seen.length || seen[j] || !w.walkable[j]) continue;
      seen[j] = 1;
      queue.push(j);
    }
  }
  return seen;
}

describe('district names', () => {
  it('are letters only, distinct for every district, and district 0 keeps the base names', () => {
    const all = Array.from({ length: 2000 }, (_, d) => districtLetters(d));
    expect(all[0]).toBe('');
    expect(new Set(all).size).toBe(all.length);
    for (const l of all.slice(1)) expect(l).toMatch(/^[b-z][a-z]*$/);
    expect(districtName('Quinn Cottage', 0)).toBe('Quinn Cottage');
    expect(districtName('Quinn Cottage', 1)).toBe('Quinn Cottage B');
    expect(districtName('Quinn Cottage', 27)).toBe('Quinn Cottage BB');
  });
});

describe('a town of N districts', () => {
  it('is the base map itself for one district', () => {
    expect(districtWorld(base, 1)).toBe(base);
    expect(scaleTown(specs, base, 25).world).toBe(base);
    expect(scaleTown(specs, base, 10).personas.map((p) => p.id)).toEqual(specs.slice(0, 10).map((p) => p.id));
  });

  for (const n of [2, 3, 5, 8]) {
    it(`has N times the base's homes, workplaces, shops, jobs and items (N = ${n}), each district the same mix`, () => {
      const w = districtWorld(base, n);
      expect(w.sectors.length).toBe(n * base.sectors.length);
      expect(w.arenas.length).toBe(n * base.arenas.length);
      expect(w.objects.length).toBe(n * base.objects.length);
      expect(w.jobs.length).toBe(n * base.jobs.length);
      expect(w.items.length).toBe(n * base.items.length);
      expect(new Set(w.sectors.map((s) => s.name)).size).toBe(w.sectors.length);
      expect(w.width * w.height).toBeGreaterThanOrEqual(n * base.width * base.height);
      const kinds = countBy(base.sectors, (s) => s.kind);
      for (let d = 0; d < n; d++) {
        const mine = w.sectors.filter((s) => s.district === d);
        expect(countBy(mine, (s) => s.kind)).toEqual(kinds);
        // Each of its places lies in its own part of the map, and its tiles carry its address.
        for (const s of mine) {
          expect(districtAt(w, s.rect.x, s.rect.y)).toBe(d);
          expect(w.addressTiles.get(`${w.name}:${s.name}`)?.length).toBe(base.addressTiles.get(`${base.name}:${s.name.replace(/ [A-Z]+$/, '')}`)?.length);
        }
      }
      expect(w.jobs.map((j) => j.id)).toEqual(w.jobs.map((_, i) => i + 1));
      for (const j of w.jobs) expect(w.addressTiles.has(`${w.name}:${j.sector}:${j.arena}`)).toBe(true);
    });
  }

  it('refuses a count outside 1 … MAX_DISTRICTS in a sentence', () => {
    for (const n of [0, -3, 2.5, MAX_DISTRICTS + 1, 1e12, Number.NaN]) expect(() => districtWorld(base, n)).toThrow(/districts/);
  });
});

describe('scaleTown beyond the pack', () => {
  for (const n of [26, 60, 100, 137]) {
    it(`gives ${n} valid residents their own district's home, work and friends`, () => {
      const town = scaleTown(specs, base, n);
      expect(town.personas.length).toBe(n);
      expect(new Set(town.personas.map((p) => p.id)).size).toBe(n);
      expect(new Set(town.personas.map((p) => p.name)).size).toBe(n);
      for (const p of town.personas) expect(PersonaSchema.safeParse(p).success).toBe(true);
      expect(() => checkPersonasAgainstWorld(town.personas, town.world)).not.toThrow();
      const districtOf = new Map(town.world.sectors.map((s) => [s.name, s.district]));
      const ids = new Map(town.personas.map((p, i) => [p.id, Math.floor(i / specs.length)]));
      town.personas.forEach((p, i) => {
        const d = Math.floor(i / specs.length);
        expect(districtOf.get(p.household)).toBe(d);
        if (p.occupation) expect(districtOf.get(p.occupation.workplace)).toBe(d);
        for (const h of p.haunts) expect(districtOf.get(h)).toBe(d);
        // Friends in the town are of the same district (a friend past the last resident is not in the town).
        for (const r of p.relationships) if (ids.has(r.id)) expect(ids.get(r.id)).toBe(d);
        const spawn = town.world.spawns.get(p.id);
        expect(spawn && town.world.walkable[spawn.y * town.world.width + spawn.x]).toBe(1);
      });
    });
  }

  it("rewrites the places and people a copy's texts name to its district's", () => {
    const town = scaleTown(specs, base, 75);
    const names = [...base.sectors.map((s) => s.name), ...specs.map((p) => p.name)].sort((a, b) => b.length - a.length);
    let checked = 0;
    for (const [i, copy] of town.personas.entries()) {
      const d = Math.floor(i / specs.length);
      if (d === 0) continue;
      const original = specs[i % specs.length];
      if (!original) throw new Error('no original');
      for (const field of ['learned', 'currently', 'dailyPlanReq'] as const) {
        for (const name of names) {
          if (!original[field].includes(name) || names.some((longer) => longer !== name && longer.includes(name) && original[field].includes(longer))) continue;
          expect(copy[field]).toContain(districtName(name, d));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('lets every resident walk home from anywhere in town (one connected map)', () => {
    const town = scaleTown(specs, base, 100);
    const first = town.world.spawns.get(specs[0]?.id ?? '');
    if (!first) throw new Error('no spawn');
    const seen = reachable(town.world, first);
    for (const [id, t] of town.world.spawns) expect([id, seen[t.y * town.world.width + t.x]]).toEqual([id, 1]);
    // A* finds the walk from the first district to a home of each other district.
    const paths = new PathFinder(town.world);
    for (let d = 1; d < 4; d++) {
      const id = `${specs[d]?.id}-${districtLetters(d)}`;
      const to = town.world.spawns.get(id);
      if (!to) throw new Error(`no spawn ${id}`);
      expect(paths.find(first, to)?.at(-1)).toEqual(to);
    }
  });

  it('starts each resident knowing its own district, not the whole town', () => {
    const town = scaleTown(specs, base, 60);
    const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(1, town.personas), seed: 1, start: '2023-02-13T00:00:00' });
    const districtOf = new Map(town.world.sectors.map((s) => [s.name, s.district]));
    for (const [i, p] of sim.personas.entries()) {
      const known = p.spatial.sectors();
      expect(known.length).toBeGreaterThan(5);
      for (const s of known) expect([p.id, s, districtOf.get(s)]).toEqual([p.id, s, Math.floor(i / specs.length)]);
    }
  });

  it('bounds the town with a message naming the limit', () => {
    expect(maxTownSize(specs)).toBe(MAX_DISTRICTS * specs.length);
    expect(() => scaleTown(specs, base, maxTownSize(specs) + 1)).toThrow(/at most 2,000 residents/);
    expect(() => personasOption('1000000000', specs, 25)).toThrow(/--personas must be at most 2,000.*80 districts/);
    expect(() => personasOption('0', specs, 25)).toThrow(/--personas/);
    expect(personasOption('1000', specs, 25)).toBe(1000);
  });
});

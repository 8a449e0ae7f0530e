import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { scaleTown } from '../../src/cli/town';
import { arenaAddress, objectAddress } from '../../src/sim/actions/places';
import { Economy } from '../../src/sim/economy/economy';
import { sectorContents } from '../../src/sim/world/bySector';
import { placeAddress } from '../../src/sim/world/actionAddress';
import type { WorldModel } from '../../src/sim/world/types';

const base = loadTownWorld();
const specs = loadTownPersonas();

/** What a scan of the whole map answers (the definition the indexed look-ups must keep): the first object so named, in map order. */
function scannedObject(world: WorldModel, sector: string, arena: string | null, names: readonly string[]) {
  for (const name of names) {
    const o = world.objects.find((x) => x.sector === sector && (arena === null || x.arena === arena) && x.name === name);
    if (o) return placeAddress(world.name, o.sector, o.arena, o.name);
  }
  return null;
}

describe('look-ups by sector in a town of districts (one sector read, not the whole map)', () => {
  for (const n of [25, 60, 130]) {
    const { world, personas } = scaleTown(specs, base, n);
    it(`lists each sector's arenas and objects as a scan of the map does, in map order (${n} residents)`, () => {
      for (const s of world.sectors) {
        expect(sectorContents(world, s.name).arenas).toEqual(world.arenas.filter((a) => a.sector === s.name));
        expect(sectorContents(world, s.name).objects).toEqual(world.objects.filter((o) => o.sector === s.name));
      }
      expect(sectorContents(world, 'Nowhere Street 99')).toEqual({ arenas: [], objects: [] });
    });

    it(`finds objects and rooms by name as a scan of the map does (${n} residents)`, () => {
      const names = [...new Set(world.objects.map((o) => o.name))];
      let found = 0;
      for (const s of world.sectors) {
        for (const arena of [null, ...sectorContents(world, s.name).arenas.map((a) => a.name), 'no such room']) {
          for (const wanted of [names.slice(0, 3), names.slice(-4), ['bed', 'sofa'], ['counter', 'no such thing'], ['no such thing']]) {
            const got = objectAddress(world, s.name, arena, wanted);
            expect(got).toEqual(scannedObject(world, s.name, arena, wanted));
            if (got) found++;
          }
        }
        for (const prefer of [null, /kitchen/, /bedroom|room/, /nothing like this/]) {
          const arenas = world.arenas.filter((a) => a.sector === s.name);
          const a = (prefer && arenas.find((x) => prefer.test(x.name))) ?? arenas[0];
          expect(arenaAddress(world, s.name, prefer)).toEqual(placeAddress(world.name, s.name, a?.name ?? null));
        }
      }
      expect(found).toBeGreaterThan(world.sectors.length);
    });

    it(`names jobs and items as a scan of the town's jobs and items does (${n} residents)`, () => {
      const e = new Economy(world, personas);
      const key = (s: string) => s.trim().toLowerCase();
      const scanned = (ref: string) => {
        const r = key(ref);
        const id = /^#?(\d+)$/.exec(r);
        if (id) return e.jobs.find((j) => j.id === Number(id[1]));
        const at = e.jobs.find((j) => key(`${j.title} at ${j.sector}`) === r || key(`${j.title} @ ${j.sector}`) === r);
        if (at) return at;
        const titled = e.jobs.filter((j) => key(j.title) === r);
        return titled.length === 1 ? titled[0] : undefined;
      };
      const refs = e.jobs.flatMap((j) => [`${j.title} at ${j.sector}`, ` ${j.title.toUpperCase()} @ ${j.sector} `, j.title, `#${j.id}`, String(j.id), `${j.title} at Nowhere`]);
      for (const ref of [...refs, 'astronaut', '#0', `#${e.jobs.length + 1}`]) expect(e.findJob(ref), ref).toBe(scanned(ref));
      expect(refs.filter((r) => e.findJob(r)).length).toBeGreaterThan(e.jobs.length * 3);
      for (const s of world.sectors) expect(e.itemsAt(s.name)).toEqual(e.items.filter((i) => i.sector === s.name));
      for (const i of e.items) expect(e.itemById(i.id)).toBe(i);
      expect(e.itemById(0)).toBeUndefined();
    });
  }
});

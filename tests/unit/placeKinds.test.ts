import { describe, expect, it } from 'vitest';
import { PLACE_KINDS } from '../../src/sim/placeKinds';
import { SECTOR_KINDS, type SectorKind } from '../../src/sim/world/sectorKinds';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { actionWorldOf, validateProposal } from '../../src/sim/actions/validate';
import { sceneOf, resolveScene } from '../../src/sim/actions/scenes';
import { placeOfAddress } from '../../src/sim/actions/places';
import { arenaAddress } from '../../src/sim/actions/places';
import { findSector } from '../../src/sim/cognition/commitments';
import { Economy } from '../../src/sim/economy/economy';
import type { WorldModel } from '../../src/sim/world/types';
import { playerSpec } from '../../src/sim/player/player';

/** Two towns with different maps: Hamlet and the test fixture. */
const towns = () => [
  { name: 'Hamlet', world: loadTownWorld(), personas: loadTownPersonas() },
  { name: 'mini', world: loadWorld(miniMap()), personas: miniPersonas() },
];

const kindsOn = (world: WorldModel) => [...new Set(world.sectors.map((s) => s.kind))];

describe('one record per kind of place', () => {
  it('covers every kind a map may name', () => {
    expect(Object.keys(PLACE_KINDS).sort()).toEqual([...SECTOR_KINDS].sort());
    for (const k of SECTOR_KINDS) {
      const r = PLACE_KINDS[k];
      if (r.hours) expect(r.hours[0]).toBeLessThan(r.hours[1]);
      expect(r.hours === null).toBe(k === 'home');
    }
  });

  it('its opening hours are when a visitor may go there: closed before, open from the first hour, closed at the last', async () => {
    for (const t of towns()) {
      const sim = new Simulation({ world: t.world, personas: t.personas, brain: new OfflineBrain(1, t.personas), seed: 1, start: '2023-02-13T00:00:00' });
      const w0 = actionWorldOf(sim);
      let checked = 0;
      for (const sector of t.world.sectors) {
        const hours = PLACE_KINDS[sector.kind].hours;
        // Someone who neither lives nor works there.
        const p = sim.personas.find((x) => x.spec.household !== sector.name && x.spec.occupation?.workplace !== sector.name && x.commitments.length === 0);
        if (!hours || !p || hours[1] - hours[0] >= 24) continue;
        const at = (h: number) => {
          const w = { ...w0, now: Date.UTC(2023, 1, 13, h) };
          const place = placeOfAddress(t.world, arenaAddress(t.world, sector.name));
          return validateProposal(w, p, resolveScene(h, p, place), { action: 'GO_TO', target: sector.name }, { cooldowns: false });
        };
        expect(at(hours[0]).ok, `${t.name}: ${sector.name} at ${hours[0]}:00`).toBe(true);
        const before = at(hours[0] - 1);
        expect(before.ok).toBe(false);
        if (!before.ok) expect(before.reason).toContain(`open ${hours[0]}:00–${hours[1]}:00`);
        if (hours[1] < 24) expect(at(hours[1]).ok).toBe(false);
        checked++;
      }
      // The fixture town's residents all work at its one café: only Hamlet has visitors to check.
      if (t.name === 'Hamlet') expect(checked).toBeGreaterThan(5);
    }
  });

  it('a shop whose map declares no items sells its kind’s, and no other sector sells anything it does not declare', () => {
    for (const t of towns()) {
      const e = new Economy(t.world, t.personas);
      for (const s of t.world.sectors) {
        const implied = e.itemsAt(s.name).filter((i) => i.implied);
        const expected = t.world.declared.items.has(s.name) ? [] : PLACE_KINDS[s.kind].items.map(([name, price]) => [name, price]);
        expect(implied.map((i) => [i.name, i.price]), `${t.name}: ${s.name}`).toEqual(expected);
      }
    }
  });

  it('the words for a kind find the one place of that kind in a sentence, in any town', () => {
    for (const t of towns()) {
      let found = 0;
      for (const kind of kindsOn(t.world)) {
        const of = t.world.sectors.filter((s) => s.kind === kind);
        for (const word of PLACE_KINDS[kind as SectorKind].words) {
          const sector = findSector(`Let's meet at the ${word} later`, { sectors: t.world.sectors });
          // A word that is also a word of another sector's name is ambiguous: nothing is found then.
          const clash = t.world.sectors.some((s) => s.kind !== kind && s.name.toLowerCase().split(/\s+/).includes(word));
          if (of.length === 1 && !clash) {
            expect(sector, `${t.name}: "the ${word}"`).toBe(of[0]!.name);
            found++;
          } else if (of.length > 1) expect(sector === null || of.some((s) => s.name === sector && sector.toLowerCase().includes(word))).toBe(true);
        }
      }
      expect(found).toBeGreaterThan(0);
    }
  });

  it('eating, studying, the school scene and the emoji of time spent there follow the record', async () => {
    const t = towns()[0]!;
    const sim = new Simulation({ world: t.world, personas: t.personas, brain: new OfflineBrain(1, t.personas), seed: 1, start: '2023-02-13T12:00:00' });
    const w = actionWorldOf(sim);
    for (const sector of t.world.sectors) {
      const r = PLACE_KINDS[sector.kind];
      const p = sim.personas.find((x) => x.spec.household !== sector.name && x.spec.occupation?.workplace !== sector.name && Object.keys(x.agent.wallet.holdings).length === 0)!;
      const tile = t.world.arenas.find((a) => a.sector === sector.name) && arenaAddress(t.world, sector.name);
      if (!tile) continue;
      const place = placeOfAddress(t.world, tile);
      // Stand there (the first walkable tile of the sector).
      const i = t.world.sectorAt.findIndex((x, k) => x >= 0 && t.world.sectors[x]!.name === sector.name && t.world.walkable[k] === 1);
      p.scratch.currTile = { x: i % t.world.width, y: Math.floor(i / t.world.width) };
      const eat = validateProposal(w, p, sceneOf(w, p), { action: 'EAT', target: '' }, { cooldowns: false });
      if (eat.ok) expect(r.food || sector.kind === 'home').toBe(true);
      else if (r.food && sector.kind !== 'home') expect(eat.reason).not.toMatch(/nothing to eat/);
      if (!r.food) expect(eat.ok).toBe(false);
      expect(sceneOf(w, p) === 'SCHOOL').toBe(r.school);
      const go = validateProposal(w, p, sceneOf(w, p), { action: 'GO_TO', target: sector.name }, { cooldowns: false });
      if (go.ok) expect(go.def.executor(w, p, go.call).emoji).toBe(r.emoji);
      expect(place.kind).toBe(sector.kind);
    }
  });

  it("the player's resident stands in the best-ranked newcomer kind the map has (a square, else a park), else the first arena", () => {
    const ranked = SECTOR_KINDS.filter((k) => PLACE_KINDS[k].newcomerRank !== null).sort((a, b) => PLACE_KINDS[a].newcomerRank! - PLACE_KINDS[b].newcomerRank!);
    expect(ranked).toEqual(['square', 'park']);
    const hamlet = loadTownWorld();
    const setup = { name: 'Marisol Quint', description: 'a potter', sprite: 'ada-quinn' };
    const kindOfHome = (world: WorldModel) => world.sectors.find((s) => s.name === playerSpec(setup, world).household)?.kind;
    // Each ranked kind in turn, once the better ones are gone from the map (made offices).
    for (let i = 0; i < ranked.length; i++) {
      const gone = new Set(ranked.slice(0, i));
      const world = { ...hamlet, sectors: hamlet.sectors.map((s) => (gone.has(s.kind) ? { ...s, kind: 'office' as const } : s)) };
      expect(kindOfHome(world)).toBe(ranked[i]);
    }
    // None of them on the map: the first arena's place.
    const mini = loadWorld(miniMap());
    expect(mini.sectors.some((s) => ranked.includes(s.kind))).toBe(false);
    expect(playerSpec(setup, mini).household).toBe(mini.arenas[0]!.sector);
  });

  it('each kind is drawn in a colour of its own, on the minimap and on a town drawn from its meaning', () => {
    for (const part of ['floor', 'minimap'] as const) {
      const colours = SECTOR_KINDS.map((k) => PLACE_KINDS[k].colours[part]);
      expect(new Set(colours).size).toBe(SECTOR_KINDS.length);
    }
    for (const k of SECTOR_KINDS) {
      expect(PLACE_KINDS[k].colours.minimap).toMatch(/^#[0-9a-f]{6}$/);
      expect(Number.isInteger(PLACE_KINDS[k].colours.floor) && PLACE_KINDS[k].colours.floor >= 0 && PLACE_KINDS[k].colours.floor <= 0xffffff).toBe(true);
    }
  });
});

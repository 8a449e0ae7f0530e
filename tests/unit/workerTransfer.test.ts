import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { buildTown, DEFAULT_START, type TownChoice } from '../../src/app/newTown';
import { createSave, openSave } from '../../src/save/saveFile';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { Simulation } from '../../src/sim/simulation';

/**
 * A town the page builds is sent to the town's worker as a save of itself (src/app/worker/protocol.ts,
 * TownTransfer), copied as postMessage copies it (structured clone): there it goes on exactly as
 * it would have in the page, frame for frame, whatever the seed, the residents, the call plan or
 * whether someone plays.
 */

const world = loadTownWorld();
const all = loadTownPersonas();

const choice = (over: Partial<TownChoice>): TownChoice => ({ seed: 1, start: DEFAULT_START, personaCount: 6, brain: 'offline', player: null, registry: null, callPlan: null, pulse: true, paused: false, ...over });

async function run(sim: Simulation, steps: number): Promise<string> {
  const out: unknown[] = [];
  for (let i = 0; i < steps; i++) {
    const r = await sim.tick();
    out.push(r.personas.map((f) => [f.id, f.tile.x, f.tile.y, f.description]), r.conversations.map((c) => c.summary));
  }
  return JSON.stringify(out);
}

/** The town as the worker gets it: a save of it and its map, through structured clone, opened there. */
function sent(sim: Simulation): Simulation {
  const { save, world: w } = structuredClone({ save: createSave(sim, { name: 'town for the worker' }), world: sim.world });
  return openSave(save, w, (specs, seed) => new OfflineBrain(seed, specs), 'The town sent to the worker');
}

describe('a town sent to the worker', () => {
  const cases: [string, Partial<TownChoice>][] = [
    ['seed 1, six residents', {}],
    ['seed 42, ten residents, packed calls', { seed: 42, personaCount: 10, callPlan: 'packed' }],
    ['seed 7, four residents on the registry brain, the pulse off, at noon', { seed: 7, registry: '4', pulse: false, start: '2023-02-14T12:00:00' }],
    ['seed 3, a player', { seed: 3, player: { name: 'Tess Walker', description: 'a visitor', sprite: all[0]!.sprite } }],
  ];
  for (const [name, over] of cases) {
    it(`goes on as it would have in the page: ${name}`, async () => {
      const here = buildTown(choice(over), world, all).sim;
      const there = sent(buildTown(choice(over), world, all).sim);
      // The call plan a town was started with goes beside the save (TownTransfer.callPlan); the brain switch sets it.
      if (over.callPlan) there.setCallPlan(over.callPlan);
      expect(there.personas.map((p) => p.id)).toEqual(here.personas.map((p) => p.id));
      expect(there.nextCallPlan).toBe(here.nextCallPlan);
      expect(there.player?.persona.name ?? null).toBe(here.player?.persona.name ?? null);
      expect(await run(there, 180)).toBe(await run(here, 180));
    });
  }

  it('also from the middle of a day (a town forked or loaded, then sent)', async () => {
    const here = buildTown(choice({ seed: 5 }), world, all).sim;
    await run(here, 400);
    const there = sent(here);
    expect(there.step).toBe(here.step);
    expect(await run(there, 200)).toBe(await run(here, 200));
  });
});

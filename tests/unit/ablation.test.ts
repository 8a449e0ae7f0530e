import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { CONDITIONS, modulesOf, type Condition } from '../../src/sim/ablation';
import type { PersonaSpec } from '../../src/sim/persona/schema';

const world = loadTownWorld();
const all = loadTownPersonas();

/** A few residents who share a home or a workplace (so they meet), reflecting readily. */
function town(ids: string[]): PersonaSpec[] {
  return ids.map((id) => {
    const s = all.find((p) => p.id === id)!;
    return { ...s, scratch: { ...s.scratch, importanceTrigger: 20 } };
  });
}

async function runTown(condition: Condition | null, ids: string[], hours: number, seed = 5) {
  const personas = town(ids);
  const sim = new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start: '2023-02-13T06:00:00', ...(condition ? { modules: modulesOf(condition) } : {}) });
  const eventsAtStart = new Map(sim.personas.map((p) => [p.id, p.memory.nodes.filter((n) => n.type === 'event').length]));
  await sim.run((hours * 3600) / sim.clock.stepSeconds);
  const calls = (name: string) => sim.brain.stats.get(name as never)?.calls ?? 0;
  return { sim, eventsAtStart, calls };
}

const FAMILY = ['sofia-moreno', 'luis-moreno', 'ana-moreno'];
const NEIGHBOURS = ['tom-hartwell', 'nora-hartwell', 'lily-hartwell', 'chloe-dubois'];

describe('the paper’s ablations as switches', () => {
  it('full is the town with no condition at all, state for state', async () => {
    const plain = await runTown(null, FAMILY, 3);
    const full = await runTown('full', FAMILY, 3);
    expect(JSON.stringify(full.sim.snapshot())).toBe(JSON.stringify(plain.sim.snapshot()));
  }, 120_000);

  it('each condition switches off only its modules, in any town', async () => {
    for (const ids of [FAMILY, NEIGHBOURS]) {
      const full = await runTown('full', ids, 5);
      const reflects = (r: Awaited<ReturnType<typeof runTown>>) => r.sim.personas.flatMap((p) => p.memory.nodes.filter((n) => n.predicate === 'reflects'));
      const newEvents = (r: Awaited<ReturnType<typeof runTown>>) => r.sim.personas.reduce((n, p) => n + p.memory.nodes.filter((x) => x.type === 'event').length - (r.eventsAtStart.get(p.id) ?? 0), 0);
      // The full town reflects, plans its day, decomposes and sees things.
      expect(reflects(full).length, ids.join()).toBeGreaterThan(0);
      expect(full.calls('dailyPlan')).toBe(ids.length);
      expect(full.calls('taskDecomp')).toBeGreaterThan(0);
      expect(newEvents(full)).toBeGreaterThan(0);

      const noReflection = await runTown('no-reflection', ids, 5);
      expect(reflects(noReflection)).toEqual([]);
      expect(noReflection.calls('focalPoints')).toBe(0);
      expect(noReflection.calls('dailyPlan')).toBe(ids.length);
      expect(newEvents(noReflection)).toBeGreaterThan(0);

      // No planning: no daily plan, no schedule ahead, nothing decomposed; each waking hour's activity asked in that hour.
      const noPlanning = await runTown('no-planning', ids, 5);
      expect(noPlanning.calls('dailyPlan')).toBe(0);
      expect(noPlanning.calls('taskDecomp')).toBe(0);
      expect(noPlanning.calls('hourlySchedule')).toBeGreaterThan(0);
      expect(noPlanning.calls('hourlySchedule')).toBeLessThan(full.calls('hourlySchedule'));
      for (const p of noPlanning.sim.personas) {
        expect(p.scratch.dailyReq).toEqual([]);
        // Awake, it is doing something of its own (not the padding's sleep).
        if (p.scratch.wakeUpHour < 10) expect(p.scratch.actDescription ?? '', p.name).not.toMatch(/^sleeping$/);
      }
      expect(newEvents(noPlanning)).toBeGreaterThan(0);

      // No memory: nothing seen is remembered, no reflection, no plan; so nobody starts a conversation.
      const noMemory = await runTown('no-memory', ids, 5);
      expect(newEvents(noMemory)).toBe(0);
      expect(reflects(noMemory)).toEqual([]);
      expect(noMemory.calls('dailyPlan')).toBe(0);
      expect(noMemory.sim.conversations).toEqual([]);
    }
  }, 300_000);

  it('names every condition once', () => {
    expect(new Set(CONDITIONS).size).toBe(CONDITIONS.length);
    for (const c of CONDITIONS) expect(Object.values(modulesOf(c)).every((v) => typeof v === 'boolean')).toBe(true);
    expect(modulesOf('full')).toEqual({ observation: true, reflection: true, planning: true });
  });
});

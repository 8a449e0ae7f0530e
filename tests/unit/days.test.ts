import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { DAY, formatDate } from '../../src/sim/clock';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

describe('days that differ', () => {
  it("each new day gets its own plan: the plan, its thought and its schedule are that day's", async () => {
    const personas = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T00:00:00', stepSeconds: 60 });
    const plans = new Map<string, string[][]>();
    const schedules = new Map<string, string[]>();
    for (let day = 0; day < 3; day++) {
      await sim.run(24 * 60);
      for (const p of sim.personas) {
        expect(p.plannedDay).toBe(Math.floor(sim.now / DAY) - (sim.now % DAY === 0 ? 1 : 0));
        plans.set(p.id, [...(plans.get(p.id) ?? []), p.scratch.dailyReq.slice()]);
        schedules.set(p.id, [...(schedules.get(p.id) ?? []), JSON.stringify(p.scratch.fDailyScheduleHourlyOrg)]);
        // The day's plan thought names that day and carries that day's plan.
        const date = formatDate(p.plannedDay! * DAY);
        const thought = p.memory.nodes.filter((n) => n.predicate === 'plan' && n.object === date).at(-1)!;
        expect(thought.description).toContain(p.scratch.dailyReq[0]!);
      }
    }
    for (const p of sim.personas) {
      expect(new Set(plans.get(p.id)!.map((x) => x.join('|'))).size, `${p.name}'s plans`).toBe(3);
      expect(new Set(schedules.get(p.id)).size, `${p.name}'s schedules`).toBe(3);
    }
  }, 120_000);
});

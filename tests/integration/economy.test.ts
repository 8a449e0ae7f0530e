import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { economyTable, runEconomy } from '../../src/sim/scenario/economyWeek';
import { MAX_HELD } from '../../src/sim/town/economy';

/**
 * Seed 004's economy over a week, offline: the probe before it found six students at 0–3 credits by
 * day 5. Nobody may go broke (below the price of the cheapest food), nobody may go two days without a
 * meal (or more than one day in the week), holdings stay capped, and credits only grow by what the jobs pay.
 */
describe('a week of the town’s economy on the offline brain', () => {
  it('nobody starves, nobody hoards without limit, the pulse ran every hour', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
    const cheapestFood = Math.min(...sim.economy.items.filter((i) => i.food).map((i) => i.price));
    const bestWage = Math.max(...sim.economy.jobs.map((j) => j.wage));
    const f = await runEconomy(sim, 7);
    console.log(economyTable(f));
    expect(f.rounds).toBe(7 * 24);
    expect(f.skippedRounds).toBe(0);
    for (const p of f.people) {
      expect(p.minCredits, `${p.name} went broke`).toBeGreaterThanOrEqual(cheapestFood);
      // A planner may put a meal where it cannot happen (lunch at a café after closing) and lose a day's meals; never two days running.
      expect(p.mealsPerDay.filter((n) => n >= 1).length, `${p.name} ate on too few days: ${p.mealsPerDay.join(' ')}`).toBeGreaterThanOrEqual(6);
      expect(p.mealsPerDay.some((n, d) => n === 0 && p.mealsPerDay[d + 1] === 0), `${p.name} went two days without eating: ${p.mealsPerDay.join(' ')}`).toBe(false);
      expect(p.maxHeld, p.name).toBeLessThanOrEqual(MAX_HELD);
      expect(p.maxCredits, `${p.name} earned more than one check-in a day pays`).toBeLessThanOrEqual(p.start + 7 * bestWage);
      expect(p.purchases, `${p.name} never bought anything`).toBeGreaterThan(0);
    }
    const students = f.people.filter((p) => p.student);
    expect(students).toHaveLength(6);
    // The students earn from the part-time jobs and end the week with money to spend.
    for (const s of students) {
      expect(s.checkIns, `${s.name} never took a shift`).toBeGreaterThan(0);
      expect(s.end, s.name).toBeGreaterThan(30);
    }
  }, 600_000);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { economyTable, runEconomy, type EconomyFigures } from '../../src/sim/scenario/economyWeek';
import { MAX_HELD } from '../../src/sim/economy/economy';

/** Credits a resident starts with (START_CREDITS). */
const START = 100;
/** Nobody's credits may leave this band over the week: no hoarding without limit (the upper bound), no starving (the lower one is the cheapest food). */
const BAND_TOP = 3 * START;

/**
 * The economy over a week (docs/economy.md#what-a-week-looks-like), offline, run once and looked at from several sides: the probe
 * before the economy found six students at 0–3 credits by day 5, and before rent and wealth-led
 * spending full-time workers gained 20–35 credits a day without end.
 */
describe('a week of the town’s economy on the offline brain (seed 1)', () => {
  let f: EconomyFigures;
  let cheapestFood: number;
  let rents: Map<string, number>;

  beforeAll(async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
    cheapestFood = Math.min(...sim.economy.items.filter((i) => i.food).map((i) => i.price));
    rents = new Map(personas.map((p) => [p.id, sim.economy.rentOf(p.id).credits]));
    f = await runEconomy(sim, 7);
    console.log(economyTable(f));
  }, 900_000);

  it('ran the pulse every game hour, none skipped', () => {
    expect(f.rounds).toBe(7 * 24);
    expect(f.skippedRounds).toBe(0);
  });

  it('nobody starves: everyone eats every day and never drops below the price of the cheapest food', () => {
    for (const p of f.people) {
      expect(p.mealsPerDay.every((n) => n >= 1), `${p.name} went a day without eating: ${p.mealsPerDay.join(' ')}`).toBe(true);
      expect(p.minCredits, `${p.name} went broke`).toBeGreaterThanOrEqual(cheapestFood);
    }
    // The students earn from the part-time jobs and end the week with money to spend.
    const students = f.people.filter((p) => p.student);
    expect(students).toHaveLength(6);
    for (const s of students) {
      expect(s.checkIns, `${s.name} never took a shift`).toBeGreaterThan(0);
      expect(s.end, s.name).toBeGreaterThanOrEqual(40);
    }
  });

  it(`nobody hoards: every resident's credits stay within ${BAND_TOP}, holdings within ${MAX_HELD}, and the rich spend more`, () => {
    for (const p of f.people) {
      expect(p.maxCredits, `${p.name} piled up credits: day ends ${p.daily.join(' ')}`).toBeLessThanOrEqual(BAND_TOP);
      expect(p.maxHeld, p.name).toBeLessThanOrEqual(MAX_HELD);
      expect(p.purchases, `${p.name} never bought anything`).toBeGreaterThan(0);
    }
    // Spending follows income: the best paid half of the workers spend more in the shops than the other half.
    const workers = f.people.filter((p) => !p.student).sort((a, b) => a.earned - b.earned);
    const half = Math.floor(workers.length / 2);
    const spent = (xs: typeof workers) => xs.reduce((n, p) => n + p.spent, 0) / xs.length;
    expect(spent(workers.slice(-half))).toBeGreaterThan(spent(workers.slice(0, half)));
  });

  it('rent and bills go out every midnight of the week: seven nights from Monday 7 am to Monday 7 am, each resident’s home rate', () => {
    for (const p of f.people) expect(p.bills, p.name).toBe(7 * rents.get(p.id)!);
    expect(f.people.filter((p) => rents.get(p.id) === 0).map((p) => p.name)).toEqual(['Ana Moreno', 'Lily Hartwell']); // students living with family
  });
});

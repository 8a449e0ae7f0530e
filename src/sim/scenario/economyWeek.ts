import type { Simulation } from '../simulation';
import { DAY } from '../clock';
import { at, defined } from '../checked';

/** What a run of the economy came to, per persona (docs/economy.md#what-a-week-looks-like: nobody starves, nobody hoards without limit). */
export interface EconomyFigures {
  days: number;
  rounds: number;
  skippedRounds: number;
  people: {
    id: string;
    name: string;
    student: boolean;
    start: number;
    end: number;
    minCredits: number;
    maxCredits: number;
    /** Most items held at once. */
    maxHeld: number;
    checkIns: number;
    purchases: number;
    /** Credits earned (wages), spent in shops, paid in rent and bills. */
    earned: number;
    spent: number;
    bills: number;
    /** Credits at the end of each game day. */
    daily: number[];
    /** Meals per game day: EAT actions started more than 90 minutes after the last (a meal's later subtasks are the same meal). */
    mealsPerDay: number[];
  }[];
}

/** A meal's subtasks ("cooking", then "eating at the table") fall within this long of its start. */
const SAME_MEAL_MS = 90 * 60_000;

/**
 * Run `days` game days and follow everyone's money, goods and meals step by step (the week-long
 * offline probe of the issue). Pure bookkeeping on top of the simulation's own results.
 */
export async function runEconomy(sim: Simulation, days: number, onStep?: (step: number) => void): Promise<EconomyFigures> {
  const startMs = sim.now;
  const people = sim.personas.map((p) => ({
    id: p.id,
    name: p.name,
    student: p.spec.occupation?.title === 'student',
    start: p.agent.wallet.credits,
    end: p.agent.wallet.credits,
    minCredits: p.agent.wallet.credits,
    maxCredits: p.agent.wallet.credits,
    maxHeld: 0,
    checkIns: 0,
    purchases: 0,
    earned: 0,
    spent: 0,
    bills: 0,
    daily: [] as number[],
    mealsPerDay: Array.from({ length: days }, () => 0),
  }));
  const lastMeal = sim.personas.map(() => -Infinity);
  const index = new Map(sim.personas.map((p, i) => [p.id, i]));
  const steps = Math.round((days * DAY) / (sim.clock.stepSeconds * 1000));
  let rounds = 0;
  let skipped = 0;
  for (let i = 0; i < steps; i++) {
    const r = await sim.tick();
    if (r.pulse) {
      rounds++;
      if (r.pulse.skipped) skipped++;
    }
    for (const e of r.economyEvents) {
      const f = at(people, defined(index.get(e.personaId), e.personaId), 'figures');
      if (e.action === 'checkin') f.checkIns++;
      if (e.action === 'purchase') f.purchases++;
      const amount = Number(/([+−])(\d+) credits\)$/.exec(e.what)?.[2] ?? /could pay only (\d+) of/.exec(e.what)?.[1] ?? 0);
      if (e.action === 'checkin') f.earned += amount;
      else if (e.action === 'purchase') f.spent += amount;
      else if (e.action === 'bills') f.bills += amount;
    }
    const day = Math.min(days - 1, Math.floor((r.time - startMs) / DAY));
    sim.personas.forEach((p, k) => {
      const f = at(people, k, 'figures');
      const c = p.agent.wallet.credits;
      f.minCredits = Math.min(f.minCredits, c);
      f.maxCredits = Math.max(f.maxCredits, c);
      f.maxHeld = Math.max(f.maxHeld, Object.values(p.agent.wallet.holdings).reduce((a, b) => a + b, 0));
      if (p.scratch.actionId === 'EAT' && p.scratch.actionAt === r.time) {
        if (r.time - (lastMeal[k] ?? -Infinity) >= SAME_MEAL_MS) f.mealsPerDay[day] = (f.mealsPerDay[day] ?? 0) + 1;
        lastMeal[k] = r.time;
      }
    });
    // The end of a game day (the step before midnight of the run's clock).
    if (Math.floor((r.time + sim.clock.stepSeconds * 1000 - startMs) / DAY) > Math.floor((r.time - startMs) / DAY)) sim.personas.forEach((p, k) => at(people, k, 'figures').daily.push(p.agent.wallet.credits));
    onStep?.(i);
  }
  sim.personas.forEach((p, k) => (at(people, k, 'figures').end = p.agent.wallet.credits));
  return { days, rounds, skippedRounds: skipped, people };
}

/** The figures as a table (printed by the test and the scenario CLI). */
export function economyTable(f: EconomyFigures): string {
  const n = (x: number, w: number) => String(x).padStart(w);
  const rows = f.people.map(
    (p) =>
      `${p.name.padEnd(16)} ${(p.student ? 'student' : '').padEnd(8)} ${n(p.start, 4)} → ${n(p.end, 4)}  min ${n(p.minCredits, 4)} max ${n(p.maxCredits, 4)}  day ends ${p.daily.map((c) => n(c, 4)).join('')}  +${n(p.earned, 3)} wages −${n(p.spent, 3)} shops −${n(p.bills, 3)} bills  ${n(p.checkIns, 2)} check-ins ${n(p.purchases, 3)} buys  held ≤ ${p.maxHeld}  meals/day ${p.mealsPerDay.join(' ')}`,
  );
  const ends = f.people.map((p) => p.end - p.start);
  return [`${f.days} game days, ${f.rounds} pulse rounds (${f.skippedRounds} skipped); change over the run: ${Math.min(...ends)} to +${Math.max(...ends)} credits`, ...rows].join('\n');
}

import type { Simulation } from '../simulation';
import { DAY } from '../clock';

/** What a run of the economy came to, per persona (seed 004's week-long check: nobody starves, nobody hoards without limit). */
interface EconomyFigures {
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
    /** Meals (EAT actions started) per game day. */
    mealsPerDay: number[];
  }[];
}

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
    mealsPerDay: Array.from({ length: days }, () => 0),
  }));
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
      const f = people[index.get(e.personaId)!]!;
      if (e.action === 'checkin') f.checkIns++;
      if (e.action === 'purchase') f.purchases++;
    }
    const day = Math.min(days - 1, Math.floor((r.time - startMs) / DAY));
    sim.personas.forEach((p, k) => {
      const f = people[k]!;
      const c = p.agent.wallet.credits;
      f.minCredits = Math.min(f.minCredits, c);
      f.maxCredits = Math.max(f.maxCredits, c);
      f.maxHeld = Math.max(f.maxHeld, Object.values(p.agent.wallet.holdings).reduce((a, b) => a + b, 0));
      if (p.scratch.actionId === 'EAT' && p.scratch.actionAt === r.time) f.mealsPerDay[day]!++;
    });
    onStep?.(i);
  }
  sim.personas.forEach((p, k) => (people[k]!.end = p.agent.wallet.credits));
  return { days, rounds, skippedRounds: skipped, people };
}

/** The figures as a table (printed by the test and the scenario CLI). */
export function economyTable(f: EconomyFigures): string {
  const rows = f.people.map(
    (p) =>
      `${p.name.padEnd(16)} ${(p.student ? 'student' : '').padEnd(8)} ${String(p.start).padStart(5)} → ${String(p.end).padStart(5)}   min ${String(p.minCredits).padStart(4)}  max ${String(p.maxCredits).padStart(4)}   held ≤ ${p.maxHeld}   ${String(p.checkIns).padStart(2)} check-ins  ${String(p.purchases).padStart(3)} purchases   meals/day ${p.mealsPerDay.join(' ')}`,
  );
  return [`${f.days} game days, ${f.rounds} pulse rounds (${f.skippedRounds} skipped)`, ...rows].join('\n');
}

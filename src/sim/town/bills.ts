import type { SimContext } from '../context';
import { dayIndex } from '../actions/places';

/**
 * Rent and bills (the economy's standing outgoing, so wages do not pile up without end): at the
 * first step of every game day each resident pays its home's daily rate (the home sector's "rent"
 * map property; Economy.rentOf), a line in the activity feed each. Whoever cannot pay it all pays
 * what they have: nobody is pushed below zero, and food at home stays free. The first day of a run
 * (or of a save from before rent) is not charged: nothing was due before its first midnight.
 */
export function payBills(sim: SimContext): void {
  const e = sim.economy;
  const now = sim.clock.now;
  const day = dayIndex(now);
  if (e.state.billsDay === day) return;
  const first = e.state.billsDay === null;
  e.state.billsDay = day;
  if (first) return;
  for (const p of sim.personas) {
    const { home, credits: due } = e.rentOf(p.id);
    if (due <= 0) continue;
    const w = p.agent.wallet;
    const paid = Math.min(due, Math.max(0, w.credits));
    p.agent.wallet = { ...w, credits: w.credits - paid };
    const what = paid === due ? `paid the day's rent and bills for ${home} (−${due} credits)` : `could pay only ${paid} of the ${due} credits of rent and bills for ${home}`;
    e.report({ time: now, personaId: p.id, name: p.name, action: 'bills', what, reason: 'rent and bills are due every day', source: 'town' });
  }
}

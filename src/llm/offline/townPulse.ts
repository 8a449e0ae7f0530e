import type { PulseDecision, PulseItem, TownPulseInput } from '../../sim/brain/port';
import { hoursOverlap, parseHHMM } from '../../sim/clock';
import type { Rng } from '../../sim/rng';
import { MAX_HELD, MAX_HELD_PER_ITEM, isMeal } from '../../sim/economy/economy';

/**
 * The offline town simulator (the hourly pulse with no model, docs/economy.md#offline): a decision per resident from the
 * snapshot's facts, so the economy lives without a model. Work in work hours (one's own shift, or a
 * free part-time one when money runs low or one is the hard-working kind), buy food when holding
 * none and able to pay, treat oneself now and then when well off (so wealth does not pile up
 * without end), chat when sociable, rest at night and otherwise. Personality shifts the odds.
 */

const SOCIABLE = /sociable|talkative|bubbly|charming|cheerful|friendly|affable|easy-going|funny|outgoing|warm|enterprising/i;
const DRIVEN = /driven|diligent|enterprising|conscientious|methodical|earnest|persistent|meticulous|practical/i;
const THRIFTY = /meticulous|precise|reserved|practical|anxious|methodical|calm/i;
const GENEROUS = /generous|big-hearted|nurturing|kind|creative|imaginative|bubbly|passionate|impulsive|warm/i;

/** Credits kept back when buying food. */
const FOOD_RESERVE = 5;
/** Below this a resident without a job of their own looks for a shift. */
const LOW_CREDITS = 80;
/** Credits a resident is comfortable with: above them, the chance of spending a free hour on a treat grows with the surplus. */
const COMFORT = 120;
/** The surplus over COMFORT at which that chance is highest (MAX_TREAT). */
const SPREE = 120;
const MAX_TREAT = 0.6;
/** A dish may cost up to this share of one's credits (the well off eat better). */
const DISH_SHARE = 1 / 25;

const MEALTIMES = [
  [7 * 60, 9 * 60 + 30],
  [11 * 60 + 30, 14 * 60],
  [17 * 60, 20 * 60],
] as const;

function shiftOpen(minute: number, start: string, end: string, lead: number): boolean {
  return minute >= parseHHMM(start) - lead && minute < parseHHMM(end) - (lead === 120 ? 0 : 60);
}

function cheapest(items: PulseItem[], pred: (i: PulseItem) => boolean): PulseItem | undefined {
  return items.filter(pred).sort((a, b) => a.price - b.price || a.id - b.id)[0];
}

/** The hungry buy a meal (isMeal: food, not a drink), not a coffee or a cider. */
export function offlineTownPulse(input: TownPulseInput, rngFor: (id: string) => Rng): PulseDecision[] {
  const m = input.minute;
  const night = m < 6 * 60 || m >= 22 * 60;
  const free = new Map(input.jobs.map((j) => [j.id, j.free]));
  return input.residents.map((r): PulseDecision => {
    const rng = rngFor(r.id);
    const decide = (action: PulseDecision['action'], reason: string, params: Record<string, unknown> = {}): PulseDecision => ({ agent_id: r.agentId, action, params, reason });
    if (r.state === 'asleep') return decide('rest', `${r.name.split(' ')[0]} is asleep`);
    if (r.state !== 'free') return decide('rest', `${r.name.split(' ')[0]} is busy (${r.doing})`);
    if (night) return decide('rest', 'it is night');

    // One's own shift first.
    if (r.job && !r.checkedInToday && shiftOpen(m, r.job.start, r.job.end, 120) && m >= parseHHMM(r.job.start) - 60) return decide('checkin', `start of the ${r.job.title} shift at ${r.job.sector}`);

    // A meal when holding no food and able to pay, around a mealtime.
    const meal = MEALTIMES.some(([a, b]) => m >= a && m < b);
    // Short of money, one eats at home (free) rather than buy: half as eager, the cheapest only.
    const short = r.credits < LOW_CREDITS;
    if (r.food === 0 && meal) {
      // Among the cheap food on sale now, a pick of one's own (not the whole town at the same stall).
      const low = cheapest(input.items, (i) => isMeal(i) && i.open && i.price + FOOD_RESERVE <= r.credits);
      const options = !low ? [] : short ? [low] : input.items.filter((i) => isMeal(i) && i.open && i.price <= Math.max(low.price + 3, r.credits * DISH_SHARE) && i.price + FOOD_RESERVE <= r.credits);
      const food = options[rng.int(Math.max(1, options.length))];
      if (food && rng.next() < (THRIFTY.test(r.traits) ? 0.55 : 0.8) * (short ? 0.5 : 1)) return decide('purchase', `${r.name.split(' ')[0]} has no food left and it is nearly mealtime`, { item_id: food.id });
    }

    // A part-time shift when money runs low, when below one's comfort (students, who have no wage of their own, the
    // more so), or for the hard-working kind.
    if (!r.checkedInToday && !r.job) {
      const want = short ? 0.95 : r.credits < COMFORT ? (r.student ? 0.7 : 0.4) : DRIVEN.test(r.traits) ? 0.35 : 0.1;
      // A shift that fits around one's classes (a student in class 9–14 does not take the 7–11 gardening).
      const fits = (j: { start: string; end: string }) => !r.classes || !hoursOverlap(j, r.classes);
      const shift = input.jobs.find((j) => (free.get(j.id) ?? 0) > 0 && shiftOpen(m, j.start, j.end, 60) && fits(j));
      if (shift && rng.next() < want) {
        free.set(shift.id, (free.get(shift.id) ?? 1) - 1);
        return decide('checkin', r.credits < LOW_CREDITS ? `money is running low (${r.credits} credits)` : 'an extra shift never hurts', { job: shift.id });
      }
    }

    // Something for pleasure, the likelier the more one has beyond what one is comfortable with (the generous
    // more, the thrifty less): spending grows with wealth, so savings settle instead of piling up without end.
    const surplus = r.credits - COMFORT;
    const held = Object.values(r.holdings).reduce((a, b) => a + b, 0);
    if (surplus > 0 && held < MAX_HELD && rng.next() < Math.min(MAX_TREAT, (MAX_TREAT * surplus) / SPREE) * (GENEROUS.test(r.traits) ? 1.4 : THRIFTY.test(r.traits) ? 0.5 : 1)) {
      // The further above comfort, the dearer the pick: the cheaper part of what one can afford is left out in
      // proportion to the surplus (up to the cheaper three quarters from SPREE on), so spending grows with wealth.
      const treats = input.items.filter((i) => i.open && (r.holdings[i.name] ?? 0) < MAX_HELD_PER_ITEM - 1 && i.price * 8 <= r.credits).sort((a, b) => a.price - b.price || a.id - b.id);
      const skip = Math.floor(treats.length * Math.min(0.75, (0.75 * surplus) / SPREE));
      const treat = treats[skip + rng.int(Math.max(1, treats.length - skip))];
      // "fancies a treat: …" reads right for any item name ("a tools", "a medicine" and "fancies bottle of wine" did not).
      if (treat) return decide('purchase', `${r.name.split(' ')[0]} is doing well and fancies a treat: ${treat.name}`, { item_id: treat.id });
    }

    if (m >= 9 * 60 && m < 21 * 60 && rng.next() < (SOCIABLE.test(r.traits) ? 0.3 : 0.06)) return decide('chat', `${r.name.split(' ')[0]} feels like a chat`);
    return decide('rest', 'nothing needs doing this hour');
  });
}


import type { Persona } from '../persona/persona';
import { dayIndex, isOwnWorkplace, isStudent, placeOfActionAddress } from './places';
import type { ActionWorld, Place } from './types';
import type { ActionId } from '../persona/actionIds';
import type { ActionAddress } from '../world/actionAddress';
import { at } from '../checked';
import { jobToday } from './goods';
import { UP_FOR } from './wakefulness';
import { unnamedPurchase } from '../economy/economy';

interface Resolved {
  action: ActionId;
  target: string;
  /** Where the planner put it. */
  place: Place;
}

const SLEEP = /\b(sleep|sleeping|asleep|nap|napping)\b/;
const WAKE = /\b(wake|waking|woke)\b/;
const WORK = /\b(work|working|shift|teaching|on duty)\b/;
const STUDY = /\b(study|studying|class|classes|lecture|homework|revising|revision|coursework)\b/;
/** Food a plan names is bought as named only while it costs at most this share of one's credits (groceries at 8 from 80 up). */
const PLAN_FOOD_SHARE = 1 / 10;
const BUY = /\b(buy|buying|bought|paying|pay for|purchas\w*|ordering|order)\b/;
/** A purchase of a drink, not a meal ("ordering a drink at the bar counter"). */
const DRINK = /\b(drinks?|pint|glass of)\b/;
/** Words of a meal ("cooking and eating dinner at home", "having a bite to eat"): EAT. */
export const EATING = /\b(eat|eating|breakfast|lunch|dinner|supper|meal|snack|brunch)\b/;

/** The most specific part of a planner task: the subtask in parentheses, or the whole. */
function specificOf(description: string): { parent: string; specific: string } {
  const m = /^(.*) \(([^()]*)\)$/.exec(description);
  return m ? { parent: at(m, 1, 'task'), specific: at(m, 2, 'subtask') } : { parent: description, specific: description };
}

/**
 * What registered action a planner action is. The generative planner describes actions in words
 * and an address; this reads them the way the registry names them:
 * - "<persona> X" → CHAT with X; "<waiting> x y" → WAIT;
 * - sleeping → SLEEP; waking up → WAKE_UP (the subtask's words: "getting ready (taking a shower)" is not waking);
 * - work at one's own workplace → CHECK_IN the first time that day, WORK after; work at the place of
 *   the job one checked in for today (a part-time shift the pulse took) → WORK;
 * - studying, classes → STUDY; buying, paying, ordering → BUY at that sector (the item the words name, if sold there);
 * - eating → EAT, at an object too ("having breakfast at the kitchen table": food one holds is eaten);
 * - anything else at an object → USE_OBJECT ("reading at the bookshelf");
 * - anything else at a place → GO_TO that sector; no place → IDLE.
 */
export function resolvePlannerAction(w: ActionWorld, p: Persona, description: string, address: ActionAddress): Resolved {
  const place = placeOfActionAddress(w, p, address);
  const text = description.toLowerCase();
  const { parent, specific } = specificOf(text);
  if (address.kind === 'persona') return { action: 'CHAT', target: address.name, place };
  if (address.kind === 'waiting') return { action: 'WAIT', target: '', place };
  if (SLEEP.test(specific)) return { action: 'SLEEP', target: '', place };
  // Resuming "waking up" after a word with someone is not waking up again: it is what it does there.
  const woke = p.agent.lastStarted.WAKE_UP;
  if (WAKE.test(specific) && (woke === undefined || w.now - woke >= UP_FOR)) return { action: 'WAKE_UP', target: '', place };
  const o = p.spec.occupation;
  const working = WORK.test(parent) || WORK.test(specific);
  if (o && !isStudent(p) && isOwnWorkplace(p, place) && working) {
    return { action: p.agent.wallet.checkedInDay === dayIndex(w.now) ? 'WORK' : 'CHECK_IN', target: '', place };
  }
  if (working && place.sector && jobToday(w, p)?.sector === place.sector) return { action: 'WORK', target: '', place };
  if (STUDY.test(parent) || STUDY.test(specific)) return { action: 'STUDY', target: '', place };
  if (BUY.test(specific) && place.sector) {
    // "buying apples at the grocery" buys apples; "ordering lunch" the cheapest food there.
    const named = w.economy.itemsAt(place.sector).find((i) => new RegExp(`\\b${i.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text));
    // Food the plan names but that is beyond one's means now (dearer than PLAN_FOOD_SHARE of one's credits): the
    // hard-up buy what they can afford there instead (the registry's pick for an unnamed purchase: a cheap meal).
    const within = !named || !named.food || named.price <= p.agent.wallet.credits * PLAN_FOOD_SHARE;
    if (named && within) return { action: 'BUY', target: `${place.sector}:${named.name}`, place };
    // "ordering a drink at the bar counter" buys a drink; anything else unnamed is a meal.
    const drink = DRINK.test(specific) ? unnamedPurchase(w.economy.itemsAt(place.sector), p.agent.wallet.credits, 'drink') : null;
    return { action: 'BUY', target: drink ? `${place.sector}:${drink.name}` : place.sector, place };
  }
  const object = place.object;
  if (EATING.test(specific)) return { action: 'EAT', target: '', place };
  if (object) return { action: 'USE_OBJECT', target: object, place };
  if (place.sector) return { action: 'GO_TO', target: place.sector, place };
  return { action: 'IDLE', target: '', place };
}

import type { Persona } from '../persona/persona';
import { minuteOfDay, parseHHMM } from '../clock';
import { dayIndex } from './places';
import type { ActionWorld } from './types';
import { GOODS_SHARE, isMeal, unnamedPurchase, type Job, type ShopItem } from '../economy/economy';

/** Jobs, purchases and meals as the registry's CHECK_IN, WORK, BUY and EAT read them (docs/economy.md). */

/** The job a check-in names: "" is one's own; else a job reference (src/sim/economy/economy.ts findJob). */
export function jobFor(w: ActionWorld, p: Persona, target: string): Job | null {
  return target.trim() ? (w.economy.findJob(target) ?? null) : w.economy.jobOf(p.id);
}

/** The job the persona checked in for today, or null. */
export function jobToday(w: ActionWorld, p: Persona): Job | null {
  const wallet = p.agent.wallet;
  if (wallet.checkedInDay !== dayIndex(w.now) || wallet.jobId === null) return null;
  return w.economy.jobById(wallet.jobId) ?? null;
}

/** A shift someone else's job offers can be taken from an hour before it starts until an hour before it ends. */
export function shiftWindowReason(job: Job, now: number): string | null {
  const m = minuteOfDay(now);
  return m >= parseHHMM(job.start) - 60 && m < parseHHMM(job.end) - 60 ? null : `the ${job.title} shift at ${job.sector} is ${job.start}–${job.end} (check-in until an hour before its end)`;
}

/** A purchase's target, "Sector" or "Sector:item", as the shop and the item named ("" for none). */
export function purchaseTarget(target: string): { shop: string; item: string } {
  const [shop = '', ...rest] = target.split(':');
  return { shop: shop.trim(), item: rest.join(':').trim() };
}

/** The item a purchase names: "Sector:item", or at "Sector" a meal one can afford (src/sim/economy/economy.ts unnamedPurchase). */
export function itemFor(w: ActionWorld, p: Persona, target: string): ShopItem | null {
  const { shop, item } = purchaseTarget(target);
  const sold = w.economy.itemsAt(shop);
  const name = item.toLowerCase();
  if (name) return sold.find((i) => i.name.toLowerCase() === name) ?? null;
  return unnamedPurchase(sold, p.agent.wallet.credits, 'meal');
}

/** "Browsing books (paying at the cash register)" with little money: a shop that sells no food and nothing named, nothing within one's means: one only looks. */
export function justLooking(w: ActionWorld, p: Persona, target: string): boolean {
  const { shop, item } = purchaseTarget(target);
  if (item) return false;
  const sold = w.economy.itemsAt(shop);
  return sold.length > 0 && !sold.some((i) => i.food) && !sold.some((i) => i.price <= p.agent.wallet.credits * GOODS_SHARE);
}

/** Items held in all. */
export function heldCount(p: Persona): number {
  return Object.values(p.agent.wallet.holdings).reduce((n, k) => n + k, 0);
}

/** Within this long of a purchase, another BUY at the same shop is the same purchase. */
const SAME_PURCHASE_MS = 60 * 60_000;

/**
 * A BUY at the shop one bought at less than an hour ago is that purchase, not a second one: the
 * planner's subtasks at the till ("ordering", then "paying"), the same subtask resumed after a word
 * with someone, and the plan's own "buying apples" after the hourly pulse already bought them.
 */
export function samePurchase(w: ActionWorld, p: Persona, sector: string): boolean {
  const last = p.agent.wallet.lastPurchase;
  return last !== null && last.sector === sector && w.now - last.at >= 0 && w.now - last.at < SAME_PURCHASE_MS;
}

/** A meal's later subtasks ("cooking", then "eating at the table") eat nothing more than its first. */
export function sameMeal(w: ActionWorld, p: Persona): boolean {
  const last = p.agent.lastStarted.EAT;
  return last !== undefined && w.now - last < 90 * 60_000;
}

/** Food or drink the persona holds, a meal first (the first by name), or null. */
export function heldFood(w: ActionWorld, p: Persona): ShopItem | null {
  const names = Object.keys(p.agent.wallet.holdings).filter((n) => (p.agent.wallet.holdings[n] ?? 0) > 0).sort();
  const held = names.map((n) => w.economy.items.find((i) => i.name === n && i.food)).filter((i): i is ShopItem => i !== undefined);
  return held.find(isMeal) ?? held[0] ?? null;
}

import type { Persona } from '../persona/persona';
import { hourOf, minuteOfDay } from '../clock';
import { isOwnHome } from './places';
import type { ActionWorld, Place } from './types';
import { placeAddress, type PlaceAddress } from '../world/actionAddress';

/** Sleep and waking, for the registry's WAKE_UP and SLEEP (docs/action-registry.md): who is up, since when, and where one sleeps. */

/** Sleeping now (the current action is SLEEP), or not started yet (a run's first action). */
export function isAsleep(p: Persona): boolean {
  const s = p.scratch;
  if (s.actionId !== null) return s.actionId === 'SLEEP';
  return !s.actDescription || /\b(sleep|sleeping|asleep)\b/.test(s.actDescription);
}

/** The persona's own room ("Sector:arena" in its data, checked against the map when the town loads) as a place of the map. */
export function livingPlace(w: ActionWorld, p: Persona): PlaceAddress {
  const [sector = p.spec.household] = p.spec.livingArea.split(':');
  return placeAddress(w.world.name, sector, livingArena(p));
}

export function livingArena(p: Persona): string | null {
  return p.spec.livingArea.split(':')[1] ?? null;
}

/** Minutes from now until hour `h` (today or tomorrow). */
export function minutesUntilHour(now: number, h: number): number {
  const m = (h * 60 - minuteOfDay(now) + 1440) % 1440;
  return m === 0 ? 1440 : m;
}

/** Night (19:00–10:00) or an afternoon nap (13:00–16:00). */
function sleepTimeReason(now: number): string | null {
  const h = hourOf(now);
  if (h >= 19 || h < 10 || (h >= 13 && h < 16)) return null;
  return `it is ${h}:00: bedtime is from 19:00, and a nap only fits between 13:00 and 16:00`;
}

/** No going back to bed this soon after waking up (stops a WAKE_UP ⇄ SLEEP flip-flop). */
const AWAKE_AT_LEAST = 180;

/** A waking more than this long ago is yesterday's: one is not up yet today. */
export const UP_FOR = 12 * 60 * 60_000;

/** People wake up from this hour until noon (WAKE_UP). */
export const WAKE_FROM = 4;

/**
 * Since when the persona is up: its last waking (game ms); 'arrived' when it is awake but has neither
 * slept nor woken here (the player's resident comes to town awake, as does anyone a run starts up and
 * about); null when it is asleep or not up yet today.
 */
export function upSince(w: ActionWorld, p: Persona): number | 'arrived' | null {
  if (isAsleep(p)) return null;
  const { WAKE_UP: woke, SLEEP: slept } = p.agent.lastStarted;
  if (woke === undefined) return slept === undefined ? 'arrived' : null;
  return w.now - woke < UP_FOR ? woke : null;
}

/**
 * Why going to bed here and now makes no sense, or null: the one rule of sleep, for every persona and
 * the resident alike. In one's own bed (one's home), at night or for an afternoon nap, not soon after
 * getting up; one who arrived awake has had no night to lie in after and goes to bed at bedtime
 * (19:00, until the small hours), not at 9:00 on the morning it came.
 */
export function sleepReason(w: ActionWorld, p: Persona, place: Place): string | null {
  if (!isOwnHome(p, place)) return `${p.firstName} is not at home: people sleep in their own bed`;
  const woke = p.agent.lastStarted.WAKE_UP;
  if (woke !== undefined && w.now - woke < AWAKE_AT_LEAST * 60_000) return `${p.firstName} woke up less than ${AWAKE_AT_LEAST / 60} hours ago`;
  const h = hourOf(w.now);
  if (upSince(w, p) === 'arrived' && h >= WAKE_FROM && h < 19) return `${p.firstName} has been up since arriving, and bedtime is from 19:00`;
  return sleepTimeReason(w.now);
}

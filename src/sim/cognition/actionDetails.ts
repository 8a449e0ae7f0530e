import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ActionDetails, KnownPlaces } from '../brain/port';
import { RANDOM_OBJECT, mapAddressOf, placeAddress, randomIn, type ActionAddress } from '../world/actionAddress';
import { DETAILS_MAX } from '../brain/contracts';
import { at } from '../checked';

/** Packed call plan: at most this many actions are detailed in one call (the new one and those that follow it; the contract's limit). */
const DETAILS_BATCH = DETAILS_MAX;
/** …and only those starting within this many minutes of the new one. */
const DETAILS_AHEAD_MIN = 180;

/**
 * The persona's spatial memory as the packed action call offers it: every sector it knows, with the
 * parts (and their objects) of those the day is likely to use: home, workplace and haunts (the same
 * in every call, so the prompt's stable part stays the same), where the persona is, and any sector an
 * action names. The rest are offered by name (`unlisted`): an answer choosing one is asked again
 * with its parts (`packedActionDetails`), so no choice is lost, only words not sent.
 */
export function knownPlaces(p: Persona, actions: readonly string[]): KnownPlaces {
  const here = p.scratch.actAddress ? mapAddressOf(p.scratch.actAddress)?.sector : undefined;
  const inView = new Set([p.spec.household, p.spec.occupation?.workplace, ...p.spec.haunts, here]);
  return p.spatial.sectors().map((sector) => {
    const arenas = p.spatial.arenas(sector);
    if (arenas.length > 0 && !inView.has(sector) && !actions.some((a) => a.includes(sector))) return { sector, arenas: [], unlisted: true };
    return { sector, arenas: arenas.map((arena) => ({ arena, objects: p.spatial.objects(sector, arena) })) };
  });
}

/** The address an action's details point at (Smallville's act_address): the sector, or an object of the arena (any one for none). */
export function addressOfDetails(sim: SimContext, d: ActionDetails): ActionAddress {
  if (!d.arena) return placeAddress(sim.world.name, d.sector);
  const arena = placeAddress(sim.world.name, d.sector, d.arena);
  return d.object && d.object !== RANDOM_OBJECT ? placeAddress(sim.world.name, d.sector, d.arena, d.object) : randomIn(arena);
}

/**
 * What the persona's spatial memory offered for an answer: how many sectors it knew, how many arenas
 * in the chosen sector and objects in the chosen arena. Spatial memory only grows, so the same
 * counts mean the same options at every step of the choice.
 */
function optionsSeen(p: Persona, d: ActionDetails): string {
  return `${p.spatial.sectors().length}|${p.spatial.arenas(d.sector).length}|${d.arena ? p.spatial.objects(d.sector, d.arena).length : 0}`;
}

/** A cached answer stands while the map and the persona's spatial memory offer the same options it chose among. */
function cached(sim: SimContext, p: Persona, action: string): ActionDetails | undefined {
  const c = p.detailsCache[action];
  return c && c.map === sim.world.name && c.options === optionsSeen(p, c.details) ? c.details : undefined;
}

/**
 * Packed call plan: sector, arena, object, emoji and both triples of a new action in one call, the
 * same questions as faithful's seven. The answer is cached per (persona, action) while the map and
 * the persona's spatial memory say the same, and the call also details the actions that follow in
 * the same block of the schedule (the rest of a decomposed hour), so they start without a call.
 */
export async function packedActionDetails(sim: SimContext, p: Persona, action: string, index: number, isFinal: (desc: string, minutes: number) => boolean): Promise<ActionDetails> {
  const hit = cached(sim, p, action);
  if (hit) return hit;
  // The actions that follow within DETAILS_AHEAD_MIN and will not be decomposed further start without a call.
  const batch = [action];
  let ahead = 0;
  for (const [next, minutes] of p.scratch.fDailySchedule.slice(index)) {
    if (batch.length >= DETAILS_BATCH || ahead >= DETAILS_AHEAD_MIN) break;
    ahead += minutes;
    if (batch.includes(next) || cached(sim, p, next)) continue;
    if (isFinal(next, minutes)) batch.push(next);
  }
  const ctx = { persona: p, now: sim.clock.now };
  const places = knownPlaces(p, batch);
  const details = await sim.brain.actionDetails(ctx, batch, places);
  // An answer that chose an area offered by name is asked again with that area's parts (one call per area).
  const unlisted = new Set(places.filter((pl) => pl.unlisted).map((pl) => pl.sector));
  for (const sector of new Set(details.filter((d) => unlisted.has(d.sector)).map((d) => d.sector))) {
    const which = batch.flatMap((a, i) => (at(details, i, 'action details').sector === sector ? [i] : []));
    const full = { sector, arenas: p.spatial.arenas(sector).map((arena) => ({ arena, objects: p.spatial.objects(sector, arena) })) };
    const again = await sim.brain.actionDetails(ctx, which.map((i) => at(batch, i, 'action')), [full]);
    which.forEach((i, k) => (details[i] = at(again, k, 'action details')));
  }
  // Answers whose options have changed since are dropped (the cache holds only what is still valid).
  for (const key of Object.keys(p.detailsCache)) if (!cached(sim, p, key)) delete p.detailsCache[key];
  batch.forEach((a, i) => {
    const d = at(details, i, 'action details');
    p.detailsCache[a] = { map: sim.world.name, options: optionsSeen(p, d), details: d };
  });
  return at(details, 0, 'action details');
}

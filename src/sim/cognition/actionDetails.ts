import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ActionDetails, KnownPlaces } from '../brain/port';
import { RANDOM_OBJECT, mapAddressOf, placeAddress, randomIn, type ActionAddress } from '../world/actionAddress';
import { DETAILS_MAX } from '../brain/calls/shared';
import { at } from '../checked';

/** Packed call plan: at most this many actions are detailed in one call (the new one and those that follow it; the contract's limit). */
const DETAILS_BATCH = DETAILS_MAX;
/** …and only those starting within this many minutes of the new one's end. */
const DETAILS_AHEAD_MIN = 480;

/**
 * The persona's spatial memory as the packed action call offers it: every sector it knows, with the
 * parts (and their objects) of those the day is likely to use: home, workplace and haunts (the same
 * in every call, so the prompt's stable part stays the same), where the persona is, and any sector an
 * action names. The rest are offered by name (`unlisted`): an answer choosing one is asked again
 * with its parts (`packedActionDetails`), so no choice is lost, only words not sent.
 */
export function knownPlaces(p: Persona, actions: readonly string[]): KnownPlaces {
  const here = p.scratch.actAddress ? mapAddressOf(p.scratch.actAddress)?.sector : undefined;
  const inView = ownSectors(p).add(here ?? undefined);
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

/** The areas whose parts every packed action call offers: the persona's home, workplace and haunts. */
function ownSectors(p: Persona): Set<string | undefined> {
  return new Set([p.spec.household, p.spec.occupation?.workplace, ...p.spec.haunts]);
}

/**
 * What an answer chose among, as counts: the likely areas the persona knew (its home, workplace and
 * haunts, and areas the action names: those offered with their parts), the parts of the chosen area
 * and the objects of the chosen part. Spatial memory only grows, so the same counts mean the same
 * options. An area learned elsewhere in passing (offered by name only) does not unsettle an answer:
 * on a first day a persona passes a new area every hour or so, and asking again each time cost a
 * third of the calls; it is chosen when an action names it or a new action's call offers it.
 */
function optionsSeen(p: Persona, action: string, d: ActionDetails): string {
  const own = ownSectors(p);
  const likely = p.spatial.sectors().filter((s) => own.has(s) || action.includes(s)).length;
  return `${likely}|${p.spatial.arenas(d.sector).length}|${d.arena ? p.spatial.objects(d.sector, d.arena).length : 0}`;
}

/** A cached answer stands while the map and the persona's spatial memory offer the same options it chose among. */
function cached(sim: SimContext, p: Persona, action: string): ActionDetails | undefined {
  const c = p.detailsCache[action];
  return c && c.map === sim.world.name && c.options === optionsSeen(p, action, c.details) ? c.details : undefined;
}

/** Are the details of this action known without asking (cached, and still valid)? */
export function hasDetails(sim: SimContext, p: Persona, action: string): boolean {
  return cached(sim, p, action) !== undefined;
}

/** The subtasks a block not decomposed yet will have, by the names decomposition gives them (packed: the subtasks the day's plan came with). */
function coming(p: Persona, block: string): string[] {
  return (p.scratch.preparedSubtasks[block] ?? []).map((t) => `${block} (${t.task})`);
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
  // Counted from the end of the new action, so a long one (a night's sleep) brings what follows it.
  let ahead = 0;
  for (const [next, minutes] of p.scratch.fDailySchedule.slice(index + 1)) {
    if (batch.length >= DETAILS_BATCH || ahead >= DETAILS_AHEAD_MIN) break;
    ahead += minutes;
    // A block still to be decomposed comes as the subtasks the plan prepared for it.
    for (const a of isFinal(next, minutes) ? [next] : coming(p, next)) {
      if (batch.length < DETAILS_BATCH && !batch.includes(a) && !cached(sim, p, a)) batch.push(a);
    }
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
    p.detailsCache[a] = { map: sim.world.name, options: optionsSeen(p, a, d), details: d };
  });
  return at(details, 0, 'action details');
}

import type { Persona } from '../../sim/persona/persona';
import type { Commitment } from '../../sim/persona/commitment';
import type { WorldModel } from '../../sim/world/types';
import { PLACE_KINDS } from '../../sim/placeKinds';
import { meetingMinute, type Understanding } from './understand';

/**
 * An invitation as the offline brain understands it: what it is to, where and when, read from the
 * understood line (./understand) and the map's sectors. The same event the resident then says yes
 * or no to, and keeps as a commitment.
 */

/** What an invitation is to, from its words ("a drink" → "the drinks"); where such a thing happens is the place kinds' (src/sim/placeKinds.ts gatherings). */
const ACTIVITIES: [RegExp, string][] = [
  [/\bpart(y|ies)\b/, 'the party'],
  [/\b(drinks?|pints?|beers?|cider|wine)\b/, 'the drinks'],
  [/\b(coffee|tea|cuppa)\b/, 'the coffee'],
  [/\blunch\b/, 'the lunch'],
  [/\bdinner|supper\b/, 'the dinner'],
  [/\bbreakfast|brunch\b/, 'the breakfast'],
  [/\b(walk|stroll)\b/, 'walking'],
  [/\bpicnic\b/, 'the picnic'],
  [/\b(concert|gig|music)\b/, 'the concert'],
  [/\bgame night|games?\b/, 'the game night'],
  [/\bmarket\b/, "the farmers' market"],
];

/** Words before an event's noun that do not name it ("a party", "my party", "fancy a drink"). */
const QUALIFIER_STOP = new Set('a an the my our your his her their this that to for at of some quick little small big nice proper fancy grab have get come join want wanna about how go out sometime someplace somebody'.split(' '));

/** The event a player's invitation asks to, or what is missing from it. */
export async function invitationEvent(u: Understanding, c: { world: WorldModel | null; self: Persona; asker: Persona | null; now: number }): Promise<Commitment | 'when' | 'where'> {
  const [re, named] = ACTIVITIES.find(([re]) => re.test(u.masked)) ?? [null, 'the get-together'];
  // The word before the event's noun names it when it is the player's own ("a photo party" → "the photo party").
  const noun = re ? re.exec(u.masked) : null;
  const before = noun ? /([a-z-]+)\s+$/.exec(u.masked.slice(0, noun.index))?.[1] : undefined;
  const event = before && named.startsWith('the ') && !QUALIFIER_STOP.has(before) ? `the ${before} ${named.slice(4)}` : named;
  const sector = u.place ?? (c.world?.sectors.find((s) => PLACE_KINDS[s.kind].gatherings.includes(named))?.name ?? null);
  if (!u.when) return 'when';
  if (!sector) return 'where';
  const start = await meetingMinute(u.when);
  return { event, sector, day: u.when.day, start, minutes: /party|dinner|concert|game/.test(event) ? 120 : 60, host: false, source: c.asker?.name ?? 'someone', scheduledOn: null };
}

import type { Persona } from '../../sim/persona/persona';
import type { Commitment } from '../../sim/persona/commitment';
import type { WorldModel } from '../../sim/world/types';
import { PLACE_KINDS } from '../../sim/placeKinds';
import { meetingMinute, type Understanding } from './understand';
import { describeCommitment } from '../../sim/cognition/commitments';
import { replyToInvite } from './inviteReply';
import { replyToFavour } from './personal';
import type { ReplyContext } from './replyContext';

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
  if (u.intent === 'favour') return favourEvent(u, c);
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

/** What a favour asks to do ("help me move a couch" → "move a couch"), from the masked line. */
function favourTask(masked: string): string {
  const m = /\bhelp(?:ing)? (?:me|us)(?: out)?(?: to| with)? (.+)$|\bhand (?:with|to) (.+)$|\bfavou?r (?:and|to) (.+)$/.exec(masked);
  const task = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').replace(/\b(sometime|someplace|somebody|please|for me|if you can|if you could|would you|could you)\b/g, '').replace(/\b(at|on|in|by|around)\s*$/, '').replace(/\s+/g, ' ').trim();
  return task.split(' ').length <= 6 ? task.replace(/\bmy\b/g, 'their').replace(/\bme\b/g, 'them') : '';
}

/** A favour asked for a time and place: helping the one who asked, kept as a commitment like an invitation's. */
async function favourEvent(u: Understanding, c: { self: Persona; asker: Persona | null }): Promise<Commitment | 'when' | 'where'> {
  if (!u.when) return 'when';
  const place = u.place;
  if (!place) return 'where';
  const who = (c.asker?.name ?? 'someone').split(' ')[0] ?? 'someone';
  const task = favourTask(u.masked);
  return { event: `helping ${who}${task ? ` ${task}` : ''}`, sector: place, day: u.when.day, start: await meetingMinute(u.when), minutes: 90, host: false, source: c.asker?.name ?? 'someone', scheduledOn: null };
}

/** The answer to an invitation or a favour asked (one line, or two: "Join us?" … "At the pub at 8"): a question for what is missing, else yes or no. */
export async function answerInvitation(c: ReplyContext, u: Understanding, earlier: Understanding | null): Promise<string> {
  // An invitation spread over two lines ("Join us?" … "At the pub at 8"): the slots of both.
  const merged: Understanding = earlier ? { ...u, place: u.place ?? earlier.place, when: u.when ?? earlier.when, masked: `${earlier.masked} ${u.masked}` } : u;
  const ev = await invitationEvent(merged, c);
  const favour = merged.intent === 'favour';
  if (ev === 'when') {
    const tour = /\b(show (me|us) (around|round)|tour|show (me|us) the (town|sights))\b/.test(merged.masked);
    const lead = tour ? c.rng.pick(["I'd love to show you around!", 'Happy to!']) : c.rng.pick(favour ? ['Happy to help if I can.', 'Maybe —', 'What do you need?'] : ["I'd like that!", 'Oh, that sounds nice.', 'Maybe —']);
    const ask = merged.place ? `When at ${merged.place}?` : 'When and where?';
    // After a dash the question goes on the same sentence ("Maybe — when and where?").
    return `${lead} ${lead.endsWith('—') ? ask.charAt(0).toLowerCase() + ask.slice(1) : ask}`;
  }
  if (ev === 'where') return `${c.rng.pick(favour ? ['I could do that.', 'Alright.'] : ["I'd like that!", 'Sounds nice.'])} Where shall we meet?`;
  const said = describeCommitment(ev);
  if (favour) return replyToFavour(c.self, { firstName: c.asker ? (c.asker.name.split(' ')[0] ?? '') : '' }, ev, c.rng, c.inviteDraw(said));
  return replyToInvite(c.self, c.asker ?? c.self, said, c.rng, c.inviteDraw(said), ev);
}

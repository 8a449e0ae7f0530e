import type { Persona } from '../../sim/persona/persona';
import type { Commitment } from '../../sim/persona/commitment';
import type { Rng } from '../../sim/rng';
import { DAY, parseHHMM, weekdayOf } from '../../sim/clock';
import { describeCommitment, placeOf, sameEvent, SEEKING } from '../../sim/cognition/commitments';
import { parseLifestyle } from './lifestyle';
import { bondOf, toneOf } from './relations';

/**
 * Saying yes or no to an invitation, between residents or to the player: free or not at the event's
 * time (a shift, another plan, bed), then how close the two are and the resident's temper. The
 * invitation line itself and how a yes is recognised live here too.
 */

/** An invitation line ("… would you like to come to <event>?") and an acceptance of one. */
export const INVITE = /would you like to come (?:to )?(.+)\?/i;
const ACCEPT = /\b(I'd love to come|count me in|I wouldn't miss it|I'll be there)\b/i;
const DECLINE = /\b(can't make it|working then|not sure I can)\b/i;
/** Whether a reply to an invitation says yes. */
export function accepts(text: string): boolean {
  return ACCEPT.test(text) && !DECLINE.test(text);
}

/** Whether the persona's job has it at work for any of the given time on that day. */
export function worksDuring(p: Persona, day: number, start: number, minutes: number): boolean {
  const job = p.spec.occupation;
  if (!job || !(job.days as readonly string[]).includes(weekdayOf(day * DAY))) return false;
  const from = parseHHMM(job.start);
  let to = parseHHMM(job.end);
  if (to <= from) to += 24 * 60; // a shift past midnight
  return start < to && start + minutes > from;
}

/**
 * How likely a persona free at the time says yes to an invitation: closeness first (family nearly
 * always, friends, neighbours and colleagues mostly, a rival seldom, a stranger often enough), the
 * temper after it (the warm and the easy-going more, the quiet and the blunt less).
 */
function acceptChance(s: Persona, l: Persona): number {
  const bond = { family: 0.9, friend: 0.8, work: 0.8, rival: 0.45, stranger: 0.6 }[bondOf(s, l)];
  const temper = { warm: 0.1, easy: 0.1, quiet: -0.1, blunt: -0.1 }[toneOf(s)];
  return bond + temper;
}

/** What already has the persona at an event's time: its shift, another plan, or its bed; null when it is free. */
export function clashWith(s: Persona, ev: Commitment): 'work' | 'bed' | Commitment | null {
  if (worksDuring(s, ev.day, ev.start, ev.minutes)) return 'work';
  const other = s.commitments.find((c) => c.day === ev.day && c.source !== SEEKING && !sameEvent(c, ev) && c.start < ev.start + ev.minutes && c.start + c.minutes > ev.start);
  if (other) return other;
  const { wake, bed } = parseLifestyle(s.spec.lifestyle);
  return ev.start >= bed * 60 || ev.start + ev.minutes <= wake * 60 ? 'bed' : null;
}

/** An invitation to what the persona already has in its plans (the same event heard again): yes, and says so. */
function alreadyGoing(s: Persona, l: Persona, ev: Commitment, rng: Rng): string {
  const mine = s.commitments.find((c) => sameEvent(c, ev)) ?? ev;
  if (mine.host) return `${rng.pick(["That's my party!", "Ha, I'm the one hosting it!", "I'm hosting that one!"])} ${rng.pick(["Of course I'll be there.", "I'll be there — I wouldn't miss it.", "Count me in, naturally."])}`;
  const who = mine.source !== l.name && mine.source !== SEEKING && mine.source !== 'whisper' ? ` — ${mine.source.split(' ')[0]} asked me too` : '';
  return `${rng.pick(["Oh, I'm already going", "I'm going already", 'I heard about it'])}${who}. ${rng.pick(["I'll be there!", 'Count me in!', "I wouldn't miss it."])} ${rng.pick([`See you at ${placeOf(mine)}!`, '', 'It should be fun.'])}`.trim();
}

/**
 * The answer to an invitation. Whether it is yes depends on whether the persona is free then (its
 * shift, another plan, its bedtime) and on who asks; the draw for it is the persona's own for that
 * event (`decide`), so the answer does not change with what else happened that day, or with who
 * asks first. The words come from the conversation's draw.
 */
export function replyToInvite(s: Persona, l: Persona, event: string, rng: Rng, decide: Rng, told?: Commitment): string {
  const what = /^(.*?) at /.exec(event)?.[1] ?? event;
  // Asked with nobody to name (an interview asks the persona itself): no name in the answer.
  const sorry = l === s ? 'Sorry,' : `Sorry ${l.firstName},`;
  const thanksBut = l === s ? 'Thanks, but' : `Thanks, ${l.firstName}, but`;
  const time = / at (\d{1,2}(?::\d\d)? [ap]m)$/.exec(event)?.[1];
  const ev = told ?? l.commitments.find((c) => describeCommitment(c) === event);
  if (ev && s.commitments.some((c) => sameEvent(c, ev))) return alreadyGoing(s, l, ev, rng);
  const clash = ev ? clashWith(s, ev) : null;
  // Someone on shift then mostly says no (and says why); one with other plans then, or in bed by then, says no.
  if (clash === 'work' && !decide.chance(0.2)) {
    const at = s.spec.occupation?.workplace;
    return `${rng.pick(['Oh,', 'Ah,', 'Oh no,', 'Hmm,', sorry])} ${rng.pick([`I'm working then`, `I'm on shift then${at ? ` at ${at}` : ''}`, `I'll be at work then`])}${rng.pick([' — I can\'t make it.', ', so I can\'t make it.', ' and can\'t make it, sorry.'])} ${rng.pick(['Maybe next time.', 'Have fun!', 'Save me a slice of cake!', `Enjoy ${what.replace(/^the /, 'the ')}!`, ''])}`.trim();
  }
  if (clash === 'bed') return `${rng.pick(['Oh,', 'Ah,', thanksBut])} ${rng.pick(["that's past my bedtime — I can't make it.", "I'll be fast asleep by then, so I can't make it."])} ${rng.pick(['Have a lovely time!', 'Next time, maybe!', ''])}`.trim();
  if (clash && clash !== 'work') return `${rng.pick(['Oh,', 'Ah,', sorry])} I'm ${clash.host ? 'hosting' : 'going to'} ${clash.event} then${rng.pick([" — I can't make it.", ", so I can't make it, sorry."])} ${rng.pick(['Have fun!', 'Next time, maybe!', ''])}`.trim();
  const yes = decide.chance(acceptChance(s, l));
  if (!yes) return `${rng.pick(["That's kind of you, but", 'Oh, thank you, but', thanksBut, 'Hmm,', 'Ah,'])} ${rng.pick(["I can't make it, I'm afraid", "I don't think I can make it this time", `I can't make it to ${what}, sorry`])} — ${rng.pick(["I've a lot on this week.", "it's not really my thing.", "I've got things to catch up on.", 'I need a quiet one.'])} ${rng.pick(['Thanks for asking, though!', 'Have a lovely time.', 'Next time, maybe!', ''])}`.trim();
  const lead = rng.pick([`${(/s$/.test(what) ? what.replace(/^the /, '') : what.replace(/^the /, 'a ')).replace(/^./, (x) => x.toUpperCase())}?`, 'Oh, how lovely!', 'Really? Thank you!', 'Oh, yes!', l === s ? 'Thank you!' : `Thank you, ${l.firstName}!`, '']);
  const yesLine = rng.pick(["I'd love to come!", 'Count me in!', "I wouldn't miss it.", "I'd love to come."]);
  const tail = rng.pick([time ? ` I'll be there at ${time}.` : '', " I'll be there.", ' Can I bring anything?', '', time ? ` ${time} it is.` : '']);
  return `${lead ? `${lead} ` : ''}${yesLine}${tail}`;
}

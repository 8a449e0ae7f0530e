import type { Persona } from '../../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../../sim/persona/memory';
import type { ConversationTurn } from '../../sim/brain/port';
import type { Rng } from '../../sim/rng';
import { DAY, dayStart, minuteOfDay, parseHHMM, weekdayOf } from '../../sim/clock';
import { describeCommitment } from '../../sim/cognition/commitments';

const FAMILY = /wife|husband|son|daughter|mother|father|sister|brother|partner|parent/i;

export function relationOf(p: Persona, other: Persona): string | null {
  return p.spec.relationships.find((r) => r.id === other.id)?.kind ?? null;
}

/** Offline decide_to_talk: friends and colleagues stop for a chat more often than strangers. */
export function talkChance(p: Persona, other: Persona): number {
  const kind = relationOf(p, other);
  if (!kind) return 0.12;
  if (FAMILY.test(kind)) return 0.15;
  if (/rival/i.test(kind)) return 0.25;
  return 0.45;
}

/** Something worth telling `listener` that the speaker has not told them yet. */
function newsFor(speaker: Persona, listener: Persona, memories: ConceptNode[], convo: ChatLine[]): string | null {
  const told = speaker.memory
    .related('chat', [listener.name], Number.MAX_SAFE_INTEGER)
    .flatMap((c) => c.transcript.map((l) => l.text))
    .concat(convo.map((l) => l.text));
  const heardFromListener = new Set(speaker.memory.nodes.filter((n) => n.predicate === 'heard' && n.object === listener.name).map((n) => n.description));
  for (const m of memories) {
    // Passed on: what one thinks or has heard; not one's plans, memos or reflections.
    if (m.type !== 'thought' || !['is', 'thinks', 'heard'].includes(m.predicate)) continue;
    if (heardFromListener.has(m.description)) continue;
    if (told.some((t) => t.includes(m.description))) continue;
    return m.description;
  }
  return null;
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

function doingNow(p: Persona): string {
  const d = p.scratch.actDescription ?? 'getting on with my day';
  const sub = /\(([^()]*)\)$/.exec(d);
  return (sub ? sub[1] : d).replace(/ at home$/, '');
}

/**
 * Offline conversation turn: a greeting shaped by the relationship, a reply about what the other is
 * doing, then each side passes on something from its memories that the other has not heard, and a
 * goodbye. News travels because what is heard is stored and can be told again.
 */
export const INVITE = /would you like to come to (.+)\?/i;
export const ACCEPT = /^I'd love to come/;

/** The speaker's next commitment worth inviting this listener to (hosts invite everyone, guests their friends). */
function invitationFor(speaker: Persona, listener: Persona, convo: ChatLine[], now: number, rng: Rng): string | null {
  const today = Math.floor(dayStart(now) / DAY);
  const told = speaker.memory
    .related('chat', [listener.name], Number.MAX_SAFE_INTEGER)
    .flatMap((c) => c.transcript.map((l) => l.text))
    .concat(convo.map((l) => l.text));
  for (const c of speaker.commitments) {
    const upcoming = c.day > today || (c.day === today && c.start > minuteOfDay(now));
    if (!upcoming || c.day > today + 3) continue;
    const what = describeCommitment(c);
    if (told.some((t) => t.includes(what))) continue;
    if (!c.host && !(relationOf(speaker, listener) && rng.chance(0.5))) continue;
    return what;
  }
  return null;
}

export function offlineTurn(speaker: Persona, listener: Persona, convo: ChatLine[], memories: ConceptNode[], rng: Rng, now = 0): ConversationTurn {
  const first = listener.firstName;
  const n = convo.length;
  const invited = n > 0 ? INVITE.exec(convo[n - 1]!.text) : null;
  if (invited && convo[n - 1]!.speaker === listener.name) {
    const kind = relationOf(speaker, listener);
    const event = listener.commitments.find((c) => describeCommitment(c) === invited[1]);
    // Someone on shift then mostly says no (and says why); otherwise closeness decides.
    if (event && worksDuring(speaker, event.day, event.start, event.minutes) && !rng.chance(0.2)) {
      return { line: `Oh, I'm working then, sorry! Maybe next time.`, end: false };
    }
    const yes = rng.chance(kind ? (FAMILY.test(kind) ? 0.9 : 0.8) : 0.6);
    return { line: yes ? `I'd love to come! I'll be there.` : `Oh, I'm not sure I can make it, but thank you for asking.`, end: false };
  }
  if (n === 0) {
    const kind = relationOf(speaker, listener);
    const opener = kind && FAMILY.test(kind) ? `Hey ${first}, there you are!` : rng.pick([`Hi ${first}! Good to see you.`, `Oh, hello ${first}!`, `${first}! How are you doing?`]);
    return { line: `${opener} What are you up to?`, end: false };
  }
  if (n === 1) return { line: `Oh, just ${doingNow(speaker)}. ${rng.pick(['Busy day.', 'Nothing special.', 'It keeps me going.'])} And you?`, end: false };
  if (n >= 6) return { line: rng.pick([`Anyway, I should get back to it. See you around, ${first}!`, `Good talking to you, ${first}. Take care!`]), end: true };
  const invitation = invitationFor(speaker, listener, convo, now, rng);
  if (invitation) return { line: `By the way, would you like to come to ${invitation}?`, end: false };
  const news = newsFor(speaker, listener, memories, convo);
  const prev = convo[n - 1].text;
  const reaction = /did you hear\?|guess what\?/i.test(prev) ? rng.pick(['Really? I had no idea!', "That's wonderful news.", 'Huh, interesting.', 'I did not know that!']) + ' ' : '';
  if (news) return { line: `${reaction}${n % 2 === 0 ? 'Did you hear?' : 'Guess what?'} ${news}`, end: false };
  if (reaction) return { line: `${reaction}Thanks for telling me. I should get going — see you, ${first}!`, end: true };
  return { line: rng.pick([`Well, nice running into you, ${first}. See you soon!`, `I won't keep you, ${first}. Bye for now!`]), end: true };
}

/** A summary both partners can use as their action ("conversing about …"). */
export function summarize(convo: ChatLine[]): string {
  const news = convo.find((l) => /did you hear\?|guess what\?/i.test(l.text));
  if (!news) return 'conversing about their day';
  const gist = news.text.replace(/^.*?(did you hear\?|guess what\?)\s*/i, '').split(/[.!?]/)[0];
  return `conversing about news: ${gist.length > 80 ? `${gist.slice(0, 77)}…` : gist}`;
}

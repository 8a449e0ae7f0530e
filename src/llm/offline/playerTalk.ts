import type { Persona } from '../../sim/persona/persona';
import type { ChatLine } from '../../sim/persona/memory';
import type { ConversationTurn } from '../../sim/brain/port';
import type { Commitment } from '../../sim/persona/commitment';
import { GOODBYE } from '../../sim/player/controller';
import { offlineTurn } from './talk';
import { replyTo, type ReplyContext } from './replies';
import { invitationEvent } from './invitations';
import { understand, type TownWords, type Understanding } from './understand';
import { sentences } from './voice';

/** Lines after which the persona winds a conversation with the player down (they chat longer than with each other). */
const PLAYER_TALK_LINES = 16;

/** What the persona asks back when an invitation lacks its time or place (the next line completes it). */
const ASK_WHEN_WHERE = /([Ww]hen and where\?|[Ww]hen at [^?]+\?|Where shall we meet\?)$/;

/** The town as the one spoken to knows it: residents, the map's places, its own relations, home and work. */
export function townWords(self: Persona, speakerId: string, residents: Iterable<{ id: string; name: string; firstName: string; lastName: string; occupation: { title: string } | null }>, sectors: TownWords['sectors']): TownWords {
  return {
    residents: [...residents].map((r) => ({ id: r.id, name: r.name, firstName: r.firstName, lastName: r.lastName, title: r.occupation?.title })),
    sectors,
    self: { id: self.id, relations: self.spec.relationships, home: self.spec.household, work: self.spec.occupation?.workplace ?? null },
    speakerId,
  };
}

/** Priority of what a line says, when it says several things ("Hi! Want to come …? It'll be fun."). */
const WEIGHT: Partial<Record<Understanding['intent'], number>> = { invitation: 5, favour: 5, goodbye: 1, thanks: 1, greeting: 0, 'small-talk': 0, unknown: -1 };

/** What a line means: its sentences understood one by one, the weightiest kept (a question over a greeting). */
export async function understandLine(text: string, town: TownWords, now: number): Promise<Understanding> {
  const parts = sentences(text).filter((s) => /\w/.test(s));
  let best: Understanding | null = null;
  for (const s of parts.length > 0 ? parts : [text]) {
    const u = await understand(s, town, now);
    const w = WEIGHT[u.intent] ?? 3;
    if (!best || w >= (WEIGHT[best.intent] ?? 3)) best = u;
  }
  const whole = await understand(text, town, now);
  // No part understood (or the split cut a line like "what is 2+2?" apart): the whole line counts.
  if (!best || best.intent === 'unknown') return whole;
  // The slots of the whole line count (a time said in one sentence, the place in the next).
  return { ...best, person: best.person ?? whole.person, place: best.place ?? whole.place, when: best.when ?? whole.when };
}

/**
 * The invitations the player made in a conversation, each with the persona's answer to it: the
 * event (as a commitment from the player) and the line that answered. An invitation spread over
 * two lines ("Join us?" … "At the pub at 8") counts once, when complete.
 */
export async function playerInvitations(self: Persona, player: Persona, convo: ChatLine[], town: TownWords, now: number, world: ReplyContext['world']): Promise<{ event: Commitment; answer: string }[]> {
  const out: { event: Commitment; answer: string }[] = [];
  let pending: Understanding | null = null;
  for (let i = 0; i < convo.length; i++) {
    const line = convo[i];
    if (!line || line.speaker !== player.name) continue;
    const u = await understandLine(line.text, town, now);
    const asked = convo[i - 1]?.speaker === self.name && ASK_WHEN_WHERE.test(convo[i - 1]?.text ?? '');
    if (u.intent !== 'invitation' && u.intent !== 'favour' && !(pending && asked && (u.when || u.place))) {
      pending = null;
      continue;
    }
    const merged: Understanding = pending && asked ? { ...u, intent: pending.intent, place: u.place ?? pending.place, when: u.when ?? pending.when, masked: `${pending.masked} ${u.masked}` } : u;
    const ev = await invitationEvent(merged, { world, self, asker: player, now });
    const answer = convo[i + 1];
    if (typeof ev === 'string') pending = merged;
    else {
      pending = null;
      if (answer && answer.speaker === self.name) out.push({ event: ev, answer: answer.text });
    }
  }
  return out;
}

/**
 * The offline brain talking with the player: the person at the keyboard writes free text, so the
 * persona understands the line (intent and slots, ./understand) and answers it from its own state
 * (./replies): questions of every kind, invitations in any phrasing (taken like one from a
 * neighbour), a goodbye when the player says one; otherwise it talks as it does with anyone.
 */
export async function playerTurn(c: ReplyContext & { asker: Persona }, town: TownWords): Promise<ConversationTurn> {
  const { self, asker: player, convo, rng, now } = c;
  const last = convo.at(-1);
  const first = player.firstName;
  if (!last) return { line: await replyTo(c, { intent: 'greeting', score: 1, person: null, relation: null, place: null, when: null, masked: '' }), end: false };
  if (last.speaker !== player.name) return offlineTurn(self, player, convo, c.memories, rng, now, c.people);
  const u = await understandLine(last.text, town, now);
  const isQuestion = /\?/.test(last.text);
  if ((u.intent === 'goodbye' || GOODBYE.test(last.text)) && !isQuestion && u.intent !== 'invitation') return { line: rng.pick([`Goodbye, ${first}! Come by again.`, `See you around, ${first}!`, `Take care, ${first}!`]), end: true };
  // The second half of an invitation the persona asked about ("When and where?" → "At the pub at 8").
  const prevMine = convo.at(-2);
  let earlier: Understanding | null = null;
  let meant = u;
  if (prevMine?.speaker === self.name && ASK_WHEN_WHERE.test(prevMine.text) && (u.when || u.place)) {
    const before = convo.at(-3);
    earlier = before && before.speaker === player.name ? await understandLine(before.text, town, now) : null;
    meant = { ...u, intent: earlier?.intent === 'favour' ? 'favour' : 'invitation' };
  }
  // A greeting is said once: one mid-talk that is not plainly a greeting ("hi again") was not understood.
  if (meant.intent === 'greeting' && convo.some((l) => l.speaker === self.name) && (meant.score < 0.8 || meant.masked.split(' ').length > 4)) meant = { ...meant, intent: 'unknown' };
  const closing = convo.length >= PLAYER_TALK_LINES;
  let line = await replyTo(c, meant, earlier);
  // After a word of thanks or small talk the persona goes on as it does with anyone (news, plans, a question).
  if ((meant.intent === 'thanks' || meant.intent === 'small-talk') && convo.length > 2 && !closing) {
    const more = offlineTurn(self, player, convo, c.memories, rng, now, c.people);
    // Not a dodge, and not its own file read aloud (resident talk tells its news that way).
    const fits = !/don't know (much )?about|don't know what to say/.test(more.line) && !readsOwnFile(more.line, self);
    if (!more.end && fits && !/\?$/.test(line)) line = `${line} ${more.line}`;
  }
  if (closing) return { line: `${line} Anyway, I should get going. Bye, ${first}!`, end: true };
  return { line, end: false };
}

/** Whether a line has twelve words in a row from the persona file's descriptions (what reads as the file aloud). */
function readsOwnFile(text: string, self: Persona): boolean {
  const words = (t: string) => t.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const said = words(text);
  const file = [self.spec.learned, self.currently, self.spec.lifestyle, self.spec.dailyPlanReq].map((t) => ` ${words(t).join(' ')} `);
  for (let i = 0; i + 12 <= said.length; i++) if (file.some((f) => f.includes(` ${said.slice(i, i + 12).join(' ')} `))) return true;
  return false;
}

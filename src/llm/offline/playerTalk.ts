import type { Persona } from '../../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../../sim/persona/memory';
import type { ConversationTurn } from '../../sim/brain/port';
import type { Rng } from '../../sim/rng';
import { GOODBYE } from '../../sim/player/controller';
import { answerQuestion } from './answer';
import { INVITE, offlineTurn } from './talk';

/** Lines after which the persona winds a conversation with the player down (they chat longer than with each other). */
const PLAYER_TALK_LINES = 16;

/** A line that asks something: a question mark, or a question word or auxiliary first. */
function isQuestion(text: string): boolean {
  const t = text.trim().toLowerCase();
  return t.includes('?') || /^(what|who|whom|whose|where|when|why|how|which|do|does|did|are|is|was|were|can|could|will|would|have|has|should|tell me)\b/.test(t);
}

/** The question in a line ("Nice to meet you! What do you do here?" → "What do you do here?"). */
function questionIn(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
  return sentences.filter(isQuestion).at(-1) ?? text;
}

/**
 * The offline brain talking with the player: the person at the keyboard writes free text, so the
 * persona answers the question asked (answerQuestion, from its schedule, commitments, relations and
 * the memories retrieved for the conversation), takes an invitation like one from a neighbour,
 * says goodbye when the player does, and otherwise talks as it does with anyone (news, plans).
 */
/** `town`: the town's name as its people say it (the map's world name). */
export function playerTurn(speaker: Persona, player: Persona, convo: ChatLine[], memories: ConceptNode[], rng: Rng, now: number, people: ReadonlyMap<string, string>, town: string): ConversationTurn {
  const last = convo.at(-1);
  const first = player.firstName;
  if (!last || last.speaker !== player.name) return offlineTurn(speaker, player, convo, memories, rng, now, people);
  if (INVITE.test(last.text)) return offlineTurn(speaker, player, convo, memories, rng, now, people);
  if (GOODBYE.test(last.text) && !isQuestion(last.text)) return { line: rng.pick([`Goodbye, ${first}! Come by again.`, `See you around, ${first}!`, `Take care, ${first}!`]), end: true };
  const closing = convo.length >= PLAYER_TALK_LINES;
  if (isQuestion(last.text)) {
    const answer = answerQuestion({ persona: speaker, question: questionIn(last.text), memories, now, people });
    return closing ? { line: `${answer} Anyway, I should get going. Bye, ${first}!`, end: true } : { line: answer, end: false };
  }
  if (closing) return { line: rng.pick([`Well, I should get back to it. Nice talking to you, ${first}!`, `Good talking to you, ${first}. See you around!`]), end: true };
  // Not a question: a word of acknowledgement, then what the persona has to tell (or a question back).
  const more = offlineTurn(speaker, player, convo, memories, rng, now, people);
  const ack = rng.pick(['I see.', 'Oh, nice.', 'Is that so?', 'Ha, fair enough.']);
  if (!more.end && convo.length > 2) return { line: `${ack} ${more.line}`, end: false };
  return { line: `${ack} ${rng.pick([`How are you finding ${town} so far, ${first}?`, `What brings you to ${town}, ${first}?`, `So what are you up to today?`])}`, end: false };
}

import type { Persona } from '../../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../../sim/persona/memory';
import { DAY, dayStart } from '../../sim/clock';
import { lowerFirst, sentences } from './voice';

/**
 * What a resident remembers of its earlier chats with whoever is talking to it: when they were,
 * what they were about, and what the other said about themselves, put back into "you".
 */

/** The resident, who is talking to it (null in an interview), and the conversation under way. */
interface ChatSides {
  self: Persona;
  asker: Persona | null;
  convo: ChatLine[];
}

/** A day's weekday as said aloud ("Tuesday"); days count from the epoch. */
export function weekdayOfDay(day: number): string {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][new Date(day * DAY).getUTCDay()] ?? 'that day';
}

/** When something happened, as a resident says it: "earlier today", "yesterday", "on Tuesday". */
export function whenAgo(created: number, now: number): string {
  const d = Math.floor(dayStart(now) / DAY) - Math.floor(created / DAY);
  return d === 0 ? 'earlier today' : d === 1 ? 'yesterday' : `on ${weekdayOfDay(Math.floor(created / DAY))}`;
}

/** Earlier chats with this asker (not the one under way), most recent last. */
export function earlierChats(c: ChatSides): ConceptNode[] {
  if (!c.asker) return [];
  const name = c.asker.name;
  return c.self.memory.nodes.filter((n) => n.type === 'chat' && n.object === name && n.transcript.length > 0 && n.transcript !== c.convo);
}

/** "I am a photographer" said by the asker, as the persona recalls it: "you're a photographer". */
function toSecondPerson(text: string): string {
  return text
    .replace(/\bI'm\b/g, "you're")
    .replace(/\bI am\b/g, 'you are')
    .replace(/\bI've\b/g, "you've")
    .replace(/\bI'll\b/g, "you'll")
    .replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/g, 'you')
    .replace(/[.!]+$/, '');
}

/** What the asker told the persona about themselves last time (a statement, not a question or greeting). */
export function toldLastTime(c: ChatSides, chat: ConceptNode): string | null {
  const said = chat.transcript.filter((l) => l.speaker === c.asker?.name).flatMap((l) => sentences(l.text));
  const intro = new RegExp(`^(?:hi|hello|hey)?[!,. ]*(?:I'm|I am|my name is) ${c.asker?.firstName ?? '-'}\\b[,.!]?\\s*`, 'i');
  const statement = said.map((s) => s.replace(intro, '')).find((s) => !/\?$/.test(s) && /\b(I|I'm|I am|my)\b/.test(s) && s.split(' ').length >= 3 && !/\b(bye|goodbye|see you)\b/i.test(s));
  return statement ? toSecondPerson(lowerFirst(statement)) : null;
}

/** What an earlier chat was about, in a few words ("the party at Bramble Café"), or null. */
export function chatTopic(chat: ConceptNode): string | null {
  const m = /^conversing about (?:news: )?(.+)$/.exec(chat.description);
  const t = m?.[1];
  return t && !/^their day$/.test(t) ? t : null;
}

import type { ConceptNode } from '../persona/memory';
import type { Persona } from '../persona/persona';

/** At most this many memories a side in a packed prompt about meeting someone (the most relevant first). */
export const PACKED_RECALLS = 4;

/**
 * What of a persona's recalled memories bears on meeting `other` (a conversation, whether to wait for
 * them): its thoughts and chats (plans, news, what was said before) and what it saw the other do, each
 * text once, and not what its brief identity already says (its "currently" is among its memories
 * too). Its own doings, objects' states and other people's doings are dropped: a prompt about the
 * two says what both are doing now, and such events are what retrieval recalls for a name that has
 * little else attached to it. In the order given (retrieval's, the most relevant first).
 */
export function bearingOn(nodes: readonly ConceptNode[], self: Persona, other: Persona): ConceptNode[] {
  const seen = new Set<string>();
  return nodes.filter((n) => {
    if (self.currently.includes(n.description)) return false;
    if (n.type === 'event' && n.subject !== other.name && n.object !== other.name && !n.description.includes(other.name)) return false;
    // The same words twice (an event seen again, a memo said twice) say nothing new.
    if (seen.has(n.description)) return false;
    seen.add(n.description);
    return true;
  });
}

/**
 * A memory's text without the step of an activity when it is a sighting ("Tom Hartwell is cooking
 * dinner (chopping onions)" → "Tom Hartwell is cooking dinner"): packed prompts show what someone was
 * seen doing, not each step of it, so the steps of one activity read as one fact.
 */
export function withoutStep(n: Pick<ConceptNode, 'type'>, text: string): string {
  return n.type === 'event' ? text.replace(/ \([^()]*\)$/, '') : text;
}

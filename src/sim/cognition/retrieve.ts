import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { shortName } from './perceive';

export interface Retrieved {
  currEvent: ConceptNode;
  events: ConceptNode[];
  thoughts: ConceptNode[];
}

/**
 * Retrieve (Smallville's basic retrieve): for each newly perceived event, the events and thoughts
 * sharing its subject or object as a keyword. Touches last_accessed of what it returns.
 */
export function retrieve(p: Persona, perceived: ConceptNode[], now: number): Map<string, Retrieved> {
  const out = new Map<string, Retrieved>();
  for (const ev of perceived) {
    const keys = [shortName(ev.subject), shortName(ev.object)];
    const events = p.memory.related('event', keys, now).filter((n) => n.id !== ev.id).slice(0, 10);
    const thoughts = p.memory.related('thought', keys, now).slice(0, 10);
    for (const n of [...events, ...thoughts]) n.lastAccessed = now;
    out.set(ev.description, { currEvent: ev, events, thoughts });
  }
  return out;
}

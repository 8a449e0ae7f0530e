import type { ConceptNode } from '../../sim/persona/memory';
import type { Persona } from '../../sim/persona/persona';

/** Chats and sights a diary entry tells of, at most. */
const TOLD = 3;

const sentence = (s: string) => {
  const t = s.trim().replace(/[.!?…]+$/, '');
  return t ? `${t.charAt(0).toUpperCase()}${t.slice(1)}.` : '';
};
const andList = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * The offline brain's diary entry: the day's plan, whom the persona talked with and about what, what
 * it noticed most, and the thought it holds most poignant, in the first person, from the memories
 * given (today's, in order). Deterministic: the same memories give the same entry.
 */
export function offlineDiary(p: Persona, memories: readonly ConceptNode[]): string {
  const parts: string[] = [];
  const plan = memories.find((n) => n.type === 'thought' && n.predicate === 'plan');
  const items = plan ? (plan.description.split(': ').slice(1).join(': ').split(', ') ?? []) : [];
  if (items.length > 0) parts.push(`My plan today was to ${andList(items.slice(0, TOLD).map((i) => i.replace(/\.$/, '')))}.`);
  const talks = new Map<string, string>();
  for (const n of memories) if (n.type === 'chat' && n.object !== p.name && !talks.has(n.object)) talks.set(n.object, n.description.replace(/^conversing (about|with) /, ''));
  const told = [...talks].slice(0, TOLD).map(([who, about]) => `${who.split(' ')[0] ?? who} about ${about}`);
  if (told.length > 0) parts.push(`I talked with ${andList(told)}.`);
  const seen = memories.filter((n) => n.type === 'event' && n.subject !== p.name && !n.description.startsWith(p.name)).sort((a, b) => b.poignancy - a.poignancy || a.id - b.id)[0];
  if (seen) parts.push(`I noticed that ${seen.description.replace(/ \([^()]*\)$/, '').replace(/[.]+$/, '')}.`);
  const mind = memories.filter((n) => n.type === 'thought' && n !== plan).sort((a, b) => b.poignancy - a.poignancy || b.id - a.id)[0];
  if (mind) parts.push(sentence(mind.description));
  return parts.length > 0 ? parts.join(' ') : 'A quiet day; nothing much happened.';
}

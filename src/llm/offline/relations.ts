import type { Persona } from '../../sim/persona/persona';
import { at } from '../../sim/checked';

/**
 * Who two residents are to each other (family, friends, colleagues, rivals, strangers: from their
 * persona files, or a shared roof or workplace) and how a resident talks (its tone, from its innate
 * traits): what the offline brain's chats, invitations and day plans vary with.
 */

const FAMILY = /wife|husband|son|daughter|mother|father|sister|brother|partner|parent|niece|nephew|aunt|uncle|cousin|grand/i;

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

type Tone = 'warm' | 'quiet' | 'blunt' | 'easy';

/** How a persona talks, from its innate traits. */
export function toneOf(p: Persona): Tone {
  const t = p.spec.innate.toLowerCase();
  const score = (re: RegExp) => (t.match(re) ?? []).length;
  const s: [Tone, number][] = [
    ['warm', score(/sociable|friendly|warm|cheerful|outgoing|kind|generous|talkative|bubbly|big-hearted|affable|charming|nurturing|energetic/g)],
    ['quiet', score(/shy|quiet|reserved|introvert|thoughtful|gentle|dreamy|anxious|homesick|observant|insecure|unhurried/g)],
    ['blunt', score(/blunt|grumpy|stubborn|sharp|proud|impatient|direct|exacting|set in|impulsive|wry|dry/g)],
  ];
  const best = at(s.sort((a, b) => b[1] - a[1]), 0, 'manner scores');
  return best[1] > 0 ? best[0] : 'easy';
}

type Bond = 'family' | 'friend' | 'work' | 'rival' | 'stranger';
export function bondOf(p: Persona, other: Persona): Bond {
  const kind = relationOf(p, other);
  if (!kind) {
    // No word in the persona file, but people who share a roof or a workplace know each other.
    if (other.spec.household === p.spec.household) return 'friend';
    if (p.spec.occupation && p.spec.occupation.workplace === other.spec.occupation?.workplace) return 'work';
    return 'stranger';
  }
  if (FAMILY.test(kind)) return 'family';
  if (/rival/i.test(kind)) return 'rival';
  if (/colleague|boss|employee|employer|co-?worker|manager|client|contractor|landlord|tenant|student|teacher|supplier|customer/i.test(kind)) return 'work';
  return 'friend';
}

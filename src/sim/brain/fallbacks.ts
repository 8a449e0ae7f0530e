/**
 * The documented defaults the brain calls (calls/) fall back on when no brain gives a
 * usable answer, and the helpers that build them. Kept apart so the offline brain can reuse them.
 */
import type { Persona } from '../persona/persona';

/** Smallville's fail-safe for a daily plan, used when a brain's answer is unusable. */
export const FALLBACK_DAILY_PLAN: readonly string[] = [
  'wake up and complete the morning routine at 6:00 am',
  'eat breakfast at 7:00 am',
  'read a book from 8:00 am to 12:00 pm',
  'have lunch at 12:00 pm',
  'take a nap from 1:00 pm to 4:00 pm',
  'relax and watch TV from 7:00 pm to 8:00 pm',
  'go to bed at 11:00 pm',
];

export const FALLBACK_EMOJI = '🙂';

/** What a persona says when the brain cannot answer an interview question. */
export const INTERVIEW_FALLBACK = "Sorry, I can't put my thoughts into words right now.";

/** "You want to throw a party" → "Sofia Moreno wants to throw a party" (the whisper fallback). */
export function thirdPerson(whisper: string, p: Persona): string {
  const t = whisper.trim().replace(/[.!]+$/, '');
  const third = t
    .replace(/^you are\b/i, `${p.name} is`)
    .replace(/^you're\b/i, `${p.name} is`)
    .replace(/^you have\b/i, `${p.name} has`)
    .replace(/^you (\w+)/i, (_m, verb: string) => `${p.name} ${/^(should|will|would|can|could|must|might|may|shall)$/i.test(verb) ? verb : /(s|sh|ch|x|o)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`}`)
    .replace(/\byourself\b/gi, 'themself')
    .replace(/\byour\b/gi, 'their')
    .replace(/\byou\b/gi, 'them');
  return `${third}.`;
}

/** A daily plan requirement as its items ("a, b and c" or "a; b" or sentences). */
export function splitPlanReq(req: string): string[] {
  return req
    .split(/;|\.\s+|,\s+(?=[a-z])/)
    .map((x) => x.trim().replace(/\.$/, ''))
    .filter(Boolean);
}

/** Where a persona goes when the brain names no known sector: home if it knows it, else anywhere it knows. */
export function fallbackSector(p: Persona, options: readonly string[]): string {
  if (options.includes(p.spec.household)) return p.spec.household;
  return options[0] ?? p.spec.household;
}

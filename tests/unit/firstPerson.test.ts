import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, loadTown } from '../../src/node/town';
import { inFirstPerson } from '../../src/llm/offline/understand/firstPerson';
import { pronounsOf } from '../../src/sim/cognition/converse';
import { sentences } from '../../src/sim/sentences';
import type { PersonaSpec } from '../../src/sim/persona/schema';

/** Smallville's 25-resident base, beside the repository (shared/smallville). */
const VILLE = resolve(ROOT, '../shared/smallville/environment/frontend_server/storage/base_the_ville_n25');

const PREPOSITIONS = 'about|after|as|at|before|for|from|in|of|on|to|with|into|over|under';
/** Words that may follow an object "me" after a preposition ("a crush on me, and", "with me to the pond"). */
const AFTER_OBJECT = new Set(['to', 'and', 'or', 'but', 'at', 'in', 'on', 'for', 'the', 'a', 'an', 'about', 'when', 'while', 'because', 'if', 'that', 'this', 'there', 'here', 'too', 'again', 'once', 'every', 'now', 'later', 'soon']);

/** Every persona-file sentence about oneself, rewritten in the first person, with the problems it shows. */
function problems(spec: PersonaSpec): string[] {
  const self = { firstName: spec.firstName, name: spec.name, ...pronounsOf(spec) };
  const found: string[] = [];
  for (const field of [spec.learned, spec.currently, spec.lifestyle]) {
    for (const line of sentences(field)) {
      const said = inFirstPerson(line, self);
      const why: string[] = [];
      if (/^me\b/i.test(said)) why.push('starts with "me"');
      const owned = new RegExp(`\\b(?:${PREPOSITIONS}) me ([a-z][a-z-]*)`, 'g');
      for (const m of said.matchAll(owned)) if (!AFTER_OBJECT.has(m[1] ?? '')) why.push(`"me ${m[1]}" where "my" belongs`);
      for (const m of said.matchAll(/\bI (?:also |still |now |often |always )?([a-z]+[^s'’]s)\b/g)) why.push(`"I ${m[1]}" does not agree`);
      for (const m of said.matchAll(/\bI (is|has|does|was been)\b/g)) why.push(`"I ${m[1]}"`);
      // Oneself by name or by the file's own subject pronoun, while the speaker is I.
      if (new RegExp(`\\b${spec.name}\\b`).test(said)) why.push('own full name');
      if (new RegExp(`(?:^|[,;] )${spec.firstName}\\b`).test(said)) why.push('own first name as a subject');
      if (self.subj !== 'they' && new RegExp(`^${self.subj}\\b`, 'i').test(said)) why.push(`starts with "${self.subj}"`);
      for (const m of said.matchAll(/, ([a-z]+[^s'’]s) (?:up|around|to|a|the|once|in|at)\b/g)) {
        if (/^I\b/.test(said) && !/\b(?:who|which|that|where)\b/.test(said.slice(0, m.index))) why.push(`"${m[1]}" in a list of what I do`);
      }
      if (why.length) found.push(`${spec.firstName}: ${said}  ← ${why.join('; ')}`);
    }
  }
  return found;
}

describe('persona files said in the first person (compromise tags)', () => {
  it("rewrites every Hamlet resident's file with my/me/I in their places and verbs agreeing with I", async () => {
    const town = await loadTown();
    const found = town.personas.flatMap(problems);
    expect(found, found.join('\n')).toEqual([]);
  });

  it.skipIf(!existsSync(VILLE))("rewrites every resident of Smallville's Ville the same way", async () => {
    const town = await loadTown(VILLE);
    expect(town.personas.length).toBeGreaterThanOrEqual(25);
    const found = town.personas.flatMap(problems);
    expect(found, found.join('\n')).toEqual([]);
  });

  it('tells possessive her from object her, and keeps other people their own pronouns', () => {
    const ada = { firstName: 'Ada', name: 'Ada Quinn', subj: 'she', poss: 'her', obj: 'her' };
    const said = (text: string) => inFirstPerson(text, ada);
    expect(said('Ada Quinn is studying for her nurse exam and hopes to pass.')).toBe("I'm studying for my nurse exam and hope to pass.");
    expect(said('Her parents expect her to declare pharmacy as her major.')).toBe('My parents expect me to declare pharmacy as my major.');
    expect(said('She has asked her to keep it quiet.')).toBe('I have asked her to keep it quiet.');
    expect(said('Ada goes to bed around 10 pm, wakes up around 6 am, and eats dinner around 7 pm.')).toBe('I go to bed around 10 pm, wake up around 6 am, and eat dinner around 7 pm.');
    expect(said('Ada is married to Tom, and their son Ben is six.')).toBe("I'm married to Tom, and our son Ben is six.");
    expect(said('She hopes Ben will pass his exams.')).toBe('I hope Ben will pass his exams.');
    const leo = { firstName: 'Leo', name: 'Leo Park', subj: 'he', poss: 'his', obj: 'him' };
    expect(inFirstPerson('Leo Park dreams of sailing, and his sister has lent him her boat.', leo)).toBe('I dream of sailing, and my sister has lent me her boat.');
  });
});

import type { Insight } from '../../sim/brain/port';
import type { Persona } from '../../sim/persona/persona';
import { pronounsOf } from '../../sim/cognition/converse';
import { lowerFirst, sentences } from './voice';
import { byCodeUnits } from '../../sim/order';
import { at } from '../../sim/checked';
import { wordPattern } from '../../sim/wordPattern';
import { namesByFirst } from './firstNames';

/** Insights this module wrote: evidence for the next reflection, never a pattern to quote again. */
const OWN = /\b(has been on .+'s mind|keeps coming back to|has heard about .+ again and again)\b/;

/** A statement as a sentence that can follow a colon: its first sentence, no subtask, no "I found it interesting … that". */
function clauseOf(statement: string): string | null {
  let t = statement.trim();
  if (/^For .+'s planning:/.test(t) || /^This is .+'s plan for/.test(t) || /\bis idle\b/.test(t)) return null;
  t = t.replace(/^I found it interesting to hear from \w+ that /, '').replace(/^conversing about (news: )?/, '');
  t = (sentences(t)[0] ?? t).replace(/ \([^()]*\)/g, '').replace(/[.!?…]+$/, '');
  return t.length >= 12 ? t.charAt(0).toUpperCase() + t.slice(1) : null;
}

/** Something a person intends or holds to, rather than a passing activity. */
const WEIGHTY = /\b(wants?|plans?|will|is going to|promised|hosting|hopes?|worried|running|launching|curating|organi[sz]ing|writing|building|finishing|studying)\b/;

/**
 * The offline brain's reflection: whoever the statements keep mentioning (the persona itself or
 * someone else, by name as written) becomes an insight, a grammatical sentence about that person
 * drawn from the latest statement with that person as its subject, with its evidence.
 */
export function offlineInsights(self: Persona, statements: string[], n: number, people: ReadonlyMap<string, string>): Insight[] {
  // People grouped by first name: a statement without the first name in it names none of them, so a
  // statement costs the town's first names, not its people (a town of districts has 40 of each).
  const town = namesByFirst(people);
  const selfFirst = self.name.split(' ')[0] ?? self.name;
  const byFirst = new Map<string, { word: RegExp; plain: boolean; names: readonly string[] }>();
  for (const [first, names] of town) byFirst.set(first, { word: wordPattern(first), plain: /^[\p{L}' -]*$/u.test(first), names: first === selfFirst && !names.includes(self.name) ? [self.name, ...names] : names });
  // The first name as a word; as a pattern, as it always was (a first name of letters is itself).
  if (!byFirst.has(selfFirst)) byFirst.set(selfFirst, { word: wordPattern(selfFirst), plain: /^[\p{L}' -]*$/u.test(selfFirst), names: [self.name] });
  const about = new Map<string, number[]>();
  statements.forEach((s, i) => {
    if (OWN.test(s)) return;
    for (const [first, { word, plain, names }] of byFirst) {
      if (plain && !s.includes(first)) continue;
      const named = word.test(s);
      for (const name of names) if (named || s.includes(name)) about.set(name, [...(about.get(name) ?? []), i + 1]);
    }
  });
  const out: Insight[] = [];
  const ranked = [...about].filter(([, idx]) => idx.length >= 2).sort((a, b) => b[1].length - a[1].length || byCodeUnits(a[0], b[0]));
  for (const [name, idx] of ranked) {
    if (out.length >= n) break;
    const first = name.split(' ')[0] ?? name;
    // The latest statement with this person as its subject, weighty ones first.
    const led = idx
      .map((i) => clauseOf(at(statements, i - 1, 'numbered statement')))
      .filter((c): c is string => !!c && (c.startsWith(name) || c.startsWith(`${first} `)));
    const clause = [...led].reverse().find((c) => WEIGHTY.test(c)) ?? led[led.length - 1];
    const evidence = idx.slice(-5);
    if (name === self.name) {
      if (!clause) continue;
      out.push({ insight: `${self.firstName} keeps coming back to one thing: ${clause}.`, evidence });
    } else if (clause) {
      out.push({ insight: `${first} has been on ${self.firstName}'s mind; the latest: ${clause}.`, evidence });
    } else {
      const { poss } = pronounsOf(self.spec);
      const mention = idx.map((i) => clauseOf(at(statements, i - 1, 'numbered statement'))).filter((c): c is string => !!c).pop();
      if (!mention) continue;
      out.push({ insight: `${self.firstName} has heard about ${first} again and again; on ${poss} mind: ${lowerFirst(mention)}.`, evidence });
    }
  }
  return out;
}

/**
 * `new RegExp(`\\b${word}\\b`)`, made once per word: the offline brain tests every resident's first
 * name against its texts, and a town of districts has a thousand residents but few distinct first
 * names. The word is used as a pattern, as the callers always did (a first name is letters).
 */
const made = new Map<string, RegExp>();

export function wordPattern(word: string): RegExp {
  let re = made.get(word);
  if (re === undefined) {
    // Bounded: names come from the town's files, but a long game of many towns should not grow this forever.
    if (made.size >= 10_000) made.clear();
    made.set(word, (re = new RegExp(`\\b${word}\\b`)));
  }
  return re;
}

/**
 * The one rule for where a sentence ends, for the simulation and the offline brain alike: at ., !
 * or ? before a space — not at a title's or an abbreviation's full stop ("Dr. Kenji Sato", "at 5
 * p.m. on Friday", "J. Turner", "e.g. the café"). Intl.Segmenter was tried and splits after "Dr.";
 * a library (sentence-splitter, sbd) would add to the page's first load for the same short list.
 */
const ABBREVIATION = /(?:^|[\s(])(?:Dr|Mr|Mrs|Ms|Mx|St|Mt|Ave|Rd|Jr|Sr|Prof|Rev|Capt|Col|Gen|Lt|Sgt|Hon|Inc|Ltd|Co|vs|etc|approx|a\.m|p\.m|e\.g|i\.e|[A-Z])\.$/;

/** A text's sentences, trimmed, each with its closing mark. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of text.matchAll(/[.!?]+(?=\s)/g)) {
    const end = m.index + m[0].length;
    if (m[0] === '.' && ABBREVIATION.test(text.slice(from, end))) continue;
    out.push(text.slice(from, end).trim());
    from = end;
  }
  const rest = text.slice(from).trim();
  if (rest) out.push(rest);
  return out;
}

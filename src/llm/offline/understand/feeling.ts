import Sentiment from 'sentiment';

/**
 * How a line feels, by the AFINN-165 word list (the `sentiment` package: small, maintained, with
 * negation): below zero sad or cross, above zero glad. The intent classifier tells that a visitor is
 * saying how they feel; its bag of words cannot tell "a rotten day" from "a great day" when it has
 * never seen "rotten", and this list has 3,000 such words.
 */
const analyzer = new Sentiment();

/** Words of how one feels that the list scores not at all (it was made for reviews and tweets), and words it scores that say no feeling here ("feeling pretty lonely"). */
const EXTRAS: Record<string, number> = { feeling: 0, feel: 0, pretty: 0, low: -2, down: -2, rotten: -3, rubbish: -2, homesick: -2, lonely: -2, tired: -2, exhausted: -2, blue: -1, sick: -2, ill: -2, died: -3, passed: 2, engaged: 3, promoted: 3, married: 2, pregnant: 2, won: 3, better: 2 };

/** How a line feels: below zero low, above zero glad, zero when it says neither. */
export function feeling(line: string): number {
  return analyzer.analyze(line.toLowerCase(), { extras: EXTRAS }).score;
}

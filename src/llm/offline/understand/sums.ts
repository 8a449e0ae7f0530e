/**
 * Small sums a visitor may put to a resident ("what is 2+2?", "seven times six"): recognised before
 * the classifier (whose examples cannot cover every number) and worked out for the answer.
 */

/** A sum said in words or digits ("2+2", "five times three"), worked out; null when the line holds none. */
export function sum(text: string): number | null {
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
  const t = text.toLowerCase().replace(new RegExp(`\\b(${words.join('|')})\\b`, 'g'), (w) => String(words.indexOf(w)));
  const m = /(-?\d+(?:\.\d+)?)\s*(\+|plus|-|minus|\*|x|times|multiplied by|\/|divided by)\s*(-?\d+(?:\.\d+)?)/.exec(t);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[3])];
  const op = m[2] ?? '';
  const r = /\+|plus/.test(op) ? a + b : /-|minus/.test(op) ? a - b : /\*|x|times|multiplied/.test(op) ? a * b : b === 0 ? NaN : a / b;
  return Number.isFinite(r) ? Math.round(r * 100) / 100 : null;
}

import type { CostView } from '../../app/readModel/types';

const round = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n >= 10 ? n.toFixed(0) : n.toFixed(1));
const dollars = (n: number) => (n === 0 ? '$0' : n < 0.01 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`);

/**
 * What the running town costs, in the Town panel's words: calls and tokens per persona-day, the
 * share of prompt tokens the provider served from its cache (when it reports it), and the price per
 * persona-day and so far at the model's price (⚙ Brain's, else the list price in src/llm/prices.ts).
 */
export function costLines(c: CostView): string[] {
  const per = (n: number) => n / c.personaDays;
  const lines = [`Per persona-day: ${round(per(c.calls))} calls · ${round(per(c.tokens))} tokens`];
  lines.push(c.cachedTokens > 0 ? `Cached: ${Math.round((100 * c.cachedTokens) / Math.max(1, c.promptTokens))}% of prompt tokens` : 'Cached: none reported by the endpoint');
  const p = c.price;
  lines.push(
    p
      ? `≈ ${dollars(per(c.cost))} per persona-day · ${dollars(c.cost)} so far (${c.model || 'the model'} at $${p.input}/$${p.cachedInput}/$${p.output} per 1M input/cached/output tokens)`
      : `No price known for ${c.model || 'this model'} (a local model costs nothing; set one in ⚙ Brain)`,
  );
  return lines;
}

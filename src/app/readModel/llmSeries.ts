/** LLM use in one game hour. */
export interface HourBucket {
  /** Hours since the epoch, game time. */
  hour: number;
  calls: number;
  tokens: number;
  cost: number;
  fallbacks: number;
}

interface TotalsLike {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cost: number;
  fallbacks: number;
}

/** Town-wide use per game hour from the call log's per-persona-hour totals ("id@hour" keys), oldest first. */
export function seriesFromPersonaHours(byPersonaHour: ReadonlyMap<string, TotalsLike>): HourBucket[] {
  const hours = new Map<number, HourBucket>();
  for (const [key, t] of byPersonaHour) {
    const hour = Number(key.slice(key.lastIndexOf('@') + 1));
    if (!Number.isFinite(hour)) continue;
    const b = hours.get(hour) ?? { hour, calls: 0, tokens: 0, cost: 0, fallbacks: 0 };
    b.calls += t.calls;
    b.tokens += t.promptTokens + t.completionTokens;
    b.cost += t.cost;
    b.fallbacks += t.fallbacks;
    hours.set(hour, b);
  }
  return fillGaps([...hours.values()].sort((a, b) => a.hour - b.hour));
}

/** The same from a list of calls (what a replay holds). */
export function seriesFromCalls(calls: readonly { gameTime: number; tokens: { prompt: number; completion: number }; outcome: string }[]): HourBucket[] {
  const hours = new Map<number, HourBucket>();
  for (const c of calls) {
    const hour = Math.floor(c.gameTime / 3_600_000);
    const b = hours.get(hour) ?? { hour, calls: 0, tokens: 0, cost: 0, fallbacks: 0 };
    b.calls++;
    b.tokens += c.tokens.prompt + c.tokens.completion;
    if (c.outcome === 'fallback') b.fallbacks++;
    hours.set(hour, b);
  }
  return fillGaps([...hours.values()].sort((a, b) => a.hour - b.hour));
}

/** Hours without calls between the first and last become zero buckets, so the chart's x axis is game time. */
function fillGaps(sorted: HourBucket[]): HourBucket[] {
  const first = sorted[0]?.hour;
  const last = sorted[sorted.length - 1]?.hour;
  if (sorted.length < 2 || first === undefined || last === undefined) return sorted;
  const out: HourBucket[] = [];
  if (last - first > 24 * 14) return sorted;
  const by = new Map(sorted.map((b) => [b.hour, b]));
  for (let h = first; h <= last; h++) out.push(by.get(h) ?? { hour: h, calls: 0, tokens: 0, cost: 0, fallbacks: 0 });
  return out;
}

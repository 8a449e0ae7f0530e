type CallOutcome = 'ok' | 'retried' | 'fallback';

import { scrubDeep, scrubSecrets } from './secrets';
import type { ModelPrice } from './prices';

/** One LLM call as the inspector shows it. Never holds the API key (every text is scrubbed on the way in). */
export interface CallRecord {
  id: number;
  persona: string;
  /** The cognitive module (Brain method) that asked. */
  module: string;
  prompt: string;
  promptVersion: string;
  gameTime: number;
  promptText: string;
  /** Raw replies, one per attempt. */
  replies: string[];
  /** The validated answer; absent when no reply was usable. */
  parsed?: unknown;
  latencyMs: number;
  /** `cached`: of the prompt tokens, those the provider served from its cache (when it says). */
  tokens: { prompt: number; completion: number; cached?: number };
  retries: number;
  outcome: CallOutcome;
  error?: string;
}

interface Totals {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens served from the provider's cache (as far as it reports them). */
  cachedTokens: number;
  cost: number;
  fallbacks: number;
  errors: number;
}

/** "N calls, P prompt (C cached, x %) + K completion tokens, est. $…, F fallbacks": the run's summary line. */
export function describeTotals(t: Totals): string {
  const cached = t.cachedTokens > 0 ? ` (${t.cachedTokens} cached, ${Math.round((100 * t.cachedTokens) / Math.max(1, t.promptTokens))} %)` : ' (none reported cached)';
  return `${t.calls} calls, ${t.promptTokens} prompt${cached} + ${t.completionTokens} completion tokens, est. $${t.cost.toFixed(4)}, ${t.fallbacks} fallbacks`;
}

const empty = (): Totals => ({ calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0, cost: 0, fallbacks: 0, errors: 0 });

/** The call log: recent records (bounded) and running totals, town-wide, per persona and per game hour. */
export class CallLog {
  readonly records: CallRecord[] = [];
  readonly totals: Totals = empty();
  readonly byPersona = new Map<string, Totals>();
  /** "personaId@hourIndex" → totals, hourIndex = hours since the epoch in game time. */
  readonly byPersonaHour = new Map<string, Totals>();
  private nextId = 1;
  listeners = new Set<(r: CallRecord) => void>();

  constructor(
    private readonly limit = 5000,
    /** US dollars per million tokens (src/llm/prices.ts), or null when the model's price is not known: cost stays 0. */
    readonly price: ModelPrice | null = null,
  ) {}

  add(r: Omit<CallRecord, 'id'>): CallRecord {
    // A provider's error text may echo the key; a reply may quote the prompt: scrub before anything keeps it.
    const rec: CallRecord = {
      ...r,
      promptText: scrubSecrets(r.promptText),
      replies: r.replies.map(scrubSecrets),
      parsed: r.parsed === undefined ? undefined : scrubDeep(r.parsed),
      ...(r.error === undefined ? {} : { error: scrubSecrets(r.error) }),
      id: this.nextId++,
    };
    this.records.push(rec);
    if (this.records.length > this.limit) this.records.splice(0, this.records.length - this.limit);
    const cached = Math.min(rec.tokens.cached ?? 0, rec.tokens.prompt);
    const p = this.price;
    const cost = p ? ((rec.tokens.prompt - cached) * p.input + cached * p.cachedInput + rec.tokens.completion * p.output) / 1e6 : 0;
    const hour = Math.floor(rec.gameTime / 3_600_000);
    for (const t of [this.totals, get(this.byPersona, rec.persona), get(this.byPersonaHour, `${rec.persona}@${hour}`)]) {
      t.calls++;
      t.promptTokens += rec.tokens.prompt;
      t.completionTokens += rec.tokens.completion;
      t.cachedTokens += cached;
      t.cost += cost;
      if (rec.outcome === 'fallback') t.fallbacks++;
      if (rec.outcome === 'fallback') t.errors += rec.error ? 1 : 0;
    }
    for (const l of this.listeners) l(rec);
    return rec;
  }

  forPersona(id: string): CallRecord[] {
    return this.records.filter((r) => r.persona === id);
  }
}

function get(m: Map<string, Totals>, k: string): Totals {
  let t = m.get(k);
  if (!t) m.set(k, (t = empty()));
  return t;
}

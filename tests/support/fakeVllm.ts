import type { ChatBody, FakeReply, Responder } from './fakeLlm';
import { hashString } from '../../src/sim/rng';

/**
 * A fake server that serves like vLLM: a scheduler running at most `maxRunning` requests at once
 * (vLLM's max_num_seqs) with the rest waiting in line, automatic prefix caching over 16-token
 * blocks with a bounded KV cache (least recently used blocks evicted first), and the cached prompt
 * tokens reported the way vLLM and OpenAI do (`usage.prompt_tokens_details.cached_tokens`). A router
 * in front of it (LiteLLM, vLLM's router) that bounds the line answers 429 with Retry-After once
 * more than `maxWaiting` wait. The answers themselves come from the wrapped fake model.
 *
 * Tokens are counted by a rough word/punctuation/space split: close enough to a BPE tokenizer for
 * what matters here, which share of a prompt repeats an earlier one's beginning.
 */
export interface VllmOptions {
  /** Requests decoded at once (vLLM's max_num_seqs). */
  maxRunning?: number;
  /** Requests allowed to wait for a place; past it the router answers 429 (Infinity: never). */
  maxWaiting?: number;
  retryAfterSeconds?: number;
  /** KV-cache capacity for cached prefixes, in tokens. */
  cacheTokens?: number;
  /** Service time: a fixed part, per prompt token not served from the cache, per completion token. */
  baseMs?: number;
  msPerPrefillToken?: number;
  msPerOutputToken?: number;
}

export interface VllmStats {
  requests: number;
  promptTokens: number;
  cachedTokens: number;
  rejected429: number;
  /** Most requests the server held at once (running and waiting). */
  peakInFlight: number;
  peakRunning: number;
  peakWaiting: number;
}

const BLOCK = 16;

export function tokenize(text: string): string[] {
  return text.match(/\w+|\s+|[^\w\s]/g) ?? [];
}

/** Two 32-bit FNV-1a hashes of a string (two offset bases), as one key: collisions are not a concern at test scale. */
function hashKey(s: string): string {
  return `${hashString(s).toString(36)}.${hashString(s, 0x01000193).toString(36)}`;
}

/** vLLM's automatic prefix caching: full blocks keyed by their tokens and everything before them. */
export class PrefixCache {
  private readonly blocks = new Map<string, true>();
  constructor(private readonly capacityBlocks: number) {}

  /** Tokens of `tokens`' beginning already cached; then caches all its full blocks. */
  serve(tokens: string[]): number {
    let parent = '';
    let hits = 0;
    let missed = false;
    for (let i = 0; i + BLOCK <= tokens.length; i += BLOCK) {
      const key = hashKey(`${parent}|${tokens.slice(i, i + BLOCK).join('\u0001')}`);
      if (!missed && this.blocks.has(key)) hits += BLOCK;
      else missed = true;
      // Touch: move to the newest end; evict the oldest past capacity.
      this.blocks.delete(key);
      this.blocks.set(key, true);
      if (this.blocks.size > this.capacityBlocks) this.blocks.delete(this.blocks.keys().next().value as string);
      parent = key;
    }
    return hits;
  }
}

/** What the chat template puts before the model: every message in order. */
export function promptText(body: ChatBody): string {
  return body.messages.map((m) => `<|${m.role}|>\n${m.content}`).join('\n');
}

export function vllmLike(model: Responder, opts: VllmOptions = {}): { responder: Responder; stats: VllmStats } {
  const maxRunning = opts.maxRunning ?? 256;
  const maxWaiting = opts.maxWaiting ?? Infinity;
  const cache = new PrefixCache(Math.ceil((opts.cacheTokens ?? 200_000) / BLOCK));
  const stats: VllmStats = { requests: 0, promptTokens: 0, cachedTokens: 0, rejected429: 0, peakInFlight: 0, peakRunning: 0, peakWaiting: 0 };
  let running = 0;
  const waiting: (() => void)[] = [];
  const note = () => {
    stats.peakRunning = Math.max(stats.peakRunning, running);
    stats.peakWaiting = Math.max(stats.peakWaiting, waiting.length);
    stats.peakInFlight = Math.max(stats.peakInFlight, running + waiting.length);
  };
  const finish = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
    note();
  };
  /** Resolves when the request has had its turn and its service time. */
  const schedule = (ms: number): Promise<void> =>
    new Promise<void>((done) => {
      const run = () => setTimeout(() => {
        finish();
        done();
      }, ms);
      if (running < maxRunning) {
        running++;
        run();
      } else waiting.push(run);
      note();
    });

  const responder: Responder = (body, task, prompt, headers) => {
    if (running >= maxRunning && waiting.length >= maxWaiting) {
      stats.rejected429++;
      return { kind: 'status', status: 429, headers: { 'retry-after': String(opts.retryAfterSeconds ?? 1) }, body: { error: { message: 'too many requests waiting: try again shortly', type: 'rate_limit' } } };
    }
    const reply: FakeReply = model(body, task, prompt, headers);
    if (reply.kind !== 'content') return reply;
    const tokens = tokenize(promptText(body));
    const cached = cache.serve(tokens);
    const completion = tokenize(reply.content).length;
    stats.requests++;
    stats.promptTokens += tokens.length;
    stats.cachedTokens += cached;
    const ms = (opts.baseMs ?? 0) + (tokens.length - cached) * (opts.msPerPrefillToken ?? 0) + completion * (opts.msPerOutputToken ?? 0);
    const turn = schedule(ms);
    return { ...reply, promptTokens: tokens.length, completionTokens: completion, cachedTokens: cached, after: reply.after ? Promise.all([reply.after, turn]) : turn };
  };
  return { responder, stats };
}

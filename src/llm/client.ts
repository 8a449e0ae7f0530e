import OpenAI from 'openai';
import type { LlmConfig } from './config';
import { rememberSecret } from './secrets';

interface ChatRequest {
  system: string;
  user: string;
  /** Name for the response_format json_schema. */
  schemaName: string;
  jsonSchema?: Record<string, unknown>;
  temperature: number;
  maxTokens?: number;
  /** Earlier turns of this call (a failed reply and the validation error), for retries. */
  history?: { role: 'assistant' | 'user'; content: string }[];
}

interface ChatReply {
  text: string;
  promptTokens: number;
  completionTokens: number;
  /** Transport retries this reply took (429 back-offs, 5xx, timeouts). */
  transportRetries: number;
}

/** A call that could not get any reply: dead endpoint, repeated 5xx, timeouts. */
export class TransportError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the endpoint answered at all. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export const MAX_RATE_LIMIT_WAITS = 3;
const MAX_TRANSIENT_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 60_000;

interface ClientOptions {
  /** Injected for tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Called while waiting out a 429, for the UI's notice. */
  onRateLimit?: (waitMs: number) => void;
}

/**
 * The OpenAI-compatible transport: the real `openai` SDK against any base URL, with a concurrency
 * limit, 429 back-off that honours retry-after, bounded retries for 5xx/timeouts/refused
 * connections, and a downgrade from json_schema to JSON mode to plain text when a provider rejects
 * the response_format.
 */
export class LlmClient {
  private readonly openai: OpenAI;
  private structured: LlmConfig['structuredOutput'];
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly config: LlmConfig,
    private readonly opts: ClientOptions = {},
  ) {
    // Every text stored from now on (call log, errors, recordings) is scrubbed of this key.
    rememberSecret(config.apiKey);
    this.openai = new OpenAI({
      baseURL: config.baseURL,
      // The SDK insists on a key; local servers and the dev proxy ignore this placeholder.
      apiKey: config.apiKey || 'no-key',
      dangerouslyAllowBrowser: true,
      timeout: config.timeoutMs,
      maxRetries: 0,
    });
    this.structured = config.structuredOutput;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  get structuredOutput(): LlmConfig['structuredOutput'] {
    return this.structured;
  }

  get inFlight(): number {
    return this.active;
  }

  private async acquire(): Promise<void> {
    if (this.active < Math.max(1, this.config.concurrency)) {
      this.active++;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  async chat(req: ChatRequest): Promise<ChatReply> {
    await this.acquire();
    try {
      return await this.chatWithRetries(req);
    } finally {
      this.release();
    }
  }

  private async chatWithRetries(req: ChatRequest): Promise<ChatReply> {
    let rateWaits = 0;
    let transient = 0;
    for (;;) {
      try {
        const reply = await this.once(req);
        return { ...reply, transportRetries: rateWaits + transient };
      } catch (err) {
        if (err instanceof OpenAI.APIError && err.status === 429) {
          if (rateWaits >= MAX_RATE_LIMIT_WAITS) throw new TransportError(`rate limited (429) ${rateWaits + 1} times; giving up`);
          const wait = retryAfterMs(err.headers) ?? 1000 * 2 ** rateWaits;
          rateWaits++;
          this.opts.onRateLimit?.(wait);
          await this.sleep(wait);
          continue;
        }
        if (err instanceof OpenAI.APIError && err.status === 400 && this.structured !== 'none' && /response_format|json_schema|json_object|schema/i.test(err.message)) {
          // The provider does not support this way of asking for JSON: ask more simply from now on.
          this.structured = this.structured === 'json_schema' ? 'json_object' : 'none';
          continue;
        }
        const retryable = err instanceof OpenAI.APIConnectionError || (err instanceof OpenAI.APIError && (err.status ?? 0) >= 500);
        if (retryable && transient < MAX_TRANSIENT_RETRIES) {
          await this.sleep(500 * 2 ** transient);
          transient++;
          continue;
        }
        throw new TransportError(describe(err));
      }
    }
  }

  private async once(req: ChatRequest): Promise<Omit<ChatReply, 'transportRetries'>> {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'system', content: req.system },
      { role: 'user', content: req.user },
      ...(req.history ?? []),
    ];
    const params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: this.config.model,
      messages,
      temperature: req.temperature,
      ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
    };
    if (this.structured === 'json_schema' && req.jsonSchema) {
      params.response_format = { type: 'json_schema', json_schema: { name: req.schemaName, schema: req.jsonSchema, strict: false } };
    } else if (this.structured !== 'none') {
      params.response_format = { type: 'json_object' };
    }
    const res = await this.openai.chat.completions.create(params);
    const text = res.choices?.[0]?.message?.content ?? '';
    return { text, promptTokens: res.usage?.prompt_tokens ?? 0, completionTokens: res.usage?.completion_tokens ?? 0 };
  }

  /** Embeddings through the same endpoint (for memory relevance). */
  async embed(texts: string[], model: string): Promise<{ vectors: number[][]; tokens: number }> {
    await this.acquire();
    try {
      const res = await this.openai.embeddings.create({ model, input: texts, encoding_format: 'float' });
      // Providers may return the items out of order; each carries its index.
      const vectors: number[][] = new Array(texts.length);
      for (const d of res.data) vectors[d.index ?? 0] = d.embedding;
      return { vectors, tokens: res.usage?.prompt_tokens ?? 0 };
    } catch (err) {
      throw new TransportError(describe(err), err instanceof OpenAI.APIError ? err.status : undefined);
    } finally {
      this.release();
    }
  }
}

/** retry-after as seconds or an HTTP date, capped. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const v = headers?.get('retry-after-ms') ?? null;
  if (v && Number.isFinite(Number(v))) return Math.min(Number(v), MAX_RETRY_AFTER_MS);
  const s = headers?.get('retry-after') ?? null;
  if (!s) return undefined;
  const secs = Number(s);
  if (Number.isFinite(secs)) return Math.min(Math.max(0, secs * 1000), MAX_RETRY_AFTER_MS);
  const date = Date.parse(s);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - Date.now()), MAX_RETRY_AFTER_MS);
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'the model did not answer before the timeout';
  if (err instanceof OpenAI.APIConnectionError) return `cannot reach the endpoint (${err.message})`;
  if (err instanceof OpenAI.APIError) return `endpoint answered ${err.status ?? '?'}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

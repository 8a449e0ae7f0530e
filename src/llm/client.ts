import OpenAI from 'openai';
import { publicConfig, type LlmConfig } from './config';
import { rememberSecret, scrubSecrets } from './secrets';
import { CallSlots } from './slots';
import { NotJson, notJsonReason, ReplyTooLarge, transportFor } from './boundedFetch';

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
  /** Waiting for a free slot, lower goes first (ties in order of asking); 1 by default. */
  priority?: number;
  /** Who asks (a persona's id): a slot kept for it (`holdFor`) is its own. */
  owner?: string;
  /**
   * When answered, keep the freed slot this long (ms) for the owner's next call instead of handing it
   * to the next in line: the owner goes on at once (its new action's details after its wake-up).
   */
  holdFor?: number;
  /**
   * The call's one deadline, shared by every chat a brain call makes (its validation retries too):
   * set when the first attempt gets its slot, to the config's timeout from then.
   */
  deadline?: CallDeadline;
}

/** When a call must be answered by (performance.now() ms); unset until its first attempt is sent. */
export interface CallDeadline {
  at?: number;
}

interface ChatReply {
  text: string;
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens the provider served from its cache, when it says (OpenAI's usage.prompt_tokens_details.cached_tokens). */
  cachedTokens?: number;
  /** Transport retries this reply took (429 back-offs, 5xx, timeouts). */
  transportRetries: number;
}

/** A call that could not get any reply: dead endpoint, repeated 5xx, timeouts. */
export class TransportError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the endpoint answered at all. */
    readonly status?: number,
    /** The call's deadline passed with no answer (a silent, stalled or trickling endpoint): trips the breaker at once. */
    readonly deadlinePassed = false,
  ) {
    // A provider's error text may echo the key it was given.
    super(scrubSecrets(message));
    this.name = 'TransportError';
  }
}

export const MAX_RATE_LIMIT_WAITS = 3;
const MAX_TRANSIENT_RETRIES = 2;
/** A retry is not sent with less than this left of the call's deadline: it could not be answered in time. */
const MIN_ATTEMPT_MS = 250;
/** Consecutive failed calls that open the circuit breaker. */
export const BREAKER_THRESHOLD = 3;
/** The first pause after the breaker opens; it doubles on each failed probe, up to BREAKER_MAX_MS. */
const BREAKER_BASE_MS = 10_000;
const BREAKER_MAX_MS = 120_000;

/** How the endpoint is doing, for the page's banner and the CLI's stderr. */
export type EndpointHealth =
  | { state: 'ok' }
  /** Not called until `retryAt` (wall ms, Date.now()); then one call probes it. */
  | { state: 'down'; reason: string; retryAt: number; failures: number };

/** An attempt cut by the call's deadline (turned into a TransportError that trips the breaker). */
class DeadlinePassed extends Error {}

/** "5 s", "1.5 s", "2 min". */
function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s >= 120 ? `${Math.round(s / 60)} min` : `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

interface ClientOptions {
  /** Injected for tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** Called while waiting out a 429, for the UI's notice. */
  onRateLimit?: (waitMs: number) => void;
  /** Called once calls succeed again after a 429: a call sent after the last 429 arrived got its answer (the notice goes). */
  onRateLimitOver?: () => void;
  /** Called when the endpoint goes down (the breaker opens) or comes back. */
  onHealth?: (health: EndpointHealth) => void;
  /** Wall clock for the breaker (ms); Date.now by default. */
  now?: () => number;
}

/**
 * The OpenAI-compatible transport: the real `openai` SDK against any base URL, with a concurrency
 * limit, 429 back-off that honours retry-after, bounded retries for 5xx/timeouts/refused
 * connections, and a downgrade from json_schema to JSON mode to plain text when a provider rejects
 * the response_format.
 */
export class LlmClient {
  /** The SDK holds the key: a true private field, out of reach of the page's debug handle. */
  readonly #openai: OpenAI;
  /** The settings without the key. */
  readonly config: Omit<LlmConfig, 'apiKey'>;
  private structured: LlmConfig['structuredOutput'];
  /** Places on the wire: the configured concurrency, halved by 429s and regained with answers. */
  readonly slots: CallSlots;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private failures = 0;
  /** A reply to an attempt numbered above `limitedAt` (CallSlots numbers them) came after the last 429. */
  private limitedAt: number | null = null;
  private down: { reason: string; retryAt: number; pause: number } | null = null;
  private probing = false;

  constructor(
    config: LlmConfig,
    private readonly opts: ClientOptions = {},
  ) {
    rememberSecret(config.apiKey);
    this.config = publicConfig(config);
    this.#openai = new OpenAI({
      baseURL: config.baseURL,
      // The SDK insists on a key; local servers and the dev proxy ignore this placeholder.
      apiKey: config.apiKey || 'no-key',
      dangerouslyAllowBrowser: true,
      timeout: config.timeoutMs,
      maxRetries: 0,
      fetch: transportFor(config),
    });
    this.structured = config.structuredOutput;
    this.slots = new CallSlots(config.concurrency);
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? (() => Date.now());
  }

  /** How the endpoint is doing: 'down' while the circuit breaker is open. */
  get health(): EndpointHealth {
    return this.down ? { state: 'down', reason: this.down.reason, retryAt: this.down.retryAt, failures: this.failures } : { state: 'ok' };
  }

  /** Is the breaker open now (no call goes out until its pause ends)? */
  get circuitOpen(): boolean {
    return this.down !== null && (this.probing || this.now() < this.down.retryAt);
  }

  /** End the breaker's pause now: the next call probes the endpoint (the banner's "Retry now"). */
  retryNow(): void {
    if (this.down) this.down.retryAt = this.now();
  }

  /**
   * Ask the endpoint for its models list (GET /models) now, whatever the breaker says: an answer
   * closes the breaker, no answer keeps it open for a longer pause. The page probes this way when
   * the pause ends or the player asks to retry, so the endpoint is tried even when the town has no
   * call to make at that moment. Returns the probe's result.
   */
  async probe(): Promise<ProbeResult> {
    const result = await listModels(this.#openai, Math.min(this.config.timeoutMs, PROBE_TIMEOUT_MS));
    if (result.ok) this.succeeded();
    else this.failed(result.error, true);
    return result;
  }

  /** A call got an answer from the endpoint: it is up. */
  private succeeded(): void {
    this.failures = 0;
    if (this.down) {
      this.down = null;
      this.opts.onHealth?.({ state: 'ok' });
    }
  }

  /**
   * A call failed at the transport: after BREAKER_THRESHOLD in a row, stop calling for a while; each
   * failed probe makes the pause longer. Calls that were already out when the breaker opened end as
   * they may without lengthening it.
   */
  private failed(reason: string, probe: boolean, trip = false): void {
    this.failures++;
    // A call that got no answer in its whole deadline opens the breaker at once: waiting for two more
    // such calls would keep the town waiting three deadlines for an endpoint that is not serving it.
    if (this.down ? !probe : this.failures < BREAKER_THRESHOLD && !trip) return;
    const pause = this.down ? Math.min(this.down.pause * 2, BREAKER_MAX_MS) : BREAKER_BASE_MS;
    this.down = { reason, retryAt: this.now() + pause, pause };
    this.opts.onHealth?.(this.health);
  }

  /** Throws at once while the breaker is open; lets one probe through when its pause is over. */
  private checkBreaker(): boolean {
    if (!this.down) return false;
    if (this.probing || this.now() < this.down.retryAt) throw this.notCalled(this.down);
    this.probing = true;
    return true;
  }

  private notCalled(down: { retryAt: number; reason: string }): TransportError {
    const secs = Math.max(0, Math.ceil((down.retryAt - this.now()) / 1000));
    return new TransportError(`not called: the endpoint is not answering (${down.reason}); retrying in ${secs} s`);
  }

  get structuredOutput(): LlmConfig['structuredOutput'] {
    return this.structured;
  }

  get inFlight(): number {
    return this.slots.inFlight;
  }

  /** Has the endpoint rate-limited us (429) with no call sent since then answered yet? */
  get rateLimited(): boolean {
    return this.limitedAt !== null;
  }

  /**
   * One chat call: bounded retries for 429 (waited out of a concurrency slot, retry-after capped),
   * 5xx, timeouts and refused connections; an attempt holds a slot only while it is on the wire.
   * Transport failures feed the circuit breaker.
   */
  async chat(req: ChatRequest): Promise<ChatReply> {
    const probe = this.checkBreaker();
    try {
      const reply = await this.chatWithRetries(req, probe);
      this.succeeded();
      return reply;
    } catch (err) {
      // The endpoint answering on purpose (a 400, a 404 for the model) means it is there; no answer,
      // 5xx, a refused key or endless 429s mean it cannot serve the town.
      const s = err instanceof TransportError ? err.status : undefined;
      if (s === undefined || s >= 500 || s === 401 || s === 403 || s === 429) this.failed(err instanceof Error ? err.message : String(err), probe, err instanceof TransportError && err.deadlinePassed);
      else this.succeeded();
      throw err;
    } finally {
      if (probe) this.probing = false;
    }
  }

  private async attempt(req: ChatRequest, probe: boolean, deadline: CallDeadline): Promise<Omit<ChatReply, 'transportRetries'>> {
    const sent = await this.slots.acquire(req.priority, req.owner);
    let answered = false;
    try {
      // The breaker opened while this call waited for a slot or between its retries: it does not go out.
      if (this.down && !probe) throw this.notCalled(this.down);
      // The deadline runs from the first attempt on the wire (time in line for a slot is not the endpoint's).
      deadline.at ??= performance.now() + this.config.timeoutMs;
      const left = deadline.at - performance.now();
      if (left < MIN_ATTEMPT_MS) throw this.deadlineError();
      const reply = await this.once(req, left);
      this.slots.answered();
      // An answer to a call sent after the last 429 arrived: the rate limit is over (one sent before proves nothing).
      if (this.limitedAt !== null && sent > this.limitedAt) {
        this.limitedAt = null;
        this.opts.onRateLimitOver?.();
      }
      answered = true;
      return reply;
    } catch (err) {
      // Turned away: fewer calls at once from now on (once per round; see CallSlots).
      if (err instanceof OpenAI.APIError && err.status === 429) this.slots.rateLimited(sent);
      throw err;
    } finally {
      // Only an answered call keeps its slot for the owner's next one (a 429 wait never holds a slot).
      this.slots.release(req.owner, answered ? req.holdFor : 0);
    }
  }

  /** Milliseconds left of a call's deadline (the whole timeout before its first attempt is sent). */
  timeLeft(deadline: CallDeadline): number {
    return deadline.at === undefined ? this.config.timeoutMs : deadline.at - performance.now();
  }

  /** The call's deadline passed with no usable answer. */
  private deadlineError(): TransportError {
    return new TransportError(`the model did not answer within the call's timeout of ${formatSeconds(this.config.timeoutMs)} (no reply, or one that stalls or trickles in)`, undefined, true);
  }

  /**
   * Wait `ms` within the call's deadline: false (no wait) when it would end past the deadline. An
   * injected sleep that returns early (tests) still spends its time from the deadline.
   */
  private async waitWithin(deadline: CallDeadline, ms: number): Promise<boolean> {
    if (ms + MIN_ATTEMPT_MS > this.timeLeft(deadline)) return false;
    const before = performance.now();
    await this.sleep(ms);
    const short = ms - (performance.now() - before);
    if (short > 0) deadline.at = (deadline.at ?? before + this.config.timeoutMs) - short;
    return true;
  }

  private async chatWithRetries(req: ChatRequest, probe: boolean): Promise<ChatReply> {
    const deadline = req.deadline ?? {};
    let rateWaits = 0;
    let transient = 0;
    for (;;) {
      try {
        const reply = await this.attempt(req, probe, deadline);
        return { ...reply, transportRetries: rateWaits + transient };
      } catch (err) {
        if (err instanceof TransportError) throw err;
        if (err instanceof DeadlinePassed) throw this.deadlineError();
        if (err instanceof OpenAI.APIConnectionError && err.cause instanceof ReplyTooLarge) throw new TransportError(err.cause.message, 200);
        if (err instanceof OpenAI.APIConnectionError && err.cause instanceof NotJson) throw new TransportError(err.cause.message, 200);
        if (err instanceof OpenAI.APIError && err.status === 429) {
          if (rateWaits >= MAX_RATE_LIMIT_WAITS) throw new TransportError(`rate limited (429) ${rateWaits + 1} times; giving up`, 429);
          const wait = retryAfterMs(err.headers) ?? 1000 * 2 ** rateWaits;
          const left = this.timeLeft(deadline);
          if (wait + MIN_ATTEMPT_MS > left) {
            throw new TransportError(`rate limited (429): the endpoint asks us to wait ${formatSeconds(wait)}, past this call's timeout (${formatSeconds(Math.max(0, left))} left), so the offline brain answers now`, 429);
          }
          rateWaits++;
          this.limitedAt = this.slots.sentCount;
          this.opts.onRateLimit?.(wait);
          await this.waitWithin(deadline, wait);
          continue;
        }
        if (err instanceof OpenAI.APIError && err.status === 400 && this.structured !== 'none' && /response_format|json_schema|json_object|schema/i.test(err.message)) {
          // The provider does not support this way of asking for JSON: ask more simply from now on.
          this.structured = this.structured === 'json_schema' ? 'json_object' : 'none';
          continue;
        }
        const retryable = err instanceof OpenAI.APIConnectionError || (err instanceof OpenAI.APIError && (err.status ?? 0) >= 500);
        if (retryable && transient < MAX_TRANSIENT_RETRIES && (await this.waitWithin(deadline, 500 * 2 ** transient))) {
          transient++;
          continue;
        }
        throw new TransportError(describe(err), err instanceof OpenAI.APIError ? err.status : undefined);
      }
    }
  }

  /** One attempt, cut when the call's deadline passes (`left` ms from now). */
  private async once(req: ChatRequest, left: number): Promise<Omit<ChatReply, 'transportRetries'>> {
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
    // What is left of the call's one deadline, the body included (boundedFetch reads it under this signal).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), left);
    let res: OpenAI.Chat.ChatCompletion;
    try {
      res = await this.#openai.chat.completions.create(params, { signal: abort.signal, timeout: Math.ceil(left) });
    } catch (err) {
      if (abort.signal.aborted || err instanceof OpenAI.APIConnectionTimeoutError) throw new DeadlinePassed();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    // A reply the SDK could not read as JSON comes back as its text (an HTML page, bytes): say what it was.
    if (typeof res !== 'object' || res === null) throw new TransportError(notJsonReason(String(res)), 200);
    const text = res.choices?.[0]?.message?.content ?? '';
    // OpenAI and vLLM (--enable-prompt-tokens-details) say it in usage; llama.cpp's server in its timings.
    const cached = res.usage?.prompt_tokens_details?.cached_tokens ?? (res as { timings?: { cache_n?: unknown } }).timings?.cache_n;
    return { text, promptTokens: res.usage?.prompt_tokens ?? 0, completionTokens: res.usage?.completion_tokens ?? 0, ...(typeof cached === 'number' ? { cachedTokens: cached } : {}) };
  }

  /** Embeddings through the same endpoint (for memory relevance). */
  async embed(texts: string[], model: string): Promise<{ vectors: number[][]; tokens: number }> {
    await this.slots.acquire();
    try {
      const res = await this.#openai.embeddings.create({ model, input: texts, encoding_format: 'float' });
      // Providers may return the items out of order; each carries its index.
      const vectors: number[][] = new Array(texts.length);
      for (const d of res.data) vectors[d.index ?? 0] = d.embedding;
      return { vectors, tokens: res.usage?.prompt_tokens ?? 0 };
    } catch (err) {
      throw new TransportError(describe(err), err instanceof OpenAI.APIError ? err.status : undefined);
    } finally {
      this.slots.release();
    }
  }
}

/** retry-after as seconds or an HTTP date (a wait past the call's deadline is not waited: the call falls back). */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const v = headers?.get('retry-after-ms') ?? null;
  if (v && Number.isFinite(Number(v))) return Math.max(0, Number(v));
  const s = headers?.get('retry-after') ?? null;
  if (!s) return undefined;
  const secs = Number(s);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(s);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** What a GET /models probe found: the model ids the endpoint offers, or the exact error (scrubbed of any key). */
export type ProbeResult = { ok: true; models: string[] } | { ok: false; error: string };

/** A probe waits at most this long (or the call timeout, if shorter). */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * What the endpoint offers: the model ids from GET /models, or the exact error. For "Test
 * connection" and the probe of a saved endpoint on load. An endpoint that answers but has no models
 * list (404, 405) is reachable: `models` is then empty.
 */
export async function probeEndpoint(config: LlmConfig): Promise<ProbeResult> {
  rememberSecret(config.apiKey);
  const timeout = Math.min(config.timeoutMs, PROBE_TIMEOUT_MS);
  const openai = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey || 'no-key', dangerouslyAllowBrowser: true, timeout, maxRetries: 0, fetch: transportFor(config) });
  return listModels(openai, timeout);
}

async function listModels(openai: OpenAI, timeout: number): Promise<ProbeResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeout);
  try {
    const page = await openai.models.list({ signal: abort.signal, timeout });
    return { ok: true, models: page.data.map((m) => String(m.id)).slice(0, 500) };
  } catch (err) {
    if (err instanceof OpenAI.APIError && (err.status === 404 || err.status === 405)) return { ok: true, models: [] };
    return { ok: false, error: scrubSecrets(abort.signal.aborted ? 'the endpoint did not answer within the timeout' : describe(err)) };
  } finally {
    clearTimeout(timer);
  }
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return 'the model did not answer before the timeout';
  if (err instanceof OpenAI.APIConnectionError && (err.cause instanceof NotJson || err.cause instanceof ReplyTooLarge)) return err.cause.message;
  if (err instanceof OpenAI.APIConnectionError) return `cannot reach the endpoint (${err.message})`;
  // The SDK's message starts with the status already ("401 Incorrect API key provided …").
  if (err instanceof OpenAI.APIError) {
    const body = err.message.replace(/^\d{3}\s+/, '');
    const not = notJsonReason(body);
    // An error page (a proxy's 502, a login page) is named, not quoted.
    return /web page|binary/.test(not) ? `endpoint answered ${err.status ?? '?'}: ${not.replace(/^the endpoint answered with /, '')}` : `endpoint answered ${err.status ?? '?'}: ${body}`;
  }
  return err instanceof Error ? err.message : String(err);
}

import { z } from 'zod';
import type { Brain, BrainCall, CallContext } from '../sim/brain/port';
import type { WorldModel } from '../sim/world/types';
import { contractOf, readReply, replySchemaFor } from '../sim/brain/contracts';
import { SHORT_ANSWER } from '../sim/brain/call';
import type { CallAnswer, CallArgs } from '../sim/brain/calls';
import { describeReply } from '../sim/brain/reply';
import { DAY } from '../sim/clock';
import { PROMPT_VARS, promptNameFor } from './calls';
import { render, type Template } from './prompts';
import { extractJson } from './json';
import { CallLog } from './callLog';
import { TransportError, type CallDeadline, type LlmClient } from './client';
import { isInTab } from './inTab/inTab';
import { modelLabel } from './inTab/models';
import { priceOf } from './prices';
import { measurePulseSnapshot } from './pulseSnapshot';

/** Validation retries after the first attempt (the error is fed back each time). */
export const MAX_VALIDATION_RETRIES = 2;
/** A validation retry needs at least this much of the call's deadline left (ms); else the call falls back now. */
const MIN_RETRY_MS = 1000;

const SYSTEM_PROMPT = 'You are simulating a person in a small town called Hamlet. Reply with JSON only, no prose.';
/**
 * Calls whose module sets `shortSystemLine` (the packed call plan's, docs/call-plans.md) open with a shorter line: they are asked about
 * thirty times a persona-day and the line is in every one; what each asks is in its task and prompt,
 * and every prompt ends with "Reply with JSON only: …" (tests/unit/prompts.test.ts). So does the town
 * pulse (the same under both plans), whose prompt says whom the model plays: the town, not a person.
 * The one-question calls keep Smallville's line (faithful reproduces the paper's calls as they were).
 */
const SHORT_SYSTEM_PROMPT = 'A small-town life simulation.';

type Args<K extends BrainCall> = CallArgs<K>;
type Result<K extends BrainCall> = CallAnswer<K>;

/**
 * Calls a persona follows at once with another of its own (a call module's `leadsOn`): the start of its day (then its action's
 * details), Smallville's one-question chains (wake-up hour → daily plan → each hour → …, the seven
 * questions of a new action, revise_identity's four), focal points (then insights). A persona whose
 * answer to one came less than MID_THOUGHT_MS ago (real ms) is in the middle of a thought: its next
 * call waits ahead of calls that start other personas' thoughts, and the slot the answer freed is
 * kept for it for AFFINITY_MS. On a slow model one persona then gets all the way up and out before
 * the next starts, instead of everyone's first call being answered before anyone's second.
 */
const MID_THOUGHT_MS = 5_000;
/** How long a freed slot waits for its persona's next call: the answer takes effect at the next step (a second apart at 1×). */
const AFFINITY_MS = 1_500;

/** The calls asked with a prompt template (every Brain call but embed). */
const PROMPTED_CALLS = Object.keys(PROMPT_VARS) as BrainCall[];

interface LlmBrainOptions {
  /** Answers calls once the day's token budget is spent. */
  offline: Brain;
  /** Called with the ids of personas waiting on the model (for the 💭 bubble). */
  onPending?: (ids: string[]) => void;
  /** Called once when the budget runs out (for a visible notice). */
  onBudgetExceeded?: (message: string) => void;
  /** Other things the player should know about (embeddings unavailable). */
  onNotice?: (message: string) => void;
  wallClock?: () => number;
}

/**
 * The LLM brain: each Brain call renders its prompt template (src/llm/calls.ts: its variables), asks the model for
 * JSON (schema, JSON mode or tolerant extraction), reads it through the call's contract
 * (its module in src/sim/brain/calls/: reply schema, semantic checks, the guard's acceptance) and retries up
 * to MAX_VALIDATION_RETRIES times with the error fed back. A call that still fails throws, so the
 * guard applies its documented fallback and counts it; every attempt is in the call log. Its Brain
 * methods are generated from the table (below the class), so adding a call needs no change here.
 */
// The templated Brain methods are defined on the prototype below the class, one per prompt binding.
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export class LlmBrain {
  readonly log: CallLog;
  private readonly pending = new Map<string, number>();
  /** When each persona last got a reply to a call that leads on (real ms), for the priority of its next call. */
  private readonly lastReply = new Map<string, number>();
  private budgetDay = -1;
  private dayTokens = 0;
  budgetExceeded = false;
  /** Why the endpoint's embeddings are not used any more (a 404 or 400 for the model), if so. */
  embeddingsUnavailable: string | null = null;
  private readonly schemas = new WeakMap<z.ZodObject, { json: Record<string, unknown>; declared: string }>();
  /** The pulse snapshot's size (Brain.measurePulse): that of the sections its town_pulse prompt holds (src/llm/calls.ts). */
  readonly measurePulse = measurePulseSnapshot;

  constructor(
    readonly client: LlmClient,
    private readonly templates: Map<string, Template>,
    private readonly opts: LlmBrainOptions,
  ) {
    this.log = new CallLog(5000, priceOf(client.config.model, client.config.price));
  }

  get name(): string {
    // A model in this tab is named by its file (its URL would fill the top bar).
    return isInTab(this.client.config.baseURL) ? `llm:in-tab:${modelLabel(this.client.config.model)}` : `llm:${this.client.config.model}`;
  }

  /** The offline brain answers, for the same call, what the model failed to answer (the guard asks it; counted as a fallback). */
  get standIn(): Brain {
    return this.opts.offline;
  }

  /** The model reads places from its prompts; the offline brain standing in plans from the map. */
  knowTown(world: WorldModel): void {
    this.opts.offline.knowTown?.(world);
  }

  /** Calls go over the network (so a step does not wait for them), unless the offline brain stands in for the rest of the day. */
  get remote(): boolean {
    // While the breaker is open nothing goes out: the offline stand-in answers at once.
    return !this.budgetExceeded && !this.client.circuitOpen;
  }

  /** Personas with a call in flight. */
  get pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  /** Tokens spent on the current game day. */
  get tokensToday(): number {
    return this.dayTokens;
  }

  private setPending(id: string, delta: number): void {
    const n = (this.pending.get(id) ?? 0) + delta;
    if (n <= 0) this.pending.delete(id);
    else this.pending.set(id, n);
    this.opts.onPending?.([...this.pending.keys()]);
  }

  /** The JSON schema sent to the model and the declared output, from the call's contract. */
  private replyFormat(call: BrainCall, ctx: CallContext, args: readonly unknown[]): { json: Record<string, unknown>; declared: string } {
    const schema = replySchemaFor(call, ctx, args);
    let s = this.schemas.get(schema);
    if (!s) {
      s = { json: z.toJSONSchema(schema) as Record<string, unknown>, declared: describeReply(schema) };
      this.schemas.set(schema, s);
    }
    return s;
  }

  async ask<K extends BrainCall>(call: K, ctx: CallContext, args: Args<K>): Promise<Result<K>> {
    const day = Math.floor(ctx.now / DAY);
    if (day !== this.budgetDay) {
      this.budgetDay = day;
      this.dayTokens = 0;
      this.budgetExceeded = false;
    }
    const budget = this.client.config.tokenBudgetPerDay;
    if (budget > 0 && this.dayTokens >= budget) {
      if (!this.budgetExceeded) {
        this.budgetExceeded = true;
        this.opts.onBudgetExceeded?.(`Token budget of ${budget.toLocaleString('en')} for this game day is spent: the offline brain takes over until tomorrow.`);
      }
      const offline = this.opts.offline[call] as unknown as (c: CallContext, ...a: Args<K>) => Promise<Result<K>>;
      return offline.call(this.opts.offline, ctx, ...args);
    }

    const spec = contractOf(call);
    const vars = PROMPT_VARS[call] as unknown as (c: CallContext, ...a: Args<K>) => Record<string, string>;
    const format = this.replyFormat(call, ctx, args);
    const name = promptNameFor(call, args as unknown[]);
    const template = this.templates.get(name);
    if (!template) throw new Error(`no prompt template "${name}" for ${call}`);
    const promptText = render(template, vars(ctx, ...args));
    const clock = this.opts.wallClock ?? (() => performance.now());
    const t0 = clock();
    const replies: string[] = [];
    const history: { role: 'assistant' | 'user'; content: string }[] = [];
    const tokens: { prompt: number; completion: number; cached?: number } = { prompt: 0, completion: 0 };
    let retries = 0;
    let error = '';
    let parsed: unknown;
    const record = (outcome: 'ok' | 'retried' | 'fallback', err?: string) =>
      this.log.add({
        persona: ctx.persona.id,
        module: call,
        prompt: template.name,
        promptVersion: template.version,
        gameTime: ctx.now,
        promptText,
        replies,
        parsed,
        latencyMs: Math.round(clock() - t0),
        tokens,
        retries,
        outcome,
        error: err,
      });

    this.setPending(ctx.persona.id, 1);
    const since = this.lastReply.get(ctx.persona.id);
    this.lastReply.delete(ctx.persona.id);
    // Mid-thought first (0), then the day's start of someone due at work (0.5–1), then the rest (1).
    const priority = since !== undefined && clock() - since < MID_THOUGHT_MS ? 0 : (spec.priority?.(ctx) ?? 1);
    const leadsOn = spec.leadsOn === true;
    // One deadline for the whole call: its validation retries are asked only in what is left of it.
    const deadline: CallDeadline = {};
    try {
      for (let attempt = 0; attempt <= MAX_VALIDATION_RETRIES; attempt++) {
        let reply;
        try {
          reply = await this.client.chat({
            system: `${spec.shortSystemLine ? SHORT_SYSTEM_PROMPT : SYSTEM_PROMPT}\nTask: ${template.name}\nReply format: ${format.declared}`,
            user: promptText,
            schemaName: template.name,
            jsonSchema: format.json,
            temperature: spec.temperature ?? this.client.config.temperature,
            maxTokens: spec.maxTokens ?? SHORT_ANSWER,
            history,
            // A retry after a reply that did not validate is the middle of a thought too.
            priority: attempt > 0 ? 0 : priority,
            owner: ctx.persona.id,
            holdFor: leadsOn ? AFFINITY_MS : 0,
            deadline,
          });
        } catch (err) {
          const msg = err instanceof TransportError ? err.message : String(err);
          record('fallback', msg);
          throw err;
        }
        retries += reply.transportRetries;
        replies.push(reply.text);
        tokens.prompt += reply.promptTokens;
        tokens.completion += reply.completionTokens;
        if (reply.cachedTokens !== undefined) tokens.cached = (tokens.cached ?? 0) + reply.cachedTokens;
        this.dayTokens += reply.promptTokens + reply.completionTokens;
        const json = extractJson(reply.text);
        if (json === undefined) {
          error = reply.text.trim() ? 'the reply was not valid JSON' : 'the reply was empty';
        } else {
          parsed = json;
          const checked = readReply(call, json, ctx, ...args);
          if (checked.ok) {
            record(attempt === 0 && retries === 0 ? 'ok' : 'retried');
            if (leadsOn) this.lastReply.set(ctx.persona.id, clock());
            return checked.value;
          }
          error = checked.error;
        }
        if (attempt < MAX_VALIDATION_RETRIES && this.client.timeLeft(deadline) < MIN_RETRY_MS) {
          error += ` (no time left in the call's timeout for another try)`;
          break;
        }
        if (attempt < MAX_VALIDATION_RETRIES) {
          retries++;
          history.push({ role: 'assistant', content: reply.text || '(empty)' }, { role: 'user', content: `That reply was not usable: ${error}. Reply again with valid JSON only.` });
        }
      }
      record('fallback', error);
      throw new Error(`${call}: no valid reply after ${replies.length} attempt${replies.length === 1 ? '' : 's'} (${error})`);
    } finally {
      this.setPending(ctx.persona.id, -1);
    }
  }

  /**
   * Embeddings from the endpoint's embeddings model, or the local embedding when none is set
   * (many chat-only servers have none). A failure throws, so the guard falls back to the local
   * embedding and counts it.
   */
  async embed(ctx: CallContext, texts: string[]): Promise<number[][]> {
    const model = this.client.config.embeddingModel;
    if (!model || this.embeddingsUnavailable) return this.opts.offline.embed(ctx, texts);
    const clock = this.opts.wallClock ?? (() => performance.now());
    const t0 = clock();
    const base = { persona: ctx.persona.id, module: 'embed', prompt: 'embeddings', promptVersion: model, gameTime: ctx.now, promptText: texts.join('\n'), replies: [], retries: 0 };
    try {
      const { vectors, tokens } = await this.client.embed(texts, model);
      this.dayTokens += tokens;
      this.log.add({ ...base, parsed: `${vectors.length} vectors of ${vectors[0]?.length ?? 0}`, latencyMs: Math.round(clock() - t0), tokens: { prompt: tokens, completion: 0 }, outcome: 'ok' });
      return vectors;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.add({ ...base, parsed: undefined, latencyMs: Math.round(clock() - t0), tokens: { prompt: 0, completion: 0 }, outcome: 'fallback', error: message });
      // No such model or no embeddings route: asking again won't help. Say so once and go local.
      if (err instanceof TransportError && (err.status === 404 || err.status === 400)) {
        this.embeddingsUnavailable = message;
        this.opts.onNotice?.(`The endpoint has no embeddings model "${model}" (${message}); memories use the local embedding.`);
      }
      throw err;
    }
  }
}

// The templated Brain methods, one per prompt binding: `llm.dailyPlan(ctx, wake)` is `llm.ask('dailyPlan', ctx, [wake])`.
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface LlmBrain extends Omit<Brain, 'name' | 'embed'> {}
for (const call of PROMPTED_CALLS) {
  Object.defineProperty(LlmBrain.prototype, call, {
    value: function (this: LlmBrain, ctx: CallContext, ...args: unknown[]) {
      return this.ask(call, ctx, args as never);
    },
    writable: true,
    configurable: true,
  });
}

import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG, MAX_CONCURRENCY, type LlmConfig } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import type { OfflineBrain } from '../llm/offline/offlineBrain';
import { CliError, choiceOption, numberOption, type Values } from './args';
import { scrubSecrets } from '../llm/secrets';
import type { GuardedBrain } from '../sim/brain/guard';

/** The flags that point a CLI at a model (all optional; the rest need --llm). */
export const LLM_OPTIONS = {
  llm: { type: 'string' },
  model: { type: 'string' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  budget: { type: 'string' },
  'embedding-model': { type: 'string' },
  structured: { type: 'string' },
} as const;

/** `--calls`: the call plan, offline or on a model. */
export const CALLS_OPTION = { calls: { type: 'string' } } as const;

const STRUCTURED: readonly LlmConfig['structuredOutput'][] = ['json_schema', 'json_object', 'none'];
import { defaultCallPlan, parseCallPlan, type CallPlan } from '../sim/brain/callPlan';

/** `--calls packed|faithful` (docs/call-plans.md); without it, packed on a model and faithful on the offline brain. */
export function callPlanFromArgs(calls: string | undefined, onModel: boolean): CallPlan {
  if (calls === undefined) return defaultCallPlan(onModel);
  try {
    return parseCallPlan(calls, '--calls');
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
}

/**
 * The LLM brain the command line asks for (`--llm BASE_URL --model NAME …`, key from OPENAI_API_KEY),
 * or null when there is no `--llm`. Every value is checked first (a bad one is an error naming its
 * flag). Notices (429 waits, budget spent, endpoint down) go to stderr.
 */
export function llmBrainFromArgs(args: Values<typeof LLM_OPTIONS>, offline: OfflineBrain): LlmBrain | null {
  const config = llmConfigFromArgs(args);
  if (!config) return null;
  const client = new LlmClient(config, {
    onRateLimit: (ms) => process.stderr.write(`\n429: waiting ${ms} ms\n`),
    onRateLimitOver: () => process.stderr.write('\nThe rate limit is over: calls succeed again\n'),
    // The circuit breaker: say when the endpoint stops answering (the offline brain stands in) and when it is back.
    onHealth: (h) =>
      process.stderr.write(
        h.state === 'down'
          ? `\nThe model at ${config.baseURL} is not answering (${h.reason}): retrying in ${Math.ceil((h.retryAt - Date.now()) / 1000)} s; the offline brain answers meanwhile\n`
          : `\nThe model at ${config.baseURL} answers again\n`,
      ),
  });
  return new LlmBrain(client, loadPromptsNode(), {
    offline,
    onBudgetExceeded: (m) => process.stderr.write(`\n${m}\n`),
    onNotice: (m) => process.stderr.write(`\n${m}\n`),
  });
}

/**
 * Say on stderr why calls fall back, which the counts alone do not: when 5 calls in a row have
 * fallen back (an endpoint that answers, but nothing usable), the first reason and how many of
 * them it failed; when usable replies come again; and at the end of the run, the reasons of every
 * fallback. Scrubbed of secrets, as every text from an endpoint.
 */
export function reportFallbacks(brain: GuardedBrain, llm: LlmBrain): { summary: () => string | null } {
  const url = scrubSecrets(llm.client.config.baseURL);
  brain.reasons.onRun = (run) =>
    process.stderr.write(`\n${run.calls} calls in a row to the model at ${url} fell back to the offline brain, which answers them: ${run.first.count} of them because ${quoteReason(run.first.reason)}${run.reasons.length > 1 ? ` (${run.reasons.length - 1} other reason${run.reasons.length > 2 ? 's' : ''})` : ''}\n`);
  brain.reasons.onRunOver = (calls) => process.stderr.write(`\nThe model at ${url} gives usable replies again (after ${calls} calls in a row fell back)\n`);
  return {
    summary: () => {
      const t = brain.reasons.total;
      if (!t.first) return null;
      const total = t.reasons.reduce((n, r) => n + r.count, 0);
      const rest = t.reasons.filter((r) => r.reason !== t.first?.reason);
      const others = rest.length > 0 ? `; other reasons: ${rest.slice(0, 3).map((r) => `${quoteReason(r.reason)} (${r.count})`).join(', ')}${rest.length > 3 ? `, and ${rest.length - 3} more` : ''}` : '';
      return `Why ${total} call${total === 1 ? '' : 's'} fell back to the offline brain: first ${quoteReason(t.first.reason)} (${t.first.count} of them)${others}`;
    },
  };
}

/** A fallback reason as quoted on stderr: scrubbed, on one line. */
function quoteReason(reason: string): string {
  return `"${scrubSecrets(reason).replace(/\s+/g, ' ')}"`;
}

/** The model named by --llm does not answer: nothing was run (no usage text: the arguments were fine). */
export class UnreachableModel extends Error {
  override name = 'UnreachableModel';
}

/**
 * Probe the endpoint (GET /models) before the run hands it any work: a model that does not answer is
 * named and the run does not start, rather than a whole run quietly made by the offline stand-in.
 */
export async function checkReachable(llm: LlmBrain): Promise<void> {
  const r = await llm.client.probe();
  if (!r.ok) throw new UnreachableModel(`The model at ${llm.client.config.baseURL} is not answering (${r.error}); nothing was run. Start it or check --llm (without --llm the offline brain runs the town).`);
}

/** The model settings from the flags, or null without --llm; throws a CliError naming a bad flag. */
export function llmConfigFromArgs(args: Values<typeof LLM_OPTIONS>): LlmConfig | null {
  const url = args.llm;
  if (url === undefined) {
    const stray = (Object.keys(LLM_OPTIONS) as (keyof typeof LLM_OPTIONS)[]).find((k) => args[k] !== undefined);
    if (stray) throw new CliError(`--${stray} needs --llm BASE_URL`);
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`--llm must be a base URL like http://127.0.0.1:11434/v1, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError(`--llm must be an http:// or https:// URL, got "${url}"`);
  if (!args.model) throw new CliError('--llm needs --model NAME');
  return {
    ...DEFAULT_CONFIG,
    baseURL: url,
    model: args.model,
    apiKey: process.env.OPENAI_API_KEY,
    concurrency: numberOption('concurrency', args.concurrency, DEFAULT_CONFIG.concurrency, { integer: true, min: 1, max: MAX_CONCURRENCY }),
    timeoutMs: numberOption('timeout', args.timeout, DEFAULT_CONFIG.timeoutMs / 1000, { above: 0, max: 3600 }) * 1000,
    tokenBudgetPerDay: numberOption('budget', args.budget, 0, { integer: true, min: 0 }),
    embeddingModel: args['embedding-model'] ?? '',
    structuredOutput: choiceOption('structured', args.structured, STRUCTURED, DEFAULT_CONFIG.structuredOutput),
  };
}

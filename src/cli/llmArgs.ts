import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG, type LlmConfig } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import type { OfflineBrain } from '../llm/offline/offlineBrain';
import { CliError, choiceOption, numberOption, type Values } from './args';

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
    concurrency: numberOption('concurrency', args.concurrency, DEFAULT_CONFIG.concurrency, { integer: true, min: 1, max: 64 }),
    timeoutMs: numberOption('timeout', args.timeout, DEFAULT_CONFIG.timeoutMs / 1000, { above: 0, max: 3600 }) * 1000,
    tokenBudgetPerDay: numberOption('budget', args.budget, 0, { integer: true, min: 0 }),
    embeddingModel: args['embedding-model'] ?? '',
    structuredOutput: choiceOption('structured', args.structured, STRUCTURED, DEFAULT_CONFIG.structuredOutput),
  };
}

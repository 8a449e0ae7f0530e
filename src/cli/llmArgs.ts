import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG, type LlmConfig } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import type { OfflineBrain } from '../llm/offline/offlineBrain';
import { numberArg } from './args';
import { defaultCallPlan, parseCallPlan, type CallPlan } from '../sim/brain/callPlan';

/** `--calls packed|faithful` (docs/call-plans.md); without it, packed on a model and faithful on the offline brain. */
export function callPlanFromArgs(args: Map<string, string | true>, onModel: boolean): CallPlan {
  const v = args.get('calls');
  if (v === undefined) return defaultCallPlan(onModel);
  return parseCallPlan(v === true ? '' : v, '--calls');
}

/**
 * The LLM brain the command line asks for (`--llm BASE_URL --model NAME …`, key from OPENAI_API_KEY),
 * or null when there is no `--llm`. Notices (429 waits, budget spent, endpoint down) go to stderr.
 */
export function llmBrainFromArgs(args: Map<string, string | true>, offline: OfflineBrain): LlmBrain | null {
  const llmUrl = args.get('llm');
  if (llmUrl === undefined) return null;
  if (typeof llmUrl !== 'string') throw new Error('--llm needs a base URL, e.g. --llm http://127.0.0.1:11434/v1');
  const model = args.get('model');
  if (typeof model !== 'string') throw new Error('--llm needs --model NAME');
  const config: LlmConfig = {
    ...DEFAULT_CONFIG,
    baseURL: llmUrl,
    model,
    apiKey: process.env.OPENAI_API_KEY,
    concurrency: numberArg(args, 'concurrency', DEFAULT_CONFIG.concurrency),
    timeoutMs: numberArg(args, 'timeout', DEFAULT_CONFIG.timeoutMs / 1000) * 1000,
    tokenBudgetPerDay: numberArg(args, 'budget', 0),
    embeddingModel: typeof args.get('embedding-model') === 'string' ? String(args.get('embedding-model')) : '',
    structuredOutput: (args.get('structured') as LlmConfig['structuredOutput']) ?? DEFAULT_CONFIG.structuredOutput,
  };
  const client = new LlmClient(config, {
    onRateLimit: (ms) => process.stderr.write(`\n429: waiting ${ms} ms\n`),
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

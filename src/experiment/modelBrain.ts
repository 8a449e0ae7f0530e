import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG, type LlmConfig } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import { RecordedCallsClient, type RecordedCall } from '../llm/recordedCalls';
import type { OfflineBrain } from '../llm/offline/offlineBrain';
import type { ExperimentConfig, ModelBrainConfig } from './config';
import { readRecordedCalls } from './recording';

/** The model settings of an experiment's brain (the key from OPENAI_API_KEY, never from the config). */
export function llmConfigOf(b: ModelBrainConfig): LlmConfig {
  return {
    ...DEFAULT_CONFIG,
    baseURL: b.llm,
    model: b.model,
    apiKey: process.env.OPENAI_API_KEY,
    concurrency: b.concurrency ?? DEFAULT_CONFIG.concurrency,
    timeoutMs: (b.timeoutSeconds ?? DEFAULT_CONFIG.timeoutMs / 1000) * 1000,
    tokenBudgetPerDay: b.budget ?? 0,
    structuredOutput: b.structured ?? DEFAULT_CONFIG.structuredOutput,
    temperature: b.temperature ?? DEFAULT_CONFIG.temperature,
    callPlan: b.calls ?? 'packed',
  };
}

const recordings = new Map<string, Promise<{ brain: string; calls: RecordedCall[] }>>();

/**
 * The model brain of one run: the endpoint the config names, or the recording's replies
 * (replayCalls), the calls it lacks going to the endpoint when there is one, else to the offline brain.
 */
export async function modelBrainFor(c: ExperimentConfig, offline: OfflineBrain): Promise<{ brain: LlmBrain; unrecorded: () => number } | null> {
  const endpoint = c.brain === 'offline' ? null : llmConfigOf(c.brain);
  if (!c.replayCalls) {
    if (!endpoint) return null;
    return { brain: new LlmBrain(new LlmClient(endpoint), loadPromptsNode(), { offline }), unrecorded: () => 0 };
  }
  const path = c.replayCalls;
  let pending = recordings.get(path);
  if (!pending) recordings.set(path, (pending = readRecordedCalls(path)));
  const rec = await pending;
  const config = endpoint ?? { ...DEFAULT_CONFIG, baseURL: 'http://127.0.0.1:9/v1', model: rec.brain.replace(/^llm:/, '') };
  const client = new RecordedCallsClient(config, rec.calls, endpoint ? new LlmClient(endpoint) : null);
  return { brain: new LlmBrain(client, loadPromptsNode(), { offline }), unrecorded: () => client.unrecorded.length };
}

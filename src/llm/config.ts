import type { CallPlan } from '../sim/brain/callPlan';

/** How the LLM brain reaches a model. The API key is never persisted with the rest (see settings). */
export interface LlmConfig {
  baseURL: string;
  model: string;
  /** Optional: local servers need none; the dev proxy adds the server's own. */
  apiKey?: string;
  temperature: number;
  /** Calls in flight at once (across personas), 1..MAX_CONCURRENCY; 429s lower it for a while (src/llm/slots.ts). */
  concurrency: number;
  timeoutMs: number;
  /** Tokens per game day; past it the town falls back to the offline brain. 0 = unlimited. */
  tokenBudgetPerDay: number;
  /** How to ask for JSON: a JSON schema, plain JSON mode, or only the prompt's instructions. */
  structuredOutput: 'json_schema' | 'json_object' | 'none';
  /** Embeddings model on the same endpoint for memory relevance; '' uses the local embedding. */
  embeddingModel: string;
  /** Price per million tokens (input, output) in dollars, for the cost estimate. */
  price: { input: number; output: number };
  /** How the town asks the model: packed calls (fewer, larger) or faithful (one Smallville call per question); docs/call-plans.md. */
  callPlan: CallPlan;
}

/** The most calls in flight to one endpoint: a vLLM server or a router in front of several serves this many. */
export const MAX_CONCURRENCY = 256;

export type PresetName = 'openai' | 'ollama' | 'lmstudio' | 'vllm' | 'openrouter';

export const PRESETS: Record<PresetName, Pick<LlmConfig, 'baseURL' | 'model' | 'structuredOutput' | 'price' | 'embeddingModel'> & { label: string; needsKey: boolean }> = {
  openai: { label: 'OpenAI', baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini', embeddingModel: 'text-embedding-3-small', structuredOutput: 'json_schema', price: { input: 0.15, output: 0.6 }, needsKey: true },
  ollama: { label: 'Ollama (local)', baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b', embeddingModel: 'nomic-embed-text', structuredOutput: 'json_object', price: { input: 0, output: 0 }, needsKey: false },
  lmstudio: { label: 'LM Studio (local)', baseURL: 'http://127.0.0.1:1234/v1', model: 'local-model', embeddingModel: '', structuredOutput: 'json_schema', price: { input: 0, output: 0 }, needsKey: false },
  vllm: { label: 'vLLM', baseURL: 'http://127.0.0.1:8000/v1', model: 'Qwen/Qwen2.5-7B-Instruct', embeddingModel: '', structuredOutput: 'json_schema', price: { input: 0, output: 0 }, needsKey: false },
  openrouter: { label: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini', embeddingModel: '', structuredOutput: 'json_object', price: { input: 0.15, output: 0.6 }, needsKey: true },
};

export const DEFAULT_CONFIG: Omit<LlmConfig, 'baseURL' | 'model'> = {
  temperature: 0.7,
  concurrency: 4,
  timeoutMs: 60_000,
  tokenBudgetPerDay: 2_000_000,
  structuredOutput: 'json_schema',
  embeddingModel: '',
  price: { input: 0, output: 0 },
  callPlan: 'packed',
};

export function configFromPreset(name: PresetName, over: Partial<LlmConfig> = {}): LlmConfig {
  const p = PRESETS[name];
  return { ...DEFAULT_CONFIG, baseURL: p.baseURL, model: p.model, embeddingModel: p.embeddingModel, structuredOutput: p.structuredOutput, price: p.price, ...over };
}

/** The config without its secret, safe to save, log or record. */
export function publicConfig(c: LlmConfig): Omit<LlmConfig, 'apiKey'> {
  const { apiKey: _secret, ...rest } = c;
  return rest;
}

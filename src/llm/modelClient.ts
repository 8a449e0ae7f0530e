import type { LlmConfig } from './config';
import type { ProbeResult } from './client';

/**
 * The model client (the openai SDK, client.ts, the LLM brain and its prompt files, ~50 KB gzip) is a
 * chunk of its own: the page loads it when a model is first probed or used, so a first visit on the
 * offline brain never does (scripts/bundleSize.ts; tests/browser/bundle.test.ts keeps it out of the
 * first load). The page reaches the model client through this file only.
 */
async function load() {
  const { LlmClient, LlmBrain, loadPromptsBrowser, probeEndpoint } = await import('./modelKit');
  return { LlmClient, LlmBrain, loadPromptsBrowser, probeEndpoint };
}

type ModelClient = Awaited<ReturnType<typeof load>>;
let loaded: ModelClient | null = null;

/** The model client, fetched on the first call. */
export async function loadModelClient(): Promise<ModelClient> {
  loaded ??= await load();
  return loaded;
}

/** The model client if it has loaded (then a switch to a model needs no wait), else null. */
export function loadedModelClient(): ModelClient | null {
  return loaded;
}

/** GET /models on an endpoint (client.ts `probeEndpoint`), the model client loaded first. */
export async function probeEndpoint(config: LlmConfig): Promise<ProbeResult> {
  return (await loadModelClient()).probeEndpoint(config);
}

import type { HamletStore } from '../store/store';
import type { LlmConfig } from '../llm/config';
import type { ProbeResult } from '../llm/client';
import { probeEndpoint } from '../llm/modelClient';
import { scrubSecrets } from '../llm/secrets';

/**
 * A model endpoint saved in the settings is probed (GET /models) before the town hands it any work:
 * when it answers, the town switches to it; when it does not, the town stays on the offline brain and
 * the page's banner names the endpoint and the error, with a way to retry. Never silently used.
 * Resolves to whether the model is now in use.
 */
export async function useIfReachable(config: LlmConfig, store: HamletStore, use: (config: LlmConfig) => void, probe: (config: LlmConfig) => Promise<ProbeResult> = probeEndpoint): Promise<boolean> {
  const baseURL = scrubSecrets(config.baseURL);
  store.setState({ endpoint: { state: 'checking', baseURL } });
  const result = await probe(config);
  // Something else was chosen meanwhile (another model applied, or the offline brain): that stands.
  const shown = store.getState().endpoint;
  if (shown?.state !== 'checking' || shown.baseURL !== baseURL) return false;
  if (!result.ok) {
    store.setState({ endpoint: { state: 'unreachable', baseURL, reason: result.error } });
    return false;
  }
  store.setState({ endpoint: null });
  use(config);
  return true;
}

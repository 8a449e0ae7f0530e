import type { HamletStore } from '../store/store';
import type { LlmConfig } from '../llm/config';
import type { ProbeResult } from '../llm/client';
import { probeEndpoint } from '../llm/modelClient';
import { scrubSecrets } from '../llm/secrets';
import type { SaveSettings } from '../save/saveFile';

/**
 * The brain settings a loaded save names are a suggestion, never a switch (docs/saves.md): a save
 * is a file anyone can write, and its endpoint could be anyone's. The town keeps the brain it has;
 * a save made on another endpoint is offered in the endpoint banner ("use it?"), and only when the
 * player says yes is that endpoint probed and then used — without the key typed in this tab, which
 * belongs to the endpoint it was typed for. A key for the save's endpoint is given in ⚙ Brain.
 */

/** Two base URLs name the same endpoint (a trailing slash or the host's case aside). */
function sameEndpoint(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const p = new URL(u);
      return `${p.protocol}//${p.host.toLowerCase()}${p.pathname.replace(/\/+$/, '')}${p.search}`;
    } catch {
      return u.trim().replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** The offer's sentence in the banner. */
export function offerText(baseURL: string): string {
  return `This save was made with the model at ${baseURL}: use it? (your key is not sent until you say so)`;
}

interface OfferHost {
  store: HamletStore;
  /** The model the town uses now (null: the offline brain). */
  current(): LlmConfig | null;
  /** Switch the town to a model (after the player agreed and the probe answered). */
  use(config: LlmConfig): void;
  /** GET /models on the endpoint (injected for tests). */
  probe?: (config: LlmConfig) => Promise<ProbeResult>;
}

/** The offer of a save's model: made when a save is adopted, answered from the banner. */
export class SavedBrainOffer {
  private offered: LlmConfig | null = null;

  constructor(private readonly host: OfferHost) {}

  /**
   * A save was loaded: keep the current brain, and offer the save's model when it names another
   * endpoint than the one in use. Nothing is sent anywhere here.
   */
  saveLoaded(settings: SaveSettings | null): void {
    this.offered = null;
    if (!settings?.enabled) return;
    const current = this.host.current();
    if (current && sameEndpoint(current.baseURL, settings.config.baseURL)) return;
    // A fresh object with the save's fields and no key, whatever the file held.
    this.offered = { ...settings.config, apiKey: undefined };
    this.host.store.setState({ endpoint: { state: 'offered', baseURL: scrubSecrets(settings.config.baseURL), model: scrubSecrets(settings.config.model) } });
  }

  /** Is an offer waiting for the player's answer? */
  get pending(): boolean {
    return this.offered !== null && this.host.store.getState().endpoint?.state === 'offered';
  }

  /**
   * "Use it": probe the save's endpoint (no key), then switch to it if it answers; if it does not,
   * the town keeps its current brain and a notice says why. Resolves to whether it is now in use.
   */
  async accept(): Promise<boolean> {
    const config = this.offered;
    this.offered = null;
    if (!config) return false;
    const { store } = this.host;
    const baseURL = scrubSecrets(config.baseURL);
    store.setState({ endpoint: { state: 'checking', baseURL } });
    const result = await (this.host.probe ?? probeEndpoint)(config);
    // Something else was chosen meanwhile (a model applied in ⚙ Brain, another save): that stands.
    const shown = store.getState().endpoint;
    if (shown?.state !== 'checking' || shown.baseURL !== baseURL) return false;
    store.setState({ endpoint: null });
    if (!result.ok) {
      store.setState({ notice: `The model at ${baseURL} did not answer (${result.error}): the town keeps its current brain.` });
      return false;
    }
    this.host.use(config);
    return true;
  }

  /** "Keep the current brain": the offer goes, nothing was sent. */
  decline(): void {
    this.offered = null;
    if (this.host.store.getState().endpoint?.state === 'offered') this.host.store.setState({ endpoint: null });
  }
}

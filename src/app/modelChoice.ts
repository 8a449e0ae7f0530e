import type { HamletStore } from '../store/store';
import type { LlmConfig } from '../llm/config';
import type { LiveTown } from './liveTown';
import { useIfReachable } from './savedModel';

/**
 * Which model the page's town runs on: one applied in ⚙ Brain on this page is used at once; one
 * switched on in an earlier visit is probed first (src/app/savedModel.ts) and meanwhile, and if it does
 * not answer, the offline brain runs the town. A save's model is only offered (src/app/saveBrain.ts).
 */
export class ModelChoice {
  /** The model switched on in an earlier visit, not yet probed (null once anything is chosen here). */
  private remembered: LlmConfig | null;
  /** The saved model probed last, probed again by the banner's "Retry". */
  private probed: LlmConfig | null = null;

  constructor(
    private readonly town: LiveTown,
    private readonly store: HamletStore,
    remembered: LlmConfig | null,
  ) {
    this.remembered = remembered;
  }

  /** Run the town on this model (null: offline), now and for every town after. */
  use(config: LlmConfig | null): void {
    this.remembered = null;
    this.town.useBrain(config);
  }

  /** The model the page would run on: the one in use, else the one remembered. */
  get configured(): LlmConfig | null {
    return this.town.brainConfig ?? this.remembered;
  }

  /**
   * What the first town runs on: nothing but the offline brain unless it wants a model; then the one
   * in use, else the remembered one, returned to be probed (probe()) once the banner is up.
   */
  firstTown(wantModel: boolean): LlmConfig | null {
    if (!wantModel) this.town.useBrain(null);
    return wantModel && !this.town.brainConfig ? this.remembered : null;
  }

  /** Probe a saved model and switch to it when it answers (the banner shows how it goes). */
  probe(config: LlmConfig): void {
    this.probed = config;
    void useIfReachable(config, this.store, (c) => this.use(c));
  }

  /** The banner's "Retry now": the unreachable saved model again, or the model whose endpoint is down. */
  retry(): void {
    if (this.store.getState().endpoint?.state === 'unreachable' && this.probed) this.probe(this.probed);
    else this.town.retryBrain();
  }
}

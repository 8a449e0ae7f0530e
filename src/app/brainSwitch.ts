import type { Simulation } from '../sim/simulation';
import type { HamletStore } from '../store/store';
import type { LlmConfig } from '../llm/config';
import { LlmClient } from '../llm/client';
import { LlmBrain } from '../llm/llmBrain';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { loadPromptsBrowser } from '../llm/promptsBrowser';
import type { PersonaSpec } from '../sim/persona/schema';
import { defaultCallPlan, type CallPlan } from '../sim/brain/callPlan';

/**
 * Switches the running town between the offline brain and an LLM brain, and mirrors the LLM's
 * state (pending calls, totals, notices) into the store for the view.
 */
export class BrainSwitch {
  private readonly offline: OfflineBrain;
  llm: LlmBrain | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly sim: Simulation,
    private readonly store: HamletStore,
    seed: number,
    personas: PersonaSpec[],
    /** `?calls=`: the call plan whatever the brain and its settings say. */
    private readonly callPlanOverride: CallPlan | null = null,
  ) {
    this.offline = new OfflineBrain(seed, personas);
    if (callPlanOverride) {
      sim.setCallPlan(callPlanOverride);
      store.setState({ callPlan: callPlanOverride });
    }
  }

  use(config: LlmConfig | null): void {
    // Packed on a model unless the settings say otherwise; faithful on the offline brain (its calls cost nothing).
    const plan = this.callPlanOverride ?? (config ? (config.callPlan ?? defaultCallPlan(true)) : defaultCallPlan(false));
    this.sim.setCallPlan(plan);
    this.store.setState({ callPlan: plan });
    if (!config) {
      this.llm = null;
      this.sim.brain.setInner(this.offline);
      this.sim.brain.fallbackBrain = null;
      this.store.setState({ brainName: this.offline.name, thinking: [], notice: null, llm: null });
      return;
    }
    const client = new LlmClient(config, {
      onRateLimit: (ms) => this.store.setState({ notice: `The model is rate limiting us (429): waiting ${Math.ceil(ms / 1000)} s.` }),
    });
    this.llm = new LlmBrain(client, loadPromptsBrowser(), {
      offline: this.offline,
      onPending: () => this.showThinking(),
      onBudgetExceeded: (message) => this.store.setState({ notice: message }),
      onNotice: (message) => this.store.setState({ notice: message }),
    });
    // A step on a model can take minutes (the first plans a whole day): show the calls as they come.
    this.llm.log.listeners.add(() => this.refreshSoon());
    this.sim.brain.setInner(this.llm);
    // A call the model fails is answered by the offline brain, through the same contract (counted).
    this.sim.brain.fallbackBrain = this.offline;
    this.store.setState({ brainName: this.llm.name, notice: null });
  }

  /**
   * The personas shown with 💭: those with a call in flight, and those whose thinking outlasts a step
   * (an answer arrived and takes effect at the next step, or a chat partner's lines are being written).
   */
  showThinking(): void {
    const ids = new Set([...(this.llm?.pendingIds ?? []), ...[...this.sim.thinking].map((p) => p.id)]);
    const was = this.store.getState().thinking;
    if (was.length === ids.size && was.every((id) => ids.has(id))) return;
    this.store.setState({ thinking: [...ids] });
  }

  /** Refresh the totals at most four times a second while calls come in. */
  private refreshSoon(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.refreshTotals();
    }, 250);
  }

  /** Totals for the HUD (after each step, and as calls come in). */
  refreshTotals(): void {
    if (!this.llm) return;
    const t = this.llm.log.totals;
    this.store.setState({ llm: { calls: t.calls, tokens: t.promptTokens + t.completionTokens, cost: t.cost, fallbacks: this.sim.brain.fallbackTotal } });
  }
}

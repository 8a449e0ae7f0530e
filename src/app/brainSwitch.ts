import type { Simulation } from '../sim/simulation';
import type { HamletStore } from '../store/store';
import type { LlmConfig } from '../llm/config';
import type { EndpointHealth, LlmClient } from '../llm/client';
import { scrubSecrets } from '../llm/secrets';
import type { LlmBrain } from '../llm/llmBrain';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { loadedModelClient, loadModelClient } from '../llm/modelClient';
import type { PersonaSpec } from '../sim/persona/schema';
import { defaultCallPlan, type CallPlan } from '../sim/brain/callPlan';

/**
 * Switches the running town between the offline brain and an LLM brain, and mirrors the LLM's
 * state (pending calls, totals, notices, the endpoint's health) into the store for the view. While
 * the endpoint is down (the client's circuit breaker is open) it probes the endpoint when each pause
 * ends, so the banner goes away as soon as the model answers, whether or not the town has a call to make.
 */
export class BrainSwitch {
  private readonly offline: OfflineBrain;
  llm: LlmBrain | null = null;
  /** The model's brain the town used last, kept after a switch to the offline brain: its calls stay in the Brain tab. */
  private lastLlm: LlmBrain | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** Counts use() calls: a model whose client finishes loading after a later choice is not switched to. */
  private uses = 0;

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

  /** The calls to show (the inspector's Brain tab): the model's now, or the last model's after "Use the offline brain". */
  get calls(): LlmBrain | null {
    return this.llm ?? this.lastLlm;
  }

  /**
   * Run the town on a model (null: the offline brain). The offline brain takes over at once, and so does a
   * model once the model client has loaded (src/llm/modelClient.ts: fetched on first use; meanwhile the
   * town goes on as it was). Resolves to the model's brain now running the town, or null (the offline
   * brain, or a later choice came first).
   */
  async use(config: LlmConfig | null): Promise<LlmBrain | null> {
    this.stopProbing();
    const use = ++this.uses;
    if (!config) {
      this.setPlan(null);
      this.lastLlm = this.llm ?? this.lastLlm;
      this.llm = null;
      this.sim.brain.setInner(this.offline);
      this.store.setState({ brainName: this.offline.name, thinking: [], notice: null, llm: null, endpoint: null });
      return null;
    }
    // Loaded already (a probe or an earlier model loads it): the switch happens within this call.
    const { LlmClient, LlmBrain, loadPromptsBrowser } = loadedModelClient() ?? (await loadModelClient());
    if (this.disposed || use !== this.uses) return null;
    this.setPlan(config);
    // The 429 notice stays while the endpoint keeps limiting us and goes once a call sent after it succeeds.
    let rateNotice: string | null = null;
    const client: LlmClient = new LlmClient(config, {
      onRateLimit: (ms) => {
        if (this.llm?.client !== client) return;
        rateNotice = `The model is rate limiting us (429): waiting ${Math.ceil(ms / 1000)} s.`;
        this.store.setState({ notice: rateNotice });
      },
      onRateLimitOver: () => {
        if (this.llm?.client === client && rateNotice !== null && this.store.getState().notice === rateNotice) this.store.setState({ notice: null });
        rateNotice = null;
      },
      onHealth: (h) => this.healthChanged(client, h),
    });
    this.llm = new LlmBrain(client, loadPromptsBrowser(), {
      offline: this.offline,
      onPending: () => this.showThinking(),
      onBudgetExceeded: (message) => this.store.setState({ notice: message }),
      onNotice: (message) => this.store.setState({ notice: message }),
    });
    // A step on a model can take minutes (the first plans a whole day): show the calls as they come.
    this.llm.log.listeners.add(() => this.refreshSoon());
    // A call the model fails is answered by its stand-in, the offline brain, through the same contract (counted).
    this.sim.brain.setInner(this.llm);
    this.store.setState({ brainName: this.llm.name, notice: null, endpoint: null });
    return this.llm;
  }

  /** Packed on a model unless the settings say otherwise; faithful on the offline brain (its calls cost nothing). */
  private setPlan(config: LlmConfig | null): void {
    const plan = this.callPlanOverride ?? (config ? (config.callPlan ?? defaultCallPlan(true)) : defaultCallPlan(false));
    this.sim.setCallPlan(plan);
    this.store.setState({ callPlan: plan });
  }

  /** The breaker opened (the banner counts down to the next probe) or closed (the banner goes). */
  private healthChanged(client: LlmClient, h: EndpointHealth): void {
    // A client this switch no longer uses (another model was chosen, or a new town took over) is not shown.
    if (this.disposed || this.llm?.client !== client) return;
    this.stopProbing();
    if (h.state === 'ok') {
      // Back up: what fell back while it was down is no run of unusable replies (the next refresh would show one).
      this.sim.brain.reasons.restart();
      this.store.setState({ endpoint: null });
      return;
    }
    this.store.setState({ endpoint: { state: 'down', baseURL: scrubSecrets(client.config.baseURL), reason: h.reason, retryAt: h.retryAt, retrying: false } });
    this.probeTimer = setTimeout(() => void this.retryNow(), Math.max(0, h.retryAt - Date.now()));
  }

  /** Probe the endpoint now (the banner's "Retry now", or the breaker's pause ran out); the answer updates the banner. */
  async retryNow(): Promise<void> {
    const client = this.llm?.client;
    const shown = this.store.getState().endpoint;
    if (!client || client.health.state === 'ok' || (shown?.state === 'down' && shown.retrying)) return;
    this.stopProbing();
    if (shown?.state === 'down') this.store.setState({ endpoint: { ...shown, retrying: true } });
    client.retryNow();
    await client.probe();
  }

  private stopProbing(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  /** This switch's town is replaced by another: no more probes or banners from it. */
  dispose(): void {
    this.disposed = true;
    this.stopProbing();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
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
    this.showUnusableReplies(this.llm);
  }

  /**
   * Calls in a row fall back while the endpoint is not down (an endpoint that answers garbage): the
   * banner says so, and why (the run's first reason, scrubbed). The other endpoint notices (checking,
   * unreachable, down) come first; the banner goes once a call gets a usable answer.
   */
  private showUnusableReplies(llm: LlmBrain): void {
    const shown = this.store.getState().endpoint;
    if (this.disposed || (shown && shown.state !== 'unreadable')) return;
    const run = llm.client.circuitOpen ? null : this.sim.brain.reasons.run;
    if (!run) {
      if (shown) this.store.setState({ endpoint: null });
      return;
    }
    const reason = scrubSecrets(run.first.reason);
    if (shown && shown.calls === run.calls && shown.shared === run.first.count && shown.reason === reason) return;
    this.store.setState({ endpoint: { state: 'unreadable', baseURL: scrubSecrets(llm.client.config.baseURL), reason, calls: run.calls, shared: run.first.count } });
  }
}

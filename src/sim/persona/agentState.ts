import type { ActionId } from './actionIds';

/** Credits in every persona's wallet at the start (docs/economy.md#money-and-goods). */
const START_CREDITS = 100;

/** A persona's money and goods (docs/economy.md#money-and-goods): a balance, the day and job of its last check-in, what it holds. */
export interface Wallet {
  credits: number;
  /** Day index (days since the epoch) of the last check-in, or null. */
  checkedInDay: number | null;
  /** Id of the job of that check-in (src/sim/economy/economy.ts), or null. */
  jobId: number | null;
  /** Item name → how many the persona holds (bought, not yet eaten or used). */
  holdings: Record<string, number>;
  /** The shop and game time of the last purchase: a BUY there within the hour is the same purchase (src/sim/actions/registry.ts samePurchase). */
  lastPurchase: { sector: string; at: number } | null;
}

/** One entry of short-term memory: a decision that was executed. */
export interface DecisionRecord {
  action: ActionId;
  target: string;
  reason: string;
  /** Game ms. */
  time: number;
  /** How it came about: chosen by the brain, resolved from the planner, the scene default, the player, or the town's hourly pulse. */
  source: 'brain' | 'plan' | 'default' | 'player' | 'pulse';
}

/** Counters per persona (summed town-wide by townActionTotals). */
export interface ActionStats {
  /** Decisions taken (registry) or planner actions checked (generative). */
  decisions: number;
  /** Answers or planner actions refused by validation. */
  rejections: number;
  /** Times the brain was asked again after a rejection. */
  retries: number;
  /** Times the scene default ran instead. */
  defaults: number;
}

/**
 * Who decides a persona's actions: Smallville's full cognition, the registry brain's one call per
 * decision, or a person at the keyboard (the player's resident, src/sim/player).
 */
export type BrainMode = 'generative' | 'registry' | 'human';

/** The action layer's per-persona state: plain data, so snapshots carry it as it is. */
export interface AgentState {
  mode: BrainMode;
  wallet: Wallet;
  /** The last SHORT_TERM_SIZE executed decisions, oldest first. */
  recent: DecisionRecord[];
  /** Action id → game ms it was last started (for cooldowns). */
  lastStarted: Partial<Record<ActionId, number>>;
  stats: ActionStats;
  /** Why the last rejected action was refused (for the inspector), or null. */
  lastRejection: string | null;
  /**
   * A check-in or purchase decided but not yet paid: money changes hands only when the payer has
   * arrived at the place (src/sim/actions/payOnArrival.ts); dropped if the action changes first.
   */
  pendingPayment: PendingPayment | null;
}

/** A CHECK_IN or BUY waiting for its payer to arrive: the action, its target, when it started, and why. */
interface PendingPayment {
  action: 'CHECK_IN' | 'BUY';
  target: string;
  /** Game ms the action started (the persona's scratch.actionAt while it is still that action). */
  since: number;
  source: DecisionRecord['source'];
  reason: string;
}

export function newAgentState(mode: BrainMode = 'generative'): AgentState {
  return {
    mode,
    wallet: { credits: START_CREDITS, checkedInDay: null, jobId: null, holdings: {}, lastPurchase: null },
    recent: [],
    lastStarted: {},
    stats: { decisions: 0, rejections: 0, retries: 0, defaults: 0 },
    lastRejection: null,
    pendingPayment: null,
  };
}

export interface TownActionTotals extends ActionStats {
  /** The same counters for each brain mode of the town's own personas (the player's choices are not counted). */
  byMode: Record<Exclude<BrainMode, 'human'>, ActionStats & { personas: number }>;
}

/** Counters summed over a town (from personas, or from the frames the UI holds). */
export function townActionTotals(people: readonly { agent?: AgentState; brainMode?: BrainMode; actionStats?: ActionStats }[]): TownActionTotals {
  const zero = () => ({ decisions: 0, rejections: 0, retries: 0, defaults: 0, personas: 0 });
  const byMode: TownActionTotals['byMode'] = { generative: zero(), registry: zero() };
  const total = { decisions: 0, rejections: 0, retries: 0, defaults: 0 };
  for (const x of people) {
    const stats = x.agent?.stats ?? x.actionStats;
    const mode = x.agent?.mode ?? x.brainMode ?? 'generative';
    if (!stats || mode === 'human') continue;
    const m = byMode[mode];
    m.personas++;
    for (const k of ['decisions', 'rejections', 'retries', 'defaults'] as const) {
      m[k] += stats[k];
      total[k] += stats[k];
    }
  }
  return { ...total, byMode };
}

/** Brain modes for a town where the last `registry` personas (in town order) use the registry brain. */
export function registryModes(ids: readonly string[], registry: number): Record<string, BrainMode> {
  return Object.fromEntries(ids.map((id, i) => [id, i >= ids.length - registry ? 'registry' : 'generative']));
}

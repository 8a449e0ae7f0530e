import { START_CREDITS } from './places';
import type { ActionStats, AgentState, BrainMode } from './types';

export function newAgentState(mode: BrainMode = 'generative'): AgentState {
  return {
    mode,
    wallet: { credits: START_CREDITS, checkedInDay: null },
    recent: [],
    lastStarted: {},
    stats: { decisions: 0, rejections: 0, retries: 0, defaults: 0 },
    lastRejection: null,
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

import type { Persona } from '../persona/persona';

/**
 * Who proposed what a persona does (docs/action-registry.md, "One decision pipeline"): Smallville's
 * planner (its schedule), a reaction (a chat or a wait), the registry brain, the town's hourly pulse,
 * the town director (a plan's step the persona keeps), or the player.
 */
export type Proposer = 'planner' | 'reaction' | 'registry' | 'pulse' | 'director' | 'player';

/** One proposal and what came of it: started as proposed, refused (and why), the scene default in its place. */
export interface DecisionLogEntry {
  /** Game ms. */
  time: number;
  proposer: Proposer;
  /** The action id as proposed (a refused one may name no registered action). */
  action: string;
  target: string;
  /** The proposer's reason: the planner's task, the brain's reason, the pulse's, the player's input. */
  reason: string;
  outcome: 'started' | 'refused';
  /** Why it was refused (validation's reason); null when it started. */
  refusal: string | null;
  /** The action that ran instead of a refused one (the scene default), or null (nothing: the proposer was told). */
  instead: string | null;
}

/** Entries kept per persona: enough for "why is Ana doing this" and the last few refusals. */
const DECISION_LOG_SIZE = 24;

/**
 * Beside each persona, not in its state: the log explains decisions to people and never feeds one,
 * so snapshots, saves and replays do not carry it (a loaded or forked town starts it empty).
 */
const logs = new WeakMap<Persona, DecisionLogEntry[]>();

export function logDecision(p: Persona, entry: DecisionLogEntry): void {
  let log = logs.get(p);
  if (!log) logs.set(p, (log = []));
  log.push({ ...entry, reason: entry.reason.slice(0, 200), refusal: entry.refusal?.slice(0, 300) ?? null });
  if (log.length > DECISION_LOG_SIZE) log.splice(0, log.length - DECISION_LOG_SIZE);
}

/** The persona's decision log, oldest first. */
export function decisionLogOf(p: Persona): readonly DecisionLogEntry[] {
  return logs.get(p) ?? [];
}

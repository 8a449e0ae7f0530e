import type { TownPlan } from '../../sim/town/planningTool';
import type { WorldModel, Tile } from '../../sim/world/types';
import type { ChatLine, NodeType } from '../../sim/persona/memory';
import type { ScheduleItem } from '../../sim/persona/scratch';
import type { Commitment } from '../../sim/persona/commitment';
import type { CallRecord } from '../../llm/callLog';
import type { RetrievalTrace } from '../../sim/cognition/retrievalTrace';
import type { ActionStats, BrainMode, DecisionRecord } from '../../sim/persona/agentState';
import type { DecisionLogEntry } from '../../sim/actions/decisionLog';
import type { HourBucket } from './llmSeries';
import type { PulseRound } from '../../sim/economy/economy';
import type { ModelPrice } from '../../llm/prices';

/*
 * The read model the inspector reads: plain views of the town's residents, its LLM use and its
 * economy, and the few commands it sends (whisper, interview, ask the town). The live town and an open
 * replay each implement it (live.ts, replay.ts); the view never touches the Simulation itself.
 */

/**
 * A memory as the inspector shows it: the fields of a ConceptNode it reads. A live town hands its
 * nodes over as they are; a replay builds these from what it recorded (missing fields empty).
 */
export interface MemoryView {
  id: number;
  type: NodeType;
  created: number;
  description: string;
  poignancy: number;
  keywords: readonly string[];
  /** Evidence node ids (thoughts). */
  evidence: readonly number[];
  /** The conversation (chats). */
  transcript: readonly ChatLine[];
  predicate?: string;
  object?: string;
  expiration?: number | null;
  depth?: number;
}

/**
 * The action layer as the inspector shows it (docs/action-registry.md): the registered action the
 * current action runs as, why, and the brain that chose it. A replay records the action and the
 * mode only; the rest is then null or empty.
 */
export interface AgentView {
  mode: BrainMode;
  actionId: string | null;
  target: string;
  reason: string | null;
  stats: ActionStats | null;
  /** Why the last refused action was refused, or null. */
  lastRejection: string | null;
  credits: number | null;
  /** Items held (bought, not yet eaten or used): name → count; null when unknown (a replay without them). */
  holdings: Readonly<Record<string, number>> | null;
  /** Today's check-in ("barista at Bramble Café"), or null when not checked in today (or unknown). */
  workToday: string | null;
  /** Short-term memory: the last decisions, oldest first. */
  recent: readonly DecisionRecord[];
  /** The decision pipeline's log (docs/action-registry.md): who proposed what and why, started or refused, oldest first; empty in a replay. */
  decisions: readonly DecisionLogEntry[];
}

/** One persona as the inspector reads it. Everything is read-only; nothing here is copied per refresh. */
export interface PersonaView {
  id: string;
  name: string;
  tile: Tile;
  emoji: string;
  /** The current action ("making coffee"). */
  action: string;
  address: string;
  chattingWith: string | null;
  /** Game times (ms) the current action started and ends, when known. */
  actStart: number | null;
  actEnd: number | null;
  /** The conversation in progress, if any. */
  chat: readonly ChatLine[] | null;
  /** Tiles still to walk. */
  path: readonly Tile[];
  currently: string | null;
  /** The daily plan (Smallville's daily_req). */
  dailyReq: readonly string[];
  /** Day index (days since the epoch, game time) the plan and schedule were made for, or null before the first. */
  plannedDay: number | null;
  /** The hourly schedule before decomposition, and the decomposed schedule ([task, minutes] from midnight). */
  hourly: readonly ScheduleItem[];
  schedule: readonly ScheduleItem[];
  commitments: readonly Commitment[];
  memory: readonly MemoryView[];
  /** The latest new_retrieve with per-memory scores, or null. */
  retrieval: RetrievalTrace | null;
  /** The registered action and the brain, or null when not known (a replay recorded without them). */
  agent: AgentView | null;
  /**
   * How near the next reflection is (docs/memory.md, reflection: it comes when the poignancy of what happened since the
   * last one adds up to the threshold), and when the last one was; null when not known (a replay).
   */
  reflection: ReflectionView | null;
}

export interface ReflectionView {
  /** Poignancy gathered since the last reflection, and the sum that sets off the next. */
  gathered: number;
  threshold: number;
  /** Game time (ms) of the last reflection, or null before the first. */
  last: number | null;
}

interface LlmView {
  totals: { calls: number; tokens: number; cost: number; fallbacks: number };
  hourly: HourBucket[];
  /** What the running town costs (live only): per persona-day, the cached share, the price it is figured at. */
  cost?: CostView;
}

/** The Town panel's cost line (src/ui/inspector/costLine.ts). */
export interface CostView {
  model: string;
  /** Persona-days of game time the calls span (the town's personas × days since its first call; at least an hour's worth). */
  personaDays: number;
  calls: number;
  tokens: number;
  /** Prompt tokens the provider served from its cache, and the prompt tokens in all. */
  cachedTokens: number;
  promptTokens: number;
  cost: number;
  /** Dollars per million tokens, or null when the model's price is unknown (a local model). */
  price: ModelPrice | null;
}

/**
 * What the inspector reads. The live town implements it over the Simulation and the call log
 * (liveSource); a replay player implements it over the replay at the step shown. The clock, speed
 * and persona frames (tile, emoji, action) come from the store, which both already write.
 */
export interface InspectorSource {
  readonly mode: 'live' | 'replay';
  /** The map's model (collision, addresses); null when the replay has no map model. */
  world(): WorldModel | null;
  persona(id: string): PersonaView | null;
  /** LLM calls made for this persona, oldest first. */
  calls(personaId: string): readonly CallRecord[];
  /** Town-wide LLM use, or null when no model is in use. */
  llm(): LlmView | null;
  /** Fallbacks the brain guard applied (offline brain too). */
  guardFallbacks(): number;
  /** What is happening at an object address ("Hamlet:…:stove"), or null. */
  eventAt(address: string): string | null;
  /** Live only: the player's whisper (taken in at the next step) and interview. */
  whisper?(personaId: string, text: string): void;
  queuedWhispers?(): number;
  interview?(personaId: string, question: string, transcript: ChatLine[]): Promise<string>;
  /** Live only: switch a persona's brain from the next step on, and the mode it will have then. */
  setBrainMode?(personaId: string, mode: BrainMode): void;
  brainModeOf?(personaId: string): BrainMode | null;
  /** Live only: ask the town for something (made into a plan at the next step), the requests waiting, and the plans so far. */
  askTown?(text: string): string;
  queuedRequests?(): number;
  townPlans?(): readonly TownPlan[];
  /** Live only: the town's economy (docs/economy.md) and the hourly pulse's switch. */
  economy?(): EconomyView | null;
  setPulse?(on: boolean): void;
  /**
   * Live, when someone plays: why your resident cannot start talking with this persona now (null: it
   * can; undefined: nobody plays), and start it (taken at the next step).
   */
  talkProblem?(personaId: string): string | null | undefined;
  talkInPerson?(personaId: string): void;
}

/** The minimal handle on the LLM brain's call log the live source needs (BrainSwitch has it). */
export interface CallLogHandle {
  client?: { config: { model: string } };
  log: {
    records: readonly CallRecord[];
    totals: { calls: number; promptTokens: number; completionTokens: number; cachedTokens?: number; cost: number; fallbacks: number };
    price?: ModelPrice | null;
    byPersonaHour: ReadonlyMap<string, { calls: number; promptTokens: number; completionTokens: number; cost: number; fallbacks: number }>;
  };
}

/** The town's economy as the town panel shows it (docs/economy.md#in-the-page). */
export interface EconomyView {
  /** Town order. */
  people: readonly { id: string; name: string }[];
  /** [game ms, credits per person in town order], one sample per game hour, oldest first. */
  history: readonly (readonly [number, readonly number[]])[];
  /** Today's check-ins per job. */
  jobs: readonly { id: number; title: string; sector: string; filled: number; slots: number; wage: number }[];
  /** Today's purchases per shop. */
  sales: readonly { sector: string; count: number }[];
  pulse: { enabled: boolean; rounds: number; skipped: number; last: PulseRound | null };
}

import type { TownPlan } from '../../sim/town/planningTool';
import { at } from '../../sim/checked';
import type { Simulation } from '../../sim/simulation';
import type { WorldModel, Tile } from '../../sim/world/types';
import type { ChatLine, NodeType } from '../../sim/persona/memory';
import type { ScheduleItem } from '../../sim/persona/scratch';
import type { Commitment } from '../../sim/persona/commitment';
import type { CallRecord } from '../../llm/callLog';
import { lastRetrieval, type RetrievalTrace } from '../../sim/cognition/retrievalTrace';
import type { ActionStats, BrainMode, DecisionRecord } from '../../sim/actions/state';
import type { EconomyView } from './economyView';
import { seriesFromPersonaHours, type HourBucket } from './llmSeries';
import { printAddress } from '../../sim/world/actionAddress';
import type { ModelPrice } from '../../llm/prices';

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

export interface LlmView {
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

/**
 * The inspector's view of the running town. `sim()` is the live Simulation (it changes when a replay
 * is forked into a live town); `llm()` gives the current LLM brain, or null offline.
 */
export function liveSource(simOf: () => Simulation | null, llm: () => CallLogHandle | null): InspectorSource {
  const live = (): Simulation => {
    const sim = simOf();
    if (!sim) throw new Error('The town is not running');
    return sim;
  };
  // Per-persona call lists, kept up to date incrementally (the log holds up to 5000 records).
  let indexed: readonly CallRecord[] | null = null;
  let upTo = 0;
  let lastId = 0;
  const byPersona = new Map<string, CallRecord[]>();
  const calls = (id: string): readonly CallRecord[] => {
    const log = llm()?.log;
    if (!log) return [];
    const recs = log.records;
    // A new brain (new log) or a trimmed log: start over.
    if (recs !== indexed || upTo > recs.length || (upTo > 0 && recs[upTo - 1]?.id !== lastId)) {
      indexed = recs;
      upTo = 0;
      byPersona.clear();
    }
    for (; upTo < recs.length; upTo++) {
      const r = at(recs, upTo, 'call record');
      let list = byPersona.get(r.persona);
      if (!list) byPersona.set(r.persona, (list = []));
      list.push(r);
      lastId = r.id;
    }
    return byPersona.get(id) ?? [];
  };
  return {
    mode: 'live',
    world: () => simOf()?.world ?? null,
    persona(id) {
      const sim = simOf();
      const p = sim?.byId.get(id);
      if (!sim || !p) return null;
      const s = p.scratch;
      return {
        id: p.id,
        name: p.name,
        tile: s.currTile,
        emoji: s.actPronunciatio ?? '',
        action: s.actDescription ?? '',
        address: s.actAddress ? printAddress(s.actAddress) : '',
        chattingWith: s.chattingWith,
        actStart: s.actStartTime,
        actEnd: s.actEndTime(),
        chat: s.chat,
        path: s.plannedPath,
        currently: p.currently,
        dailyReq: s.dailyReq,
        plannedDay: p.plannedDay,
        hourly: s.fDailyScheduleHourlyOrg,
        schedule: s.fDailySchedule,
        commitments: p.commitments,
        memory: p.memory.nodes,
        retrieval: lastRetrieval(p),
        agent: {
          mode: p.agent.mode,
          actionId: s.actionId,
          target: s.actionTarget,
          reason: s.actionReason,
          stats: p.agent.stats,
          lastRejection: p.agent.lastRejection,
          credits: p.agent.wallet.credits,
          holdings: p.agent.wallet.holdings,
          workToday: sim.walletOf(p).workToday,
          recent: p.agent.recent,
        },
        reflection: { gathered: s.importanceTriggerMax - s.importanceTriggerCurr, threshold: s.importanceTriggerMax, last: p.lastReflection },
      };
    },
    calls,
    llm() {
      const log = llm()?.log;
      if (!log) return null;
      const t = log.totals;
      const sim = simOf();
      const first = log.records[0]?.gameTime;
      // The town's own personas (not the player's resident) over the game time since the first call.
      const people = sim ? sim.personas.filter((p) => p.agent.mode !== 'human').length : 0;
      const personaDays = sim && first !== undefined ? people * Math.max(1 / 24, (sim.now - first) / 86_400_000) : 0;
      const handle = llm();
      const cost: CostView | undefined = personaDays > 0 ? { model: handle?.client?.config.model ?? '', personaDays, calls: t.calls, tokens: t.promptTokens + t.completionTokens, cachedTokens: t.cachedTokens ?? 0, promptTokens: t.promptTokens, cost: t.cost, price: log.price ?? null } : undefined;
      return { totals: { calls: t.calls, tokens: t.promptTokens + t.completionTokens, cost: t.cost, fallbacks: sim?.brain.fallbackTotal ?? t.fallbacks }, hourly: seriesFromPersonaHours(log.byPersonaHour), ...(cost ? { cost } : {}) };
    },
    guardFallbacks: () => simOf()?.brain.fallbackTotal ?? 0,
    eventAt: (address) => simOf()?.objectEvents.get(address)?.description ?? null,
    whisper: (id, text) => live().whisper(id, text),
    queuedWhispers: () => simOf()?.queuedWhispers ?? 0,
    interview: (id, q, transcript) => live().interview(id, q, transcript),
    setBrainMode: (id, mode) => live().setBrainMode(id, mode),
    brainModeOf: (id) => simOf()?.brainModeOf(id) ?? null,
    askTown: (text) => live().askTown(text),
    queuedRequests: () => simOf()?.queuedRequests ?? 0,
    townPlans: () => simOf()?.director.plans() ?? [],
    talkProblem: (id) => {
      const sim = simOf();
      const other = sim?.byId.get(id);
      if (!sim?.player || !other) return undefined;
      return other === sim.player.persona ? 'This is you' : sim.player.talkProblem(sim, other);
    },
    talkInPerson: (id) => live().playerInput({ kind: 'talk', personaId: id }),
    economy: () => {
      const sim = simOf();
      return sim ? economyViewOf(sim) : null;
    },
    setPulse: (on) => live().setPulse(on),
  };
}

/** The economy's figures for the town panel. */
function economyViewOf(sim: Simulation): EconomyView {
  const e = sim.economy;
  const now = sim.now;
  const sales = e.salesToday(now);
  return {
    people: sim.personas.map((p) => ({ id: p.id, name: p.name })),
    history: e.state.history,
    jobs: e.jobs.map((j) => ({ id: j.id, title: j.title, sector: j.sector, filled: e.filledToday(j, now).length, slots: j.slots, wage: j.wage })),
    sales: e.shops().map((sector) => ({ sector, count: sales[sector] ?? 0 })),
    pulse: { enabled: sim.pulseOn, rounds: e.state.rounds, skipped: e.state.skippedRounds, last: e.state.lastRound },
  };
}

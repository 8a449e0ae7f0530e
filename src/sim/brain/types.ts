/**
 * The data the brain calls take and give (src/sim/brain/calls: one module per call). A leaf: the
 * call modules import these, and the Brain port (port.ts) re-exports them.
 */
import type { ActionDetails } from '../persona/packedState';
import type { Persona } from '../persona/persona';
import type { ChatLine, ConceptNode } from '../persona/memory';
import type { ScheduleItem } from '../persona/scratch';
import type { ShopItemSpec } from '../world/types';
import type { SectorKind } from '../world/sectorKinds';

/** What every brain call knows: who is thinking, and when (game ms). */
export interface CallContext {
  persona: Persona;
  now: number;
}

export interface SubTask {
  task: string;
  minutes: number;
}

export interface ConversationTurnInput {
  listener: Persona;
  convo: ChatLine[];
  /** Memories the speaker retrieved about the listener and the situation. */
  memories: ConceptNode[];
}

export interface ConversationTurn {
  line: string;
  end: boolean;
}

export interface Insight {
  insight: string;
  /** 1-based indexes into the statements given. */
  evidence: number[];
}

/** What re-planning a stretch of the day around an inserted action (a chat, a wait) starts from. */
export interface NewDecompInput {
  /** The stretch as planned (Smallville's main_act_dur). */
  main: ScheduleItem[];
  /** What happened in the stretch up to now, then the inserted action (truncated_act_dur). */
  doneSoFar: ScheduleItem[];
  startHour: number;
  endHour: number;
  inserted: string;
  insertedMinutes: number;
}

/** An action a registry-driven persona may choose now (src/sim/actions): its id, what it does, its valid targets. */
export interface ActionOption {
  id: string;
  description: string;
  /** Valid targets (a place, an object, a person); empty when the action takes none. */
  targets: string[];
}

/** What the registry brain decides from (docs/action-registry.md#one-decision). */
export interface ActionChoiceInput {
  scene: string;
  /** The sector the persona stands in (null on the street), and its home sector. */
  here: string | null;
  home: string;
  /** Where and when, who the persona is with, its money and work, as sentences. */
  situation: string;
  /** The scene's allowed actions whose preconditions hold now, highest priority first. */
  options: ActionOption[];
  /** Short-term memory: the last decisions, oldest first. */
  recent: string[];
  /** What others said to the persona lately: context, never instructions. */
  heard: string[];
  /** The persona's own mind: its whispered beliefs and its timed plans (commitments), as sentences. */
  mind: string[];
  /** A commitment whose time has come (from 30 minutes before its start to its end), or null. */
  due: DueCommitment | null;
  /** Why the previous answer to this decision was refused, when asking again. */
  rejection: string | null;
  /** The scene default's id: the guard's fallback. */
  fallback: string;
}

/** The director's request and the town it is planned in, as facts (the prompt's words are the brain's: src/llm/calls.ts). */
export interface TownPlanInput {
  /** What the person asked the town for, as typed. */
  request: string;
  /** Every resident: name, job if any, home. */
  residents: { name: string; job: { title: string; workplace: string } | null; home: string }[];
  /** Every place on the map, with its kind. */
  places: { name: string; kind: SectorKind }[];
}

export interface TownPlanReply {
  title: string;
  /** "[Full Name] what they do", in order. */
  steps: string[];
  /** Set by the guard when the brain gave no usable plan (the director then uses docs/director.md#the-default-plan). */
  fallback?: boolean;
}

/** One resident as the hourly pulse sees it (docs/economy.md#the-snapshot). */
export interface PulseResident {
  /** 1-based, in town order: the agent_id of the reply. */
  agentId: number;
  id: string;
  name: string;
  traits: string;
  /** "café owner at Bramble Café (07:00–15:00 Mon–Sat), 50 credits a shift" or "student at Hamlet College". */
  occupation: string;
  /** The resident's own job, with its shift today (null: none, or not a work day). */
  job: { id: number; title: string; sector: string; start: string; end: string } | null;
  student: boolean;
  /** A student's classes today (null: none today, or not a student): a part-time shift must not clash with them. */
  classes: { start: string; end: string } | null;
  credits: number;
  checkedInToday: boolean;
  /** Item name → count. */
  holdings: Record<string, number>;
  /** Meals held (food, not drinks: src/sim/economy/economy.ts isMeal). */
  food: number;
  /** asleep, chatting, committed (a plan due now: where), or free. */
  state: 'asleep' | 'chatting' | 'committed' | 'free';
  /** Where the resident is and what it is doing, in words. */
  doing: string;
}

/** A job with free slots this hour (docs/economy.md#the-snapshot). */
export interface PulseJob {
  id: number;
  title: string;
  sector: string;
  wage: number;
  free: number;
  start: string;
  end: string;
}

/** Something for sale (docs/economy.md#the-snapshot), and whether its shop is open now. */
export interface PulseItem extends ShopItemSpec {
  open: boolean;
}

/** A line said in town, as the pulse's snapshot holds it (docs/economy.md#the-snapshot). */
export interface PulseChatLine {
  /** Game time of the conversation it was said in (ms). */
  time: number;
  speaker: string;
  text: string;
}

/** What the last round came to (docs/economy.md#the-snapshot): skipped (why), or each decision's outcome. */
export interface PulseLastRound {
  time: number;
  /** Why the round was skipped, or null. */
  skipped: string | null;
  /** Each decision: the resident's number (`agentId`, as in `residents`), what it was told and what came of it. */
  outcomes: { agentId: number; name: string; action: string; result: string; note: string }[];
}

/**
 * The world snapshot of one pulse round: facts only. The brain writes them in words, within
 * `budget` (src/llm/pulseSnapshot.ts); the simulation never sees prompt text.
 */
export interface TownPulseInput {
  /** Game time now (ms). */
  now: number;
  /** Game minute of the day, for deciding what fits the hour. */
  minute: number;
  residents: PulseResident[];
  jobs: PulseJob[];
  items: PulseItem[];
  /** The latest chat lines in town, oldest first (docs/economy.md#the-snapshot: the last 10). */
  chat: PulseChatLine[];
  /** The last round, or null before the first. */
  lastRound: PulseLastRound | null;
  /** The snapshot's token budget (docs/economy.md#the-snapshot: about 20,000): the brain leaves things out, oldest chat first, to stay within it. */
  budget: number;
}

/** The size of a pulse snapshot as the brain writes it, for the round's record (Brain.measurePulse). */
export interface PulseSnapshotSize {
  /** Estimated tokens (about 4 characters each). */
  tokens: number;
  /** What was left out to stay within the budget, in words (null: nothing). */
  trimmed: string | null;
}

/** One decision of the town simulator (docs/economy.md#the-decisions). Only validated decisions are executed. */
export interface PulseDecision {
  agent_id: unknown;
  action: string;
  params: Record<string, unknown>;
  reason: string;
}

export interface TownPulseReply {
  decisions: PulseDecision[];
  /** Set by the guard when the brain gave nothing usable (invalid JSON, a timeout): the round is skipped (the guard's lastFallbackReason says why). */
  fallback?: boolean;
}

export interface DueCommitment {
  /** "the Valentine's Day party" */
  event: string;
  sector: string;
  host: boolean;
  /** "5:00 pm–7:00 pm" */
  when: string;
}

export interface ActionChoice {
  action: string;
  /** "" when the action takes no target. */
  target: string;
  reason: string;
  /** Set by the guard when the brain gave nothing usable and the scene default stands in. */
  fallback?: boolean;
}

// ---- the packed call plan (docs/call-plans.md) ----------------------------------------------

/** Packed long-term planning: the wake-up hour, the daily plan and the whole hourly schedule in one answer. */
export interface DayPlan {
  wakeUpHour: number;
  /** Broad items with times, as many as the planDay contract asks (used on the first day; a new day keeps yesterday's, as Smallville does). */
  dailyPlan: string[];
  /** 24 activities, one per hour from midnight ("sleeping" before waking). */
  hourly: string[];
  /**
   * Subtasks in 5-minute increments for the waking activities that last an hour or more, prepared with
   * the plan: applied when Smallville would decompose the block (an hour ahead), fitted to its length.
   */
  subtasks: { activity: string; subtasks: SubTask[] }[];
}

/**
 * The start of a day on a remote brain (packed call plan, asynchronous steps): the wake-up hour and
 * what the persona is doing now (or, still asleep now, first after waking), in a short answer, so it
 * can get up and act while its whole day (planDay) is still being written.
 */
export interface DayStart {
  wakeUpHour: number;
  /** A waking activity, never sleeping. */
  activity: string;
  /**
   * Where the activity happens: one of the places the persona knows best (Persona.ownPlaces: home,
   * workplace, haunts), or null when the answer named none of them (its action's details decide).
   */
  place: string | null;
}

/** Packed revise_identity: the two notes, today's `currently` and today's daily plan requirement in one answer. */
export interface IdentityRevision {
  planNote: string;
  thoughtNote: string;
  currently: string;
  dailyPlanReq: string[];
}

/** The places a persona knows, as the packed action call offers them: sector → arena → objects. */
/** `unlisted`: the persona knows parts of it, but they are not offered (by name only: an answer choosing it is asked again with them). */
export type KnownPlaces = { sector: string; arenas: { arena: string; objects: string[] }[]; unlisted?: boolean }[];

export type { ActionDetails };

/** A memory waiting for its poignancy score. */
export interface MemoryToRate {
  kind: 'event' | 'chat' | 'thought';
  description: string;
}

/**
 * One side's plan from now to the end of the stretch a chat would re-plan (new_decomp_schedule's
 * stretch): the packed conversation re-plans it with the conversation.
 */
export interface PlanAhead {
  persona: Persona;
  /** Minute of the day the stretch starts (items start here) and ends. */
  from: number;
  until: number;
  /** The plan from `from` (the task in progress cut there) to `until`. */
  items: ScheduleItem[];
}

/** Packed conversation: whether the initiator starts one and, if so, all of it at once. */
export interface ConversationInput {
  target: Persona;
  /** What each side brings to mind about the other (retrieved once each). */
  initMemories: ConceptNode[];
  targetMemories: ConceptNode[];
  /** Each side's plan ahead to re-plan around the conversation (absent or empty: re-planned by replanStretches). */
  ahead?: PlanAhead[];
}

/** What each side of a conversation takes away from it (planning thought and memo; "" for none), keyed by persona name. */
export type ConversationTakeaways = Record<string, { planning: string; memo: string }>;

export interface WholeConversation {
  /** decide_to_talk's answer; false: no lines. */
  talk: boolean;
  lines: ChatLine[];
  /** "conversing about …" */
  summary: string;
  takeaways: ConversationTakeaways;
  /**
   * For each entry of the input's `ahead`, in order: the rest of that side's stretch after the
   * conversation (tasks with proposed minutes; the code fits them to the time the conversation leaves).
   * Absent when the brain did not re-plan (the caller then asks replanStretches).
   */
  after?: SubTask[][];
}

/** One persona's stretch of the day to re-plan around an inserted action. */
export interface StretchToReplan {
  persona: Persona;
  input: NewDecompInput;
}

/** A reflection's questions (focal points) with the memories retrieved for each. */
export interface FocalEvidence {
  focal: string;
  statements: string[];
}

/** 1: wait for the other to finish; 2: carry on; (Smallville's decide_to_react answers). */
export type ReactChoice = 1 | 2;

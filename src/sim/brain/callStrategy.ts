/**
 * How a town asks its brain, as the verbs cognition uses (docs/call-plans.md). One object per call
 * plan, bound to its simulation: `faithfulCalls` (Smallville's one call per question) and
 * `packedCalls` (the same decisions in fewer, larger calls). Cognition asks `sim.calls` and never
 * tests which plan is on; what stays the same under both plans (when to plan, what to decompose,
 * who talks to whom) stays in cognition.
 */
import type { CallPlan } from './callPlan';
import type { DayStart, Insight, MemoryToRate, ReactChoice, SubTask, WholeConversation } from './port';
import type { ConceptNode, NewNode, NodeType } from '../persona/memory';
import type { Persona } from '../persona/persona';

/** A packed conversation as answered, and whose plans ahead its `after` re-planned (in order). */
export type HeldConversation = Pick<WholeConversation, 'lines' | 'summary' | 'takeaways' | 'after'> & { aheadFor?: Persona[] };

/** The question a new memory's poignancy is asked with; `trigger`: it counts toward the reflection trigger. */
export interface PoignancyQuestion {
  kind: MemoryToRate['kind'];
  text: string;
  trigger: boolean;
}

/** A reflection's focal point and the memories retrieved for it. */
interface FocalPool {
  point: string;
  pool: ConceptNode[];
}

export interface CallStrategy {
  readonly name: CallPlan;

  // ---- plan the day
  /**
   * The quick start of a day (a short first answer while the whole day is planned), or null when
   * this plan, in this run, plans the whole day at once.
   */
  quickStart(p: Persona, newDay: 'First day' | 'New day'): Promise<DayStart> | null;
  /**
   * The day's wake-up hour (`wokeAt` when the quick start answered it), its daily plan (asked on a
   * first plan, else revised with the identity) and its 24 hourly activities, judged by the diversity rule.
   */
  planDay(p: Persona, day: { wokeAt: number | null; firstPlan: boolean }): Promise<string[]>;
  /** revise_identity from the retrieved statements: sets `currently` and today's plan requirement; returns the notes and today's plan. */
  reviseIdentity(p: Persona, statements: string[]): Promise<{ planNote: string; thoughtNote: string; dailyReq: string[] }>;
  /** Subtasks the day's plan already holds for a block (none: the block is asked with task_decomp). */
  preparedSubtasks(p: Persona, activity: string): readonly SubTask[] | undefined;

  // ---- detail an action
  /** Where, the emoji and the events of the action now due, and start it (`start`: the day's quick start just answered). */
  detailAction(p: Persona, action: { description: string; index: number; duration: number; start: DayStart | null }): Promise<void>;

  // ---- converse
  /** Whether `p` starts talking with `target`, from what it recalls (null: no); a packed plan holds the whole conversation at once. */
  openConversation(p: Persona, target: Persona, memories: ConceptNode[]): Promise<{ held?: HeldConversation } | null>;
  /** decide_to_react, from what `p` recalls. */
  decideToReact(p: Persona, target: Persona, memories: ConceptNode[]): Promise<ReactChoice>;
  /**
   * Re-plan both sides' days around a conversation just held, calling `begin` for each side (the
   * initiator first) when its chat action may start.
   */
  replanAroundChat(init: Persona, target: Persona, chat: { summary: string; minutes: number; held?: HeldConversation }, begin: (self: Persona, other: Persona) => void): Promise<void>;

  // ---- score memories
  /** Store a memory with its poignancy (asked now, or provisional while it waits to be scored with others). */
  remember(p: Persona, type: NodeType, node: Omit<NewNode, 'poignancy'>, ask: PoignancyQuestion): Promise<ConceptNode>;
  /** Once a step: score the waiting memories of whoever is due. */
  scoreDue(personas: readonly Persona[]): Promise<void>;

  // ---- reflect
  /** A memory as a statement the focal-point question reads. */
  focalStatement(n: ConceptNode): string;
  /** The insights for each focal point, handed to `store` in order (each stored before the next is asked, where asked one by one). */
  insights(p: Persona, groups: FocalPool[], n: number, store: (k: number, insights: Insight[]) => Promise<void>): Promise<void>;
}

import { SCRATCH_DEFAULTS, type PersonaSpec } from './schema';
import { AssociativeMemory } from './memory';
import { Scratch } from './scratch';
import { SpatialMemory } from './spatial';
import type { Tile } from '../world/types';
import type { Commitment } from './commitment';
import type { AgentState } from './agentState';
import { newAgentState } from './agentState';
import type { CachedDetails, WaitingMemory } from './packedState';

/** A persona in the running town: its fixed identity (spec) and its changing mind (scratch, memories). */
export class Persona {
  readonly scratch = new Scratch();
  readonly memory = new AssociativeMemory();
  readonly spatial: SpatialMemory;
  /** Day index (days since the epoch) of the last long-term planning, or null before the first day. */
  plannedDay: number | null = null;
  /** Thoughts produced by the last reflection, for the inspector. */
  lastReflection: number | null = null;
  /** Revised each new day (Smallville's revise_identity); start from the persona file. */
  currently: string;
  dailyPlanReq: string;
  /** Timed plans taken on from whispers and conversations (see cognition/commitments.ts). */
  commitments: Commitment[] = [];
  /** The action layer's state: brain mode, wallet, short-term memory, cooldowns, counters (src/sim/actions). */
  agent: AgentState = newAgentState();
  /** Packed call plan: memories stored with a provisional poignancy, waiting to be scored together (cognition/poignancy.ts). */
  waitingPoignancy: WaitingMemory[] = [];
  /**
   * Packed call plan: the details of each action already asked about (place, emoji, triples), reused while
   * the map and the persona's spatial memory offer the same options (see cognition/actionDetails.ts).
   */
  detailsCache: Record<string, CachedDetails> = {};

  constructor(
    readonly spec: PersonaSpec,
    world: string,
    spawn: Tile,
  ) {
    this.spatial = new SpatialMemory(world);
    this.currently = spec.currently;
    this.dailyPlanReq = spec.dailyPlanReq;
    const s = this.scratch;
    const overrides = { ...SCRATCH_DEFAULTS, ...spec.scratch };
    s.visionRadius = overrides.visionRadius;
    s.attentionBandwidth = overrides.attentionBandwidth;
    s.retention = overrides.retention;
    s.recencyDecay = overrides.recencyDecay;
    s.importanceTriggerMax = overrides.importanceTrigger;
    s.importanceTriggerCurr = overrides.importanceTrigger;
    s.currTile = { ...spawn };
  }

  get id(): string {
    return this.spec.id;
  }
  get name(): string {
    return this.spec.name;
  }
  get firstName(): string {
    return this.spec.firstName;
  }
  get tile(): Tile {
    return this.scratch.currTile;
  }

  /**
   * The places the persona knows best, as far as its spatial memory knows them: its home, its
   * workplace and its haunts, in that order, each once (the start of its day names one of them).
   */
  ownPlaces(): string[] {
    const own = [this.spec.household, this.spec.occupation?.workplace, ...this.spec.haunts];
    return [...new Set(own)].filter((s): s is string => s !== undefined && this.spatial.knowsSector(s));
  }

  /** Smallville's identity stable set (get_str_iss), used by every prompt. */
  identity(now: string): string {
    const p = this.spec;
    return [
      `Name: ${p.name}`,
      `Age: ${p.age}`,
      `Innate traits: ${p.innate}`,
      `Learned traits: ${p.learned}`,
      `Currently: ${this.currently}`,
      `Lifestyle: ${p.lifestyle}`,
      `Daily plan requirement: ${this.dailyPlanReq}`,
      `Current Date: ${now}`,
    ].join('\n');
  }
}

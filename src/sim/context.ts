import type { GuardedBrain } from './brain/guard';
import type { GameClock } from './clock';
import type { Persona } from './persona/persona';
import type { PathFinder } from './world/pathfinder';
import type { WorldModel } from './world/types';
import type { WorldEvent } from './world/events';
import type { ChatLine } from './persona/memory';
import { Rng } from './rng';
import type { EmbeddingStore } from './persona/embeddings';
import type { Economy } from './economy/economy';
import type { CallStrategy } from './brain/callStrategy';
import type { CognitiveModules } from './ablation';

/** A conversation that happened, for the activity feed, the recorder and the tests. */
export interface ConversationRecord {
  step: number;
  time: number;
  participants: [string, string];
  lines: ChatLine[];
  summary: string;
}

/** Everything a cognitive stage may read or touch. Owned by Simulation. */
export interface SimContext {
  world: WorldModel;
  /** The brain behind its guard: every answer checked, failures counted with their reasons. */
  brain: GuardedBrain;
  clock: GameClock;
  seed: number;
  personas: Persona[];
  byName: Map<string, Persona>;
  paths: PathFinder;
  /** Object address ("world:sector:arena:object") → what is happening at it, while someone uses it. */
  objectEvents: Map<string, WorldEvent>;
  conversations: ConversationRecord[];
  /** Embedding key → vector, shared by everyone's memories. */
  embeddings: EmbeddingStore;
  /** The player's resident and its inputs and conversation, when a person plays (src/sim/player). */
  player?: PlayerSide | null;
  /**
   * Personas whose thinking waits on a remote brain (asynchronous steps), or who are being drawn into
   * a chat that is still being written: no one starts a chat or a wait with them meanwhile.
   */
  thinking: Set<Persona>;
  /** The town's jobs, shop items and today's check-ins and sales (docs/economy.md#money-and-goods). */
  economy: Economy;
  /** How the brain is asked: the call plan's verbs (src/sim/brain/callStrategy.ts); cognition never tests which plan is on. */
  readonly calls: CallStrategy;
  /**
   * True while steps do not wait for the brain (asynchronous steps on a remote brain): a packed day
   * then starts with a short first call, so personas get up and act while their plans are written.
   * False on the offline brain and in lock-step, whose runs it never changes.
   */
  readonly quickStart: boolean;
  /** Which cognitive modules run (src/sim/ablation.ts: the paper's ablations); all of them but in an experiment. */
  readonly modules: Readonly<CognitiveModules>;
}

/** A deterministic random stream for one decision, independent of evaluation order. */
export function rngFor(sim: SimContext, ...labels: (string | number)[]): Rng {
  return Rng.derive(sim.seed, sim.clock.step, ...labels);
}

/**
 * What cognition asks of the player's side: to open a chat a persona starts with the player's
 * resident. PlayerController (src/sim/player/controller.ts) implements it; naming the interface here
 * keeps the context from importing the controller, which imports cognition.
 */
interface PlayerSide {
  open(sim: SimContext, persona: Persona, startedBy: 'player' | 'persona'): Promise<void>;
}

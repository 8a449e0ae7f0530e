import type { Simulation } from '../sim/simulation';
import type { ReplayFile } from '../replay/format';
import type { LlmConfig } from '../llm/config';
import type { CallPlan } from '../sim/brain/callPlan';
import type { PlayerInput } from '../sim/player/controller';
import type { WorldModel } from '../sim/world/types';
import type { InspectorSource } from './readModel/types';
import type { SaveFile, SaveSettings } from '../save/saveFile';
import type { SaveSlots } from '../save/slots';
import type { SavesController } from './saves';
import type { PersonaSpec } from '../sim/persona/schema';
import type { TownPack } from '../pack/townPack';
import type { TownChoice } from './newTown';

/** How a town comes to be the page's: only a new town says its call plan; a loaded save brings its recording. */
export interface AdoptOptions {
  /** The call plan the town was started with (`?calls=`, the start screen), over ⚙ Brain's; absent: the last one chosen. */
  callPlan?: CallPlan | null;
  /** A loaded save's recording: the recording window goes on where it stopped. */
  recording?: ReplayFile | null;
}

/** The place the page's towns are made in: Hamlet, or a town pack opened (docs/town-pack.md). */
export interface TownGround {
  world: WorldModel;
  /** Its residents (a new town takes the first ones). */
  personas: readonly PersonaSpec[];
  /** Game seconds per step (a pack's own; Hamlet's 10). */
  stepSeconds: number;
  /** The town as a pack, whose first memories (Smallville's whispers) each new town starts with; null: Hamlet's own. */
  pack: TownPack | null;
}

/** What the page's saves need besides the town: the brain settings to keep, and what to do once a save is loaded. */
export interface SavesPage {
  slots: Promise<SaveSlots>;
  /** The brain settings as the page keeps them (never the key), or null. */
  settings(): SaveSettings | null;
  /** A save became the live town (already started): close any open replay, offer the save's model. */
  loaded(save: Pick<SaveFile, 'settings'>): void;
}

/**
 * The page's live town as the page uses it: the commands it sends and what it reads. Two owners
 * implement it: PageTown runs the town on the page's thread, WorkerTown in a Web Worker
 * (docs/worker.md). Every town comes in through adopt(): a new town, a loaded save, a replay
 * continued live. The view reads the store and the inspector's read model, never the Simulation.
 */
export interface LiveTown {
  /** Where new towns are made (another town opened replaces it). */
  ground: TownGround;
  /** A new town on the ground as `choice` says (built on the page's thread; adopt() makes it live). */
  build(choice: TownChoice): { sim: Simulation; warning: string | null };
  /** Persona id → sprite sheet, read by the Phaser scene (a replay's guests are added to it). */
  readonly sprites: Map<string, string>;
  /** What the inspector reads of the live town, and the commands it sends. */
  readonly readModel: InspectorSource;
  /** The live town's map (static until another town is opened). */
  readonly world: WorldModel | null;
  /** The model the page uses now, or null (offline). */
  readonly brainConfig: LlmConfig | null;
  readonly isRunning: boolean;
  /** Does someone play (a resident of yours in the live town)? */
  readonly playing: boolean;
  /** Make `next` the live town; done once it runs where the town runs and the page has its whole read model (economy, feed, figures). */
  adopt(next: Simulation, opts?: AdoptOptions): Promise<void>;
  /** Show the live town in the store (a replay closed). */
  publish(): void;
  useBrain(config: LlmConfig | null): void;
  start(): void;
  /** Stop stepping; returns whether it was running. */
  stop(): boolean;
  stepOnce(): Promise<void>;
  fastForward(time: number, label: string): Promise<void>;
  playerInput(input: PlayerInput): void;
  playerOptions(): ReturnType<NonNullable<Simulation['player']>['options']>;
  retryBrain(): void;
  /** The live recording window (a snapshot taken now when it can be), and its length in steps; null before the first town. */
  recordingFile(): Promise<{ replay: ReplayFile; steps: number } | null>;
  /** The page's saves (src/app/saves.ts) over this town. */
  saves(page: SavesPage): SavesController;
}

/**
 * Make a new town as `choice` says the page's live town, its call plan over ⚙ Brain's (the start
 * screen, ☰ Menu, a link): build() and adopt() in one, so the page never holds the Simulation.
 * Resolves once the town is adopted, with what the choice could not have as asked (a warning) or null.
 */
export async function beginTown(town: LiveTown, choice: TownChoice): Promise<string | null> {
  const built = town.build(choice);
  await town.adopt(built.sim, { callPlan: choice.callPlan });
  return built.warning;
}

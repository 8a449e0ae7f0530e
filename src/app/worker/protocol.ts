import type { SaveFile } from '../../save/saveFile';
import type { ReplayFile } from '../../replay/format';
import type { WorldModel } from '../../sim/world/types';
import type { CallPlan } from '../../sim/brain/callPlan';
import type { CallRecord } from '../../llm/callLog';
import type { TownPlan } from '../../sim/town/planningTool';
import type { BrainMode } from '../../sim/persona/agentState';
import type { EconomyView, InspectorSource, MemoryView, PersonaView } from '../readModel/types';
import type { NumberedPatch } from './mirror';

/**
 * The messages between the page and the town's worker (docs/worker.md). The page calls the worker's
 * TownHost through comlink (each call a message, answered by a promise); the worker sends the page
 * store patches (src/app/worker/mirror.ts). Everything here is plain data (structured clone): no
 * Simulation, no functions. The API key travels only inside `useBrain`'s config, by message.
 */

/**
 * A town handed to the worker: the page built it (a new town, a loaded save, a replay continued live)
 * and sends it as a save of itself, which the worker opens: one path for every town, and the same
 * checks a save file gets. The map goes as its model (plain data: typed arrays, maps, sets).
 */
export interface TownTransfer {
  save: SaveFile;
  world: WorldModel;
  /** The call plan the town was started with, over ⚙ Brain's (undefined: the last one chosen). */
  callPlan?: CallPlan | null;
  /** A loaded save's recording window, continued. */
  recording?: ReplayFile | null;
}

/** What the inspector shows of the live town, read in the worker for the page's read model. */
export interface InspectorSnapshot {
  /** The persona asked about (the inspector's selection), or null. */
  persona: PersonaView | null;
  calls: readonly CallRecord[];
  llm: ReturnType<InspectorSource['llm']>;
  guardFallbacks: number;
  queuedWhispers: number;
  queuedRequests: number;
  townPlans: readonly TownPlan[];
  economy: EconomyView | null;
  brainMode: BrainMode | null;
  /** Why your resident cannot talk to the selected persona now (null: it can; undefined: nobody plays). */
  talkProblem: string | null | undefined;
  /** Object address → what is happening there. */
  events: readonly (readonly [string, string])[];
  /** Everyone's chat memories (the town graph reads them), when asked for: persona id → its chats. */
  chats: readonly (readonly [string, readonly MemoryView[]])[] | null;
}

/** What the inspector shows while the worker has no town (or before its first answer). */
export const NO_SNAPSHOT: InspectorSnapshot = { persona: null, calls: [], llm: null, guardFallbacks: 0, queuedWhispers: 0, queuedRequests: 0, townPlans: [], economy: null, brainMode: null, talkProblem: undefined, events: [], chats: null };

/**
 * What the page keeps of the worker's town after it changes (adopted, or a save loaded there), with
 * the town's whole read model as it is now: the store's patch and the inspector's snapshot, so a
 * town that has not stepped yet (opened paused) shows its economy, feed and figures at once.
 */
export interface TownFacts {
  /** Persona id → sprite sheet. */
  sprites: [string, string][];
  playing: boolean;
  /** Game time (ms) the town was last saved, loaded or begun at. */
  savedAtMs: number;
  /** The worker's store changes not yet sent (the town shown: its frames, feed, brain). */
  patch: NumberedPatch | null;
  /** What the inspector shows of the town, for the page's selection. */
  inspector: InspectorSnapshot;
}

import type { Persona } from '../persona/persona';
import type { Triple } from '../world/events';
import type { WorldModel } from '../world/types';
import type { ActionAddress, PlaceAddress } from '../world/actionAddress';
import type { ActionId, SceneId } from '../persona/actionIds';
import type { BrainMode, Wallet } from '../persona/agentState';
import type { Economy } from '../economy/economy';
import type { SectorKind } from '../world/sectorKinds';

/** What an action reads of the town: the map, the time, and the people in it. */
export interface ActionWorld {
  world: WorldModel;
  now: number;
  byName: Map<string, Persona>;
  personas: readonly Persona[];
  /** The town's jobs, shop items and today's check-ins (src/sim/economy/economy.ts). */
  economy: Economy;
}

/** Where something happens, read off an address or a tile. */
export interface Place {
  /** The full map address ("Hamlet:Bramble Café:café:café table"), or the world alone for a street. */
  address: PlaceAddress;
  sector: string | null;
  arena: string | null;
  object: string | null;
  /** The sector's kind on the map (home, cafe, college, park …), null on the street. */
  kind: SectorKind | null;
}

/** One use of an action: its target (a sector, an object, a persona, or "") and where it happens. */
export interface ActionCall {
  target: string;
  place: Place;
}

/**
 * An executor's result: the new current action (where to walk, for how long, what it shows) and the
 * wallet after it. A plain value: applying it is the only thing that changes the world.
 */
export interface StateChange {
  address: ActionAddress;
  minutes: number;
  description: string;
  emoji: string;
  event: Triple;
  wallet?: Wallet;
  economy?: EconomyChange;
}

/** What an action did to the town's economy, besides the wallet: recorded when the change is applied. */
type EconomyChange =
  | { kind: 'checkin'; jobId: number; what: string }
  | { kind: 'purchase'; itemId: number; what: string }
  | { kind: 'eat'; item: string; what: string };

export interface ActionDef {
  id: ActionId;
  /** Scenes whose policy allows it (the scene policies are built from these). */
  scenes: readonly SceneId[];
  /** What it does, written for the model. */
  description: string;
  emoji: string;
  /** What its target names: nothing, a place (sector), an object here, a person nearby, a map tile ("x,y"), or a job ("" for one's own). */
  target: 'none' | 'sector' | 'object' | 'persona' | 'tile' | 'job';
  /** Where it happens for a given target; null when the target names nothing that exists. Default: where the persona stands. */
  where?: (w: ActionWorld, p: Persona, target: string) => Place | null;
  /** Why it cannot run now, or null when it can. */
  precondition: (w: ActionWorld, p: Persona, c: ActionCall) => string | null;
  /** The state change, as a pure function of the town and the persona. */
  executor: (w: ActionWorld, p: Persona, c: ActionCall) => StateChange;
  /** Targets a chooser may name (registry brain); none for target 'none'. */
  targets?: (w: ActionWorld, p: Persona) => string[];
  /** Higher first in the options shown to a chooser and in the offline brain's ties. */
  priority: number;
  /** Only these brain modes may take it (default: any). WALK, a walk to a tile, is the player's alone. */
  modes?: readonly BrainMode[];
  /** Minutes before a chooser may pick it again after starting it (0: none). */
  cooldown: number;
}

import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { Director } from '../town/director';
import type { PendingInputs } from '../inputs';
import type { PlayerController } from '../player/controller';
import type { StepGate } from '../brain/stepGate';
import type { CallPlan } from '../brain/callPlan';

/**
 * What the step's phases (./phases.ts) read and write of the town: the cognitive context and the
 * parts only a step touches. The Simulation is one; naming it here keeps the phases from importing it.
 */
export interface SteppedTown extends SimContext {
  readonly byId: Map<string, Persona>;
  readonly director: Director;
  readonly player: PlayerController | null;
  /** The one queue of inputs, taken in at the start of each step (src/sim/inputs.ts). */
  readonly inputs: PendingInputs;
  /** Personas that moved in the last step (they look around first). */
  readonly moved: Set<Persona>;
  /** Holds a remote brain's answers until the step after they arrive (asynchronous steps). */
  readonly gate: StepGate;
  /** How the brain is asked (docs/call-plans.md): switched by an input, at the step's call-plan phase. */
  callPlan: CallPlan;
  /** Embed the memories made since the last call, each text once town-wide. */
  embedNewMemories(): Promise<void>;
}

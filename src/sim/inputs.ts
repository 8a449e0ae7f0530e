import type { BrainMode } from './persona/agentState';
import type { PlayerInput } from './player/controller';
import type { CallPlan } from './brain/callPlan';

/** Longest whisper taken (characters). */
export const MAX_WHISPER = 1000;
/** Longest request to the town taken (characters); longer ones are cut. */
export const MAX_REQUEST = 500;
/** Inputs waiting at most (a page left open with a script typing into it must not grow forever). */
export const MAX_PENDING = 1000;

/** Something the player asked for between two steps: taken in, in order, at the start of the next step. */
type PendingInput =
  | { kind: 'whisper'; persona: string; text: string }
  | { kind: 'brain'; persona: string; mode: BrainMode }
  | { kind: 'request'; text: string }
  /** What the player's resident does (src/sim/player). */
  | { kind: 'player'; input: PlayerInput }
  | { kind: 'pulse'; on: boolean }
  /** How the brain is asked from now on (a setting, like the brain: a save does not carry it). */
  | { kind: 'callPlan'; plan: CallPlan };

/** The inputs a save carries: all but the call plan's switch, which is a setting. */
export type SavedInput = Exclude<PendingInput, { kind: 'callPlan' }>;

const isSetting = (i: PendingInput): boolean => i.kind === 'callPlan';

/**
 * The one queue of the player's inputs (whispers, brain switches, requests to the town, the resident's
 * moves and words, the hourly pulse's and the call plan's switches): state only changes inside a
 * tick, so an input waits here until the next one, and a save taken in between carries it (all but
 * the call plan's switch: a setting, which a restore leaves waiting).
 */
export class PendingInputs {
  private items: PendingInput[] = [];

  push(input: PendingInput): void {
    // A second call-plan switch before the step replaces the first (only the last would count).
    if (input.kind === 'callPlan') this.items = this.items.filter((i) => i.kind !== 'callPlan');
    if (this.items.length >= MAX_PENDING) throw new Error(`${MAX_PENDING} inputs are already waiting for the next step; run the town first`);
    this.items.push(input);
  }

  /** Everything waiting, oldest first; the queue is empty afterwards. */
  drain(): PendingInput[] {
    const out = this.items;
    this.items = [];
    return out;
  }

  /** Put inputs back at the front of the queue, in order (the resident was still busy thinking). */
  putBack(items: readonly PendingInput[]): void {
    this.items = [...items, ...this.items];
  }

  list(): readonly PendingInput[] {
    return this.items;
  }

  count(kind: PendingInput['kind']): number {
    return this.items.filter((i) => i.kind === kind).length;
  }

  /** What a save carries: the waiting inputs but the settings' switches. */
  saved(): SavedInput[] {
    return this.items.filter((i): i is SavedInput => !isSetting(i)).map((i) => ({ ...i }));
  }

  /** Replace the saved part of the queue (a snapshot being restored); a waiting setting's switch stays. */
  replace(items: readonly SavedInput[]): void {
    this.items = [...items.map((i) => ({ ...i })), ...this.items.filter(isSetting)];
  }
}

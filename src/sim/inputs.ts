import type { BrainMode } from './persona/agentState';
import type { PlayerInput } from './player/controller';

/** Longest whisper taken (characters). */
export const MAX_WHISPER = 1000;
/** Longest request to the town taken (characters); longer ones are cut. */
export const MAX_REQUEST = 500;
/** Inputs waiting at most (a page left open with a script typing into it must not grow forever). */
export const MAX_PENDING = 1000;

/** Something the player asked for between two steps: taken in, in order, at the start of the next step. */
export type PendingInput =
  | { kind: 'whisper'; persona: string; text: string }
  | { kind: 'brain'; persona: string; mode: BrainMode }
  | { kind: 'request'; text: string }
  /** What the player's resident does (src/sim/player). */
  | { kind: 'player'; input: PlayerInput }
  | { kind: 'pulse'; on: boolean };

/**
 * The one queue of the player's inputs (whispers, brain switches, requests to the town, the resident's
 * moves and words, the hourly pulse's switch): state only
 * changes inside a tick, so an input waits here until the next one, and a save taken in between
 * carries it.
 */
export class PendingInputs {
  private items: PendingInput[] = [];

  push(input: PendingInput): void {
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

  /** Replace the queue (a snapshot being restored). */
  replace(items: readonly PendingInput[]): void {
    this.items = items.map((i) => ({ ...i }));
  }
}

import type { z } from 'zod';
import type { GameClock } from '../clock';
import type { ConversationRecord } from '../context';
import type { Persona } from '../persona/persona';
import type { EmbeddingStore } from '../persona/embeddings';
import type { WorldModel, Tile } from '../world/types';
import type { WorldEvent } from '../world/events';
import type { Economy } from '../economy/economy';
import type { Director } from '../town/director';
import type { PendingInputs } from '../inputs';
import type { PlayerController } from '../player/controller';

/**
 * Explicit state ownership: every holder of simulation state writes and reads its own part of a
 * snapshot through a versioned zod schema (src/sim/snapshot.ts lists the holders). Reading is two
 * phases so a bad snapshot changes nothing: `read` checks the part's meaning against this town and
 * returns a function that puts it in place; the snapshot applies those only when every part passed.
 * How to add one: CONTRIBUTING.md, "Add a state holder".
 */
export interface StateHolder<T> {
  /** The part's name in a snapshot ("personas", "director" …). */
  readonly key: string;
  /** Bump when the part's shape or meaning changes, and add a migration from the old version. */
  readonly version: number;
  /** The part's shape: checked (with its size bounds) before `read` sees it. */
  readonly schema: z.ZodType<T>;
  /** Older versions of the part → the next version (key: the old version). */
  readonly migrations?: Readonly<Record<number, (old: unknown) => unknown>>;
  /**
   * The part as a snapshot without it means it (a holder added after the snapshot was taken), or
   * undefined to refuse such a snapshot.
   */
  readonly absent?: (sim: SimState) => T;
  write(sim: SimState, out: WriteContext): T;
  /** Check the part's meaning (throw a SnapshotError naming what is wrong) and return how to apply it; applying must not throw. */
  read(data: T, sim: SimState, ctx: ReadContext): () => void;
}

/** What holders read and write: the Simulation's state, its private parts included. */
export interface SimState {
  readonly world: WorldModel;
  readonly seed: number;
  readonly clock: GameClock;
  readonly personas: readonly Persona[];
  readonly byId: ReadonlyMap<string, Persona>;
  readonly byName: ReadonlyMap<string, Persona>;
  readonly objectEvents: Map<string, WorldEvent>;
  readonly conversations: ConversationRecord[];
  readonly embeddings: EmbeddingStore;
  /** Personas that moved in the last step (they look around first). */
  readonly moved: Set<Persona>;
  /** Per persona, how many of its memories have been embedded. */
  readonly embeddedUpTo: Map<Persona, number>;
  readonly director: Director;
  readonly inputs: PendingInputs;
  /** The player's resident and its conversation, when someone plays (src/sim/player). */
  readonly player: PlayerController | null;
  /** The town's economy (docs/economy.md). */
  readonly economy: Economy;
}

/** A snapshot (or save, or replay keyframe) that cannot be restored: the message names the part and what is wrong. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

/** Strings stored once in the snapshot's `strings` table, referred to by index. */
export class StringTable {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  id(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

export interface WriteContext {
  /** A string's index in the snapshot's string table. */
  id(s: string): number;
  /** Game ms → game seconds since the start (what snapshots store). */
  sec(ms: number): number;
}

export interface ReadContext {
  /** The string at an index; a SnapshotError naming `where` when there is none. */
  str(i: number, where: string): string;
  /** Game seconds since the start → game ms. */
  ms(sec: number): number;
  /** Game ms of the snapshot's step. */
  readonly now: number;
  /** Another part of the same snapshot, already shape-checked (for checks across parts). */
  part<T>(key: string): T | undefined;
  /** Whether a persona of this town has this full name. */
  knowsName(name: string): boolean;
  /** A SnapshotError unless the tile is on the map and walkable. */
  walkable(t: Tile, where: string): void;
  /** A SnapshotError unless the game time (ms) is within the town's plausible range. */
  time(ms: number, where: string): void;
}

/** The longest text a snapshot may hold in one string (a long model reply is far shorter). */
export const MAX_STRING = 100_000;

import type { Triple } from '../world/events';

/**
 * What a persona keeps for the packed call plan (docs/call-plans.md), as plain data (it is saved with
 * the persona): the memories waiting for their poignancy, and the details of the actions asked about.
 */

/** Everything Smallville asks about a new action, answered at once (sector, arena, object, emoji, both triples). */
export interface ActionDetails {
  sector: string;
  /** "" when the sector has no known arenas. */
  arena: string;
  /** "<random>" when no object fits or the arena has none. */
  object: string;
  emoji: string;
  event: Triple;
  /** "bed is being slept in"; "" when the object is <random>. */
  objectState: string;
  objectEvent: Triple;
}

/** A memory waiting for its score: node id, how to ask, and whether it counts toward the reflection trigger. */
export interface WaitingMemory {
  id: number;
  kind: 'event' | 'chat' | 'thought';
  /** Asked about (the node's description, or the text the one-question call would be asked about). */
  text: string;
  trigger: boolean;
}

/** One cached answer: the map it was asked on, the options it chose among (see cognition/actionDetails.ts), the details. */
export interface CachedDetails {
  map: string;
  options: string;
  details: ActionDetails;
}

import { z } from 'zod';

/**
 * A timed plan a persona has taken on: hosting or going to something at a place on a day at a time.
 * It comes from a whisper or a conversation (an invitation accepted, a promise) and becomes an item
 * of that day's schedule, which the persona then acts on like any other.
 */
export interface Commitment {
  /** "the Valentine's Day party" */
  event: string;
  sector: string;
  /** Day index (days since the epoch, game time). */
  day: number;
  /** Minute of the day it starts. */
  start: number;
  minutes: number;
  host: boolean;
  /** Who it came from: a persona's name, "whisper", or SEEKING (going to find someone named in a plan, to tell them). */
  source: string;
  /** A room of the sector the plan named ("the pond" in Millbrook Park), kept so the persona goes there. */
  arena?: string;
  /** Residents the plan names ("with Marcus"), by full name: the persona tells them (src/sim/cognition/whisper.ts). */
  with?: string[];
  /** Day index on which it was put into the schedule, or null. */
  scheduledOn: number | null;
}

/** A commitment as a snapshot holds it (src/sim/state/personaState.ts, src/sim/state/directorState.ts). */
export const CommitmentSchema = z.strictObject({
  event: z.string().max(1000),
  sector: z.string().max(200),
  day: z.number().int().min(0).max(1e6),
  // A minute of the day; "11:75 pm" parses to a little past midnight, so a little slack.
  start: z.number().int().min(0).max(25 * 60),
  minutes: z.number().int().min(1).max(25 * 60),
  host: z.boolean(),
  source: z.string().max(200),
  arena: z.string().max(200).optional(),
  with: z.array(z.string().max(200)).max(50).optional(),
  scheduledOn: z.number().int().min(0).max(1e6).nullable(),
}) satisfies z.ZodType<Commitment>;

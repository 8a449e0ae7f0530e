import { z } from 'zod';

/**
 * The bounds on every value a file from elsewhere can bring in — a save, a snapshot (a save's or a
 * replay's, to fork from), a replay, a persona file, a town pack — in one place, so each reader
 * refuses the same things with the same words (docs/saves.md, "Bounds"). Each is far above what a
 * long game makes and low enough that a crafted file cannot freeze or exhaust the page: the work a
 * file can cause (steps, memories to index, text in every prompt) is known before it runs.
 */
export const BOUNDS = {
  /** Game seconds per step: a second to an hour (Smallville: 10). Below a second a day is 86,400+ steps of nothing. */
  stepSeconds: { min: 1, max: 3600 },
  /** A seed is a whole number a person could type (the RNG takes its low 32 bits). */
  seed: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  /** Game time: years a calendar shows (and `Date` formats) without surprises. */
  year: { min: 1900, max: 2999 },
  /** Credits a resident may hold or owe. */
  credits: { min: -1_000_000, max: 1_000_000_000 },
  /** Memories of one persona (a persona makes about 400 a game day) and of a whole town (25 personas: about 30 game days). */
  memoriesPerPersona: 100_000,
  memoriesPerTown: 300_000,
  /**
   * Bytes of a save's JSON, and so the most its gzip may inflate to (the two are one limit): a week
   * of 25 personas is about 20 MB; a town at the memory limit about 60 MB.
   */
  saveTextBytes: 64 * 1024 * 1024,
  /** Characters of a persona file's free-text fields (innate, learned, currently, lifestyle, daily plan): each goes into prompts. */
  personaText: 4000,
  /** Characters of a name, an id, a title, a place. */
  nameText: 200,
  /** Relationships and haunts of one persona. */
  relationships: 200,
  haunts: 50,
  /** A sprite sheet's name: a plain file name (no path, no dots), one of the town's looks. */
  sprite: /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
} as const;

/** A game time (ms since 1970) inside the calendar bounds. */
export function gameTimeInBounds(ms: number): boolean {
  if (!Number.isFinite(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= BOUNDS.year.min && year <= BOUNDS.year.max;
}

/** A game time for a message: "2023-02-13 07:00", or the raw number when it is no date at all (never "Invalid time value"). */
export function describeGameTime(ms: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(ms);
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

export const StepSecondsSchema = z
  .number()
  .refine(Number.isFinite, 'a finite number')
  .refine((s) => s >= BOUNDS.stepSeconds.min && s <= BOUNDS.stepSeconds.max, { error: (issue) => { const s = issue.input as number; return `a step of ${s} game seconds; Hamlet plays steps of ${BOUNDS.stepSeconds.min} to ${BOUNDS.stepSeconds.max} seconds`; } });

export const SeedSchema = z.number().refine(Number.isSafeInteger, { error: (issue) => { const s = issue.input as number; return `seed ${s} is not a whole number up to ${Number.MAX_SAFE_INTEGER}`; } });

export const CreditsSchema = z
  .number()
  .refine((c) => Number.isFinite(c) && c >= BOUNDS.credits.min && c <= BOUNDS.credits.max, { error: (issue) => { const c = issue.input as number; return `${c} credits; a resident holds ${BOUNDS.credits.min.toLocaleString('en')} to ${BOUNDS.credits.max.toLocaleString('en')}`; } });

/** A game start like 2023-02-13T07:00:00, in the calendar bounds. */
export const GameStartSchema = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/, 'a game time like 2023-02-13T07:00:00')
  .refine((s) => gameTimeInBounds(Date.parse(`${s}Z`)), { error: (issue) => { const s = String(issue.input); return `the game time ${s} is not a date from ${BOUNDS.year.min} to ${BOUNDS.year.max}`; } });

/** How many memories a snapshot's persona part holds, per persona and in all, counted on the raw JSON before anything is built from it. */
export function memoryCountProblem(personas: unknown): string | null {
  if (!Array.isArray(personas)) return null;
  let total = 0;
  for (const [i, p] of personas.entries()) {
    const memory = (p as { memory?: unknown } | null)?.memory;
    const n = Array.isArray(memory) ? memory.length : 0;
    if (n > BOUNDS.memoriesPerPersona) return `persona #${i + 1} has ${n.toLocaleString('en')} memories; Hamlet loads up to ${BOUNDS.memoriesPerPersona.toLocaleString('en')} per persona (limit: memories)`;
    total += n;
  }
  if (total > BOUNDS.memoriesPerTown) return `its personas have ${total.toLocaleString('en')} memories; Hamlet loads up to ${BOUNDS.memoriesPerTown.toLocaleString('en')} in a town (limit: memories)`;
  return null;
}

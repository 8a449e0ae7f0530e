import type { Persona } from '../persona/persona';

/** One memory's scores in a retrieval (each part min–max normalised, total weighted as in retrieve.ts). */
export interface ScoredRow {
  id: number;
  recency: number;
  importance: number;
  relevance: number;
  score: number;
}

/** A persona's latest new_retrieve: when, and per focal point the memories it returned with their scores. */
export interface RetrievalTrace {
  time: number;
  focal: { text: string; rows: ScoredRow[] }[];
}

/**
 * Kept beside the persona rather than on it: the inspector reads it, the simulation never does, and
 * a snapshot (which saves every plain persona field) should not carry it.
 */
const traces = new WeakMap<Persona, RetrievalTrace>();

export function recordRetrieval(p: Persona, trace: RetrievalTrace): void {
  traces.set(p, trace);
}

/** The latest retrieval of this persona, or null if it has not retrieved yet. */
export function lastRetrieval(p: Persona): RetrievalTrace | null {
  return traces.get(p) ?? null;
}

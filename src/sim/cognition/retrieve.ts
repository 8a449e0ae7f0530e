import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { isExpired } from '../persona/memory';
import type { SimContext } from '../context';
import { cosine, type EmbeddingStore } from '../persona/embeddings';
import { shortName } from './perceive';
import { recordRetrieval, type RetrievalTrace } from './retrievalTrace';

export interface Retrieved {
  currEvent: ConceptNode;
  events: ConceptNode[];
  thoughts: ConceptNode[];
}

/**
 * Retrieve (Smallville's basic retrieve): for each newly perceived event, the events and thoughts
 * sharing its subject or object as a keyword. Touches last_accessed of what it returns.
 */
export function retrieve(p: Persona, perceived: ConceptNode[], now: number): Map<string, Retrieved> {
  const out = new Map<string, Retrieved>();
  for (const ev of perceived) {
    const keys = [shortName(ev.subject), shortName(ev.object)];
    const events = p.memory.related('event', keys, now).filter((n) => n.id !== ev.id).slice(0, 10);
    const thoughts = p.memory.related('thought', keys, now).slice(0, 10);
    for (const n of [...events, ...thoughts]) n.lastAccessed = now;
    out.set(ev.description, { currEvent: ev, events, thoughts });
  }
  return out;
}

/** Smallville's weights for the retrieval score: recency, relevance, importance. */
export const RETRIEVAL_WEIGHTS = { recency: 0.5, relevance: 3, importance: 2 } as const;
export const RETRIEVE_COUNT = 30;

/** Make sure every text has a vector in the store, asking the brain (batched) for the missing ones. */
export async function ensureEmbeddings(sim: SimContext, p: Persona, texts: Iterable<string>): Promise<void> {
  const missing = [...new Set(texts)].filter((t) => !sim.embeddings.has(t));
  if (missing.length === 0) return;
  const vectors = await sim.brain.embed({ persona: p, now: sim.clock.now }, missing);
  missing.forEach((t, i) => sim.embeddings.set(t, vectors[i]!));
}

/** Min–max normalisation to [0, 1]; all-equal values become 0.5 (as Smallville's normalize_dict_floats). */
function normalise(values: number[]): number[] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return max === min ? values.map(() => 0.5) : values.map((v) => (v - min) / (max - min));
}

export interface Scored {
  node: ConceptNode;
  recency: number;
  relevance: number;
  importance: number;
  score: number;
}

/**
 * Smallville's new_retrieve for one focal point: every unexpired, non-idle event and thought scored by
 * recency, relevance (cosine of embeddings) and importance, each min–max normalised, combined as
 * 0.5·recency + 3·relevance + 2·importance (times the persona's weights). Recency decays by
 * `recencyDecay` per place in access order, the most recently accessed memory scoring highest: the
 * paper's intent (Smallville's code gives the oldest-accessed the highest; see the retrieval test).
 * Pure: reads embeddings already in the store and touches nothing.
 */
export function scoreMemories(p: Persona, store: EmbeddingStore, focal: string, now: number): Scored[] {
  const s = p.scratch;
  const nodes = p.memory.nodes
    .filter((n) => n.type !== 'chat' && !isExpired(n, now) && !n.embeddingKey.includes('idle'))
    .sort((a, b) => b.lastAccessed - a.lastAccessed || b.id - a.id);
  if (nodes.length === 0) return [];
  const query = store.get(focal);
  const recency = normalise(nodes.map((_, i) => s.recencyDecay ** (i + 1)));
  const importance = normalise(nodes.map((n) => n.poignancy));
  const relevance = normalise(nodes.map((n) => cosine(query, store.get(n.embeddingKey))));
  const w = RETRIEVAL_WEIGHTS;
  return nodes
    .map((node, i) => ({
      node,
      recency: recency[i]!,
      relevance: relevance[i]!,
      importance: importance[i]!,
      score: s.recencyW * recency[i]! * w.recency + s.relevanceW * relevance[i]! * w.relevance + s.importanceW * importance[i]! * w.importance,
    }))
    .sort((a, b) => b.score - a.score || b.node.id - a.node.id);
}

/**
 * new_retrieve: for each focal point, the top `n` memories by score; their last_accessed becomes now.
 * Embeds the focal points and any memory not yet embedded first.
 */
export async function newRetrieve(sim: SimContext, p: Persona, focalPoints: string[], n = RETRIEVE_COUNT): Promise<Map<string, ConceptNode[]>> {
  const now = sim.clock.now;
  await ensureEmbeddings(sim, p, [...focalPoints, ...p.memory.nodes.map((m) => m.embeddingKey)]);
  const out = new Map<string, ConceptNode[]>();
  const trace: RetrievalTrace = { time: now, focal: [] };
  for (const focal of focalPoints) {
    const scored = scoreMemories(p, sim.embeddings, focal, now).slice(0, n);
    const top = scored.map((x) => x.node);
    for (const node of top) node.lastAccessed = now;
    out.set(focal, top);
    trace.focal.push({ text: focal, rows: scored.map((x) => ({ id: x.node.id, recency: x.recency, importance: x.importance, relevance: x.relevance, score: x.score })) });
  }
  // For the inspector's "why did she recall that": a few dozen numbers, no effect on the run.
  recordRetrieval(p, trace);
  return out;
}

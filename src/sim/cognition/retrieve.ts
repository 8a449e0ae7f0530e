import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { isExpired } from '../persona/memory';
import type { SimContext } from '../context';
import type { EmbeddingStore } from '../persona/embeddings';
import { shortName } from './perceive';
import { recordRetrieval, type RetrievalTrace } from './retrievalTrace';
import { at } from '../checked';

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

/** Per persona: how far its stream is known to be embedded (in this store, for this generation of the stream). */
const embeddedPrefix = new WeakMap<Persona, { store: EmbeddingStore; generation: number; upTo: number }>();

/**
 * The persona's memories whose text has no vector yet (normally none: the simulation embeds each
 * step's new memories). Vectors are never removed, so the embedded prefix of the stream is not
 * looked at again.
 */
export function unembedded(sim: SimContext, p: Persona): string[] {
  const nodes = p.memory.nodes;
  let known = embeddedPrefix.get(p);
  if (!known || known.store !== sim.embeddings || known.generation !== p.memory.generation) {
    known = { store: sim.embeddings, generation: p.memory.generation, upTo: 0 };
    embeddedPrefix.set(p, known);
  }
  let i = Math.min(known.upTo, nodes.length);
  while (i < nodes.length && sim.embeddings.has(at(nodes, i, 'memory').embeddingKey)) i++;
  known.upTo = i;
  return nodes
    .slice(i)
    .map((n) => n.embeddingKey)
    .filter((key) => !sim.embeddings.has(key));
}

/** Make sure every text has a vector in the store, asking the brain (batched) for the missing ones. */
export async function ensureEmbeddings(sim: SimContext, p: Persona, texts: Iterable<string>): Promise<void> {
  const missing = [...new Set(texts)].filter((t) => !sim.embeddings.has(t));
  if (missing.length === 0) return;
  const vectors = await sim.brain.embed({ persona: p, now: sim.clock.now }, missing);
  missing.forEach((t, i) => sim.embeddings.set(t, at(vectors, i, 'embedding')));
}

interface Scored {
  node: ConceptNode;
  recency: number;
  relevance: number;
  importance: number;
  score: number;
}

/**
 * The memories retrieval may return (unexpired events and thoughts, no "is idle" events), most
 * recently accessed first, newest first among equals: the order recency is scored by.
 */
function rankByAccess(p: Persona, now: number): ConceptNode[] {
  return p.memory.nodes
    .filter((n) => n.type !== 'chat' && !isExpired(n, now) && !n.embeddingKey.includes('idle'))
    .sort(byAccess);
}

function byAccess(a: ConceptNode, b: ConceptNode): number {
  return b.lastAccessed - a.lastAccessed || b.id - a.id;
}

/**
 * The same ranking after some of its nodes were accessed at `now`: those move to the front (newest
 * first); the others keep their order, all of them older than now. O(n) instead of a new sort.
 */
function rerankAfterAccess(ranked: ConceptNode[], now: number): ConceptNode[] {
  const front: ConceptNode[] = [];
  const rest: ConceptNode[] = [];
  for (const n of ranked) (n.lastAccessed >= now ? front : rest).push(n);
  return front.sort(byAccess).concat(rest);
}

/** decay^1, decay^2, … kept per decay rate: a place's recency without a power per memory per query. */
const decayPowers = new Map<number, number[]>();
function powersOf(d: number, n: number): number[] {
  let t = decayPowers.get(d);
  if (!t) decayPowers.set(d, (t = []));
  for (let i = t.length; i < n; i++) t.push(d ** (i + 1));
  return t;
}

/**
 * Smallville's new_retrieve for one focal point: every unexpired, non-idle event and thought scored by
 * recency, relevance (cosine of embeddings) and importance, each min–max normalised, combined as
 * 0.5·recency + 3·relevance + 2·importance (times the persona's weights). Recency decays by
 * `recencyDecay` per place in access order, the most recently accessed memory scoring highest: the
 * paper's intent (Smallville's code gives the oldest-accessed the highest; see the retrieval test).
 * Pure: reads embeddings already in the store and touches nothing.
 */
export function scoreMemories(p: Persona, store: EmbeddingStore, focal: string, now: number, limit = Infinity): Scored[] {
  return scoreRanked(p, store, rankByAccess(p, now), focal, limit);
}

/** scoreMemories over a ranking already made by rankByAccess. */
function scoreRanked(p: Persona, store: EmbeddingStore, nodes: readonly ConceptNode[], focal: string, limit: number): Scored[] {
  const s = p.scratch;
  const n = nodes.length;
  if (n === 0) return [];
  // One pass for the raw relevance and the ranges; recency falls with the place in access order, so
  // its range is its first and last value.
  const similarity = store.similarityTo(focal);
  const relevance = new Float64Array(n);
  let rMin = Infinity;
  let rMax = -Infinity;
  let iMin = Infinity;
  let iMax = -Infinity;
  for (let i = 0; i < n; i++) {
    const node = at(nodes, i, 'memory');
    const r = similarity(node.embeddingKey);
    relevance[i] = r;
    if (r < rMin) rMin = r;
    if (r > rMax) rMax = r;
    const imp = node.poignancy;
    if (imp < iMin) iMin = imp;
    if (imp > iMax) iMax = imp;
  }
  const d = s.recencyDecay;
  const pow = powersOf(d, n);
  const cMax = at(pow, 0, 'recency');
  const cMin = at(pow, n - 1, 'recency');
  const w = RETRIEVAL_WEIGHTS;
  const wr = s.recencyW * w.recency;
  const wv = s.relevanceW * w.relevance;
  const wi = s.importanceW * w.importance;
  const better = (a: Scored, b: Scored) => b.score - a.score || b.node.id - a.node.id;
  // The whole ranking is one sort; a short top list is kept sorted as it fills.
  const all = limit >= n;
  const top: Scored[] = [];
  for (let i = 0; i < n; i++) {
    const node = at(nodes, i, 'memory');
    const recency = norm(at(pow, i, 'recency'), cMin, cMax);
    const rel = norm(at(relevance, i, 'relevance'), rMin, rMax);
    const importance = norm(node.poignancy, iMin, iMax);
    const score = wr * recency + wv * rel + wi * importance;
    const last = top.at(-1);
    if (!all && last && top.length >= limit && score < last.score) continue;
    const row = { node, recency, relevance: rel, importance, score };
    if (all) {
      top.push(row);
      continue;
    }
    if (top.length < limit) top.push(row);
    else if (last && better(row, last) < 0) top[top.length - 1] = row;
    else continue;
    // Keep `top` sorted: move the new row up to its place (limit is small, so this stays cheap).
    for (let j = top.length - 1; j > 0; j--) {
      const here = at(top, j, 'ranked memory');
      const above = at(top, j - 1, 'ranked memory');
      if (better(here, above) >= 0) break;
      top[j - 1] = here;
      top[j] = above;
    }
  }
  return all ? top.sort(better) : top;
}

/** Min–max normalisation of one value; all-equal values become 0.5 (Smallville's normalize_dict_floats). */
function norm(v: number, min: number, max: number): number {
  return max === min ? 0.5 : (v - min) / (max - min);
}

/**
 * new_retrieve: for each focal point, the top `n` memories by score; their last_accessed becomes now.
 * Embeds the focal points and any memory not yet embedded first.
 */
export async function newRetrieve(sim: SimContext, p: Persona, focalPoints: string[], n = RETRIEVE_COUNT): Promise<Map<string, ConceptNode[]>> {
  const now = sim.clock.now;
  await ensureEmbeddings(sim, p, focalPoints.concat(unembedded(sim, p)));
  const out = new Map<string, ConceptNode[]>();
  const trace: RetrievalTrace = { time: now, focal: [] };
  let ranked = rankByAccess(p, now);
  for (const focal of focalPoints) {
    const scored = scoreRanked(p, sim.embeddings, ranked, focal, n);
    const top = scored.map((x) => x.node);
    for (const node of top) node.lastAccessed = now;
    ranked = rerankAfterAccess(ranked, now);
    out.set(focal, top);
    trace.focal.push({ text: focal, rows: scored.map((x) => ({ id: x.node.id, recency: x.recency, importance: x.importance, relevance: x.relevance, score: x.score })) });
  }
  // For the inspector's "why did she recall that": a few dozen numbers, no effect on the run.
  recordRetrieval(p, trace);
  return out;
}

import { describe, expect, it } from 'vitest';
import { localEmbedding } from '../../src/sim/brain/localEmbedding';
import { cosine, EmbeddingStore } from '../../src/sim/persona/embeddings';
import { scoreMemories, RETRIEVAL_WEIGHTS } from '../../src/sim/cognition/retrieve';
import { Persona } from '../../src/sim/persona/persona';
import { miniPersonas } from '../fixtures/miniTown';

const T0 = Date.UTC(2023, 1, 13, 8);
const MIN = 60_000;

describe('the local embedding', () => {
  it('is deterministic, unit length, and closer for texts that share words', () => {
    const a = localEmbedding('Isabella is brewing coffee at the café');
    expect(localEmbedding('Isabella is brewing coffee at the café')).toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    const near = cosine(a, localEmbedding('coffee brewed at Bramble Café'));
    const far = cosine(a, localEmbedding('Tom is repairing the tractor in the barn'));
    expect(near).toBeGreaterThan(far + 0.2);
  });

  it('the store’s similarity is the cosine, for any vector length and scale', () => {
    const store = new EmbeddingStore();
    store.set('q', [3, 4, 0]);
    store.set('a', [6, 8, 0]);
    store.set('b', [0, 0, 2]);
    store.set('c', [1, 1, 1]);
    store.set('short', [1, 0]);
    store.set('zero', [0, 0, 0]);
    const sim = store.similarityTo('q');
    for (const k of ['a', 'b', 'c', 'short', 'zero']) expect(sim(k)).toBeCloseTo(cosine(store.get('q'), store.get(k)), 6);
    expect(sim('a')).toBeCloseTo(1, 6);
    expect(sim('missing')).toBe(0);
    expect(store.similarityTo('missing')('a')).toBe(0);
  });

  it('compares nothing across vector sizes', () => {
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
    expect(cosine(undefined, [1])).toBe(0);
  });
});

describe('retrieval scoring (Smallville new_retrieve)', () => {
  function personaWith(nodes: { text: string; poignancy: number; accessedMin: number }[]) {
    const p = new Persona(miniPersonas()[0]!, 'Mini', { x: 3, y: 3 });
    const store = new EmbeddingStore();
    for (const n of nodes) {
      const node = p.memory.add('event', { created: T0, subject: 'Ann Test', predicate: 'is', object: n.text, description: n.text, poignancy: n.poignancy, keywords: [] });
      node.lastAccessed = T0 + n.accessedMin * MIN;
      store.set(n.text, localEmbedding(n.text));
    }
    return { p, store };
  }

  it('ranks by 0.5·recency + 3·relevance + 2·importance, each normalised', () => {
    const { p, store } = personaWith([
      { text: 'planning the Valentine party at the café', poignancy: 3, accessedMin: 0 },
      { text: 'watering the garden', poignancy: 9, accessedMin: 10 },
      { text: 'sweeping the floor', poignancy: 1, accessedMin: 20 },
    ]);
    store.set('Valentine party', localEmbedding('Valentine party'));
    const scored = scoreMemories(p, store, 'Valentine party', T0 + 30 * MIN);
    // Relevance (weight 3) beats importance (2) beats recency (0.5).
    expect(scored.map((s) => s.node.description)).toEqual(['planning the Valentine party at the café', 'watering the garden', 'sweeping the floor']);
    for (const s of scored) {
      expect(s.score).toBeCloseTo(RETRIEVAL_WEIGHTS.recency * s.recency + RETRIEVAL_WEIGHTS.relevance * s.relevance + RETRIEVAL_WEIGHTS.importance * s.importance, 10);
      for (const v of [s.recency, s.relevance, s.importance]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    }
    expect(scored[0]!.relevance).toBe(1);
    expect(scored[1]!.importance).toBe(1);
  });

  it('the top n are the first n of the full ranking', () => {
    const words = ['coffee', 'garden', 'party', 'library', 'bread', 'music', 'river', 'market'];
    const { p, store } = personaWith(
      Array.from({ length: 60 }, (_, i) => ({ text: `${words[i % 8]} ${words[(i * 3) % 8]} note ${i}`, poignancy: 1 + ((i * 7) % 10), accessedMin: (i * 13) % 50 })),
    );
    store.set('party music', localEmbedding('party music'));
    const all = scoreMemories(p, store, 'party music', T0 + 60 * MIN);
    expect(all).toHaveLength(60);
    for (const k of [1, 5, 30, 59, 60, 100]) expect(scoreMemories(p, store, 'party music', T0 + 60 * MIN, k)).toEqual(all.slice(0, k));
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.score).toBeGreaterThanOrEqual(all[i]!.score);
  });

  it('gives the most recently accessed memory the highest recency (the intended behaviour, not the original code’s)', () => {
    const { p, store } = personaWith([
      { text: 'reading a novel', poignancy: 4, accessedMin: 0 },
      { text: 'reading a magazine', poignancy: 4, accessedMin: 50 },
      { text: 'reading a letter', poignancy: 4, accessedMin: 25 },
    ]);
    const byText = new Map(scoreMemories(p, store, 'nothing in common', T0 + 60 * MIN).map((s) => [s.node.description, s.recency]));
    expect(byText.get('reading a magazine')).toBe(1);
    expect(byText.get('reading a novel')).toBe(0);
    expect(byText.get('reading a letter')!).toBeGreaterThan(0);
    expect(byText.get('reading a letter')!).toBeLessThan(1);
  });

  it('leaves out idle events, chats and expired memories', () => {
    const { p, store } = personaWith([{ text: 'bed is idle', poignancy: 1, accessedMin: 0 }]);
    p.memory.add('thought', { created: T0, expiration: T0 + MIN, subject: 'Ann Test', predicate: 'plans', object: 'x', description: 'an old plan', poignancy: 5, keywords: [] });
    p.memory.add('chat', { created: T0, subject: 'Ann Test', predicate: 'chat with', object: 'Bob Test', description: 'a chat', poignancy: 5, keywords: [] });
    const live = p.memory.add('thought', { created: T0, subject: 'Ann Test', predicate: 'plans', object: 'y', description: 'a new plan', poignancy: 5, keywords: [] });
    expect(scoreMemories(p, store, 'plan', T0 + 10 * MIN).map((s) => s.node)).toEqual([live]);
  });
});

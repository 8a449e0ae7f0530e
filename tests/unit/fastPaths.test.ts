import { describe, expect, it } from 'vitest';
import { localEmbedding } from '../../src/sim/brain/localEmbedding';
import { EmbeddingStore } from '../../src/sim/persona/embeddings';
import { newRetrieve, scoreMemories, unembedded } from '../../src/sim/cognition/retrieve';
import { perceive, perceptionIndex } from '../../src/sim/cognition/perceive';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Rng } from '../../src/sim/rng';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

// The hot paths of a day (similarities, retrieval ranking, perception) take shortcuts; each must give
// exactly the answer of the plain computation it replaces, or a seeded run would no longer replay.

/** The plain cosine the store's similarity stands for: every place of both vectors, as float32. */
function plainSimilarity(a: readonly number[], b: readonly number[]): number {
  const q = Float32Array.from(a);
  const v = Float32Array.from(b);
  let dot = 0;
  let nq = 0;
  let nv = 0;
  for (let i = 0; i < q.length; i++) {
    dot += q[i]! * v[i]!;
    nq += q[i]! * q[i]!;
    nv += v[i]! * v[i]!;
  }
  return nq > 0 && nv > 0 ? dot * (1 / Math.sqrt(nq)) * (1 / Math.sqrt(nv)) : 0;
}

function town(seed = 1) {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(seed, personas), seed, start: '2023-02-13T00:00:00' });
}

describe('similarities (sparse vectors, remembered rows)', () => {
  const texts = ['Isabella is brewing coffee', 'coffee at the café', 'Tom is fixing the tractor', 'the Valentine party at Hobbs Cafe', 'Klaus is reading about gentrification'];

  it('equal the plain cosine to the last bit, for sparse and dense vectors, asked once or again', () => {
    const store = new EmbeddingStore();
    const dense = Array.from({ length: 256 }, (_, i) => Math.sin(i + 1));
    for (const t of texts) store.set(t, localEmbedding(t)); // about a quarter of the places set: stored sparse
    store.set('dense', dense);
    for (const query of [...texts, 'dense']) {
      const qv = query === 'dense' ? dense : localEmbedding(query);
      // First ask computes; the second makes a row of them; the third reads that row.
      for (let ask = 0; ask < 3; ask++) {
        const sim = store.similarityTo(query);
        for (const key of [...texts, 'dense']) expect(sim(key)).toBe(plainSimilarity(qv, key === 'dense' ? dense : localEmbedding(key)));
      }
    }
  });

  it('see texts added after a query was first asked, and a replaced vector', () => {
    const store = new EmbeddingStore();
    store.set('q', localEmbedding('coffee at the café'));
    store.set('a', localEmbedding('brewing coffee'));
    for (let ask = 0; ask < 2; ask++) expect(store.similarityTo('q')('a')).toBe(plainSimilarity(localEmbedding('coffee at the café'), localEmbedding('brewing coffee')));
    // Many new texts: the remembered row for 'q' has to grow.
    for (let i = 0; i < 300; i++) store.set(`t${i}`, localEmbedding(`coffee number ${i} at the café`));
    const expected = plainSimilarity(localEmbedding('coffee at the café'), localEmbedding('coffee number 299 at the café'));
    expect(store.similarityTo('q')('t299')).toBe(expected);
    expect(store.similarityTo('q')('t299')).toBe(expected); // read back from the grown row
    // A text given a new vector: no stale similarity survives (asked enough times to be remembered first).
    for (let i = 0; i < 3; i++) store.similarityTo('q')('a');
    store.set('a', localEmbedding('Tom is fixing the tractor'));
    expect(store.similarityTo('q')('a')).toBe(plainSimilarity(localEmbedding('coffee at the café'), localEmbedding('Tom is fixing the tractor')));
  });
});

describe('new_retrieve over several focal points', () => {
  it('returns what scoring each focal point afresh returns, touching the same memories', async () => {
    const sim = town();
    const p = sim.personas[0]!;
    const rng = new Rng(7);
    const words = ['coffee', 'party', 'garden', 'tractor', 'library', 'music', 'election', 'bakery', 'river', 'mayor'];
    for (let i = 0; i < 120; i++) {
      const text = `${words[rng.int(words.length)]} and ${words[rng.int(words.length)]} ${i}`;
      const node = p.memory.add(i % 4 === 0 ? 'thought' : 'event', { created: sim.now, subject: p.name, predicate: 'thinks', object: text, description: text, poignancy: 1 + rng.int(10), keywords: [] });
      // Access times with many ties, so the order among equals matters.
      node.lastAccessed = sim.now + rng.int(6) * 600_000;
    }
    const focal = ['coffee party', 'garden', 'mayor election', 'coffee party'];
    const before = p.memory.nodes.map((n) => n.lastAccessed);

    // The plain way: rank, score and touch, focal point by focal point.
    sim.clock.step = 360; // an hour on: later than every access above
    const now = sim.now;
    for (const f of focal) sim.embeddings.set(f, localEmbedding(f));
    for (const n of p.memory.nodes) if (!sim.embeddings.has(n.embeddingKey)) sim.embeddings.set(n.embeddingKey, localEmbedding(n.embeddingKey));
    const expected: number[][] = [];
    for (const f of focal) {
      const top = scoreMemories(p, sim.embeddings, f, now, 5).map((s) => s.node);
      for (const n of top) n.lastAccessed = now;
      expected.push(top.map((n) => n.id));
    }
    const touched = p.memory.nodes.map((n) => n.lastAccessed);

    p.memory.nodes.forEach((n, i) => (n.lastAccessed = before[i]!));
    const got = await newRetrieve(sim, p, focal, 5);
    // Map keys collapse the repeated focal point; its list is the later one.
    expect(got.get('coffee party')!.map((n) => n.id)).toEqual(expected[3]);
    expect(got.get('garden')!.map((n) => n.id)).toEqual(expected[1]);
    expect(got.get('mayor election')!.map((n) => n.id)).toEqual(expected[2]);
    expect(expected[3]).not.toEqual(expected[0]); // the touches of earlier focal points changed the ranking
    expect(p.memory.nodes.map((n) => n.lastAccessed)).toEqual(touched);
  });

  it('finds memories without a vector, also after the stream was replaced by a restore', () => {
    const sim = town();
    const p = sim.personas[0]!;
    for (const n of p.memory.nodes) sim.embeddings.set(n.embeddingKey, localEmbedding(n.embeddingKey));
    expect(unembedded(sim, p)).toEqual([]);
    p.memory.add('event', { created: sim.now, subject: p.name, predicate: 'is', object: 'new', description: 'a brand new memory', poignancy: 3, keywords: [] });
    expect(unembedded(sim, p)).toEqual(['a brand new memory']);
    sim.embeddings.set('a brand new memory', localEmbedding('a brand new memory'));
    expect(unembedded(sim, p)).toEqual([]);
    // A restore swaps the whole stream: the same number of nodes, one of them never embedded.
    const nodes = p.memory.nodes.map((n, i) => (i === 0 ? { ...n, description: 'restored memory', embeddingKey: 'restored memory' } : n));
    p.memory.load(nodes);
    expect(unembedded(sim, p)).toEqual(['restored memory']);
  });
});

describe('perception through the index of who is where', () => {
  it('sees the same events as looking at the whole town', async () => {
    const [a, b] = [town(3), town(3)];
    for (let i = 0; i < 40; i++) {
      await a.tick();
      await b.tick();
    }
    // Everyone into one room, one persona next door, so both the same-space and the other-space cases count.
    const tiles = [{ x: 3, y: 5 }, { x: 3, y: 4 }, { x: 7, y: 3 }];
    for (const sim of [a, b]) sim.personas.forEach((p, i) => (p.scratch.currTile = { ...tiles[i % tiles.length]! }));
    const index = perceptionIndex(b);
    for (let i = 0; i < a.personas.length; i++) {
      const plain = await perceive(a, a.personas[i]!, true);
      const fast = await perceive(b, b.personas[i]!, true, index);
      expect(fast.map((n) => n.description)).toEqual(plain.map((n) => n.description));
    }
    // The room at (3, 4)-(3, 5) holds two thirds of the town: the index files them together.
    const room = b.world.arenaAt[5 * b.world.width + 3]!;
    expect(room).toBeGreaterThanOrEqual(0);
    expect(index.near(room, 3, 5, 4).length).toBeGreaterThanOrEqual(2);
  });
});

describe('the benchmark’s phase timing', () => {
  it('sums each phase’s time when a timer is given, and records nothing (and changes nothing) without one', async () => {
    const personas = miniPersonas();
    let clock = 0;
    const timed = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00', timer: () => (clock += 1) });
    const plain = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
    const a: unknown[] = [];
    const b: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      a.push((await timed.tick()).personas);
      b.push((await plain.tick()).personas);
    }
    expect(a).toEqual(b);
    expect(plain.phaseTimes.size).toBe(0);
    expect([...timed.phaseTimes.keys()]).toEqual(expect.arrayContaining(['perceive, retrieve, plan', 'react, converse', 'execute (paths, moves)', 'embed']));
    // Each lap of the fake timer is 1 ms: every phase of every step is counted.
    expect([...timed.phaseTimes.values()].every((ms) => ms >= 30)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { forceLayout } from '../../src/ui/graph/forceLayout';
import { buildTownGraph } from '../../src/ui/graph/townGraph';
import { liveSource } from '../../src/app/readModel/live';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { priceOf } from '../../src/llm/prices';

describe('the town graph', () => {
  it('lays out people apart, each inside the square, pairs who talk closer than pairs who do not; the same every time', () => {
    const edges = [{ a: 0, b: 1, weight: 5 }, { a: 1, b: 2, weight: 1 }, { a: 3, b: 4, weight: 3 }];
    const pos = forceLayout(8, edges);
    expect(pos).toEqual(forceLayout(8, edges));
    for (const p of pos) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(1);
    }
    const d = (i: number, j: number) => Math.hypot(pos[i]!.x - pos[j]!.x, pos[i]!.y - pos[j]!.y);
    for (let i = 0; i < 8; i++) for (let j = i + 1; j < 8; j++) expect(d(i, j), `${i}–${j}`).toBeGreaterThan(0.03);
    const linked = [d(0, 1), d(3, 4)];
    const unlinked = [d(0, 5), d(1, 6), d(3, 7), d(2, 5)];
    expect(Math.max(...linked)).toBeLessThan(Math.min(...unlinked));
    expect(forceLayout(1, [])).toEqual([{ x: 0.5, y: 0.5 }]);
  });

  it('is built from a running town’s conversations: each pair once per conversation, with what they talked about', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(7, personas), seed: 7, start: '2023-02-13T07:00:00' });
    await sim.run(6 * 360);
    const graph = buildTownGraph(sim.personas.map((p) => ({ id: p.id, name: p.name })), liveSource(() => sim, () => null));
    const talks = graph.edges.reduce((n, e) => n + e.weight, 0);
    // Every conversation of the town is one edge count (a conversation is remembered by both partners).
    expect(talks).toBe(sim.conversations.length);
    expect(sim.conversations.length).toBeGreaterThan(5);
    for (const c of sim.conversations) {
      const [a, b] = c.participants.map((n) => graph.people.findIndex((p) => p.name === n)).sort((x, y) => x - y);
      const edge = graph.edges.find((e) => e.a === a && e.b === b);
      expect(edge, c.participants.join(' and ')).toBeDefined();
    }
    for (const e of graph.edges) {
      expect(e.a).toBeLessThan(e.b);
      expect(e.topics.length).toBeGreaterThan(0);
      expect(e.topics.length).toBeLessThanOrEqual(5);
    }
  }, 60_000);
});

describe('model prices for the cost line', () => {
  it.each([
    ['gpt-4o-mini', { input: 0, output: 0 }, { input: 0.15, cachedInput: 0.075, output: 0.6 }],
    ['openai/gpt-4o-mini', { input: 0, output: 0 }, { input: 0.15, cachedInput: 0.075, output: 0.6 }],
    ['gpt-4o-2024-08-06', { input: 0, output: 0 }, { input: 2.5, cachedInput: 1.25, output: 10 }],
    ['GPT-4.1-mini', { input: 0, output: 0 }, { input: 0.4, cachedInput: 0.1, output: 1.6 }],
    ['claude-3-5-haiku-latest', { input: 0, output: 0 }, { input: 0.8, cachedInput: 0.08, output: 4 }],
    ['gpt-4o-mini', { input: 1, output: 2 }, { input: 1, cachedInput: 1, output: 2 }],
    ['llama3.1:8b', { input: 0, output: 0 }, null],
  ])('%s with ⚙ Brain price %o', (model, configured, expected) => {
    expect(priceOf(model, configured)).toEqual(expected);
  });
});

describe('the cost line', () => {
  it('gives calls, tokens and price per persona-day, the cached share, or says the price is unknown', async () => {
    const { costLines } = await import('../../src/ui/inspector/costLine');
    const base = { model: 'gpt-4o-mini', personaDays: 25, calls: 5000, tokens: 2_500_000, cachedTokens: 500_000, promptTokens: 2_000_000, cost: 0.6, price: priceOf('gpt-4o-mini', { input: 0, output: 0 }) };
    expect(costLines(base)).toEqual([
      'Per persona-day: 200 calls · 100,000 tokens',
      'Cached: 25% of prompt tokens',
      '≈ $0.02 per persona-day · $0.60 so far (gpt-4o-mini at $0.15/$0.075/$0.6 per 1M input/cached/output tokens)',
    ]);
    expect(costLines({ ...base, cachedTokens: 0 })[1]).toBe('Cached: none reported by the endpoint');
    expect(costLines({ ...base, model: 'llama3.1:8b', price: null })[2]).toMatch(/^No price known for llama3\.1:8b/);
  });

  it('prices a call’s cached prompt tokens at the cached rate', async () => {
    const { CallLog } = await import('../../src/llm/callLog');
    const log = new CallLog(10, priceOf('gpt-4o-mini', { input: 0, output: 0 }));
    const call = { persona: 'a', module: 'm', prompt: 'p', promptVersion: '1', gameTime: 0, promptText: '', replies: [], latencyMs: 1, retries: 0, outcome: 'ok' as const };
    log.add({ ...call, tokens: { prompt: 1_000_000, completion: 0 } });
    log.add({ ...call, tokens: { prompt: 1_000_000, completion: 1_000_000, cached: 1_000_000 } });
    expect(log.totals.cost).toBeCloseTo(0.15 + 0.075 + 0.6, 6);
    expect(log.totals.cachedTokens).toBe(1_000_000);
    expect(new CallLog(10, null).add({ ...call, tokens: { prompt: 5, completion: 5 } }).tokens.prompt).toBe(5);
  });
});

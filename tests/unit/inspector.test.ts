import { describe, expect, it } from 'vitest';
import { rowsAddedAbove, rowWindow, scrollToRow } from '../../src/ui/inspector/virtualWindow';
import { duration, hhmm, minuteOf, scheduleSegments, segmentAt } from '../../src/ui/inspector/timeline';
import { tileInfo, tileLine } from '../../src/ui/inspector/tileInfo';
import { seriesFromCalls, seriesFromPersonaHours } from '../../src/app/readModel/llmSeries';
import { filterMemories, nodeById } from '../../src/ui/inspector/memoryFilter';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { addressOf } from '../../src/sim/world/address';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { ensureEmbeddings, newRetrieve, scoreMemories } from '../../src/sim/cognition/retrieve';
import { lastRetrieval } from '../../src/sim/cognition/retrievalTrace';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { actionLine } from '../../src/ui/inspector/townPanel';
import { registryParam } from '../../src/app/pageParams';

describe('the virtual list window', () => {
  it('renders only the rows in view plus the overscan', () => {
    const w = rowWindow(4000, 300, 40, 5000, 5);
    // Rows 100…107 are visible (300 px / 40 px + a partial row); 5 either side.
    expect(w.start).toBe(95);
    expect(w.end).toBe(100 + 9 + 5);
    expect(w.total).toBe(200_000);
  });

  it('clamps at both ends and handles short and empty lists', () => {
    expect(rowWindow(0, 300, 40, 3)).toEqual({ start: 0, end: 3, total: 120 });
    expect(rowWindow(-50, 300, 40, 1000).start).toBe(0);
    const bottom = rowWindow(1e9, 300, 40, 1000, 2);
    expect(bottom.end).toBe(1000);
    expect(bottom.start).toBeLessThan(1000 - 300 / 40);
    expect(rowWindow(0, 300, 40, 0)).toEqual({ start: 0, end: 0, total: 0 });
  });

  it('keeps a scrolled newest-first list still when rows come in above', () => {
    expect(rowsAddedAbove(7, [9, 8, 7, 6])).toBe(2);
    expect(rowsAddedAbove(7, [7, 6])).toBe(0);
    // The old first row filtered away or the list replaced: no shift.
    expect(rowsAddedAbove(7, [5, 4])).toBe(0);
    expect(rowsAddedAbove(undefined, [1])).toBe(0);
  });

  it('scrolls a row into view only when it is out of view', () => {
    // Row 12 (480–520 px) is on screen at scrollTop 400 (400–700): the scroll position stays, where centring would move it to 350.
    expect(scrollToRow(12, 400, 300, 40)).toBe(400);
    // Row 17 (680–720 px) is cut off at the bottom: centred (680 − 130).
    expect(scrollToRow(17, 400, 300, 40)).toBe(550);
    // Below and above the view: centred; never above the top.
    expect(scrollToRow(500, 0, 300, 40)).toBe(500 * 40 - 130);
    expect(scrollToRow(5, 800, 300, 40)).toBe(70);
    expect(scrollToRow(0, 800, 300, 40)).toBe(0);
  });
});

describe('the schedule timeline', () => {
  it('lays a schedule out over the day from midnight, dropping empty items and clipping at 24 h', () => {
    const segs = scheduleSegments([
      ['sleeping', 420],
      ['waking up', 0],
      ['breakfast', 30],
      ['work', 570],
      ['evening', 600],
    ]);
    expect(segs.map((s) => [s.label, s.start, s.end, s.index])).toEqual([
      ['sleeping', 0, 420, 0],
      ['breakfast', 420, 450, 2],
      ['work', 450, 1020, 3],
      ['evening', 1020, 1440, 4],
    ]);
    expect(segmentAt(segs, 425)?.label).toBe('breakfast');
    expect(segmentAt(segs, 1440)).toBeNull();
  });

  it('formats times and durations for people', () => {
    expect(hhmm(7 * 60 + 5)).toBe('07:05');
    expect(minuteOf(Date.UTC(2023, 1, 13, 7, 5, 30))).toBe(425);
    expect(duration(45_000)).toBe('45 s');
    expect(duration(12 * 60_000)).toBe('12 min');
    expect(duration(65 * 60_000)).toBe('1 h 05 min');
  });
});

describe('the tile readout', () => {
  const world = loadWorld(miniMap());

  it('gives coordinates, collision and the full address of a tile, and what happens on it', () => {
    // Find an object tile and a blocked tile in the mini town.
    let objectTile: { x: number; y: number } | null = null;
    let blocked: { x: number; y: number } | null = null;
    for (let y = 0; y < world.height; y++)
      for (let x = 0; x < world.width; x++) {
        if (!objectTile && addressOf(world, x, y).split(':').length === 4) objectTile = { x, y };
        if (!blocked && world.walkable[y * world.width + x] !== 1) blocked = { x, y };
      }
    expect(objectTile && blocked).toBeTruthy();
    const address = addressOf(world, objectTile!.x, objectTile!.y);
    const t = tileInfo(world, objectTile!.x, objectTile!.y, (a) => (a === address ? 'the bed is being slept in' : null), [
      { name: 'Ann Test', tile: objectTile!, description: 'sleeping' },
      { name: 'Bob Far', tile: { x: objectTile!.x + 1, y: objectTile!.y }, description: 'reading' },
    ])!;
    expect(t.address).toBe(address);
    expect(t.events).toEqual(['the bed is being slept in', 'Ann Test: sleeping']);
    expect(tileLine(t)).toBe(`(${objectTile!.x}, ${objectTile!.y}) · ${t.walkable ? 'walkable' : 'blocked'} · ${address}`);
    expect(tileInfo(world, blocked!.x, blocked!.y, () => null, [])!.walkable).toBe(false);
    expect(tileInfo(world, -1, 0, () => null, [])).toBeNull();
    expect(tileInfo(world, world.width, 0, () => null, [])).toBeNull();
  });
});

describe('LLM use over game time', () => {
  it('sums the per-persona hours into town hours, with empty hours filled', () => {
    const t = (calls: number, tokens: number, fallbacks: number) => ({ calls, promptTokens: tokens, completionTokens: 1, cost: 0.01 * calls, fallbacks });
    const series = seriesFromPersonaHours(
      new Map([
        ['ann@100', t(2, 10, 0)],
        ['bob@100', t(1, 5, 1)],
        ['ann@103', t(4, 40, 0)],
      ]),
    );
    expect(series.map((b) => [b.hour, b.calls, b.tokens, b.fallbacks])).toEqual([
      [100, 3, 17, 1],
      [101, 0, 0, 0],
      [102, 0, 0, 0],
      [103, 4, 41, 0],
    ]);
    expect(series[0]!.cost).toBeCloseTo(0.03);
  });

  it('buckets a list of calls (a replay) the same way', () => {
    const H = 3_600_000;
    const series = seriesFromCalls([
      { gameTime: 5 * H + 10, tokens: { prompt: 10, completion: 2 }, outcome: 'ok' },
      { gameTime: 5 * H + 20, tokens: { prompt: 1, completion: 1 }, outcome: 'fallback' },
      { gameTime: 7 * H, tokens: { prompt: 3, completion: 0 }, outcome: 'ok' },
    ]);
    expect(series.map((b) => [b.hour, b.calls, b.tokens, b.fallbacks])).toEqual([
      [5, 2, 14, 1],
      [6, 0, 0, 0],
      [7, 1, 3, 0],
    ]);
  });
});

describe('the memory list', () => {
  const node = (id: number, type: 'event' | 'chat' | 'thought', description: string, keywords: string[] = []) => ({ id, type, description, keywords, poignancy: 1 });
  const nodes = [node(1, 'event', 'Ann is making coffee', ['coffee']), node(2, 'chat', 'conversing about the party', ['party']), node(3, 'thought', 'Ann wants to go to the party at the café'), node(4, 'event', 'the stove is idle')];

  it('lists newest first, filtered by type and by every search word (description or keywords)', () => {
    const all = new Set(['event', 'chat', 'thought'] as const);
    expect(filterMemories(nodes, all, '').map((n) => n.id)).toEqual([4, 3, 2, 1]);
    expect(filterMemories(nodes, new Set(['event'] as const), '').map((n) => n.id)).toEqual([4, 1]);
    expect(filterMemories(nodes, all, 'PARTY').map((n) => n.id)).toEqual([3, 2]);
    expect(filterMemories(nodes, all, 'party café').map((n) => n.id)).toEqual([3]);
    expect(filterMemories(nodes, all, 'coffee').map((n) => n.id)).toEqual([1]);
    expect(filterMemories(nodes, all, 'nothing like this')).toEqual([]);
  });

  it('finds nodes by id in a full stream and in a partial one', () => {
    expect(nodeById(nodes, 3)?.description).toContain('wants to go');
    expect(nodeById([nodes[3]!, nodes[1]!], 2)?.type).toBe('chat');
    expect(nodeById(nodes, 99)).toBeUndefined();
  });
});

describe('the latest retrieval, for the Memory tab', () => {
  it('records each focal point’s returned memories with the scores they were ranked by', async () => {
    const specs = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas: specs, brain: new OfflineBrain(1, specs), seed: 1, start: '2023-02-13T08:00:00' });
    const p = sim.personas[0]!;
    expect(lastRetrieval(p)).toBeNull();
    for (const text of ['planning the Valentine party at the café', 'watering the garden', 'sweeping the floor']) {
      p.memory.add('event', { created: sim.now, subject: p.name, predicate: 'is', object: text, description: text, poignancy: 5, keywords: [] });
    }
    await ensureEmbeddings(sim, p, ['Valentine party', ...p.memory.nodes.map((n) => n.embeddingKey)]);
    const expected = scoreMemories(p, sim.embeddings, 'Valentine party', sim.now).slice(0, 2);
    const got = await newRetrieve(sim, p, ['Valentine party'], 2);
    const trace = lastRetrieval(p)!;
    expect(trace.time).toBe(sim.now);
    expect(trace.focal.map((f) => f.text)).toEqual(['Valentine party']);
    expect(trace.focal[0]!.rows.map((r) => r.id)).toEqual(got.get('Valentine party')!.map((n) => n.id));
    expect(trace.focal[0]!.rows).toEqual(expected.map((s) => ({ id: s.node.id, recency: s.recency, importance: s.importance, relevance: s.relevance, score: s.score })));
    expect(p.memory.nodes.find((n) => n.id === trace.focal[0]!.rows[0]!.id)!.description).toContain('Valentine');
  });
});

describe('the action layer in the inspector', () => {
  it('the town panel sums decisions over the town and counts personas per brain; a replay without counters shows no line', async () => {
    const personas = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T06:00:00', brainModes: { [personas[0]!.id]: 'registry' } });
    await sim.run(360);
    const frames = sim.personas.map((p) => sim.frameOf(p));
    const line = actionLine(frames)!;
    const total = sim.personas.reduce((n, p) => n + p.agent.stats.decisions, 0);
    expect(total).toBeGreaterThan(0);
    expect(line).toContain(`Actions: ${total.toLocaleString('en')} checked`);
    expect(line).toContain(`brains: ${personas.length - 1} generative, 1 registry`);
    expect(actionLine(frames.map(({ actionStats: _s, ...f }) => f))).toBeNull();
  });

  it('?registry= picks the registry personas by count, by ids or all, and names ids it does not know', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const reg = (v: string | null) => Object.entries(registryParam(v, ids).modes).filter(([, m]) => m === 'registry').map(([id]) => id);
    expect(reg(null)).toEqual([]);
    expect(reg('2')).toEqual(['c', 'd']);
    expect(reg('all')).toEqual(ids);
    expect(reg('b, d')).toEqual(['b', 'd']);
    expect(registryParam('9', ids).warning).toMatch(/has 4 personas/);
    const bad = registryParam('b,zed', ids);
    expect(Object.entries(bad.modes).filter(([, m]) => m === 'registry').map(([id]) => id)).toEqual(['b']);
    expect(bad.warning).toMatch(/no persona "zed"/);
  });
});

import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation, type PersonaFrame } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import type { WorldModel } from '../../src/sim/world/types';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import type { SimSnapshot } from '../../src/sim/snapshot';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

function build(world: WorldModel, personas: PersonaSpec[], start: string, seed = 1): Simulation {
  return new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start });
}

async function frames(sim: Simulation, steps: number): Promise<PersonaFrame[][]> {
  const out: PersonaFrame[][] = [];
  await sim.run(steps, (r) => out.push(r.personas));
  return out;
}

/** A snapshot as it travels: through JSON text. */
const viaJson = (s: SimSnapshot): SimSnapshot => JSON.parse(JSON.stringify(s)) as SimSnapshot;

describe('simulation snapshots', () => {
  it('restoring at step k and running m steps gives the frames and state of running k + m steps straight (25 personas, 13 h + 5 h)', async () => {
    const world = loadTownWorld();
    const personas = loadTownPersonas();
    const k = 13 * 360 + 5; // 13:00:50, people on their way somewhere
    const m = 5 * 360;
    const straight = build(world, personas, '2023-02-13T00:00:00');
    await straight.run(k);
    const atK = viaJson(straight.snapshot());
    // The snapshot holds a real day: memories, conversations, reflections.
    expect(straight.conversations.length).toBeGreaterThan(5);
    expect(straight.personas.some((p) => p.lastReflection !== null)).toBe(true);
    expect((atK.parts.town!.data as { moved: number[] }).moved.length).toBeGreaterThan(0);
    const expected = await frames(straight, m);

    const forked = build(world, personas, '2023-02-13T00:00:00');
    forked.restore(atK);
    expect(forked.step).toBe(k);
    // A restored simulation snapshots back to the very same snapshot.
    expect(viaJson(forked.snapshot())).toEqual(atK);
    const got = await frames(forked, m);
    expect(got.length).toBe(expected.length);
    for (let i = 0; i < m; i++) expect(got[i], `step ${k + i}`).toEqual(expected[i]);
    // Not only the frames: the whole state agrees after the continuation.
    expect(forked.snapshot()).toEqual(straight.snapshot());
  }, 60_000);

  it('continues across midnight (new-day planning) in the mini town', async () => {
    const world = loadWorld(miniMap());
    const personas = miniPersonas();
    const straight = build(world, personas, '2023-02-13T22:00:00', 7);
    await straight.run(540);
    const snap = viaJson(straight.snapshot());
    const expected = await frames(straight, 900);
    const forked = build(world, personas, '2023-02-13T22:00:00', 7);
    forked.restore(snap);
    expect(await frames(forked, 900)).toEqual(expected);
    expect(forked.personas.map((p) => p.plannedDay)).toEqual(straight.personas.map((p) => p.plannedDay));
  });

  it('keeps embeddings the local embedding cannot reproduce (a model’s), and leaves out the ones it can', async () => {
    const world = loadWorld(miniMap());
    const personas = miniPersonas();
    const sim = build(world, personas, '2023-02-13T08:00:00');
    await sim.run(30);
    sim.embeddings.set('a model vector', [0.25, -0.5, 0.125]);
    const snap = viaJson(sim.snapshot());
    expect((snap.parts.embeddings!.data as { vectors: unknown[] }).vectors).toHaveLength(1);
    const back = build(world, personas, '2023-02-13T08:00:00');
    back.restore(snap);
    expect(Array.from(back.embeddings.get('a model vector')!)).toEqual([0.25, -0.5, 0.125]);
  });

  it('refuses a snapshot of another seed, start or town, naming the difference', async () => {
    const world = loadWorld(miniMap());
    const personas = miniPersonas();
    const sim = build(world, personas, '2023-02-13T08:00:00');
    await sim.run(3);
    const snap = sim.snapshot();
    expect(() => build(world, personas, '2023-02-13T08:00:00', 2).restore(snap)).toThrow(/seed 1.*seed 2/);
    expect(() => build(world, personas, '2023-02-13T09:00:00').restore(snap)).toThrow(/clock/);
    expect(() => build(world, personas.slice(0, 2), '2023-02-13T08:00:00').restore(snap)).toThrow(/personas differ.*not in this town: cy-test/);
  });
});

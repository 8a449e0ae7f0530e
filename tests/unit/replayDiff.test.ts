import { describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Recorder } from '../../src/replay/recorder';
import { ReplayPlayer } from '../../src/replay/player';
import { diffReplays, stepLabel } from '../../src/replay/diff';
import type { ReplayFile } from '../../src/replay/format';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

/** A replay of the mini town: `steps` steps from 07:00, with `seed`, of the personas kept. */
async function recorded(seed: number, steps: number, keep = (_id: string) => true): Promise<ReplayFile> {
  const specs = miniPersonas().filter((p) => keep(p.id));
  const sim = new Simulation({ world: loadWorld(miniMap()), personas: specs, brain: new OfflineBrain(seed, specs), seed, start: '2023-02-13T07:00:00' });
  const rec = new Recorder(sim, { keyframeInterval: 40 });
  for (let i = 0; i < steps; i++) rec.record(await sim.tick());
  return rec.toReplay();
}

/** What the diff compares of a persona at a step, read straight from the player. */
const framesAt = (r: ReplayFile, step: number) => new Map(new ReplayPlayer(r).seek(step).map((f) => [f.id, JSON.stringify([f.tile, f.emoji, f.description, f.chattingWith ?? null, f.address ?? null])]));

describe('diffReplays (npm run replay -- diff, and the page’s compare)', () => {
  it('finds nothing between two runs of the same town and seed', async () => {
    const [a, b] = [await recorded(4, 150), await recorded(4, 150)];
    const d = diffReplays(a, b);
    expect(d).toMatchObject({ firstStep: null, personas: [], onlyInA: [], onlyInB: [], conversationsFrom: null });
    expect([d.from, d.to]).toEqual([0, 150]); // the first frame and 150 steps
  });

  it('gives each persona the first step it differs at, and no earlier one', async () => {
    const [a, b] = [await recorded(4, 240), await recorded(9, 240)];
    const d = diffReplays(a, b);
    expect(d.firstStep).not.toBeNull();
    expect(d.personas.length).toBeGreaterThan(0);
    expect(d.personas.map((p) => p.step)).toEqual([...d.personas.map((p) => p.step)].sort((x, y) => x - y));
    expect(d.firstStep).toBe(d.personas[0]?.step);
    for (const p of d.personas) {
      const [fa, fb] = [framesAt(a, p.step), framesAt(b, p.step)];
      expect(fa.get(p.id)).not.toBe(fb.get(p.id));
      expect(p.a).not.toBe(p.b);
      if (p.step > d.from) expect(framesAt(a, p.step - 1).get(p.id)).toBe(framesAt(b, p.step - 1).get(p.id));
    }
    // Those not listed are the same at every compared step.
    const listed = new Set(d.personas.map((p) => p.id));
    for (const id of a.personas.map((p) => p.id).filter((x) => !listed.has(x)))
      for (let s = d.from; s <= d.to; s += 7) expect(framesAt(a, s).get(id)).toBe(framesAt(b, s).get(id));
  });

  it('compares only the steps both cover and names who is in one replay only', async () => {
    const first = miniPersonas()[0]!;
    const a = await recorded(4, 200);
    const b = await recorded(4, 90, (id) => id !== first.id);
    const d = diffReplays(a, b);
    expect(d.to).toBe(Math.min(new ReplayPlayer(a).lastStep, new ReplayPlayer(b).lastStep));
    expect(d.onlyInA).toEqual([first.name]);
    expect(d.onlyInB).toEqual([]);
    expect(d.personas.some((p) => p.id === first.id)).toBe(false);
  });

  it('names a step with its game date and time', async () => {
    const a = await recorded(4, 5);
    expect(stepLabel(a, 0)).toMatch(/^step 0 \(.+ 07:00\)$/);
    expect(stepLabel(a, 60 * 60 / a.stepSeconds)).toMatch(/^step \d+ \(.+ 08:00\)$/);
  });
});

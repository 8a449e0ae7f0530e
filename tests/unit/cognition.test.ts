import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { perceive } from '../../src/sim/cognition/perceive';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { canTalk } from '../../src/sim/cognition/react';
import { firstOf } from '../support/firstOf';

function town(seed = 1) {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(seed, personas), seed, start: '2023-02-13T00:00:00' });
}

describe('perceive', () => {
  it('sees events within the vision radius in the same arena, nearest first, up to the attention bandwidth', async () => {
    const sim = town();
    await sim.tick(); // everyone has an action now
    const [ann, bob, cy] = firstOf(sim.personas, 3);
    ann.scratch.currTile = { x: 3, y: 5 };
    bob.scratch.currTile = { x: 3, y: 4 };
    cy.scratch.currTile = { x: 7, y: 3 }; // the kitchen: another arena, within radius
    ann.scratch.attentionBandwidth = 2;
    const seen = await perceive(sim, ann, true);
    expect(seen).toHaveLength(2);
    // Own event (distance 0) then Bob's (distance 1); Cy is in another arena.
    expect(seen.map((n) => n.subject)).toEqual(['Ann Test', 'Bob Test']);
    expect(seen.some((n) => n.subject === 'Cy Test')).toBe(false);
    // The same events are not stored again while among the last `retention` seen.
    expect(await perceive(sim, ann, false)).toHaveLength(0);
    // Spatial memory learns what is in sight.
    expect(ann.spatial.objects('Test House', 'kitchen')).toContain('stove');
  });

  it('stores idle objects with poignancy 1 and counts importance', async () => {
    const sim = town();
    await sim.tick();
    const [ann] = firstOf(sim.personas, 1);
    ann.scratch.currTile = { x: 7, y: 3 };
    ann.scratch.attentionBandwidth = 5;
    const before = ann.scratch.importanceTriggerCurr;
    const seen = await perceive(sim, ann, true);
    const idle = seen.filter((n) => n.object === 'idle');
    expect(idle.length).toBeGreaterThan(0);
    expect(idle.every((n) => n.poignancy === 1)).toBe(true);
    expect(ann.scratch.importanceTriggerCurr).toBe(before - seen.reduce((s, n) => s + n.poignancy, 0));
  });
});

describe('a day in the mini town', () => {
  it('moves only to adjacent walkable tiles and replays identically with the same seed', async () => {
    const a = town(7);
    const b = town(7);
    const framesA: string[] = [];
    const prev = new Map(a.personas.map((p) => [p.id, { ...p.tile }]));
    await a.run(8640, (r) => {
      for (const f of r.personas) {
        const p = prev.get(f.id)!;
        const d = Math.abs(p.x - f.tile.x) + Math.abs(p.y - f.tile.y);
        expect(d, `${f.id} jumped at step ${r.step}`).toBeLessThanOrEqual(1);
        expect(a.world.walkable[f.tile.y * a.world.width + f.tile.x]).toBe(1);
        prev.set(f.id, { ...f.tile });
      }
      framesA.push(JSON.stringify(r.personas));
    });
    const framesB: string[] = [];
    await b.run(8640, (r) => framesB.push(JSON.stringify(r.personas)));
    expect(framesB).toEqual(framesA);
    expect(JSON.stringify(b.conversations)).toBe(JSON.stringify(a.conversations));
    const c = town(8);
    const framesC: string[] = [];
    await c.run(8640, (r) => framesC.push(JSON.stringify(r.personas)));
    expect(framesC).not.toEqual(framesA);
  });

  it('never starts a chat with a sleeping persona or at 23:00', async () => {
    const sim = town();
    await sim.tick();
    const [ann, bob] = firstOf(sim.personas, 2);
    expect(ann.scratch.actDescription).toContain('sleeping');
    expect(canTalk(sim, ann, bob)).toBe(false);
  });

  it('passes news on in conversation, so it travels', async () => {
    const sim = town(3);
    const cy = sim.personas[2];
    await sim.run(8640);
    expect(sim.conversations.length).toBeGreaterThan(0);
    const heard = sim.personas.flatMap((p) => p.memory.nodes.filter((n) => n.predicate === 'heard').map((n) => `${p.name} ← ${n.object}: ${n.description}`));
    expect(heard.length).toBeGreaterThan(0);
    void cy;
  });
});

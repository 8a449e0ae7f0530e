import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation, type StepMode } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Recorder } from '../../src/replay/recorder';
import { encodeReplay } from '../../src/replay/codec';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { remoteBrain, type RemoteBrain } from '../support/remoteBrain';

/**
 * Point 1 of issue 15: the simulation step never waits on a remote brain. A persona whose answer is
 * pending keeps doing what it was doing; the answer takes effect at the first step after it
 * arrives; lock-step waits for every call; with the offline brain both modes are the same run.
 */

const macrotask = () => new Promise((r) => setTimeout(r, 1));

function town(brain: (offline: OfflineBrain) => OfflineBrain | RemoteBrain, stepMode: StepMode = 'async', start = '2023-02-13T07:00:00') {
  const personas = miniPersonas();
  const b = brain(new OfflineBrain(1, personas));
  const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: b, seed: 1, start, stepMode });
  return { sim, brain: b };
}

describe('asynchronous steps on a remote brain', () => {
  it('runs steps while every answer is still pending: personas stay put and think', async () => {
    const { sim, brain } = town((o) => remoteBrain(o));
    const tiles = sim.personas.map((p) => ({ ...p.scratch.currTile }));
    for (let i = 0; i < 12; i++) {
      const r = await sim.tick();
      expect(r.personas.every((f) => !f.moved)).toBe(true);
    }
    expect(sim.step).toBe(12);
    expect((brain as RemoteBrain).held).toBeGreaterThan(0);
    // Each persona asked once (its wake-up hour) and waits for it: no second call piles up behind it.
    const asked = (brain as RemoteBrain).asked;
    expect(asked.filter((c) => c === 'wakeUpHour')).toHaveLength(sim.personas.length);
    expect(asked.filter((c) => c !== 'wakeUpHour' && c !== 'embed' && c !== 'townPulse')).toEqual([]);
    // The town's hourly pulse (seed 004) asked once, and waits too: no second round piles up behind it.
    expect(asked.filter((c) => c === 'townPulse').length).toBeLessThanOrEqual(1);
    expect(sim.personas.every((p) => sim.thinking.has(p))).toBe(true);
    expect(sim.personas.map((p) => p.scratch.currTile)).toEqual(tiles);
  });

  it('an answer takes effect at the first step after it arrives, and the step says so', async () => {
    const { sim, brain } = town((o) => remoteBrain(o));
    const before = sim.personas.map((p) => p.scratch.wakeUpHour);
    await sim.tick();
    await sim.tick();
    (brain as RemoteBrain).release();
    await macrotask();
    // Arrived, but not yet in effect: between steps the town does not change.
    expect(sim.personas.map((p) => p.scratch.wakeUpHour)).toEqual(before);
    const arrived = (brain as RemoteBrain).asked.length;
    expect(sim.gate.waiting).toBe(arrived);
    const r = await sim.tick();
    expect(r.answers).toHaveLength(arrived);
    expect(r.answers?.filter((a) => a.call === 'wakeUpHour').map((a) => a.persona)).toEqual(sim.personas.map((p) => p.id));
    expect(r.answers?.every((a) => a.asked === 0)).toBe(true);
    expect(r.step).toBe(2);
    const wake = sim.personas.map((p) => p.scratch.wakeUpHour);
    const offline = new OfflineBrain(1, miniPersonas());
    const expected = await Promise.all(sim.personas.map((p) => offline.wakeUpHour({ persona: p, now: sim.clock.startMs })));
    expect(wake).toEqual(expected);
    // Their thinking went on to the next call (the daily plan), which waits again.
    expect((brain as RemoteBrain).asked.slice(arrived).filter((c) => c === 'dailyPlan')).toHaveLength(sim.personas.length);
  });

  it('a town on a fast remote brain lives its morning like the offline town', async () => {
    const { sim } = town((o) => remoteBrain(o, { auto: true }), 'async', '2023-02-13T06:00:00');
    let late = 0;
    let moved = 0;
    for (let i = 0; i < 3 * 360; i++) {
      const r = await sim.tick();
      late += r.answers?.length ?? 0;
      moved += r.personas.filter((f) => f.moved).length;
      await macrotask();
    }
    expect(late).toBeGreaterThan(100);
    expect(moved).toBeGreaterThan(0);
    for (const p of sim.personas) {
      expect(p.scratch.fDailySchedule.length).toBeGreaterThan(0);
      expect(p.scratch.actDescription ?? '').not.toMatch(/sleeping/);
    }
  });

  it('lock-step waits for every call before the step ends', async () => {
    const { sim, brain } = town((o) => remoteBrain(o), 'lockstep');
    let done = false;
    const step = sim.tick().then((r) => {
      done = true;
      return r;
    });
    await macrotask();
    expect(done).toBe(false);
    let rounds = 0;
    while (!done) {
      (brain as RemoteBrain).release();
      await macrotask();
      rounds++;
    }
    const r = await step;
    expect(rounds).toBeGreaterThan(5);
    expect(r.answers).toBeUndefined();
    // The whole morning was planned inside that one step.
    for (const p of sim.personas) expect(p.scratch.fDailySchedule.length).toBeGreaterThan(0);
  });
});

describe('the offline brain', () => {
  it('gives the same replay, byte for byte, in the asynchronous and the lock-step mode', async () => {
    const bytes = async (mode: StepMode) => {
      const { sim } = town((o) => o, mode, '2023-02-13T05:00:00');
      const rec = new Recorder(sim, { title: 'same' });
      for (let i = 0; i < 4 * 360; i++) rec.record(await sim.tick());
      return Buffer.from(await encodeReplay(rec.toReplay()));
    };
    const a = await bytes('async');
    const b = await bytes('lockstep');
    expect(a.equals(b)).toBe(true);
  });
});

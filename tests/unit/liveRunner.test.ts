import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Recorder } from '../../src/replay/recorder';
import { encodeReplay } from '../../src/replay/codec';
import { createHamletStore } from '../../src/store/store';
import { LiveRunner } from '../../src/store/liveRunner';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

/**
 * The page's runner (src/store/liveRunner.ts): the town takes its first step the moment it is
 * started, not a step's time later (issue 15: the first persona out of home soon after load), and
 * the steps it takes are the simulation's own: an offline run through it records the same replay,
 * byte for byte, as the same steps taken one by one.
 */

const macrotask = (ms = 1) => new Promise((r) => setTimeout(r, ms));

function town() {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
}

/** Wait (real time) until `done` holds, up to a bound. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await macrotask(5);
}

describe('the live runner', () => {
  it('takes the first step at once when started, though no time has passed; then waits for the clock', async () => {
    const sim = town();
    const store = createHamletStore();
    // A clock that never moves: only the step at start may run.
    const runner = new LiveRunner(sim, store, () => 0);
    runner.start();
    await until(() => sim.step >= 1);
    await macrotask(60);
    runner.dispose();
    expect(sim.step).toBe(1);
  });

  it('paused at start, it takes no step; resumed, it steps at once', async () => {
    const sim = town();
    const store = createHamletStore();
    store.getState().setSpeed(0);
    const runner = new LiveRunner(sim, store, () => 0);
    runner.start();
    await macrotask(60);
    expect(sim.step).toBe(0);
    store.getState().setSpeed(1);
    await until(() => sim.step >= 1);
    await macrotask(60);
    runner.dispose();
    expect(sim.step).toBe(1);
  });

  it('an offline run through the runner records the replay that stepping one by one records', async () => {
    const steps = 120;
    const byRunner = town();
    const store = createHamletStore();
    store.getState().setSpeed(60);
    const runner = new LiveRunner(byRunner, store);
    const rec = new Recorder(byRunner, { title: 'same' });
    runner.onStep = (r) => {
      rec.record(r);
      if (r.step === steps - 1) runner.stop();
    };
    runner.start();
    await until(() => !runner.isRunning);
    expect(byRunner.step).toBe(steps);
    const oneByOne = town();
    const rec2 = new Recorder(oneByOne, { title: 'same' });
    for (let i = 0; i < steps; i++) rec2.record(await oneByOne.tick());
    expect(Buffer.from(await encodeReplay(rec.toReplay())).equals(Buffer.from(await encodeReplay(rec2.toReplay())))).toBe(true);
  });
});

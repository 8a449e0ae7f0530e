import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation, type StepMode, type StepResult } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { playerSpec } from '../../src/sim/player/player';
import { dayIndex } from '../../src/sim/actions/places';
import { STEP_PHASES } from '../../src/sim/step/phases';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { remoteBrain } from '../support/remoteBrain';

/**
 * Issue 28, point 2: the step is one list of phases that lock-step and asynchronous steps both run.
 * A small town lives the same eighty minutes in both modes (lock-step on the offline brain; the
 * asynchronous mode on a remote brain whose answers all arrive between two steps, and so take
 * effect a step after they were asked) with every kind of input waiting, and what each phase does
 * shows in both.
 */

const macrotask = () => new Promise((r) => setTimeout(r, 1));

interface Run {
  sim: Simulation;
  results: StepResult[];
  playerFrom: { x: number; y: number };
}

async function live(mode: StepMode, steps = 480): Promise<Run> {
  // A low importance trigger: reflections come within the hour.
  const personas = miniPersonas().map((p) => ({ ...p, scratch: { importanceTrigger: 20 } }));
  const world = loadWorld(miniMap());
  const offline = new OfflineBrain(1, personas);
  const remote = mode === 'async' ? remoteBrain(offline) : null;
  const player = playerSpec({ name: 'Pat Player', description: 'likes tea', sprite: 'pat' }, world);
  const sim = new Simulation({ world, personas, brain: remote ?? offline, seed: 1, start: '2023-02-13T07:50:00', stepMode: mode, player });
  // A town that ran yesterday: today's rent and bills are due at its first step.
  sim.economy.state.billsDay = dayIndex(sim.now) - 1;
  const playerFrom = { ...sim.personas.at(-1)!.tile };
  sim.whisper('ann-test', 'I should bake bread for Bob this morning');
  sim.askTown('Hold a tea party at Bramble Café today at 9 am');
  sim.setBrainMode('cy-test', 'registry');
  sim.setCallPlan('packed');
  sim.playerInput({ kind: 'step', dx: 1, dy: 0 });
  const results: StepResult[] = [];
  for (let i = 0; i < steps; i++) {
    if (i === steps - 10) sim.setPulse(false);
    if (remote) {
      remote.release();
      await macrotask();
    }
    results.push(await sim.tick());
  }
  return { sim, results, playerFrom };
}

const frames = (run: Run, id: string) => run.results.map((r) => r.personas.find((f) => f.id === id)!);

/** What a user sees of each phase, by the phase's name. */
const EFFECTS: Record<string, (run: Run) => void> = {
  inputs: ({ sim, results }) => {
    expect(sim.byId.get('ann-test')!.memory.nodes.some((n) => /bake bread for Bob/.test(n.description))).toBe(true);
    expect(results.flatMap((r) => r.townEvents).some((e) => /Tea party at Bramble Café/.test(e.text))).toBe(true);
    expect(sim.pulseOn).toBe(false);
  },
  player: (run) => expect(run.results[0]!.personas.at(-1)!.tile).not.toEqual(run.playerFrom),
  bills: ({ results }) => expect(results[0]!.economyEvents.filter((e) => e.action === 'bills').length).toBeGreaterThan(0),
  'economy sample': ({ sim }) => expect(sim.economy.state.history.map(([t]) => new Date(t).getUTCHours())).toEqual([7, 8, 9]),
  pulse: ({ results }) => expect(results.filter((r) => r.pulse).length).toBeGreaterThan(0),
  'call plan': ({ sim }) => expect(sim.callPlan).toBe('packed'),
  'registry decisions': (run) => {
    expect(frames(run, 'cy-test').at(-1)!.brainMode).toBe('registry');
    expect(frames(run, 'cy-test').at(-1)!.actionStats!.decisions).toBeGreaterThan(0);
  },
  'perceive, retrieve, plan': ({ sim }) => {
    for (const id of ['ann-test', 'bob-test']) {
      const p = sim.byId.get(id)!;
      expect(p.scratch.fDailySchedule.length).toBeGreaterThan(0);
      expect(p.memory.nodes.some((n) => n.type === 'event')).toBe(true);
    }
  },
  'react, converse': ({ results }) => expect(results.some((r) => r.personas.some((f) => f.chattingWith))).toBe(true),
  // The generative personas' planned actions are checked against the registry (the inspector counts them).
  'check actions': (run) => {
    for (const id of ['ann-test', 'bob-test']) expect(frames(run, id).at(-1)!.actionStats!.decisions).toBeGreaterThan(0);
    expect(run.results.at(-1)!.personas.every((f) => f.actionId)).toBe(true);
  },
  'score, reflect': ({ sim }) => expect(sim.personas.some((p) => p.memory.nodes.some((n) => n.predicate === 'reflects'))).toBe(true),
  // Every memory is embedded soon after it is made, not only when a retrieval needs it.
  embed: ({ sim, results }) => {
    const before = results.at(-3)!.time;
    const made = sim.personas.flatMap((p) => p.memory.nodes.filter((n) => n.created <= before));
    expect(made.length).toBeGreaterThan(50);
    expect(made.filter((n) => !sim.embeddings.has(n.embeddingKey))).toEqual([]);
  },
  'execute (paths, moves)': ({ results }) => expect(results.some((r) => r.personas.some((f) => f.moved))).toBe(true),
};

describe('the step, declared once', () => {
  it('names what a user sees of every phase, in the order the step runs them', () => {
    expect(Object.keys(EFFECTS)).toEqual(STEP_PHASES.map((p) => p.name));
  });

  it.each<StepMode>(['lockstep', 'async'])('every phase does its part in the %s mode', async (mode) => {
    const run = await live(mode);
    if (mode === 'async') expect(run.results.some((r) => r.answers?.length)).toBe(true);
    for (const [phase, shows] of Object.entries(EFFECTS)) {
      try {
        shows(run);
      } catch (e) {
        throw new Error(`The phase "${phase}" left no trace in the ${mode} mode: ${String(e)}`);
      }
    }
  });
});

describe('switching the call plan is an input', () => {
  const town = () => {
    const personas = miniPersonas();
    return new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
  };

  it('takes effect at the next step, the last of two switches counting, and waits in the queue meanwhile', async () => {
    const sim = town();
    sim.setCallPlan('packed');
    sim.setCallPlan('faithful');
    sim.setCallPlan('packed');
    expect(sim.callPlan).toBe('faithful');
    expect(sim.nextCallPlan).toBe('packed');
    await sim.tick();
    expect(sim.callPlan).toBe('packed');
    expect(sim.nextCallPlan).toBe('packed');
  });

  it('stays out of a save (a setting, like the brain) and stays waiting through a restore', async () => {
    const a = town();
    const b = town();
    await a.run(3);
    await b.run(3);
    a.whisper('ann-test', 'Remember the picnic');
    b.whisper('ann-test', 'Remember the picnic');
    b.setCallPlan('packed');
    const saved = b.snapshot();
    expect(JSON.stringify(saved)).toBe(JSON.stringify(a.snapshot()));
    b.restore(saved);
    expect(b.nextCallPlan).toBe('packed');
    await b.tick();
    expect(b.callPlan).toBe('packed');
    expect(b.byId.get('ann-test')!.memory.nodes.some((n) => /Remember the picnic/.test(n.description))).toBe(true);
  });

  it('refuses a plan it does not know', () => {
    expect(() => town().setCallPlan('cheap' as 'packed')).toThrow(/packed or faithful/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation, type PersonaFrame } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { HOLDERS, SnapshotError, type SimSnapshot } from '../../src/sim/snapshot';
import { Scratch } from '../../src/sim/persona/scratch';
import { AgentStateSchema, PERSONA_FIELDS, ScratchSchema, type PersonaPart } from '../../src/sim/state/personaState';
import { newAgentState } from '../../src/sim/persona/agentState';
import { Persona } from '../../src/sim/persona/persona';
import type { DirectorPart } from '../../src/sim/state/directorState';
import { decodeReplay } from '../../src/replay/codec';
import { forkReplay } from '../../src/replay/fork';
import { ReplayPlayer } from '../../src/replay/player';
import { loadTownWorld } from '../../src/node/town';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

const world = loadWorld(miniMap());
const personas = miniPersonas();
const START = '2023-02-14T15:00:00';
const build = (seed = 3) => new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start: START });
const viaJson = <T>(s: T): T => JSON.parse(JSON.stringify(s)) as T;

async function frames(sim: Simulation, steps: number): Promise<PersonaFrame[][]> {
  const out: PersonaFrame[][] = [];
  await sim.run(steps, (r) => out.push(r.personas));
  return out;
}

describe('state ownership', () => {
  it('names every field of Scratch, Persona and the action state in its part (a new field must be added there)', () => {
    expect(Object.keys(new Scratch()).sort()).toEqual(Object.keys(ScratchSchema.shape).sort());
    expect(Object.keys(newAgentState()).sort()).toEqual(Object.keys(AgentStateSchema.shape).sort());
    const p = new Persona(personas[0]!, world.name, { x: 3, y: 3 });
    const own = Object.keys(p).filter((k) => !['spec', 'scratch', 'memory', 'spatial'].includes(k));
    expect(own.sort()).toEqual([...PERSONA_FIELDS].sort());
  });

  it('knows what every field of a Simulation is: held by a state holder, or not state', () => {
    // Add a field to Simulation: give it a holder (CONTRIBUTING.md, "Add a state holder") and list it
    // under `held`, or list it under `notState` saying why it needs none.
    const held: Record<string, string> = {
      clock: 'clock',
      personas: 'personas',
      objectEvents: 'town',
      moved: 'town',
      conversations: 'conversations',
      embeddings: 'embeddings',
      embeddedUpTo: 'embeddings',
      director: 'director',
      economy: 'economy',
      inputs: 'inputs',
      player: 'player',
    };
    // stepMode is how the run steps; gate, thinking and stepRunner (embedding under way, a late failure) are
    // a remote brain's work in flight, which a save does not carry (a restored persona thinks again: Simulation.restore).
    // The call plan is a setting, like the brain: not saved (nor its strategy objects, made from the
    // simulation); so are the cognitive modules (an experiment's condition).
    const notState = ['modules', 'world', 'brain', 'seed', 'byName', 'byId', 'paths', 'stepping', 'phaseTimes', 'timer', 'stepMode', 'gate', 'thinking', 'stepRunner', 'callPlan', 'strategies'];
    const sim = build();
    expect(Object.keys(sim).sort()).toEqual([...Object.keys(held), ...notState].sort());
    const keys = HOLDERS.map((h) => h.key);
    for (const part of Object.values(held)) expect(keys).toContain(part);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('save → restore → continue', () => {
  it('continues exactly, frame for frame and memory for memory, with a town plan under way and inputs waiting', async () => {
    const straight = build();
    await straight.run(30);
    straight.askTown('Hold a tea party at Bramble Café today at 5 pm');
    await straight.run(20);
    const plan = straight.director.plans()[0]!;
    expect(plan.steps.some((s) => s.status === 'in_progress')).toBe(true); // a plan in progress
    // Inputs waiting for the next step when the snapshot is taken.
    straight.whisper('cy-test', 'You want to bake a cake at Bramble Café today at 4 pm');
    straight.setBrainMode('bob-test', 'registry');
    straight.askTown('Have a quiet evening at Test House tonight at 9 pm');
    const snap = viaJson(straight.snapshot());
    const inputs = snap.parts.inputs!.data as unknown[];
    expect(inputs).toHaveLength(3);
    expect((snap.parts.director!.data as DirectorPart).watched.length).toBeGreaterThan(0);

    const expected = await frames(straight, 1500); // past 5 pm: the plan's steps settle
    const forked = build();
    forked.restore(snap);
    expect(forked.queuedWhispers).toBe(1);
    expect(forked.queuedRequests).toBe(1);
    expect(forked.brainModeOf('bob-test')).toBe('registry');
    expect(viaJson(forked.snapshot())).toEqual(snap);
    const got = await frames(forked, 1500);
    for (let i = 0; i < expected.length; i++) expect(got[i], `step ${i}`).toEqual(expected[i]);
    // Memory for memory, plan for plan: the whole state agrees.
    expect(forked.snapshot()).toEqual(straight.snapshot());
    expect(forked.director.plans()).toEqual(straight.director.plans());
    expect(forked.director.plans()[0]!.steps.map((s) => s.status)).not.toContain('in_progress');
    expect(forked.byId.get('cy-test')!.memory.nodes.some((n) => n.object === 'a whisper' && /bake a cake/.test(n.description))).toBe(true);
    expect(forked.byId.get('bob-test')!.agent.mode).toBe('registry');
    expect(forked.director.plans()).toHaveLength(2);
  }, 60_000);

  it('reads a format-1 snapshot (kept from an earlier demo replay) into the town it describes, and runs on', async () => {
    const fx = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, '../fixtures/snapshot-format1.json.gz'))).toString()) as { seed: number; specs: PersonaSpec[]; snapshot: SimSnapshot & { version: number; startMs: number; stepSeconds: number; personas: { id: string; scratch: { currTile: { x: number; y: number }; actDescription: string | null } }[] } };
    expect(fx.snapshot.version).toBe(1);
    const sim = new Simulation({ world: loadTownWorld(), personas: fx.specs, brain: new OfflineBrain(fx.seed, fx.specs), seed: fx.seed, start: new Date(fx.snapshot.startMs).toISOString().slice(0, 19), stepSeconds: fx.snapshot.stepSeconds });
    sim.restore(fx.snapshot);
    expect(sim.step).toBe(fx.snapshot.step);
    for (const p of fx.snapshot.personas) {
      const q = sim.byId.get(p.id)!;
      expect([q.tile.x, q.tile.y, q.scratch.actDescription]).toEqual([p.scratch.currTile.x, p.scratch.currTile.y, p.scratch.actDescription]);
    }
    // Wallets from before the economy hold nothing and name no job; the economy starts afresh.
    expect(sim.personas.every((p) => p.agent.wallet.jobId === null && Object.keys(p.agent.wallet.holdings).length === 0)).toBe(true);
    expect(sim.economy.state.rounds).toBe(0);
    await sim.run(30);
    expect(sim.step).toBe(fx.snapshot.step + 30);
  }, 60_000);

  it('the demo replay continues as recorded from its keyframe', async () => {
    const replay = await decodeReplay(readFileSync(join(import.meta.dirname, '../../public/replays/demo.json.gz')));
    const snap = replay.snapshots[1]!;
    const town = loadTownWorld();
    const sim = await forkReplay(replay, snap.step, town, (s, seed) => new OfflineBrain(seed, s));
    const player = new ReplayPlayer(replay);
    const seen = (f: { id: string; tile: { x: number; y: number }; description: string }) => [f.id, f.tile.x, f.tile.y, f.description];
    for (let k = snap.step + 1; k <= snap.step + 30 && k <= player.lastStep; k++) {
      const r = await sim.tick();
      expect(r.personas.map(seen), `step ${k}`).toEqual(player.seek(k).map(seen));
    }
  }, 60_000);
});

describe('a bad snapshot is refused by name and changes nothing', () => {
  type Snap = SimSnapshot & { parts: Record<string, { v: number; data: unknown }> };
  const cases: [string, (s: Snap) => void, RegExp][] = [
    ['a persona off the map', (s) => ((s.parts.personas!.data as PersonaPart[])[0]!.scratch.currTile = { x: -1, y: -1 }), /Ann .*position \(-1, -1\) is off the map/],
    ['a persona in a wall', (s) => ((s.parts.personas!.data as PersonaPart[])[1]!.scratch.currTile = { x: 1, y: 1 }), /position \(1, 1\) is not a walkable tile/],
    ['an unknown brain mode', (s) => (((s.parts.personas!.data as PersonaPart[])[0]!.agent as { mode: string }).mode = 'evil'), /"personas" part is damaged at personas\[0\]\.agent\.mode/],
    ['an unknown action', (s) => (((s.parts.personas!.data as PersonaPart[])[2]!.scratch as { actionId: string }).actionId = 'FLY'), /personas\[2\]\.scratch\.actionId/],
    ['spatial memory that is not a list', (s) => (((s.parts.personas!.data as PersonaPart[])[0] as { spatial: unknown }).spatial = 5), /personas\[0\]\.spatial/],
    ['a memory from the year 3000', (s) => ((s.parts.personas!.data as PersonaPart[])[0]!.memory[0]![1] = 3e10), /memory 1's creation time .* is out of range/],
    ['evidence that is not an earlier memory', (s) => ((s.parts.personas!.data as PersonaPart[])[0]!.memory[0]![11] = [5]), /memory 1 cites memory 5/],
    ['a huge evidence list (call stack)', (s) => ((s.parts.personas!.data as PersonaPart[])[0]!.memory[0]![11] = Array.from({ length: 200_000 }, () => 1)), /memory\[0\]\[11\]/],
    ['a string that is not in the table', (s) => ((s.parts.personas!.data as PersonaPart[])[0]!.memory[0]![7] = 10 ** 8), /memory 1 refers to string 100000000/],
    ['a whisper for a stranger', (s) => (s.parts.inputs!.data = [{ kind: 'whisper', persona: 'mallory', text: 'hi' }]), /Pending input 1 \(a whisper\) is for "mallory"/],
    ['a town-plan step for a stranger', (s) => ((s.parts.director!.data as DirectorPart).plans[0]!.steps[0]!.assignee = 'mallory'), /step 1, is for "mallory"/],
    ['a followed step of a missing plan', (s) => ((s.parts.director!.data as DirectorPart).watched[0]!.plan = 'plan_0'), /plan "plan_0", which is not among the plans/],
    ['more memories embedded than there are', (s) => ((s.parts.embeddings!.data as { upTo: number[] }).upTo[0] = 10 ** 6), /1000000 memories embedded but only/],
    ['a conversation in the future', (s) => ((s.parts.conversations!.data as number[][])[0] = [10 ** 6, 0, 0, 0, []] as unknown as number[]), /Conversation 1 is at step 1000000/],
    ['a newer format', (s) => ((s as { version: number }).version = 9), /format version 9, made by a newer Hamlet/],
    ['a newer part', (s) => (s.parts.director!.v = 7), /"director" part is of version 7/],
    ['a part nobody knows', (s) => (s.parts.weather = { v: 1, data: {} }), /does not know: "weather"/],
    ['a missing part', (s) => delete s.parts.personas, /has no "personas" part/],
    ['a step that disagrees with the clock', (s) => (s.step += 1), /clock part says/],
  ];

  it.each(cases)('%s', async (_, damage, message) => {
    const source = build();
    await source.run(40);
    source.askTown('Hold a tea party at Bramble Café today at 5 pm');
    await source.run(2);
    const snap = viaJson(source.snapshot()) as Snap;
    expect(snap.parts.conversations!.data as unknown[]).not.toHaveLength(0);
    damage(snap);
    // The town it is restored into has a life of its own: it must be the same afterwards.
    const target = build();
    await target.run(12);
    target.whisper('ann-test', 'You want to read a book');
    const before = viaJson(target.snapshot());
    let err: unknown;
    try {
      target.restore(viaJson(snap));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SnapshotError);
    expect((err as Error).message).toMatch(message);
    expect(viaJson(target.snapshot())).toEqual(before);
    // And it runs on.
    await target.tick();
  }, 20_000);

  it('refuses what is not a snapshot at all', () => {
    const sim = build();
    expect(() => sim.restore(null)).toThrow(/must be a JSON object/);
    expect(() => sim.restore({ version: 'x' })).toThrow(/no known format version/);
    expect(() => sim.restore({ version: 2, step: 0 })).toThrow(/The snapshot is damaged: seed/);
  });
});

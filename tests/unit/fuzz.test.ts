import { beforeAll, describe, expect, it } from 'vitest';
import { InputError, parseJsonBounded } from '../../src/io/bounded';
import { ReplayError, validateReplay } from '../../src/replay/codec';
import { importSmallville } from '../../src/replay/smallville';
import { dayStartStep, ReplayPlayer } from '../../src/replay/player';
import { Recorder } from '../../src/replay/recorder';
import type { ReplayFile } from '../../src/replay/format';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadWorld, MapError } from '../../src/sim/world/loadWorld';
import { parsePersonas } from '../../src/sim/persona/load';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { expectClean, mutateMany, rng, type Json } from '../support/fuzz';

/**
 * Seeded fuzzing of every loader of files from elsewhere: a few hundred mutated maps, persona files,
 * replays and Smallville imports each. Each must end in a valid result or in the loader's own error
 * with a message that says what is wrong, never in a TypeError, RangeError or SyntaxError; a replay
 * that is accepted must then play (seek, inspect) without throwing. A hang would time the test out.
 */
// FUZZ_CASES=5000 for a deeper local run; the suite runs 300 per loader.
const CASES = Number(process.env.FUZZ_CASES) || 300;

/** Play an accepted replay the way the page does: it must not throw anywhere. */
function play(replay: ReplayFile): void {
  const p = new ReplayPlayer(replay);
  const steps = [p.firstStep, p.lastStep, Math.floor((p.firstStep + p.lastStep) / 2), p.firstStep + 1, p.lastStep - 1, dayStartStep(replay)];
  for (const s of steps) {
    const frames = p.seek(s);
    for (const f of frames) {
      expect(Number.isFinite(f.tile.x) && Number.isFinite(f.tile.y)).toBe(true);
      p.memoriesAt(f.id, s, 50);
      p.callsBefore(f.id, s, 50);
    }
    expect(Number.isFinite(p.timeOf(s))).toBe(true);
    expect(new Date(p.timeOf(s)).toISOString()).toMatch(/^\d{4}-/);
    p.conversationsBefore(s, 10);
    p.objectEventsAt(s);
    p.framesAt(s);
  }
}

describe('fuzzed loaders end in a result or a clear message', () => {
  let replay: ReplayFile;

  beforeAll(async () => {
    const specs = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas: specs, brain: new OfflineBrain(1, specs), seed: 1, start: '2023-02-13T06:50:00' });
    const rec = new Recorder(sim, { keyframeInterval: 20, snapshotInterval: 40 });
    for (let i = 0; i < 90; i++) rec.record(await sim.tick());
    replay = JSON.parse(JSON.stringify(rec.toReplay())) as ReplayFile;
  });

  it(`maps (${CASES} mutated)`, () => {
    const r = rng(22);
    const base = miniMap() as unknown as Json;
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const doc = mutateMany(base, r);
      if (expectClean(`map case ${i}`, () => loadWorld(doc, 'fuzz.tmj'), (e) => e instanceof MapError && /fuzz\.tmj/.test((e as Error).message))) accepted++;
    }
    // Some mutations are harmless (a tile number, an unused property): both outcomes occur.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES);
  });

  it(`persona files (${CASES} mutated)`, () => {
    const r = rng(2022);
    const specs = miniPersonas() as unknown as Json[];
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const files = specs.map((s, k) => ({ source: `p${k}.json`, data: k === i % specs.length ? mutateMany(s, r) : s }));
      if (expectClean(`persona case ${i}`, () => parsePersonas(files as { source: string; data: unknown }[]), (e) => /^Persona files? p\d\.json/.test((e as Error).message))) accepted++;
    }
    expect(accepted).toBeLessThan(CASES);
  });

  it(`replays (${CASES} mutated), and the accepted ones play`, () => {
    const r = rng(1022);
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const doc = mutateMany(replay as unknown as Json, r);
      const ok = expectClean(`replay case ${i}`, () => validateReplay(doc), (e) => e instanceof ReplayError);
      if (ok) {
        accepted++;
        expect(() => play(ok), `replay case ${i} was accepted but does not play`).not.toThrow();
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES);
  });

  it(`Smallville imports (${CASES} mutated), and the accepted ones play`, () => {
    const r = rng(4022);
    const meta: Json = { start_date: 'February 13, 2023', curr_time: 'February 13, 2023, 00:00:40', sec_per_step: 10, persona_names: ['Isabella Rodriguez', 'Klaus Mueller'], maze_name: 'the_ville', step: 4 };
    const e = (x: number, y: number, d: string, chat: Json = null): Json => ({ movement: [x, y], pronunciatio: '☕', description: `${d} @ the Ville:Hobbs Cafe:cafe:counter`, chat });
    const chat: Json = [['Isabella Rodriguez', 'Good morning!'], ['Klaus Mueller', 'Morning.']];
    const movement: Json = { 0: { 'Isabella Rodriguez': e(72, 14, 'sleeping'), 'Klaus Mueller': e(126, 46, 'sleeping') }, 1: { 'Isabella Rodriguez': e(73, 14, 'walking') }, 3: { 'Isabella Rodriguez': e(73, 15, 'chatting', chat), 'Klaus Mueller': e(74, 15, 'chatting', chat) } };
    const opts = { hamlet: [{ id: 'nora-hartwell', name: 'Nora Hartwell', sprite: 'nora' }], showOn: { name: 'Hamlet', width: 140, height: 100, tileSize: 32 } };
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const [m, mv] = r() < 0.4 ? [mutateMany(meta, r), movement] : [meta, mutateMany(movement, r)];
      const ok = expectClean(`smallville case ${i}`, () => importSmallville(JSON.stringify(m), JSON.stringify(mv), opts), (x) => x instanceof ReplayError && /Smallville/.test((x as Error).message));
      if (ok) {
        accepted++;
        expect(() => play(ok), `smallville case ${i} was accepted but does not play`).not.toThrow();
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES);
  });

  it(`JSON text cut or garbled anywhere (${CASES} cases)`, () => {
    const r = rng(7);
    const text = JSON.stringify(replay).slice(0, 20_000);
    for (let i = 0; i < CASES; i++) {
      let t = text.slice(0, Math.floor(r() * text.length));
      if (r() < 0.5) {
        const at = Math.floor(r() * t.length);
        t = t.slice(0, at) + '{["\\'[Math.floor(r() * 4)]!.repeat(1 + Math.floor(r() * 200)) + t.slice(at + 1);
      }
      expectClean(`text case ${i}`, () => parseJsonBounded(t, 'cut.json'), (e) => e instanceof InputError && /^cut\.json /.test((e as Error).message));
    }
  });
});

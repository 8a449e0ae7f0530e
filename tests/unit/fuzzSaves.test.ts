import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Recorder } from '../../src/replay/recorder';
import { createSave, decodeSave, encodeSave, openSave, SaveError } from '../../src/save/saveFile';
import { gunzip, gzip } from '../../src/replay/gzip';
import { defaultSaveName } from '../../src/app/saves';
import { formatDate } from '../../src/sim/clock';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { expectClean, mutateMany, rng, type Json } from '../support/fuzz';

/**
 * Issue 33, point 3: saves from anyone. A few hundred mutated saves (header, settings, persona
 * files, every part of the town's state, the recording) each end in a town that runs or in a
 * SaveError naming the file and the value, never a raw error ("Invalid time value"); and the
 * hostile saves of the audit are refused by name before any town is built from them.
 */
const CASES = Number(process.env.FUZZ_CASES) || 300;
const world = loadWorld(miniMap());
const specs = miniPersonas();
const brainFor = (s: typeof specs, seed: number) => new OfflineBrain(seed, s);
const FILE = 'shared.hamlet.json.gz';

let base: Json;
beforeAll(async () => {
  const sim = new Simulation({ world, personas: specs, brain: new OfflineBrain(4, specs), seed: 4, start: '2023-02-13T06:50:00' });
  const rec = new Recorder(sim, { keyframeInterval: 20, snapshotInterval: 40 });
  for (let i = 0; i < 90; i++) rec.record(await sim.tick());
  const bytes = await encodeSave(createSave(sim, { name: 'fuzz', recorder: rec, settings: null }));
  base = JSON.parse(new TextDecoder().decode(await gunzip(bytes))) as Json;
});

/** Load a save document as the page does (decode, open), then run it on a little and show its times. */
async function load(doc: unknown): Promise<Simulation> {
  const save = await decodeSave(new TextEncoder().encode(JSON.stringify(doc)), `The file ${FILE}`);
  const sim = openSave(save, world, brainFor, `The file ${FILE}`);
  for (let i = 0; i < 5; i++) await sim.tick();
  defaultSaveName(sim.now);
  formatDate(sim.now);
  return sim;
}

async function refusal(doc: unknown): Promise<Error> {
  const err = await load(doc).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(err, 'accepted').not.toBeNull();
  return err!;
}

describe('fuzzed saves end in a town that runs or a message naming the file', () => {
  it(`saves (${CASES} mutated)`, async () => {
    const r = rng(3303);
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const doc = mutateMany(base, r);
      let err: unknown = null;
      try {
        await load(doc);
        accepted++;
      } catch (e) {
        err = e;
      }
      if (err) expectClean(`save case ${i}`, () => { throw err; }, (e) => e instanceof SaveError && (e as Error).message.includes(FILE) && !/Invalid time value/.test((e as Error).message));
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES);
  }, 120_000);
});

/** The base save with `change` applied to a copy. */
function hostile(change: (d: Record<string, any>) => void): unknown {
  const d = structuredClone(base) as Record<string, any>;
  change(d);
  return d;
}

describe('the hostile saves of the audit are refused by name, before a town is built', () => {
  const cases: [string, () => unknown, RegExp][] = [
    ['a step of a billionth of a second', () => hostile((d) => (d.game.stepSeconds = 1e-9)), /game\.stepSeconds: a step of 1e-9 game seconds; Hamlet plays steps of 1 to 3600 seconds/],
    ['a step of an hour and a second', () => hostile((d) => (d.game.stepSeconds = 3601)), /a step of 3601 game seconds/],
    ['seed 1e308', () => hostile((d) => (d.game.seed = 1e308)), /game\.seed: seed 1e\+308 is not a whole number/],
    ['a start in the year 9999', () => hostile((d) => (d.game.start = '9999-02-13T07:00:00')), /game\.start: the game time 9999-02-13T07:00:00 is not a date from 1900 to 2999/],
    ['a snapshot start of 1e300', () => hostile((d) => (d.state.startMs = 1e300)), /cannot be continued: The snapshot is damaged: startMs: its start 1e\+300 is not a game time/],
    ['a step that runs past the calendar', () => hostile((d) => ((d.state.step = 1e12), (d.state.parts.clock.data.step = 1e12))), /state\.step 1000000000000 falls at .*not a game time from 1900 to 2999/],
    ['credits of -1e300', () => hostile((d) => (d.state.parts.personas.data[0].agent.wallet.credits = -1e300)), /-1e\+300 credits; a resident holds -1,000,000 to 1,000,000,000/],
    ['a 900 KB "learned"', () => hostile((d) => (d.game.personas[0].learned = 'x'.repeat(900_000))), /persona files do not fit this town: Persona file #1 of the save: learned: .*4000/],
    ['a sprite "../../etc/passwd"', () => hostile((d) => (d.game.personas[1].sprite = '../../etc/passwd')), /Persona file #2 of the save: sprite: sprite must be a plain name/],
    ['a haunt not on the map', () => hostile((d) => (d.game.personas[0].haunts = ['Atlantis'])), /haunt "Atlantis" is not a sector of the map/],
    ['a million memories', () => hostile((d) => {
      const p = d.state.parts.personas.data[0];
      p.memory = Array.from({ length: 1_000_000 }, () => p.memory[0]);
    }), /is refused: persona #1 has 1,000,000 memories; Hamlet loads up to 100,000 per persona \(limit: memories\)/],
    ['300,001 memories in the town', () => hostile((d) => {
      const people = d.state.parts.personas.data;
      for (const p of people) p.memory = Array.from({ length: 100_000 }, () => p.memory[0]);
      // One more persona entry with a single memory: 300,001 in all, none over its own limit.
      people.push({ ...people[0], memory: [people[0].memory[0]] });
    }), /its personas have 300,001 memories; Hamlet loads up to 300,000 in a town/],
  ];
  for (const [what, make, said] of cases) {
    it(what, async () => {
      const err = await refusal(make());
      expect(err).toBeInstanceOf(SaveError);
      expect(err.message).toContain(`The file ${FILE}`);
      expect(err.message).toMatch(said);
      expect(err.message).not.toMatch(/Invalid time value/);
    });
  }

  it('a gzip bomb stops at the save text limit, which is the inflate limit (64 MiB)', async () => {
    // 1 GB of spaces inside a save's name packs into about a megabyte.
    const chunk = new Uint8Array(16 * 1024 * 1024).fill(32);
    const parts: Uint8Array[] = [new TextEncoder().encode('{"format":"hamlet-save","version":1,"name":"')];
    for (let i = 0; i < 12; i++) parts.push(chunk);
    const bomb = await gzip(new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer()));
    const err = await decodeSave(bomb, `The file ${FILE}`).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(SaveError);
    expect((err as Error).message).toMatch(/The file shared\.hamlet\.json\.gz is refused: it unpacks to more than 67 MB/);
  }, 60_000);
});

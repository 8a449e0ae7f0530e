import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Recorder } from '../../src/replay/recorder';
import { createSave, decodeSave, encodeSave, openSave, SaveError, type SaveFile, type SaveSettings } from '../../src/save/saveFile';
import { SaveSlots } from '../../src/save/slots';
import { setupSaves } from '../../src/app/saves';
import { gunzipBounded, gzip, InflateLimitError } from '../../src/replay/gzip';
import { configFromPreset } from '../../src/llm/config';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { playerSpec } from '../../src/sim/player/player';
import type { PersonaPart } from '../../src/sim/state/personaState';
import { rememberSecret } from '../../src/llm/secrets';

const world = loadWorld(miniMap());
const personas = miniPersonas();
const brainFor = (specs: typeof personas, seed: number) => new OfflineBrain(seed, specs);
const build = () => new Simulation({ world, personas, brain: brainFor(personas, 5), seed: 5, start: '2023-02-13T08:00:00' });
const KEY = 'sk-secret-never-saved-77';
const settings = (): SaveSettings => ({ enabled: true, preset: 'openai', config: { ...configFromPreset('openai'), apiKey: KEY } as unknown as SaveSettings['config'] });
let dbCount = 0;

async function town(steps = 60): Promise<{ sim: Simulation; recorder: Recorder }> {
  const sim = build();
  const recorder = new Recorder(sim, { maxSteps: sim.clock.stepsPerDay });
  for (let i = 0; i < steps; i++) recorder.record(await sim.tick());
  return { sim, recorder };
}

describe('save files', () => {
  it('round-trip: a saved town opens and runs on exactly as the original, with its recording and settings, never the key', async () => {
    const { sim, recorder } = await town();
    sim.whisper('ann-test', 'You want to read at Bramble Café today at 11 am');
    const bytes = await encodeSave(createSave(sim, { name: 'morning', settings: settings(), recorder }));
    expect(new TextDecoder().decode(await gunzipBounded(bytes, 1e8))).not.toContain(KEY);
    const save = await decodeSave(bytes);
    expect(save.settings?.config.model).toBe('gpt-4o-mini');
    expect(save.settings?.config).not.toHaveProperty('apiKey');
    const loaded = openSave(save, world, brainFor);
    expect(loaded.queuedWhispers).toBe(1);
    const rec = Recorder.resume(loaded, save.recording!, { maxSteps: loaded.clock.stepsPerDay })!;
    expect(rec).not.toBeNull();
    for (let i = 0; i < 30; i++) {
      const [a, b] = [await sim.tick(), await loaded.tick()];
      recorder.record(a);
      rec.record(b);
      expect(b.personas).toEqual(a.personas);
    }
    expect(loaded.snapshot()).toEqual(sim.snapshot());
    expect(rec.toReplay().steps).toEqual(recorder.toReplay().steps);
  });

  it('scrubs keys from everything it stores: a recorded call whose 401 echoed the key, a whisper quoting it, a key-shaped string', async () => {
    rememberSecret(KEY);
    const stranger = 'sk-proj-abcdefghijklmnop1234567890';
    const { sim, recorder } = await town(10);
    sim.whisper('ann-test', `Your locker code is ${KEY}, and the spare is ${stranger}`);
    // Straight into the recorder, as a listener would hand it over, not through the call log's own scrubbing.
    recorder.addCall({ id: 1, persona: 'ann-test', module: 'wakeUpHour', prompt: 'wake_up_hour', promptVersion: '1', gameTime: sim.now, promptText: 'When do you wake?', replies: [`{"error": "Incorrect API key provided: ${KEY}"}`], latencyMs: 12, tokens: { prompt: 3, completion: 0 }, retries: 0, outcome: 'fallback', error: `endpoint answered 401: Incorrect API key provided: ${KEY}` });
    recorder.record(await sim.tick());
    const plain = JSON.stringify(createSave(sim, { name: 'keys', recorder }));
    expect(plain).toContain(KEY);
    expect(plain).toContain(stranger);
    const text = new TextDecoder().decode(await gunzipBounded(await encodeSave(createSave(sim, { name: 'keys', recorder })), 1e8));
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(stranger);
    expect(text).toContain('Incorrect API key provided: [key removed]');
    // Still a save that opens and runs.
    const save = await decodeSave(await encodeSave(createSave(sim, { name: 'keys', recorder })));
    const loaded = openSave(save, world, brainFor);
    await loaded.run(5);
    expect(loaded.step).toBe(sim.step + 5);
  });

  it('keeps the player’s resident apart from the town’s personas, with its queued input, and opens it again as the player', async () => {
    const big = loadTownWorld();
    const specs = loadTownPersonas().slice(0, 4);
    const sim = new Simulation({ world: big, personas: specs, brain: brainFor(specs, 2), seed: 2, start: '2023-02-13T09:00:00', player: playerSpec({ name: 'Alex Rivera', description: 'A photographer', sprite: 'ada-quinn' }, big) });
    await sim.run(20);
    sim.playerInput({ kind: 'step', dx: 1, dy: 0 });
    const save = await decodeSave(await encodeSave(createSave(sim, { name: 'with a player' })));
    expect(save.game.personas.map((p) => p.id)).toEqual(specs.map((p) => p.id));
    expect(save.game.player?.name).toBe('Alex Rivera');
    const loaded = openSave(save, big, brainFor);
    expect(loaded.player?.persona.name).toBe('Alex Rivera');
    expect(loaded.player?.persona.agent.mode).toBe('human');
    for (let i = 0; i < 10; i++) expect((await loaded.tick()).personas).toEqual((await sim.tick()).personas);
    expect(loaded.snapshot()).toEqual(sim.snapshot());
  });

  it('a key written into a save by hand is not read back', async () => {
    const { sim } = await town(5);
    const doc = JSON.parse(JSON.stringify(createSave(sim, { name: 'x', settings: settings() }))) as SaveFile;
    (doc.settings!.config as unknown as Record<string, unknown>).apiKey = KEY;
    const save = await decodeSave(await gzip(new TextEncoder().encode(JSON.stringify(doc))));
    expect(JSON.stringify(save)).not.toContain(KEY);
  });

  const cases: [string, (b: Uint8Array, doc: SaveFile) => Promise<Uint8Array> | Uint8Array, RegExp][] = [
    ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2)), /truncated or damaged/],
    ['empty', () => new Uint8Array(), /is empty/],
    ['not JSON', () => new TextEncoder().encode('hello'), /not JSON/],
    ['a newer version', (_, d) => json({ ...d, version: 2 }), /save format version 2; this Hamlet reads version 1\. It was made by a newer Hamlet/],
    ['an unknown version', (_, d) => json({ ...d, version: 0 }), /save format version 0; .* cannot be read/],
    ['a replay', () => json({ format: 'hamlet-replay', version: 1 }), /is a replay, not a save/],
    ['something else', () => json({ hello: 'world' }), /not a Hamlet save: it has no "format": "hamlet-save" field \(its fields: "hello"\)\.$/],
    ['another format', () => json({ format: 'tiled-map', version: 1 }), /not a Hamlet save: its "format" is "tiled-map", not "hamlet-save"\.$/],
    ['hand-edited nonsense in the header', (_, d) => json({ ...d, game: { ...d.game, start: 'yesterday' } }), /damaged: game\.start/],
  ];
  const json = (x: unknown) => gzip(new TextEncoder().encode(JSON.stringify(x)));

  it.each(cases)('refuses a damaged save: %s', async (_, damage, message) => {
    const { sim } = await town(5);
    const save = createSave(sim, { name: 'x' });
    const bytes = await encodeSave(save);
    await expect(decodeSave(await damage(bytes, JSON.parse(JSON.stringify(save)) as SaveFile), 'The save "x"')).rejects.toThrow(message);
  });

  it('refuses a save whose town state is nonsense, naming it; the live town is untouched', async () => {
    const { sim } = await town(5);
    const doc = JSON.parse(JSON.stringify(createSave(sim, { name: 'x' }))) as SaveFile;
    (doc.state.parts.personas!.data as PersonaPart[])[0]!.scratch.currTile = { x: -1, y: -1 };
    const save = await decodeSave(await json(doc));
    expect(() => openSave(save, world, brainFor, 'The save "x"')).toThrow(/The save "x" cannot be continued: Ann .*position \(-1, -1\) is off the map/);
  });

  it('refuses a save of another map', async () => {
    const { sim } = await town(5);
    const save = createSave(sim, { name: 'x' });
    // Same name and size, one wall knocked down: another layout.
    const walkable = world.walkable.slice();
    walkable[1 * world.width + 1] = 1;
    expect(() => openSave(save, { ...world, walkable }, brainFor)).toThrow(SaveError);
    expect(() => openSave(save, { ...world, walkable }, brainFor)).toThrow(/made on another layout of the map "Mini"/);
    expect(() => openSave(save, { ...world, name: 'Elsewhere' }, brainFor)).toThrow(/made on another map \("Mini", 24×12\) than this town's \("Elsewhere", 24×12\)/);
  });

  it('stops unpacking a gzip bomb at the limit', async () => {
    const bomb = await gzip(new Uint8Array(20_000_000));
    expect(bomb.length).toBeLessThan(100_000);
    await expect(gunzipBounded(bomb, 1_000_000)).rejects.toBeInstanceOf(InflateLimitError);
    expect((await gunzipBounded(bomb, 30_000_000)).length).toBe(20_000_000);
  });
});

describe('save slots (IndexedDB)', () => {
  async function page(steps = 10) {
    const t = await town(steps);
    let live = t.sim;
    const adopted: Simulation[] = [];
    const slots = SaveSlots.open(`hamlet-test-${++dbCount}`);
    const api = setupSaves(
      {
        get sim() {
          return live;
        },
        recorder: () => t.recorder,
        settings: () => null,
        replayOpen: () => false,
        adopt(next) {
          adopted.push(next);
          live = next;
          // As the page does on every step shown: a load must not look like a new hour.
          autosaves.push(api.autosaveIfDue());
        },
      },
      { brainFor, slots },
    );
    const autosaves: Promise<unknown>[] = [];
    return { api, slots: await slots, adopted, autosaves, run: async (n: number) => t.sim.run(n), sim: () => live, first: t.sim };
  }

  it('saves under a name, lists, loads (the town becomes the saved one) and deletes', async () => {
    const p = await page();
    const info = await p.api.save('Before lunch');
    expect(info).toMatchObject({ name: 'Before lunch', auto: false, step: 10, personas: 3 });
    expect(info.bytes).toBeGreaterThan(1000);
    const snap = p.first.snapshot();
    await p.run(20);
    await p.api.load('Before lunch');
    expect(p.adopted).toHaveLength(1);
    expect(p.sim().step).toBe(10);
    expect(p.sim().snapshot()).toEqual(snap);
    expect((await p.api.listSaves()).map((s) => s.name)).toEqual(['Before lunch']);
    // Saved an hour later and loaded: the loaded hour counts as saved, no autosave follows the load.
    await p.sim().run(400);
    await p.api.save('After nine');
    await p.api.load('After nine');
    expect(await Promise.all(p.autosaves)).toEqual([null, null]);
    await p.api.delete('After nine');
    await expect(p.api.save('  ')).rejects.toThrow(/Give the save a name/);
    await p.api.delete('Before lunch');
    expect(await p.api.listSaves()).toEqual([]);
    expect(await p.api.latestSave()).toBeNull();
  });

  it('autosaves once per game hour and keeps the last three', async () => {
    const p = await page(1);
    expect(await p.api.autosaveIfDue()).toBeNull(); // still the hour it started in
    const names: string[] = [];
    for (let h = 0; h < 5; h++) {
      await p.first.run(360);
      const s = await p.api.autosaveIfDue();
      expect(s?.auto).toBe(true);
      names.push(s!.name);
      expect(await p.api.autosaveIfDue()).toBeNull(); // once per hour
    }
    await p.api.save('mine');
    const list = await p.api.listSaves();
    expect(list.filter((s) => s.auto).map((s) => s.name).sort()).toEqual(names.slice(-3).sort());
    expect(list.map((s) => s.name)).toContain('mine');
    expect((await p.api.latestSave())!.name).toBe('mine');
  });

  it('keeps autosaves per game: a watched fork at the same hours never evicts the game you play, and Continue opens yours', async () => {
    const big = loadTownWorld();
    const specs = loadTownPersonas().slice(0, 3);
    const start = '2023-02-13T09:00:00';
    const mine = new Simulation({ world: big, personas: specs, brain: brainFor(specs, 2), seed: 2, start, player: playerSpec({ name: 'Alex Rivera', description: 'A photographer', sprite: 'ada-quinn' }, big) });
    let live = mine;
    const slots = SaveSlots.open(`hamlet-test-${++dbCount}`);
    const api = setupSaves({ get sim() { return live; }, recorder: () => null, settings: () => null, replayOpen: () => false, adopt(next) { live = next; } }, { brainFor, slots });
    const autos = async (title: string) => (await api.listSaves()).filter((s) => s.auto && s.title === title);
    for (let h = 0; h < 4; h++) {
      await live.run(360);
      expect(await api.autosaveIfDue()).not.toBeNull();
    }
    const yours = await autos('Alex Rivera in Hamlet');
    expect(yours).toHaveLength(3);
    // A fork of a recorded day (a new town the page makes live, only watched), from the same start hour.
    live = new Simulation({ world: big, personas: specs, brain: brainFor(specs, 7), seed: 7, start });
    for (let h = 0; h < 5; h++) {
      await live.run(360);
      await api.autosaveIfDue();
    }
    const forks = await autos('Hamlet (watching)');
    expect(forks).toHaveLength(3);
    expect((await autos('Alex Rivera in Hamlet')).map((s) => s.name).sort()).toEqual(yours.map((s) => s.name).sort());
    expect(new Set(forks.map((s) => s.game)).size).toBe(1);
    expect(forks[0]!.game).not.toBe(yours[0]!.game);
    // The fork's autosaves are newer, yet Continue opens your game, and a save says which game it is.
    const latest = (await api.latestSave())!;
    expect(latest.title).toBe('Alex Rivera in Hamlet');
    expect(latest.name).toMatch(/^Autosave Monday February 13 13:00 · \w{4} · Alex Rivera in Hamlet$/);
    await api.load(latest.name);
    expect(live.player?.persona.name).toBe('Alex Rivera');
    // Loaded, it goes on as the same game: its next autosave joins yours and evicts only your oldest.
    await live.run(360);
    const next = (await api.autosaveIfDue())!;
    expect(next.game).toBe(yours[0]!.game);
    expect(await autos('Alex Rivera in Hamlet')).toHaveLength(3);
    expect(await autos('Hamlet (watching)')).toHaveLength(3);
  });

  it('says how much game time the running town would lose: counted from its start, from its last save or load', async () => {
    const p = await page(10);
    // Ten steps of 10 s since the town began: a minute, not yet saved.
    expect(p.api.unsavedMinutes()).toBe(1);
    await p.api.save('now');
    expect(p.api.unsavedMinutes()).toBe(0);
    await p.first.run(180);
    expect(p.api.unsavedMinutes()).toBe(30);
    // Into the next game hour: the autosave counts as saved.
    await p.first.run(180);
    expect(p.api.unsavedMinutes()).toBe(60);
    expect(await p.api.autosaveIfDue()).not.toBeNull();
    expect(p.api.unsavedMinutes()).toBe(0);
    await p.first.run(60);
    expect(p.api.unsavedMinutes()).toBe(10);
    await p.api.load('now');
    expect(p.api.unsavedMinutes()).toBe(0);
  });

  it('a damaged import is refused and keeps the last good save; a good one is kept and loaded', async () => {
    const p = await page();
    await p.api.save('good');
    const good = await p.slots.read('good');
    const before = p.sim().snapshot();
    await expect(p.api.importFile(good.subarray(0, 500), 'good.hamlet.json.gz')).rejects.toThrow(/The file good\.hamlet\.json\.gz is truncated or damaged/);
    expect(await p.slots.read('good')).toEqual(good);
    expect(p.adopted).toHaveLength(0);
    expect(p.sim().snapshot()).toEqual(before);
    const imported = await p.api.importFile(good, 'good.hamlet.json.gz');
    expect(imported.name).toBe('good (2)');
    expect(p.adopted).toHaveLength(1);
    expect((await p.api.listSaves()).map((s) => s.name).sort()).toEqual(['good', 'good (2)']);
  });
});

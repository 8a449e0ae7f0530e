import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync, copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzip, gunzipBounded, InputError, parseJsonBounded, readJson } from '../../src/io/bounded';
import { decodeReplay, ReplayError } from '../../src/replay/codec';
import { openPickedFiles, openReplayBytes, type TownInfo } from '../../src/replay/open';
import type { PickedFile } from '../../src/replay/pickedFile';
import { importSmallville } from '../../src/replay/smallville';
import { dayStartStep, ReplayPlayer } from '../../src/replay/player';
import { Recorder } from '../../src/replay/recorder';
import type { ReplayFile } from '../../src/replay/format';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadWorld, MapError } from '../../src/sim/world/loadWorld';
import { parsePersonas } from '../../src/sim/persona/load';
import { loadTownPersonas, ROOT } from '../../src/node/town';
import { mapInfoOf } from '../../src/replay/mapInfo';
import { createHamletStore } from '../../src/store/store';
import { replaySource } from '../../src/app/readModel/replay';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { tilesetPages } from '../../src/replay/suppliedMap';

const enc = (v: unknown) => gzip(new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v)));

async function thrown(p: Promise<unknown> | (() => unknown)): Promise<Error> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected it to throw');
}

describe('bounded reading (src/io/bounded.ts)', () => {
  it('stops inflating a gzip bomb at the limit, naming the file and the limit', async () => {
    // 64 MB of zeros compress to about 64 KB.
    const bomb = await gzip(new Uint8Array(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200_000);
    const err = await thrown(gunzipBounded(bomb, '“bomb.json.gz”', 4 * 1024 * 1024));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/“bomb.json.gz” inflates to more than 4.0 MB.*limit: inflated size/);
    // Within the limit it inflates whole.
    expect((await gunzipBounded(await gzip(new Uint8Array(1000)), 'x', 2000)).length).toBe(1000);
  });

  it('refuses deep nesting and huge strings before parsing, and names a cut-off file', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(() => parseJsonBounded(deep, 'deep.json')).toThrow(/deep.json nests JSON more than 64 levels deep \(limit: nesting depth\)/);
    // Brackets inside strings do not count.
    expect(parseJsonBounded(JSON.stringify({ a: '[[[[[[[[[[' }), 'ok.json', { maxDepth: 2, maxStringLength: 100 })).toEqual({ a: '[[[[[[[[[[' });
    expect(() => parseJsonBounded(JSON.stringify({ a: 'x'.repeat(101) }), 'long.json', { maxDepth: 5, maxStringLength: 100 })).toThrow(/long.json has a text of 101 characters.*limit: string length/);
    const cut = thrown(() => parseJsonBounded('{"id": "ada-quinn", "name": "Ada Qu', 'ada-quinn.json'));
    return cut.then((e) => {
      expect(e).toBeInstanceOf(InputError);
      expect(e.message).toMatch(/^ada-quinn.json is cut off/);
    });
  });

  it('reads plain or gzip JSON alike', async () => {
    expect(await readJson(new TextEncoder().encode('{"a":1}'), 'a.json')).toEqual({ a: 1 });
    expect(await readJson(await enc({ a: 1 }), 'a.json.gz')).toEqual({ a: 1 });
  });
});

describe('replays: shape, size and meaning', () => {
  let replay: ReplayFile;
  let town: TownInfo;

  beforeAll(async () => {
    const specs = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas: specs, brain: new OfflineBrain(1, specs), seed: 1, start: '2023-02-13T05:00:00' });
    const rec = new Recorder(sim, { keyframeInterval: 60 });
    for (let i = 0; i < 200; i++) rec.record(await sim.tick());
    replay = rec.toReplay();
    town = { map: mapInfoOf(sim.world), personas: specs.map((p) => ({ id: p.id, name: p.name, sprite: p.sprite })) };
  });

  const bad = async (r: unknown, text: RegExp, kind?: string) => {
    const e = await thrown(decodeReplay(await enc(r), '“x.json.gz”'));
    expect(e, String(e)).toBeInstanceOf(ReplayError);
    expect(e.message).toMatch(text);
    if (kind) expect((e as ReplayError).kind).toBe(kind);
  };

  it('refuses impossible values, saying which', async () => {
    await bad({ ...replay, stepSeconds: 1e300 }, /a step of 1e\+300 game seconds is impossible/);
    await bad({ ...replay, start: '99999-01-01T00:00:00' }, /start "99999-01-01T00:00:00" is not a date/);
    const k0 = replay.keyframes[0]!;
    await bad({ ...replay, keyframes: [{ ...k0, personas: k0.personas.map((f, i) => (i === 0 ? [-5000, 1e9, ...f.slice(2)] : f)) }, ...replay.keyframes.slice(1)] }, /stands at \(-5000, 1000000000\), outside its 24×12 map/);
    const steps = replay.steps.slice();
    steps[3] = { p: [{ i: 1, x: 24, y: 3 }] };
    await bad({ ...replay, steps }, /step \d+ moves .* to \(24, 3\), outside its 24×12 map/);
    await bad({ ...replay, map: { ...replay.map, width: 1e9 } }, /larger than any Hamlet draws/);
  });

  it('refuses a replay of a million empty steps quickly, by its count', async () => {
    const text = JSON.stringify({ ...replay, steps: [] }).replace('"steps":[]', `"steps":[${'{},'.repeat(1_000_000)}{}]`);
    const bytes = await enc(text);
    expect(bytes.length).toBeLessThan(200_000);
    await bad(JSON.parse(text), /1,000,001 steps; Hamlet opens up to 100,000 \(limit: steps\)/, 'too-large');
  });

  it('says what {} is, and names the file', async () => {
    const e = await thrown(openReplayBytes(await enc({}), town, 'folder/empty.json.gz'));
    expect(e.message).toMatch(/“empty.json.gz”.*Not a Hamlet replay: it holds an empty JSON object, \{\}/);
    const f = await thrown(openReplayBytes(await enc({ title: 'mine', steps: [] }), town, 'mine.json.gz'));
    expect(f.message).toMatch(/no "format" field.*"title", "steps"/);
  });

  it('refuses a 700 MB file by its size without reading it', async () => {
    let read = false;
    const huge: PickedFile = { name: 'big.json.gz', size: 700 * 1024 * 1024, bytes: async () => ((read = true), new Uint8Array()) };
    const e = await thrown(openPickedFiles([huge], town));
    expect(e.message).toMatch(/“big.json.gz” is 700 MB; Hamlet opens files up to 200 MB \(limit: file size\)/);
    expect(read).toBe(false);
  });

  it('opens a recorded day where the day begins, not at midnight', () => {
    const s = dayStartStep(replay);
    expect(s).toBeGreaterThanOrEqual(replay.firstStep);
    // Before it, fewer than a quarter of the personas had moved; a while after it, they had.
    const p = new ReplayPlayer(replay);
    const start = p.seek(replay.firstStep).map((f) => `${f.tile.x},${f.tile.y}`);
    const movedBy = (n: number) => p.seek(n).filter((f, i) => `${f.tile.x},${f.tile.y}` !== start[i]).length;
    expect(movedBy(s)).toBeLessThan(Math.max(1, Math.ceil(replay.personas.length / 4)));
    expect(movedBy(s + 30 + 1)).toBeGreaterThanOrEqual(1);
  });

  it('the demo replay, which starts at midnight with everyone placed in bed, opens in the morning when the town wakes', async () => {
    const demo = await decodeReplay(new Uint8Array(readFileSync(join(ROOT, 'public/replays/demo.json.gz'))));
    const s = dayStartStep(demo);
    const hour = new Date(Date.parse(`${demo.start}Z`) + s * demo.stepSeconds * 1000).getUTCHours();
    expect(hour).toBeGreaterThanOrEqual(4);
    expect(hour).toBeLessThan(10);
    // An hour after it, a quarter of the town is up and about (not asleep).
    const awake = new ReplayPlayer(demo).seek(s + 3600 / demo.stepSeconds).filter((f) => f.emoji !== '😴').length;
    expect(awake).toBeGreaterThanOrEqual(demo.personas.length / 4);
  });
});

describe('Smallville imports', () => {
  const hamlet = [{ id: 'nora-hartwell', name: 'Nora Hartwell', sprite: 'nora' }];
  const showOn = { name: 'Hamlet', width: 140, height: 100, tileSize: 32 };
  const meta = { start_date: 'February 13, 2023', sec_per_step: 10, persona_names: ['Isabella Rodriguez', 'Klaus Mueller'] };
  const e0 = { movement: [5, 5], pronunciatio: '☕', description: 'x @ the Ville:cafe', chat: null };

  it('a step "20000000" is refused at once, by its number', async () => {
    const t0 = Date.now();
    const e = await thrown(() => importSmallville(JSON.stringify(meta), JSON.stringify({ 0: { 'Isabella Rodriguez': e0, 'Klaus Mueller': e0 }, 20000000: { 'Klaus Mueller': e0 } }), { hamlet, showOn }));
    expect(e).toBeInstanceOf(ReplayError);
    expect(e.message).toMatch(/goes to step 20,000,000; Hamlet imports up to 100,000 steps \(limit: steps\)/);
    expect(Date.now() - t0).toBeLessThan(5000); // not a speed target: it must not build 20 million steps
  });

  it('its conversations fill the Chats tab, and the brain is named as Smallville', () => {
    const chat = [['Isabella Rodriguez', 'Good morning!'], ['Klaus Mueller', 'Morning, Isabella.']];
    const r = importSmallville(JSON.stringify(meta), JSON.stringify({ 0: { 'Isabella Rodriguez': e0, 'Klaus Mueller': e0 }, 2: { 'Isabella Rodriguez': { ...e0, chat }, 'Klaus Mueller': { ...e0, chat } } }), { hamlet, showOn });
    const player = new ReplayPlayer(r);
    const store = createHamletStore();
    store.setState({ phase: 'ready', mode: 'replay', step: 3, personas: player.framesAt(3), replay: { title: r.title, notice: null, source: 'smallville', brain: r.brain, firstStep: 0, lastStep: player.lastStep, playing: false, speed: 8, whyNotForkable: null, player } });
    const src = replaySource(store, () => null);
    const klaus = src.persona(r.personas[1]!.id)!;
    const chats = klaus.memory.filter((m) => m.type === 'chat');
    expect(chats).toHaveLength(1);
    expect(chats[0]!.description).toMatch(/conversation with Isabella Rodriguez/);
    expect(chats[0]!.transcript).toEqual(chat.map(([speaker, text]) => ({ speaker, text })));
    expect(r.brain).toBe('smallville');
  });
});

describe('maps and persona files', () => {
  const map = () => miniMap() as unknown as { layers: { name: string; objects?: Record<string, unknown>[] }[]; properties: unknown };
  const layer = (m: ReturnType<typeof map>, name: string) => m.layers.find((l) => l.name === name)!;

  it('says what is wrong with a place, a property or a spawn, naming the file', () => {
    const noX = map();
    delete layer(noX, 'arenas').objects![0]!.x;
    expect(() => loadWorld(noX, 'maps/town.tmj')).toThrow(/Map error: maps\/town.tmj: object "bedroom" \(id \d+\) in layer "arenas" has no "x"/);
    const objName = map();
    layer(objName, 'sectors').objects![0]!.name = {};
    expect(() => loadWorld(objName)).toThrow(/a rectangle \(id \d+\) in layer "sectors" has no name/);
    const colon = map();
    layer(colon, 'sectors').objects![0]!.name = 'Test:House';
    expect(() => loadWorld(colon)).toThrow(/named "Test:House": a name must not contain ":"/);
    const props = map();
    layer(props, 'sectors').objects![0]!.properties = { kind: 'home' };
    expect(() => loadWorld(props)).toThrow(/properties of sector "Test House" must be a list/);
    const spawn = map();
    delete layer(spawn, 'spawns').objects![0]!.x;
    expect(() => loadWorld(spawn)).toThrow(/spawn "[a-z-]+" in layer "spawns" has no "x"/);
    const huge = { ...map(), width: 100_000, height: 100_000 };
    expect(() => loadWorld(huge)).toThrow(/100000×100000 tiles.*limit: map size/);
    for (const m of [noX, objName, colon, props, spawn, huge]) expect(() => loadWorld(m)).toThrow(MapError);
  });

  it('two persona files with one id are refused, naming both; a cut-off file is named', async () => {
    const [a] = loadTownPersonas();
    expect(() => parsePersonas([{ source: 'ada.json', data: a }, { source: 'ada-copy.json', data: a }])).toThrow(/Persona files ada.json and ada-copy.json both have the id "/);
    const dir = mkdtempSync(join(tmpdir(), 'hamlet-personas-'));
    const src = join(ROOT, 'personas/hamlet');
    mkdirSync(join(dir, 'p'));
    for (const f of readdirSync(src).slice(0, 3)) copyFileSync(join(src, f), join(dir, 'p', f));
    const victim = readdirSync(join(dir, 'p'))[1]!;
    writeFileSync(join(dir, 'p', victim), '{"id": "x", "name": "Trun');
    const { loadTownPersonas: load } = await import('../../src/node/town');
    expect(() => load(join(dir, 'p'))).toThrow(new RegExp(`${victim.replace('.', '\\.')} is cut off`));
  });
});

describe('a Smallville map’s tilesets taller than a texture', () => {
  it('are split into pages of whole rows that keep every tile’s gid', () => {
    // The Ville's interiors: 32 px tiles, 16 columns, 9,024 px tall (282 rows).
    const t = { name: 'interiors', image: 'interiors_pt1.png', firstgid: 1000, tilewidth: 32, tileheight: 32, imagewidth: 512, imageheight: 9024, columns: 16, tilecount: 16 * 282, margin: 0, spacing: 0, tiles: [{ id: 5 }, { id: 16 * 256 + 3 }] };
    const pages = tilesetPages(t, 'the_ville.json');
    expect(pages).toHaveLength(2);
    for (const p of pages) expect(p.crop!.height).toBeLessThanOrEqual(8192);
    expect(pages.map((p) => [p.tileset.firstgid, p.tileset.tilecount, p.crop!.y, p.crop!.height])).toEqual([
      [1000, 16 * 256, 0, 8192],
      [1000 + 16 * 256, 16 * 26, 8192, 832],
    ]);
    // Tile gid g lives in the page whose range holds it, at the same row and column of its crop.
    const gid = 1000 + 16 * 270 + 7;
    const page = pages.find((p) => gid >= p.tileset.firstgid && gid < p.tileset.firstgid + p.tileset.tilecount)!;
    const local = gid - page.tileset.firstgid;
    expect(page.crop!.y + Math.floor(local / 16) * 32).toBe(270 * 32);
    expect(pages[1]!.tileset.tiles).toEqual([{ id: 3 }]);
    // A tileset within the limit is left alone; one too wide to split is refused with a message.
    expect(tilesetPages({ ...t, imageheight: 4096, tilecount: 16 * 128 }, 'm.json')).toEqual([{ tileset: { ...t, imageheight: 4096, tilecount: 16 * 128 } }]);
    expect(() => tilesetPages({ ...t, imagewidth: 9000 }, 'm.json')).toThrow(/tileset "interiors" is 9000 px wide; Hamlet draws tilesets up to 8192 px wide/);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Simulation, type PersonaFrame } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld, ROOT } from '../../src/node/town';
import { Recorder } from '../../src/replay/recorder';
import { checkReplayMap, decodeReplay, encodeReplay, ReplayError } from '../../src/replay/codec';
import { gzip } from '../../src/replay/gzip';
import { ReplayPlayer, PlaybackClock } from '../../src/replay/player';
import { forkReplay, whyNotForkable } from '../../src/replay/fork';
import { importSmallville } from '../../src/replay/smallville';
import { replayJsonSchemaText } from '../../src/replay/schema';
import { mapInfoOf } from '../../src/replay/mapInfo';
import { lastStepOf, type ReplayFile } from '../../src/replay/format';
import type { WorldModel } from '../../src/sim/world/types';
import { openPickedFiles, openReplayBytes } from '../../src/replay/open';
import { timelineMarks } from '../../src/ui/replay/timeline';
import type { PersonaSpec } from '../../src/sim/persona/schema';

const START = '2023-02-13T06:00:00';
const HOURS = 3;

/** What a viewer sees of a persona (the `moved` flag is an animation hint, not state). */
const seen = (f: PersonaFrame) => ({
  id: f.id,
  tile: f.tile,
  emoji: f.emoji,
  description: f.description,
  address: f.address,
  chattingWith: f.chattingWith,
  action: f.actionId ? [f.actionId, f.actionTarget, f.actionReason, f.brainMode] : null,
  wallet: f.wallet ? [f.wallet.credits, Object.entries(f.wallet.holdings).filter(([, n]) => n > 0).sort(), f.wallet.workToday] : null,
});

async function expectReplayError(p: Promise<unknown> | (() => unknown), kind: string, text: RegExp): Promise<void> {
  let err: unknown = null;
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    err = e;
  }
  expect(err, `expected a ${kind} error`).toBeInstanceOf(ReplayError);
  expect((err as ReplayError).kind).toBe(kind);
  expect((err as ReplayError).message).toMatch(text);
}

describe('replays of the 25-persona town', () => {
  let world: WorldModel;
  let specs: PersonaSpec[];
  /** live[k] = every persona's frame at step k (between ticks), as the page showed it. */
  const live: PersonaFrame[][] = [];
  let bytes: Uint8Array;
  let replay: ReplayFile;
  let windowed: ReplayFile;

  beforeAll(async () => {
    world = loadTownWorld();
    specs = loadTownPersonas();
    const sim = new Simulation({ world, personas: specs, brain: new OfflineBrain(1, specs), seed: 1, start: START });
    const perHour = 360;
    // Keyframes every half hour and snapshots every hour: several of each in three hours.
    const rec = new Recorder(sim, { keyframeInterval: perHour / 2, snapshotInterval: perHour });
    // The same ticks into a recorder that keeps only about the last two hours (as the live page does with a day).
    const windowedRec = new Recorder(sim, { keyframeInterval: perHour / 2, snapshotInterval: perHour, maxSteps: 2 * perHour });
    live.push(sim.personas.map((p) => sim.frameOf(p)));
    for (let i = 0; i < HOURS * perHour; i++) {
      const r = await sim.tick();
      rec.record(r);
      windowedRec.record(r);
      live.push(r.personas);
    }
    bytes = await encodeReplay(rec.toReplay());
    replay = await decodeReplay(bytes);
    windowed = await decodeReplay(await encodeReplay(windowedRec.toReplay()));
  }, 60_000);

  it('record → gzip → load reproduces every persona at every step', () => {
    expect(bytes[0]).toBe(0x1f); // gzip
    expect(replay.personas).toHaveLength(25);
    expect(replay.firstStep).toBe(0);
    expect(lastStepOf(replay)).toBe(HOURS * 360);
    // The town did things worth recording.
    expect(replay.steps.filter((s) => s.p?.some((c) => c.x !== undefined)).length).toBeGreaterThan(100);
    expect(replay.steps.some((s) => s.c?.length)).toBe(true);
    const player = new ReplayPlayer(replay);
    for (let k = 0; k < live.length; k++) {
      const got = player.seek(k);
      expect(got.map(seen), `step ${k}`).toEqual(live[k]!.map(seen));
    }
  });

  it('carries every persona’s credits, holdings and today’s job (the inspector’s Now tab in a replay); a recording from before wallets opens without them', () => {
    // Three morning hours: check-ins and purchases change wallets, recorded as changes between keyframes.
    expect(replay.steps.filter((s) => s.p?.some((c) => c.$)).length).toBeGreaterThan(5);
    const player = new ReplayPlayer(replay);
    const end = player.seek(lastStepOf(replay));
    expect(end.map((f) => f.wallet?.credits)).toEqual(live.at(-1)!.map((f) => f.wallet!.credits));
    expect(end.some((f) => f.wallet!.workToday !== null)).toBe(true);
    expect(end.some((f) => f.wallet!.credits !== 100)).toBe(true);
    const old: ReplayFile = { ...replay, keyframes: replay.keyframes.map(({ wallets: _w, ...k }) => k), steps: replay.steps.map((s) => (s.p ? { ...s, p: s.p.map(({ $: _m, ...c }) => c) } : s)) };
    const before = new ReplayPlayer(old).seek(lastStepOf(old));
    expect(before.every((f) => f.wallet === undefined)).toBe(true);
    expect(before.map((f) => f.description)).toEqual(end.map((f) => f.description));
  });

  it('jumping to a step gives what playing up to it gives, backwards and forwards', () => {
    const player = new ReplayPlayer(replay);
    const jumper = new ReplayPlayer(replay);
    // Deterministic spread of targets, including keyframe steps and their neighbours.
    const targets = [1080, 0, 179, 180, 181, 777, 5, 1079, 540, 541, 360, 359, 901];
    const played: PersonaFrame[][] = [];
    for (let k = 0; k <= lastStepOf(replay); k++) played.push(player.seek(k).map((f) => ({ ...f, moved: false })));
    for (const t of targets) expect(jumper.seek(t).map(seen), `jump to ${t}`).toEqual(played[t]!.map(seen));
    // Out of range is clamped to the ends.
    expect(jumper.seek(99_999).map(seen)).toEqual(played[lastStepOf(replay)]!.map(seen));
    expect(jumper.seek(-4).map(seen)).toEqual(played[0]!.map(seen));
  });

  it('keeps the cognitive detail: memories by step, conversations in the feed', () => {
    const player = new ReplayPlayer(replay);
    const id = specs[0]!.id;
    const early = player.memoriesAt(id, 0);
    const late = player.memoriesAt(id, lastStepOf(replay));
    expect(early.length).toBeGreaterThan(0); // seeded memories
    expect(late.length).toBeGreaterThan(early.length);
    expect(late.slice(0, early.length)).toEqual(early);
    expect(late.every((m) => m.step <= lastStepOf(replay))).toBe(true);
    const convos = player.conversationsBefore(lastStepOf(replay));
    expect(convos.length).toBeGreaterThan(0);
    expect(player.conversationsBefore(convos[0]!.step - 1)).toHaveLength(0);
    expect(convos[0]!.lines.length).toBeGreaterThan(0);
  });

  it('forks: a town continued from a step runs on exactly as recorded (offline brain)', async () => {
    expect(whyNotForkable(replay, world)).toBeNull();
    const at = 420; // between the 1-hour snapshot (360) and the next
    const sim = await forkReplay(replay, at, world, (s, seed) => new OfflineBrain(seed, s));
    expect(sim.step).toBe(at);
    expect(sim.personas.map((p) => seen(sim.frameOf(p)))).toEqual(live[at]!.map(seen));
    // A recording that starts here, mid-morning, knows what was going on at objects from its first step.
    const objectsNow = () => new Map([...sim.objectEvents].map(([a, e]) => [a, e.description]));
    const atStart = objectsNow();
    expect(atStart.size).toBeGreaterThan(0);
    const rec = new Recorder(sim, { keyframeInterval: 25 });
    for (let k = at + 1; k <= at + 60; k++) {
      const r = await sim.tick();
      rec.record(r);
      expect(r.personas.map(seen), `step ${k}`).toEqual(live[k]!.map(seen));
    }
    const player = new ReplayPlayer(await decodeReplay(await encodeReplay(rec.toReplay())));
    expect(player.objectEventsAt(at)).toEqual(atStart);
    expect(player.objectEventsAt(at + 60)).toEqual(objectsNow());
  });

  it('a recording with a window keeps its last steps as a replay of its own: frames, memories, conversations, fork', async () => {
    // Three hours recorded, two kept: it starts at the one-hour snapshot.
    expect(windowed.firstStep).toBe(360);
    expect(lastStepOf(windowed)).toBe(HOURS * 360);
    expect(windowed.steps).toHaveLength(720);
    expect(windowed.keyframes[0]!.step).toBe(360);
    expect(windowed.snapshots!.every((s) => s.step >= 360)).toBe(true);
    const full = new ReplayPlayer(replay);
    const player = new ReplayPlayer(windowed);
    for (let k = 360; k <= HOURS * 360; k += 7) expect(player.seek(k).map(seen), `step ${k}`).toEqual(live[k]!.map(seen));
    expect(player.seek(0).map(seen)).toEqual(live[360]!.map(seen)); // before the window: its first step
    // Every memory is still there at the end; those made before the window count as known at its start.
    for (const { id } of specs.slice(0, 5)) {
      const names = (ms: { id: number; description: string }[]) => ms.map((m) => `${m.id} ${m.description}`);
      expect(names(player.memoriesAt(id, HOURS * 360))).toEqual(names(full.memoriesAt(id, HOURS * 360)));
      expect(player.memoriesAt(id, 360).every((m) => m.step === 360)).toBe(true);
    }
    // Conversations of the window, none from before it.
    const inWindow = full.conversationsBefore(HOURS * 360).filter((c) => c.step > 360);
    expect(player.conversationsBefore(HOURS * 360).map((c) => c.step)).toEqual(inWindow.map((c) => c.step));
    // And it can still be continued live from inside its window.
    const sim = await forkReplay(windowed, 420, world, (sp, seed) => new OfflineBrain(seed, sp));
    expect(sim.personas.map((p) => seen(sim.frameOf(p)))).toEqual(live[420]!.map(seen));
  });

  it('the playback clock plays at steps per second, stops at the end and restarts from the start', () => {
    const c = new PlaybackClock(0, 1080);
    c.speed = 64;
    c.play();
    expect(c.advance(500)).toBe(32);
    c.pause();
    expect(c.advance(500)).toBe(32);
    c.seek(1070);
    c.play();
    expect(c.advance(1000)).toBe(1080);
    expect(c.playing).toBe(false);
    c.play();
    expect(c.step).toBe(0);
  });

  describe('bad files get a clear message', () => {
    it('truncated gzip', async () => {
      await expectReplayError(decodeReplay(bytes.subarray(0, Math.floor(bytes.length / 2))), 'truncated', /truncated or damaged/);
    });

    it('not gzip, not JSON', async () => {
      await expectReplayError(decodeReplay(new TextEncoder().encode('PK\u0003\u0004 a zip file')), 'not-gzip', /neither gzip-compressed .* nor JSON/);
      await expectReplayError(decodeReplay(new Uint8Array()), 'empty', /empty/);
    });

    it('gzip of broken JSON', async () => {
      const text = JSON.stringify(replay);
      await expectReplayError(decodeReplay(await gzip(new TextEncoder().encode(text.slice(0, 5000)))), 'json', /cut off/);
    });

    it('wrong format and wrong version', async () => {
      const enc = async (doc: unknown) => gzip(new TextEncoder().encode(JSON.stringify(doc)));
      await expectReplayError(decodeReplay(await enc({ hello: 'world' })), 'format', /Not a Hamlet replay/);
      await expectReplayError(decodeReplay(await enc({ ...replay, version: 2 })), 'version', /version 2.*reads version 1.*Update Hamlet/);
      await expectReplayError(decodeReplay(await enc({ ...replay, keyframeInterval: 'often' })), 'invalid', /damaged: keyframeInterval/);
      await expectReplayError(decodeReplay(await enc({ persona_names: ['A'], sec_per_step: 10 })), 'smallville-part', /meta.json.*master_movement.json/);
    });

    it('missing personas', async () => {
      const cut = { ...replay, keyframes: replay.keyframes.map((k, i) => (i === 1 ? { ...k, personas: k.personas.slice(0, 20) } : k)) };
      await expectReplayError(decodeReplay(await gzip(new TextEncoder().encode(JSON.stringify(cut)))), 'personas', /missing personas.*20 of the 25/);
    });

    it('wrong map', async () => {
      const here = mapInfoOf(world);
      expect(() => checkReplayMap(replay, here)).not.toThrow();
      await expectReplayError(() => checkReplayMap({ ...replay, map: { ...replay.map, name: 'Elsewhere', width: 60 } }, here), 'map', /recorded on the map "Elsewhere" \(60×100 tiles\)/);
      // Same name and size but another layout: it can be watched, not continued.
      expect(whyNotForkable({ ...replay, map: { ...replay.map, fingerprint: '00000000' } }, world)).toMatch(/another layout/);
    });
  });
});

describe('Smallville import', () => {
  const hamlet = [
    { id: 'nora-hartwell', name: 'Nora Hartwell', sprite: 'nora-hartwell' },
    { id: 'kenji-sato', name: 'Kenji Sato', sprite: 'kenji-sato' },
  ];
  const showOn = { name: 'Hamlet', width: 140, height: 100, tileSize: 32 };
  // A small sample in Smallville's format, written here: step 0 has everyone, later steps only who changed.
  const meta = { fork_sim_code: 'base', start_date: 'February 13, 2023', curr_time: 'February 13, 2023, 00:00:30', sec_per_step: 10, maze_name: 'the_ville', persona_names: ['Isabella Rodriguez', 'Nora Hartwell', 'Klaus Mueller'], step: 4 };
  const movement = {
    '0': {
      'Isabella Rodriguez': { movement: [72, 14], pronunciatio: '😴', description: 'sleeping @ the Ville:Isabella Rodriguez\'s apartment:main room:bed', chat: null },
      'Nora Hartwell': { movement: [10, 20], pronunciatio: '📖', description: 'reading @ the Ville:Nora\'s house:study:desk', chat: null },
      'Klaus Mueller': { movement: [126, 46], pronunciatio: '😴', description: 'sleeping @ the Ville:Dorm for Oak Hill College:Klaus Mueller\'s room:bed', chat: null },
    },
    '1': { 'Isabella Rodriguez': { movement: [73, 14], pronunciatio: '🚶', description: 'going to the cafe @ the Ville:Hobbs Cafe:cafe:cafe customer seating', chat: null } },
    '3': {
      'Isabella Rodriguez': { movement: [73, 15], pronunciatio: '💬', description: 'chatting @ the Ville:Hobbs Cafe:cafe:cafe customer seating', chat: [['Isabella Rodriguez', 'Good morning!'], ['Klaus Mueller', 'Morning, Isabella.']] },
      'Klaus Mueller': { movement: [150, 46], pronunciatio: '💬', description: 'chatting @ the Ville:Hobbs Cafe:cafe:cafe customer seating', chat: [['Isabella Rodriguez', 'Good morning!'], ['Klaus Mueller', 'Morning, Isabella.']] },
    },
    '4': { 'Klaus Mueller': { movement: [125, 46], pronunciatio: '☕', description: 'drinking coffee @ the Ville:Hobbs Cafe:cafe:cafe customer seating', chat: null } },
  };

  it('imports a demo folder: persona states at every step, names matched, guests, time, chat', () => {
    const r = importSmallville(JSON.stringify(meta), JSON.stringify(movement), { hamlet, showOn });
    expect(r.source).toBe('smallville');
    expect(r.start).toBe('2023-02-13T00:00:00');
    expect(lastStepOf(r)).toBe(4);
    expect(r.personas.map((p) => [p.name, p.guest ?? false])).toEqual([
      ['Isabella Rodriguez', true],
      ['Nora Hartwell', false],
      ['Klaus Mueller', true],
    ]);
    expect(r.personas[1]!.id).toBe('nora-hartwell');
    expect(r.personas[0]!.sprite).not.toBe(r.personas[2]!.sprite);
    expect(r.notice).toMatch(/shown on Hamlet's map; positions are Smallville's tiles/);
    expect(r.notice).toMatch(/2 of 3 personas are guests/);
    expect(r.notice).toMatch(/1 position outside the 140×100 map/);

    const p = new ReplayPlayer(r);
    const at = (s: number) => p.seek(s).map((f) => [f.tile.x, f.tile.y, f.emoji, f.description, f.chattingWith]);
    expect(at(0)).toEqual([
      [72, 14, '😴', 'sleeping', null],
      [10, 20, '📖', 'reading', null],
      [126, 46, '😴', 'sleeping', null],
    ]);
    // Step 2 has no entry: everyone stays as at step 1.
    expect(at(2)).toEqual(at(1));
    expect(at(1)[0]).toEqual([73, 14, '🚶', 'going to the cafe', null]);
    expect(at(3)[0]).toEqual([73, 15, '💬', 'chatting', 'Klaus Mueller']);
    expect(at(3)[2]).toEqual([139, 46, '💬', 'chatting', 'Isabella Rodriguez']); // clamped to the map's edge
    expect(at(4)[2]).toEqual([125, 46, '☕', 'drinking coffee', null]);
    expect(p.seek(4)[0]!.address).toBe('the Ville:Hobbs Cafe:cafe:cafe customer seating');
    // One conversation, not one per participant, at 00:00:30.
    const convos = p.conversationsBefore(4);
    expect(convos).toHaveLength(1);
    expect(convos[0]!.lines).toEqual(movement['3']['Isabella Rodriguez'].chat);
    expect(new Date(convos[0]!.time).toISOString()).toBe('2023-02-13T00:00:20.000Z');
    expect(new Date(p.timeOf(4)).toISOString()).toBe('2023-02-13T00:00:40.000Z');
  });

  it('refuses broken Smallville files with a clear message', async () => {
    const opts = { hamlet, showOn };
    await expectReplayError(() => importSmallville('{"start_date": "Feb', JSON.stringify(movement), opts), 'json', /meta.json is cut off/);
    await expectReplayError(() => importSmallville(JSON.stringify({ ...meta, start_date: 'someday' }), JSON.stringify(movement), opts), 'invalid', /start_date "someday"/);
    const { 'Klaus Mueller': _k, ...noKlaus } = movement['0'];
    await expectReplayError(() => importSmallville(JSON.stringify(meta), JSON.stringify({ ...movement, '0': noKlaus }), opts), 'personas', /missing personas.*Klaus Mueller/);
    await expectReplayError(() => importSmallville(JSON.stringify(meta), JSON.stringify({ '1': movement['1'] }), opts), 'invalid', /no step "0"/);
  });
});

describe('opening picked files and the timeline', () => {
  const town = { map: { name: 'Hamlet', width: 140, height: 100, tileSize: 32 }, personas: [{ id: 'nora-hartwell', name: 'Nora Hartwell', sprite: 'nora-hartwell' }] };
  const file = (name: string, text: string) => ({ name, bytes: async () => new TextEncoder().encode(text) });
  const meta = JSON.stringify({ start_date: 'February 13, 2023', sec_per_step: 10, persona_names: ['Nora Hartwell'] });
  const movement = JSON.stringify({ 0: { 'Nora Hartwell': { movement: [5, 6], pronunciatio: '🙂', description: 'idle @ x', chat: null } } });

  it('opens a Smallville pair in any order and says which half is missing', async () => {
    const { replay: r, map } = await openPickedFiles([file('demo/master_movement.json', movement), file('demo/meta.json', meta)], town);
    expect(map).toBeNull();
    expect(r.personas).toEqual([{ id: 'nora-hartwell', name: 'Nora Hartwell', sprite: 'nora-hartwell' }]);
    await expectReplayError(openPickedFiles([file('meta.json', meta)], town), 'smallville-part', /master_movement.json is missing/);
    await expectReplayError(openPickedFiles([file('a.json.gz', '{}'), file('b.json.gz', '{}')], town), 'format', /one replay at a time/);
  });

  it('shows a Smallville demo on its own map when its Tiled map and tileset images come with it', async () => {
    const tiled = { width: 30, height: 20, tilewidth: 32, tileheight: 32, layers: [], tilesets: [{ name: 'CuteRPG_Field_B', image: '../map_assets/tilesets/CuteRPG_Field_B.png', firstgid: 1 }] };
    const png = { name: 'visuals/map_assets/tilesets/CuteRPG_Field_B.png', bytes: async () => new Uint8Array([0x89, 0x50]) };
    const { replay, map } = await openPickedFiles([file('meta.json', meta), file('master_movement.json', movement), file('visuals/the_ville.json', JSON.stringify(tiled)), png], town);
    expect(map!.info).toEqual({ name: 'the Ville', width: 30, height: 20, tileSize: 32 });
    expect(map!.images.map((i) => [i.tileset, i.file.name])).toEqual([['CuteRPG_Field_B', png.name]]);
    expect(replay.notice).toMatch(/shown on its own map; positions are Smallville's tiles/);
    // Without its images, or with tilesets kept outside the map, it says what to do.
    await expectReplayError(openPickedFiles([file('meta.json', meta), file('master_movement.json', movement), file('the_ville.json', JSON.stringify(tiled))], town), 'invalid', /needs tileset images that were not given: cuterpg_field_b.png/);
    const external = { ...tiled, tilesets: [{ firstgid: 1, source: 'field.tsx' }] };
    await expectReplayError(openPickedFiles([file('meta.json', meta), file('master_movement.json', movement), file('the_ville.json', JSON.stringify(external))], town), 'invalid', /Embed Tilesets/);
  });

  it('a replay of another map is refused; personas without a sprite here borrow one and say so', async () => {
    const base = importSmallville(meta, movement, { hamlet: town.personas, showOn: town.map });
    const hamletReplay = { ...base, source: 'hamlet' as const, map: { ...town.map }, notice: undefined, personas: [{ id: 'zed', name: 'Zed', sprite: 'zed-sprite' }] };
    const enc = async (doc: unknown) => gzip(new TextEncoder().encode(JSON.stringify(doc)));
    const opened = await openReplayBytes(await enc(hamletReplay), town);
    expect(opened.personas[0]).toMatchObject({ id: 'zed', sprite: 'nora-hartwell', guest: true });
    expect(opened.notice).toMatch(/1 persona of this replay wears a borrowed sprite/);
    await expectReplayError(openReplayBytes(await enc({ ...hamletReplay, map: { ...town.map, width: 80 } }), town), 'map', /not on this town's "Hamlet"/);
  });

  it('marks days and hours on the timeline', () => {
    const start = Date.parse('2023-02-13T00:00:00Z');
    const marks = timelineMarks(0, 8640, (n) => start + n * 10_000);
    expect(marks.filter((m) => m.kind === 'day').map((m) => [m.label, m.at])).toEqual([
      ['Mon 13', 0],
      ['Tue 14', 1],
    ]);
    expect(marks.filter((m) => m.kind === 'hour').map((m) => m.label)).toEqual(['03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00']);
    expect(marks.find((m) => m.label === '12:00')!.at).toBeCloseTo(0.5);
    expect(marks.filter((m) => m.kind === 'tick')).toHaveLength(16);
  });
});

describe('the replay format document', () => {
  it('docs/replay.schema.json is what the zod schemas generate (run `npm run replay-schema`)', () => {
    expect(readFileSync(join(ROOT, 'docs/replay.schema.json'), 'utf8')).toBe(replayJsonSchemaText());
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { createHamletStore, type HamletStore } from '../../src/store/store';
import { WorkerTown } from '../../src/app/worker/workerTown';
import { TownHost } from '../../src/app/worker/townHost';
import { PageTown } from '../../src/app/pageTown';
import { buildTown, DEFAULT_START, type TownChoice } from '../../src/app/newTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { configFromPreset } from '../../src/llm/config';

/**
 * The page's town in a worker (src/app/worker/): WorkerTown on the page's side, TownHost on the
 * worker's, talking through comlink over a real MessagePort (every message structured-cloned, as
 * between a page and its worker). The page's store shows what the town does; steps, the player,
 * the inspector, saves and the recording work through messages, and the town steps as the same
 * town does on the page's thread.
 */

const world = loadTownWorld();
const all = loadTownPersonas();
const ground = { world, personas: all, stepSeconds: 10, pack: null };
const choice = (over: Partial<TownChoice> = {}): TownChoice => ({ seed: 4, start: DEFAULT_START, personaCount: 5, brain: 'offline', player: null, registry: null, callPlan: null, pulse: true, paused: true, ...over });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(5);
  }
}

const open: MessagePort[] = [];
function workerTown(store: HamletStore): WorkerTown {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  Comlink.expose(new TownHost(), port1);
  return new WorkerTown(store, ground, port2);
}
afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

const frames = (s: HamletStore) => JSON.stringify(s.getState().personas.map((p) => [p.id, p.tile, p.description]));

describe('the town in a worker', () => {
  it('steps as the same town does on the page thread, and the page store shows it', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice(), world, all).sim, { callPlan: null });
    expect(store.getState().personas).toHaveLength(5);
    const here = createHamletStore();
    const inPage = new PageTown(here, ground);
    inPage.adopt(buildTown(choice(), world, all).sim, { callPlan: null });
    for (let i = 0; i < 90; i++) {
      await town.stepOnce();
      await inPage.stepOnce();
    }
    await until(() => store.getState().step === 90, 'step 90 on the page');
    expect(frames(store)).toBe(frames(here));
    expect(store.getState().time).toBe(here.getState().time);
    expect(store.getState().feed).toEqual(here.getState().feed);
  });

  it('shows a town it takes on with its whole read model before any step: economy, figures, feed, the selection', async () => {
    // A town that has lived a morning (sales, shifts, talk), handed over paused: nothing steps after.
    const lived = new PageTown(createHamletStore(), ground);
    await lived.adopt(buildTown(choice({ seed: 6, personaCount: 8, start: '2023-02-13T08:00:00' }), world, all).sim);
    for (let i = 0; i < 400; i++) await lived.stepOnce();
    expect(lived.sim.conversations.length).toBeGreaterThan(0);
    const store = createHamletStore();
    const id = lived.sim.personas[2]!.id;
    store.getState().select(id);
    const town = workerTown(store);
    await town.adopt(lived.sim);
    // What the page's own owner shows of the same town at once.
    const here = createHamletStore();
    here.getState().select(id);
    const inPage = new PageTown(here, ground);
    await inPage.adopt(lived.sim);
    const economy = town.readModel.economy!();
    expect(economy?.sales.reduce((n, s) => n + s.count, 0)).toBeGreaterThan(0);
    expect(economy).toEqual(inPage.readModel.economy!());
    expect(town.readModel.llm()).toEqual(inPage.readModel.llm());
    expect(town.readModel.guardFallbacks()).toBe(inPage.readModel.guardFallbacks());
    expect(town.readModel.persona(id)?.memory).toEqual(inPage.readModel.persona(id)?.memory);
    expect(store.getState().feed.length).toBeGreaterThan(0);
    expect(store.getState().feed).toEqual(here.getState().feed);
    expect(store.getState().step).toBe(400);
  });

  it('takes the page’s brain before its first town, and runs that town on it', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    // The page settles the first town's brain before it has a town to send (ModelChoice.firstTown).
    town.useBrain(null);
    town.useBrain({ ...configFromPreset('openai'), baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-first-town-0000' });
    await town.adopt(buildTown(choice(), world, all).sim);
    await until(() => store.getState().brainName.startsWith('llm:'), 'the first town on the model');
    expect(store.getState().notice).toBeNull();
    expect(store.getState().phase).not.toBe('error');
  });

  it('runs at the speed the page sets, stops when asked, and waits while a replay is shown', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice(), world, all).sim);
    store.getState().setSpeed(60);
    town.start();
    await until(() => store.getState().step >= 20, '20 steps at 60×');
    expect(town.stop()).toBe(true);
    // The worker's own count of steps (its recording), read after the stop: the page catches up to it, and no further.
    const stopped = (await town.recordingFile())!.steps;
    await until(() => store.getState().step === stopped, 'the page at the stopped step');
    await wait(200);
    expect(store.getState().step).toBe(stopped);
    store.setState({ mode: 'replay' });
    town.start();
    await wait(200);
    expect(store.getState().step).toBe(stopped);
    store.setState({ mode: 'live' });
    await until(() => store.getState().step > stopped, 'steps once live again');
    town.stop();
  });

  it('shows the live town again at once when a replay closes, paused or not', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    await town.adopt(buildTown(choice(), world, all).sim);
    for (let i = 0; i < 25; i++) await town.stepOnce();
    const live = { step: store.getState().step, time: store.getState().time, frames: frames(store), feed: store.getState().feed };
    // A replay shown over it (ReplayMode puts its own clock, residents and feed in the store), then closed.
    store.setState({ mode: 'replay', step: 9000, time: 0, personas: [], feed: [] });
    town.stop();
    store.setState({ mode: 'live' });
    town.publish();
    expect({ step: store.getState().step, time: store.getState().time, frames: frames(store), feed: store.getState().feed }).toEqual(live);
    expect(live.step).toBe(25);
  });

  it('takes your resident’s input and shows its choices', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice({ player: { name: 'Tess Walker', description: 'a visitor', sprite: all[0]!.sprite } }), world, all).sim);
    expect(town.playing).toBe(true);
    const me = store.getState().player;
    expect(me?.name).toBe('Tess Walker');
    await town.stepOnce();
    await until(() => town.playerOptions().length > 0, 'the player’s choices');
    const start = store.getState().personas.find((p) => p.name === 'Tess Walker')!.tile;
    const to = { x: start.x + 3, y: start.y };
    town.playerInput({ kind: 'walk', ...to });
    for (let i = 0; i < 12; i++) await town.stepOnce();
    await until(() => store.getState().step === 13, 'step 13');
    const now = store.getState().personas.find((p) => p.name === 'Tess Walker')!.tile;
    expect(now).not.toEqual(start);
  });

  it('has your resident’s choices with every change to your resident, from a paused start on', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    const here = createHamletStore();
    const inPage = new PageTown(here, ground);
    const player = { name: 'Tess Walker', description: 'a visitor', sprite: all[0]!.sprite };
    const start = '2023-02-13T08:56:00';
    await town.adopt(buildTown(choice({ player, start }), world, all).sim);
    await inPage.adopt(buildTown(choice({ player, start }), world, all).sim);
    const menu = (o: ReturnType<PageTown['playerOptions']>) => JSON.stringify(o.map((x) => [x.id, x.targets]));
    // Paused, before any step: the player panel's menu is there.
    expect(town.playerOptions().length).toBeGreaterThan(0);
    expect(menu(town.playerOptions())).toBe(menu(inPage.playerOptions()));
    // What the page's listeners read in the setState that shows a step (the panel redraws then).
    const seen = new Map<number, string>();
    store.subscribe((s, prev) => {
      if (s.step !== prev.step) seen.set(s.step, menu(town.playerOptions()));
    });
    const me = store.getState().personas.find((p) => p.name === 'Tess Walker')!.tile;
    town.playerInput({ kind: 'walk', x: me.x + 3, y: me.y });
    inPage.playerInput({ kind: 'walk', x: me.x + 3, y: me.y });
    const want = new Map<number, string>();
    for (let step = 1; step <= 40; step++) {
      await town.stepOnce();
      await inPage.stepOnce();
      want.set(step, menu(inPage.playerOptions()));
    }
    await until(() => store.getState().step === 40, 'step 40');
    // Across the hour and a walk the menu changes, and the page has the right one with each step.
    expect(new Set(want.values()).size).toBeGreaterThan(1);
    for (const [step, m] of seen) expect(m, `the menu at step ${step}`).toBe(want.get(step));
    expect(seen.size).toBeGreaterThan(10);
  });

  it('says a refused input in a notice, as on the page’s thread', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice(), world, all).sim);
    expect(town.playing).toBe(false);
    town.playerInput({ kind: 'walk', x: 1, y: 1 });
    await until(() => store.getState().notice !== null, 'the refusal');
    expect(store.getState().notice).toBe('Nobody plays in this town');
  });

  it('gives the inspector the selected resident, and takes its commands', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice(), world, all).sim);
    for (let i = 0; i < 30; i++) await town.stepOnce();
    const id = store.getState().personas[1]!.id;
    store.getState().select(id);
    await until(() => town.readModel.persona(id) !== null, 'the selected persona’s view');
    const view = town.readModel.persona(id)!;
    expect(view.name).toBe(store.getState().personas[1]!.name);
    expect(view.memory.length).toBeGreaterThan(0);
    expect(view.schedule.length).toBeGreaterThan(0);
    town.readModel.whisper!(id, 'You want to visit the library today at 3 pm');
    town.readModel.refresh();
    await until(() => town.readModel.queuedWhispers!() === 1, 'the whisper queued');
    await town.stepOnce();
    town.readModel.refresh();
    await until(() => town.readModel.persona(id)!.memory.some((m) => /library/.test(m.description)), 'the whisper remembered');
  });

  it('gives the town graph everyone’s conversations, not only the selected resident’s', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    // Fifty game minutes of a morning: enough for some residents to talk.
    town.adopt(buildTown(choice({ personaCount: 12, seed: 3 }), world, all).sim);
    for (let i = 0; i < 300; i++) await town.stepOnce();
    const here = new PageTown(createHamletStore(), ground);
    here.adopt(buildTown(choice({ personaCount: 12, seed: 3 }), world, all).sim);
    for (let i = 0; i < 300; i++) await here.stepOnce();
    const talked = here.sim.personas.filter((p) => p.memory.nodes.some((m) => m.type === 'chat'));
    expect(talked.length).toBeGreaterThan(1);
    store.getState().select(store.getState().personas[0]!.id);
    const other = talked.find((p) => p.id !== store.getState().selectedId)!;
    const chats = () => town.readModel.persona(other.id)?.memory.length ?? 0;
    chats();
    await until(() => chats() > 0, 'the other resident’s chats');
    expect(town.readModel.persona(other.id)!.memory.map((m) => m.description)).toEqual(other.memory.nodes.filter((m) => m.type === 'chat').map((m) => m.description));
  });

  it('saves, loads and records in the worker; the page hears of a load', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice({ seed: 9 }), world, all).sim);
    const loaded: unknown[] = [];
    const saves = town.saves({ slots: new Promise(() => {}), settings: () => null, loaded: (s) => loaded.push(s) });
    for (let i = 0; i < 40; i++) await town.stepOnce();
    const at40 = frames(store);
    const info = await saves.save(`worker test ${Date.now()}`);
    expect(info.step).toBe(40);
    expect(saves.unsavedMinutes()).toBe(0);
    for (let i = 0; i < 60; i++) await town.stepOnce();
    await until(() => store.getState().step === 100, 'step 100');
    expect(saves.unsavedMinutes()).toBe(10);
    expect((await saves.listSaves()).map((s) => s.name)).toContain(info.name);
    // A loaded save starts at once, at the page's speed: paused here, so it stays at its step.
    store.getState().setSpeed(0);
    await saves.load(info.name);
    await until(() => store.getState().step === 40, 'the loaded step');
    expect(frames(store)).toBe(at40);
    expect(loaded).toHaveLength(1);
    expect(saves.unsavedMinutes()).toBe(0);
    const rec = await town.recordingFile();
    expect(rec?.steps).toBe(40);
    expect(rec?.replay.personas.map((p) => p.id)).toEqual(store.getState().personas.map((p) => p.id));
    town.stop();
  });

  it('sends the model’s key to the worker only, never back to the page', async () => {
    const store = createHamletStore();
    const town = workerTown(store);
    town.adopt(buildTown(choice(), world, all).sim);
    const key = 'sk-worker-key-canary-4242';
    town.useBrain({ ...configFromPreset('openai'), baseURL: 'http://127.0.0.1:9/v1', apiKey: key });
    await until(() => store.getState().brainName.startsWith('llm:'), 'the model switched on');
    await town.stepOnce();
    await wait(300);
    expect(JSON.stringify(store.getState())).not.toContain(key);
    town.useBrain(null);
    await until(() => store.getState().brainName === 'offline', 'the offline brain again');
  });
});

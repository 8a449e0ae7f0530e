import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { createSave, encodeSave, type SaveSettings } from '../../src/save/saveFile';
import { SaveSlots } from '../../src/save/slots';
import { setupSaves } from '../../src/app/saves';
import { BrainSwitch } from '../../src/app/brainSwitch';
import { SavedBrainOffer, offerText } from '../../src/app/saveBrain';
import { DEFAULT_CONFIG, type LlmConfig } from '../../src/llm/config';
import { createHamletStore } from '../../src/store/store';
import { gunzip, gzip } from '../../src/replay/gzip';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

/**
 * Issue 33, point 1: a save's brain settings never carry a key and never switch the brain by
 * themselves. Through two fake endpoints and the real `openai` client: the user's own (with the
 * key typed in this tab) and the one a shared save names.
 */

const KEY = 'user-own-key-9f8e7d6c5b4a3210';
let mine: FakeLlm;
const theirCalls = () => theirs.requests.length + theirs.modelRequests;
let theirs: FakeLlm;
const authSeen: string[] = [];
beforeAll(async () => {
  mine = await startFakeLlm(goodModel());
});
afterAll(async () => {
  await mine.close();
});
// A fresh endpoint for each test: nothing a previous town still has in flight is counted.
beforeEach(async () => {
  authSeen.length = 0;
  theirs = await startFakeLlm((body, task, prompt, headers) => {
    authSeen.push(String(headers?.authorization ?? ''));
    return goodModel()(body, task, prompt);
  });
  theirs.setModels((headers) => {
    authSeen.push(String(headers.authorization ?? ''));
    return { kind: 'models', ids: ['their-model'] };
  });
});
afterEach(async () => {
  await theirs.close();
});

const world = loadWorld(miniMap());
const personas = miniPersonas();
const build = () => new Simulation({ world, personas, brain: new OfflineBrain(3, personas), seed: 3, start: '2023-02-13T07:00:00', stepMode: 'lockstep' });
const modelConfig = (baseURL: string, model: string, apiKey?: string): LlmConfig => ({ ...DEFAULT_CONFIG, baseURL, model, apiKey, timeoutMs: 5_000 });
const saveSettings = (c: LlmConfig): SaveSettings => ({ enabled: true, preset: 'openai', config: { ...c, apiKey: undefined } as unknown as SaveSettings['config'] });
let db = 0;

/** The page's wiring (src/main.ts) in miniature: the live town, its brain switch, the saves and the offer. */
async function page(current: LlmConfig | null) {
  const store = createHamletStore();
  let sim = build();
  let brainConfig = current;
  let brains = new BrainSwitch(sim, store, 3, personas);
  const useBrain = (c: LlmConfig | null) => {
    brainConfig = c;
    void brains.use(c);
  };
  // The first model waits for the model client to load (later switches happen at once).
  await brains.use(current);
  const offer = new SavedBrainOffer({ store, current: () => brainConfig, use: useBrain });
  const saves = setupSaves(
    {
      get sim() {
        return sim;
      },
      recorder: () => null,
      settings: () => null,
      replayOpen: () => false,
      adopt(next, save) {
        brains.dispose();
        sim = next;
        brains = new BrainSwitch(next, store, 3, personas);
        if (brainConfig) void brains.use(brainConfig);
        offer.saveLoaded(save.settings);
      },
    },
    { slots: SaveSlots.open(`hamlet-savebrain-${db++}`) },
  );
  return { store, saves, offer, get sim() { return sim; }, get brainConfig() { return brainConfig; } };
}

/** A save file naming `their` endpoint; `handKey` is written into its settings by hand. */
async function sharedSave(settings: SaveSettings | null, handKey?: string): Promise<Uint8Array> {
  const bytes = await encodeSave(createSave(build(), { name: 'shared', settings }));
  if (!handKey) return bytes;
  const doc = JSON.parse(new TextDecoder().decode(await gunzip(bytes))) as { settings: { config: Record<string, unknown> } };
  doc.settings.config.apiKey = handKey;
  return gzip(new TextEncoder().encode(JSON.stringify(doc)));
}

async function runSteps(p: { sim: Simulation }, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await p.sim.tick();
}

describe("a save's brain settings", () => {
  for (const current of ['model', 'offline'] as const) {
    it(`never switch the town by themselves (current brain ${current}): the save's endpoint hears nothing until the player agrees, and never the key`, { timeout: 60_000 }, async () => {
      const p = await page(current === 'model' ? modelConfig(mine.url, 'fake-model', KEY) : null);
      const before = p.sim.brain.name;
      await p.saves.importFile(await sharedSave(saveSettings(modelConfig(theirs.url, 'their-model')), 'key-written-by-the-author-123'), 'shared.hamlet.json.gz');
      // The town loaded keeps its brain; the save's model is only offered.
      expect(p.sim.brain.name).toBe(before);
      const shown = p.store.getState().endpoint;
      expect(shown).toEqual({ state: 'offered', baseURL: theirs.url, model: 'their-model' });
      expect(offerText(theirs.url)).toBe(`This save was made with the model at ${theirs.url}: use it? (your key is not sent until you say so)`);
      await runSteps(p, 30);
      expect(theirCalls()).toBe(0);
      // The player says yes: probed first, then used, never with the key typed for the other endpoint.
      expect(await p.offer.accept()).toBe(true);
      expect(theirs.modelRequests).toBe(1);
      expect(p.sim.brain.name).toBe('llm:their-model');
      // On until the town asks its model something (the next plan, a reaction, a conversation).
      for (let i = 0; i < 2 * 360 && theirs.requests.length === 0; i++) await p.sim.tick();
      expect(theirs.requests.length).toBeGreaterThan(0);
      expect(authSeen.length).toBeGreaterThan(1);
      for (const a of authSeen) {
        expect(a).not.toContain(KEY);
        expect(a).not.toContain('key-written-by-the-author');
      }
    });
  }

  it('"Keep the current brain": the offer goes and the other endpoint is never called', { timeout: 60_000 }, async () => {
    const p = await page(modelConfig(mine.url, 'fake-model', KEY));
    await p.saves.importFile(await sharedSave(saveSettings(modelConfig(theirs.url, 'their-model'))), 'shared.hamlet.json.gz');
    expect(p.offer.pending).toBe(true);
    p.offer.decline();
    expect(p.store.getState().endpoint).toBeNull();
    expect(await p.offer.accept()).toBe(false);
    await runSteps(p, 30);
    expect(theirCalls()).toBe(0);
    expect(p.brainConfig?.baseURL).toBe(mine.url);
  });

  it('a save made on the endpoint in use, or on the offline brain, offers nothing and keeps the brain', async () => {
    const p = await page(modelConfig(mine.url, 'fake-model', KEY));
    await p.saves.importFile(await sharedSave(saveSettings(modelConfig(`${mine.url}/`, 'another-model'))), 'same.hamlet.json.gz');
    expect(p.store.getState().endpoint).toBeNull();
    expect(p.brainConfig).toMatchObject({ baseURL: mine.url, model: 'fake-model', apiKey: KEY });
    await p.saves.importFile(await sharedSave(null), 'offline.hamlet.json.gz');
    await p.saves.importFile(await sharedSave({ ...saveSettings(modelConfig(theirs.url, 'x')), enabled: false }), 'off.hamlet.json.gz');
    expect(p.store.getState().endpoint).toBeNull();
    expect(p.brainConfig?.baseURL).toBe(mine.url);
    expect(theirCalls()).toBe(0);
  });

  it('an offered endpoint that does not answer leaves the current brain, with a notice naming it', { timeout: 30_000 }, async () => {
    const p = await page(null);
    const dead = 'http://127.0.0.1:9/v1';
    await p.saves.importFile(await sharedSave(saveSettings(modelConfig(dead, 'gone'))), 'dead.hamlet.json.gz');
    expect(await p.offer.accept()).toBe(false);
    expect(p.sim.brain.name).toBe('offline');
    expect(p.store.getState().notice).toContain(`The model at ${dead} did not answer`);
    expect(p.store.getState().endpoint).toBeNull();
  });
});

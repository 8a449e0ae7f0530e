import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, screenshot, setSpeed, startSession, whenReady, type Session } from './harness';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { createSave, encodeSave } from '../../src/save/saveFile';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { DEFAULT_CONFIG } from '../../src/llm/config';

/**
 * Issue 33, point 1, in the page: a shared save naming another endpoint does not switch the town's
 * brain. The page's own model (with the key typed in this tab) keeps running; the save's endpoint
 * gets no request until the player clicks "Use it", then a probe, then calls, never with the key.
 */
interface Handle {
  store: { getState(): { brainName: string; endpoint: { state: string } | null } };
  saves: { importFile(bytes: Uint8Array, name: string): Promise<unknown> };
}
const KEY = 'page-typed-key-5c4b3a291807';
const banner = 'div.endpoint-banner';

describe("a shared save's model, in the page", () => {
  let server: Session['server'];
  let mine: FakeLlm;
  let theirs: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  const theirAuth: string[] = [];

  beforeAll(async () => {
    mine = await startFakeLlm(goodModel());
    const good = goodModel();
    theirs = await startFakeLlm((body, task, prompt, headers) => {
      theirAuth.push(String(headers?.authorization ?? ''));
      return good(body, task, prompt);
    });
    theirs.setModels((headers) => {
      theirAuth.push(String(headers.authorization ?? ''));
      return { kind: 'models', ids: ['their-model'] };
    });
    ({ server, ctx, page } = await startSession());
    await openTown(page, `${server.url}?paused`);
    // The page's own model, with a key typed in this tab.
    await page.evaluate(
      ([url, key]) => {
        const s = JSON.parse(localStorage.getItem('hamlet.llm.settings') ?? 'null') ?? { preset: 'custom', config: {} };
        localStorage.setItem('hamlet.llm.settings', JSON.stringify({ ...s, enabled: true, preset: 'custom', config: { ...s.config, baseURL: url, model: 'fake-model', structuredOutput: 'json_schema', concurrency: 4, timeoutMs: 20_000, temperature: 0.7, tokenBudgetPerDay: 0, embeddingModel: '', price: { input: 0, output: 0 }, callPlan: 'packed' } }));
        sessionStorage.setItem('hamlet.llm.key', key);
      },
      [mine.url, KEY] as [string, string],
    );
    await page.reload();
    await whenReady(page, 60_000);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName === 'llm:fake-model', null, { timeout: 30_000 });
  }, 120_000);

  afterAll(() => closeAll(ctx, server, mine, theirs));

  it('is offered, not used: nothing reaches it until "Use it"; then it is probed and used, never with the key', { timeout: 120_000 }, async () => {
    const personas = loadTownPersonas().slice(0, 3);
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(2, personas), seed: 2, start: '2023-02-13T07:00:00' });
    const settings = { enabled: true, preset: 'custom', config: { ...DEFAULT_CONFIG, baseURL: theirs.url, model: 'their-model' } };
    const bytes = await encodeSave(createSave(sim, { name: 'From a stranger', settings: settings as never }));
    await page.evaluate(async (b) => {
      await (window as unknown as { hamlet: Handle }).hamlet.saves.importFile(new Uint8Array(b), 'stranger.hamlet.json.gz');
    }, [...bytes]);
    await page.waitForSelector(`${banner}[data-state=offered]`);
    expect(await page.textContent(`${banner} .endpoint-message`)).toBe(`This save was made with the model at ${theirs.url}: use it? (your key is not sent until you say so)`);
    expect(await page.textContent('button[name=endpoint-retry]')).toBe('Use it');
    expect(await page.textContent('button[name=endpoint-offline]')).toBe('Keep the current brain');
    for (const [w, h] of [[390, 844], [1400, 850]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await screenshot(page, `save-offer-${w}x${h}`);
    }
    // The town goes on, on the page's own model; the save's endpoint hears nothing.
    await setSpeed(page, 10);
    await page.waitForTimeout(3_000);
    expect((await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName))).toBe('llm:fake-model');
    expect(theirs.requests.length + theirs.modelRequests).toBe(0);
    await page.click('button[name=endpoint-retry]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName === 'llm:their-model', null, { timeout: 30_000 });
    expect(theirs.modelRequests).toBe(1);
    await page.waitForFunction(() => document.querySelector('div.endpoint-banner')?.hasAttribute('hidden'));
    await expect.poll(() => theirs.requests.length, { timeout: 60_000 }).toBeGreaterThan(0);
    for (const a of theirAuth) expect(a).not.toContain(KEY);
  });
});

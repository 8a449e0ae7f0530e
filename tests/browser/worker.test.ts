import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { closeAll, openTown, setSpeed, startSession, whenReady, type Session } from './harness';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';

/**
 * The town runs in a Web Worker (issue 32, point 3; docs/worker.md): the page holds no Simulation,
 * and the clock, the inspector, saves, a replay shown over the live town and a model endpoint that
 * answers garbage all work through messages. Speed is the browser benchmark's (npm run bench:browser);
 * this checks behaviour only.
 */
interface Handle {
  sim: unknown;
  store: {
    getState(): {
      step: number;
      mode: string;
      brainName: string;
      personas: { id: string; name: string; description: string; tile: { x: number; y: number } }[];
      select(id: string | null): void;
      setSpeed(s: number): void;
    };
  };
  saves: { save(name: string): Promise<{ step: number }>; load(name: string): Promise<void> };
  replays: { openUrl(url: string): Promise<void>; mode: { close(): void } };
}
const KEY = 'sk-worker-browser-canary-5151';

describe('the town in a worker', () => {
  let s: Session;
  let fake: FakeLlm;
  const auth: string[] = [];

  beforeAll(async () => {
    fake = await startFakeLlm((_body, _task, _prompt, headers?: IncomingMessage['headers']) => {
      auth.push(String(headers?.authorization ?? ''));
      return { kind: 'raw', status: 200, contentType: 'text/html', body: '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>' };
    });
    s = await startSession();
    await openTown(s.page, `${s.server.url}?paused&seed=2`);
  });

  afterAll(() => closeAll(s?.ctx, s?.server, fake));

  it('runs the town in a worker: no Simulation on the page, the clock at the speed set, the inspector on the selected resident', async () => {
    const { page } = s;
    // The page's town is the worker's (it counts the time it spends on the worker's patches), and no Simulation is here.
    expect(await page.evaluate(() => typeof (window as unknown as { hamlet: { simMainThreadMs(): number | undefined } }).hamlet.simMainThreadMs())).toBe('number');
    expect(page.workers().length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim)).toBeNull();
    await setSpeed(page, 60);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= 60, null, { timeout: 60_000 });
    await setSpeed(page, 0);
    const pick = await page.evaluate(() => {
      const st = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      const p = st.personas.find((f) => f.description && !f.description.includes('sleeping')) ?? st.personas[0]!;
      st.select(p.id);
      return { id: p.id, name: p.name, action: p.description };
    });
    await page.waitForFunction((n) => document.querySelector('.insp-panel .insp-name')?.textContent === n, pick.name, { timeout: 15_000 });
    await page.waitForFunction((a) => document.querySelector('.insp-now .insp-action')?.textContent === a, pick.action, { timeout: 15_000 });
    await page.click('.insp-tab-btn[data-tab=memory]');
    await page.waitForFunction(() => /^[1-9][\d,]* of [1-9]/.test(document.querySelector('.insp-count')?.textContent ?? ''), null, { timeout: 15_000 });
    expect(await page.locator('.insp-mem-row').count()).toBeGreaterThan(0);
  });

  it('saves the town kept in the worker and loads it back, where it was', async () => {
    const { page } = s;
    const saved = await page.evaluate(async () => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const info = await h.saves.save('worker test');
      return { step: info.step, positions: h.store.getState().personas.map((p) => [p.id, p.tile.x, p.tile.y]) };
    });
    expect(saved.step).toBe(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step));
    await setSpeed(page, 60);
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= n + 30, saved.step, { timeout: 60_000 });
    await setSpeed(page, 0);
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.saves.load('worker test'));
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step === n, saved.step, { timeout: 15_000 });
    const positions = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.map((p) => [p.id, p.tile.x, p.tile.y]));
    expect(positions).toEqual(saved.positions);
  });

  it('shows a replay while the live town waits, then goes on with it', async () => {
    const { page } = s;
    await setSpeed(page, 60);
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.replays.openUrl('replays/demo.json.gz'));
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });
    // The live town's step, read from the worker by saving it: the same before and after 2 s of replay at 60×.
    const liveStep = () => page.evaluate(async () => (await (window as unknown as { hamlet: Handle }).hamlet.saves.save('during the replay')).step);
    const before = await liveStep();
    await page.waitForTimeout(2000);
    expect(await liveStep()).toBe(before);
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.replays.mode.close());
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'live');
    // Back to the live town where it was, and on from there.
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= n, before, { timeout: 15_000 });
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step > n, before, { timeout: 30_000 });
    await setSpeed(page, 0);
  });

  it('keeps the clock going on an endpoint that answers HTML, says so, and gives the key to the endpoint only', async () => {
    const { page } = s;
    await page.evaluate(
      ({ url, key }) => {
        localStorage.setItem('hamlet.llm.settings', JSON.stringify({ enabled: true, preset: 'custom', config: { baseURL: url, model: 'fake-model', structuredOutput: 'json_schema', concurrency: 4, timeoutMs: 5_000, temperature: 0.7, tokenBudgetPerDay: 0, embeddingModel: '', price: { input: 0, output: 0 }, callPlan: 'packed' } }));
        sessionStorage.setItem('hamlet.llm.key', key);
      },
      { url: fake.url, key: KEY },
    );
    await page.reload();
    await whenReady(page);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName === 'llm:fake-model', null, { timeout: 30_000 });
    await setSpeed(page, 60);
    await page.waitForSelector('div.endpoint-banner[data-state=unreadable]', { timeout: 60_000 });
    const at = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step);
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= n + 120, at, { timeout: 60_000 });
    // The key went from the page to the worker by message, and from the worker to the endpoint only.
    expect(auth.some((a) => a === `Bearer ${KEY}`)).toBe(true);
    expect(page.workers().some((w) => w.url().includes(KEY))).toBe(false);
    expect(page.url()).not.toContain(KEY);
    expect(s.errors.filter((e) => !/Failed to load resource|net::ERR/.test(e))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, screenshot, setSpeed, startSession, whenReady, type Session } from './harness';
import { deadUrl, startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

/**
 * The model endpoint's health in the page (issue 15, point 2): the circuit breaker's banner (named
 * endpoint, live countdown, Retry now, Use the offline brain) while the clock keeps running, and a
 * saved endpoint probed on load before the town hands it any work.
 */
interface Handle {
  ready: boolean;
  store: {
    getState(): {
      step: number;
      brainName: string;
      endpoint: { state: string; baseURL: string; reason?: string; retryAt?: number } | null;
      setSpeed(s: number): void;
    };
  };
  brains: { llm: { log: { records: unknown[] } } | null } | null;
}
const state = (page: Page) => page.evaluate(() => {
  const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
  return { step: s.step, brainName: s.brainName, endpoint: s.endpoint };
});
const banner = 'div.endpoint-banner';

describe('a model endpoint that stops answering, in the page', () => {
  let server: Session['server'];
  let fake: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?worker=off&paused`);
  });

  afterAll(() => closeAll(ctx, server, fake));

  /** Steps go by (the clock runs) within a generous real-time allowance. */
  const clockRuns = async (steps = 10) => {
    const from = (await state(page)).step;
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= n, from + steps, { timeout: 30_000 });
  };

  it('shows the breaker banner naming the endpoint, counts down, keeps the clock running, and goes when the model answers again', { timeout: 90_000 }, async () => {
    // The server drops every connection: what a crashed or unplugged model server looks like.
    fake.setResponder(() => ({ kind: 'destroy' }));
    fake.setModels(() => ({ kind: 'destroy' }));
    await page.click('button[name=settings]');
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=baseURL]', fake.url);
    await page.fill('input[name=model]', 'fake-model');
    await page.fill('input[name=embeddingModel]', '');
    await page.click('button[name=apply]');
    await page.click('.settings button:text("Close")');
    await setSpeed(page, 10);
    await page.waitForSelector(`${banner}[data-state=down]`, { timeout: 30_000 });
    const text = await page.textContent(banner);
    expect(text).toContain(`The model at ${fake.url} is not answering: retrying in`);
    expect(text).toMatch(/cannot reach the endpoint|Connection error/);
    expect(await page.isVisible('button[name=endpoint-retry]')).toBe(true);
    // The countdown is live.
    const secs = async () => Number(/retrying in (\d+) s/.exec((await page.textContent(banner)) ?? '')?.[1] ?? NaN);
    const first = await secs();
    expect(first).toBeGreaterThan(0);
    await page.waitForFunction((n) => Number(/retrying in (\d+) s/.exec(document.querySelector('div.endpoint-banner')?.textContent ?? '')?.[1] ?? 99) < n, first, { timeout: 5_000 });
    // The world does not wait: the clock runs on the offline stand-in while the endpoint is down.
    await clockRuns();
    expect((await state(page)).brainName).toBe('llm:fake-model');
    await page.setViewportSize({ width: 1400, height: 850 });
    await screenshot(page, 'endpoint-banner-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'endpoint-banner-phone');
    const box = await page.locator(banner).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The model is back; "Retry now" probes it at once and the banner goes.
    fake.setResponder(goodModel());
    fake.setModels(() => ({ kind: 'models', ids: ['fake-model'] }));
    await page.click('button[name=endpoint-retry]');
    await page.waitForSelector(banner, { state: 'hidden', timeout: 10_000 });
    const back = await state(page);
    expect(back.endpoint).toBeNull();
    expect(back.brainName).toBe('llm:fake-model');
  });

  it('"Use the offline brain" switches the town to the offline brain and the town goes on', { timeout: 60_000 }, async () => {
    fake.setResponder(() => ({ kind: 'destroy' }));
    fake.setModels(() => ({ kind: 'destroy' }));
    await page.waitForSelector(`${banner}[data-state=down]`, { timeout: 30_000 });
    const before = await state(page);
    await page.click('button[name=endpoint-offline]');
    await page.waitForSelector(banner, { state: 'hidden' });
    const after = await state(page);
    expect(after.brainName).toBe('offline');
    // Same town: the clock went on from where it was, and keeps going.
    expect(after.step).toBeGreaterThanOrEqual(before.step);
    await clockRuns();
    // The choice is remembered: a reload does not try the dead endpoint again.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('hamlet.llm.settings') ?? '{}').enabled)).toBe(false);
  });

  it('on load, a saved endpoint that does not answer is named and not used: the town starts on the offline brain', { timeout: 60_000 }, async () => {
    const dead = await deadUrl();
    await page.evaluate((url) => {
      const s = JSON.parse(localStorage.getItem('hamlet.llm.settings')!);
      localStorage.setItem('hamlet.llm.settings', JSON.stringify({ ...s, enabled: true, config: { ...s.config, baseURL: url } }));
    }, dead);
    await page.reload();
    await whenReady(page, 60_000);
    await page.waitForSelector(`${banner}[data-state=unreachable]`, { timeout: 20_000 });
    expect(await page.textContent(banner)).toContain(`The model at ${dead} is not answering: the town started on the offline brain.`);
    const s = await state(page);
    expect(s.brainName).toBe('offline');
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.brains?.llm ?? null)).toBeNull();
    await setSpeed(page, 10);
    await clockRuns();
    // Retry: still dead, still named.
    await page.click('button[name=endpoint-retry]');
    await page.waitForSelector(`${banner}[data-state=unreachable]`);
    expect((await state(page)).brainName).toBe('offline');
  });

  it('on load, a saved endpoint that answers is probed first, then used', { timeout: 60_000 }, async () => {
    let modelsBeforeFirstCall: number | null = null;
    const good = goodModel();
    fake.setResponder((body, task, prompt) => {
      modelsBeforeFirstCall ??= fake.modelRequests;
      return good(body, task, prompt);
    });
    fake.setModels(() => ({ kind: 'models', ids: ['fake-model'] }));
    const probes = fake.modelRequests;
    await page.evaluate((url) => {
      const s = JSON.parse(localStorage.getItem('hamlet.llm.settings')!);
      localStorage.setItem('hamlet.llm.settings', JSON.stringify({ ...s, enabled: true, config: { ...s.config, baseURL: url } }));
    }, fake.url);
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { hamlet?: Handle }).hamlet?.store.getState().brainName.startsWith('llm:'), null, { timeout: 30_000 });
    expect(await page.isHidden(banner)).toBe(true);
    await setSpeed(page, 10);
    await page.waitForFunction(() => ((window as unknown as { hamlet: Handle }).hamlet.brains?.llm?.log.records.length ?? 0) > 0, null, { timeout: 30_000 });
    expect(modelsBeforeFirstCall).toBe(probes + 1);
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
  });

  it('an endpoint that answers, but nothing usable: the banner says the town runs on offline answers, and why; it goes when replies are usable again', { timeout: 150_000 }, async () => {
    // Up, answering every call at once, with text no contract can read.
    fake.setResponder(() => ({ kind: 'content', content: '<html><body>Sorry, something went wrong</body></html>' }));
    fake.setModels(() => ({ kind: 'models', ids: ['fake-model'] }));
    await setSpeed(page, 10);
    await page.waitForSelector(`${banner}[data-state=unreadable]`, { timeout: 60_000 });
    const text = (await page.textContent(banner)) ?? '';
    expect(text).toMatch(new RegExp(`The model at ${fake.url.replace(/[.]/g, '\\.')} gives no usable replies: the last \\d+ calls fell back to the offline brain, which runs the town meanwhile\\.`));
    const why = /Why: no valid reply after 3 attempts \(the reply was not valid JSON\) \((\d+) of the (\d+)\)/.exec(text);
    expect(why).not.toBeNull();
    expect(Number(why![1])).toBeGreaterThanOrEqual(5);
    // Nothing to retry (the endpoint answers); the offline brain is one click away.
    expect(await page.isVisible('button[name=endpoint-retry]')).toBe(false);
    expect(await page.isVisible('button[name=endpoint-offline]')).toBe(true);
    // The town lives on: the clock runs on the offline answers, on the same brain setting.
    await clockRuns();
    const s = await state(page);
    expect(s.brainName).toBe('llm:fake-model');
    expect(await page.textContent('.hud-info')).toMatch(/[1-9]\d* fallbacks/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'endpoint-unreadable-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'endpoint-unreadable-390');
    const box = await page.locator(banner).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Usable replies again: the first one ends the run and the banner goes.
    fake.setResponder(goodModel());
    await page.waitForSelector(banner, { state: 'hidden', timeout: 60_000 });
    expect((await state(page)).endpoint).toBeNull();
  });
});

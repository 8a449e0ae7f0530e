import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, setSpeed, startSession, whenReady, type Session } from './harness';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';

/**
 * Issue 33, point 2, in the page through the real `openai` client: an endpoint that sends its
 * headers, then a byte a second, with a 5 s deadline. The banner names it when the first call's
 * deadline runs out (the breaker opens at once), and everyone is up and acting within a game hour.
 */
interface Handle {
  store: { getState(): { time: number; step: number; personas: { id: string; actionId?: string | null }[]; endpoint: { state: string; baseURL: string; reason?: string } | null } };
}
const banner = 'div.endpoint-banner';

describe('a trickling endpoint in the page', () => {
  let server: Session['server'];
  let fake: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  let firstCall = 0;

  beforeAll(async () => {
    fake = await startFakeLlm(() => {
      firstCall ||= Date.now();
      return { kind: 'trickle', everyMs: 1000 };
    });
    ({ server, ctx, page } = await startSession());
    await openTown(page, `${server.url}?paused&start=2023-02-13T07:00`);
    await page.evaluate((url) => {
      const s = JSON.parse(localStorage.getItem('hamlet.llm.settings') ?? 'null') ?? { config: {} };
      localStorage.setItem('hamlet.llm.settings', JSON.stringify({ ...s, enabled: true, preset: 'custom', config: { ...s.config, baseURL: url, model: 'fake-model', structuredOutput: 'json_schema', concurrency: 4, timeoutMs: 5_000, temperature: 0.7, tokenBudgetPerDay: 0, embeddingModel: '', price: { input: 0, output: 0 }, callPlan: 'packed' } }));
    }, fake.url);
    await page.reload();
    await whenReady(page, 60_000);
    await page.waitForFunction(() => (window as unknown as { hamlet: { store: { getState(): { brainName: string } } } }).hamlet.store.getState().brainName === 'llm:fake-model', null, { timeout: 30_000 });
  }, 120_000);

  afterAll(() => closeAll(ctx, server, fake));

  it('is named in the banner within the deadline, and everyone is acting within a game hour', { timeout: 180_000 }, async () => {
    await setSpeed(page, 60);
    await page.waitForSelector(`${banner}[data-state=down]`, { timeout: 30_000 });
    const namedAt = Date.now();
    expect(firstCall).toBeGreaterThan(0);
    // Named when the first call's deadline ran out, not after three 5 s attempts.
    expect(namedAt - firstCall).toBeLessThan(2 * 5_000);
    const text = (await page.textContent(banner)) ?? '';
    expect(text).toContain(`The model at ${fake.url} is not answering`);
    expect(text).toMatch(/did not answer within the call's timeout of 5 s \(no reply, or one that stalls or trickles in\)/);
    const start = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().time);
    await page.waitForFunction((t) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().time >= t + 3_600_000, start, { timeout: 150_000 });
    const idle = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.filter((p) => !p.actionId).map((p) => p.id));
    expect(idle).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, screenshot, setSpeed, startSession, type Session } from './harness';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

interface Handle {
  ready: boolean;
  store: { getState(): { step: number; thinking: string[]; brainName: string; llm: { calls: number } | null; personas: { id: string; description: string }[]; setSpeed(s: number): void } };
  brains: { llm: { log: { records: { outcome: string; promptText: string }[] } } | null } | null;
}

describe('playing against an OpenAI-compatible endpoint from the page', () => {
  let server: Session['server'];
  let fake: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  const SECRET = 'sk-test-never-in-storage-123';

  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?worker=off&paused`);
  });

  afterAll(() => closeAll(ctx, server, fake));

  it('switches to the model from the settings panel and runs the town on it', { timeout: 240_000 }, async () => {
    await page.click('button[name=settings]');
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=baseURL]', fake.url);
    await page.fill('input[name=model]', 'fake-model');
    await page.fill('input[name=apiKey]', SECRET);
    await page.selectOption('select[name=structuredOutput]', 'json_schema');
    await page.fill('input[name=embeddingModel]', '');
    // The faithful plan's morning takes 20-odd calls a persona: long enough to watch the clock run meanwhile.
    await page.selectOption('select[name=callPlan]', 'faithful');
    await page.click('button[name=apply]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName.startsWith('llm:'));
    await setSpeed(page, 60);
    // The clock never waits for the model: steps go by while the morning's planning calls are under
    // way, and the personas waiting on an answer show 💭.
    const during = await page.waitForFunction(
      () => {
        const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
        return s.step > 20 && (s.llm?.calls ?? 0) > 30 && s.personas.some((p) => !p.description) ? { step: s.step, thinking: s.thinking.length } : null;
      },
      null,
      { timeout: 60_000 },
    );
    expect((await during.jsonValue())!.thinking).toBeGreaterThan(0);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.every((p) => p.description), null, { timeout: 150_000 });
    const state = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const s = h.store.getState();
      return { step: s.step, described: s.personas.filter((p) => p.description).length, outcomes: h.brains!.llm!.log.records.map((r) => r.outcome) };
    });
    expect(state.step).toBeGreaterThan(0);
    expect(state.described).toBe(25);
    expect(state.outcomes.filter((o) => o === 'ok').length).toBeGreaterThan(20);
    expect(state.outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(fake.requests.length).toBeGreaterThan(20);
    await screenshot(page, 'llm-town');
  });

  it('keeps the key out of storage and out of the URL', async () => {
    const leaked = await page.evaluate((secret) => {
      const all = [location.href, JSON.stringify({ ...localStorage })];
      return all.some((s) => s.includes(secret));
    }, SECRET);
    expect(leaked).toBe(false);
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
  });
});

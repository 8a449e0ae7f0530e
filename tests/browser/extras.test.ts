import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, screenshot, setSpeed, startSession, type Session } from './harness';
import { startFakeLlm, type FakeLlm, type Responder } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

interface Handle {
  store: { getState(): { step: number; selectedId: string | null; brainName: string; llm: { calls: number } | null; personas: { id: string; name: string }[] } };
  sim: { conversations: unknown[] } | null;
}
const state = (page: Page) => page.evaluate(() => {
  const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
  return { step: s.step, selectedId: s.selectedId, calls: s.llm?.calls ?? 0, personas: s.personas.length };
});

describe('reading the town at a glance: its graph, its cost, the keyboard, the first minute', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let fake: FakeLlm;

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    // A model that answers like a good one and says a few prompt tokens of each call came from its cache.
    const good = goodModel();
    const cached: Responder = (body, task, prompt, headers) => {
      const r = good(body, task, prompt, headers);
      return r.kind === 'content' ? { ...r, cachedTokens: 20 } : r;
    };
    fake = await startFakeLlm(cached);
    await page.setViewportSize({ width: 1400, height: 850 });
  });
  afterAll(() => closeAll(ctx, server, fake));

  it('draws who talked with whom (loaded on demand); a person in it opens with a click or Enter', { timeout: 180_000 }, async () => {
    await openTown(page, `${server.url}?worker=off&paused&start=2023-02-13T10:00`);
    // The places are named on the map (every sector of the town), without pressing G.
    const names = await page.evaluate(() => {
      const h = window as unknown as { hamlet: { game: { scene: { getScene(k: string): { placeNames: { names: string[] } } } }; sim: { world: { sectors: { name: string }[] } } } };
      return { drawn: h.hamlet.game.scene.getScene('town').placeNames.names, sectors: h.hamlet.sim.world.sectors.map((s) => s.name) };
    });
    expect(names.drawn.sort()).toEqual(names.sectors.sort());
    expect(names.drawn).toContain('Bramble Café');
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /townGraph/.test(r.name)))).toBe(false);
    await setSpeed(page, 60);
    await page.waitForFunction(() => ((window as unknown as { hamlet: Handle }).hamlet.sim?.conversations.length ?? 0) >= 4, null, { timeout: 150_000 });
    await setSpeed(page, 0);
    // A step under way when paused still finishes: wait until the clock stands still.
    for (let last = -1, now = (await state(page)).step; now !== last; last = now, now = (await state(page)).step) await page.waitForTimeout(600);
    const talks = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim!.conversations.length);
    await page.click('button[name=town-graph]');
    await page.waitForSelector('svg.town-graph .graph-node');
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /townGraph/.test(r.name)))).toBe(true);
    expect(await page.locator('svg.town-graph .graph-node').count()).toBe((await state(page)).personas);
    expect(await page.textContent('.graph-status')).toContain(`${talks} conversation`);
    const edge = await page.locator('svg.town-graph .graph-edge title').first().textContent();
    expect(edge).toMatch(/^\w+ \w+ and \w+ \w+: \d+ conversations?\n/);
    await screenshot(page, 'extras-graph-1400');
    const node = page.locator('svg.town-graph .graph-node').nth(3);
    const id = await node.getAttribute('data-id');
    await node.click();
    expect((await state(page)).selectedId).toBe(id);
    await page.locator('svg.town-graph .graph-node').nth(5).focus();
    await page.keyboard.press('Enter');
    expect((await state(page)).selectedId).toBe(await page.locator('svg.town-graph .graph-node').nth(5).getAttribute('data-id'));
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'extras-graph-390');
    await page.setViewportSize({ width: 2560, height: 1440 });
    await screenshot(page, 'extras-graph-2560');
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.click('button[name=graph-close]');
  });

  it('a minimap shows the town and the part on screen; a click on it moves the view there', async () => {
    await page.waitForSelector('canvas.minimap');
    expect(await page.getAttribute('canvas.minimap', 'aria-label')).toMatch(/^Minimap/);
    const view = () => page.evaluate(() => (window as unknown as { hamlet: { game: { scene: { getScene(k: string): { viewTiles(): { x: number; y: number; w: number; h: number } } } } } }).hamlet.game.scene.getScene('town').viewTiles());
    const cafe = await page.evaluate(() => (window as unknown as { hamlet: { sim: { world: { width: number; sectors: { name: string; rect: { x: number; y: number; w: number; h: number } }[] } } } }).hamlet.sim.world.sectors.find((s) => s.name === 'Bramble Café')!.rect);
    const box = (await page.locator('canvas.minimap').boundingBox())!;
    const width = await page.evaluate(() => (window as unknown as { hamlet: { sim: { world: { width: number } } } }).hamlet.sim.world.width);
    const scale = box.width / width;
    const target = { x: cafe.x + cafe.w / 2, y: cafe.y + cafe.h / 2 };
    await page.mouse.click(box.x + target.x * scale, box.y + target.y * scale);
    await page.waitForTimeout(500);
    const v = await view();
    // The café is in the middle part of the view now.
    expect(Math.abs(v.x + v.w / 2 - target.x)).toBeLessThan(v.w / 3);
    expect(Math.abs(v.y + v.h / 2 - target.y)).toBeLessThan(v.h / 3);
    await screenshot(page, 'extras-minimap-1400');
  });

  it('the People list and the activity lines are reached with Tab and opened with Enter; the map is labelled', async () => {
    expect(await page.getAttribute('#game', 'aria-label')).toMatch(/map/i);
    const row = page.locator('.town-list li[role=button], [data-panel=town] li[role=button]').nth(2);
    const id = await row.getAttribute('data-id');
    await row.focus();
    await page.keyboard.press('Enter');
    expect((await state(page)).selectedId).toBe(id);
    const line = page.locator('.hud-feed-list li[role=button]').first();
    expect(await line.getAttribute('tabindex')).toBe('0');
    await line.focus();
    await page.keyboard.press('Enter');
    const named = await line.getAttribute('data-text');
    const sel = await page.evaluate(() => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return s.personas.find((p) => p.id === s.selectedId)?.name ?? '';
    });
    expect(named).toContain(sel);
    // Text size: the panels' words grow by the step chosen.
    const title = () => page.evaluate(() => document.querySelector('[data-panel=town] .panel-title')!.getBoundingClientRect().height);
    const before = await title();
    await page.click('button[name=text-size]');
    expect((await title()) / before).toBeCloseTo(1.15, 1);
    await page.click('button[name=text-size]');
    await page.click('button[name=text-size]');
    expect(errors).toEqual([]);
  });

  it('shows what the running town costs on a model: per persona-day, the cached share, the price', { timeout: 240_000 }, async () => {
    await openTown(page, `${server.url}?worker=off&paused&personas=4&start=2023-02-13T07:00`);
    await page.click('button[name=settings]');
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=baseURL]', fake.url);
    await page.fill('input[name=model]', 'gpt-4o-mini');
    await page.fill('input[name=embeddingModel]', '');
    await page.click('button[name=apply]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName.startsWith('llm:'));
    await setSpeed(page, 60);
    await page.waitForFunction(() => ((window as unknown as { hamlet: Handle }).hamlet.store.getState().llm?.calls ?? 0) > 12, null, { timeout: 120_000 });
    await setSpeed(page, 0);
    await page.waitForSelector('.town-cost');
    const lines = await page.locator('.town-cost > div').allTextContents();
    expect(lines[0]).toMatch(/^Per persona-day: [\d.,]+ calls · [\d.,]+ tokens$/);
    expect(lines[1]).toMatch(/^Cached: \d+% of prompt tokens$/);
    expect(lines[2]).toMatch(/^≈ \$[\d.]+ per persona-day · \$[\d.]+ so far \(gpt-4o-mini at \$0\.15\/\$0\.075\/\$0\.6 per 1M/);
    await screenshot(page, 'extras-cost-1400');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('button[name=fold-town]').catch(() => undefined);
    await screenshot(page, 'extras-cost-390');
    await page.setViewportSize({ width: 1400, height: 850 });
  });

  it('a game begun from the start screen gets three first-minute hints, each gone once done; skipped, they stay gone', async () => {
    await page.goto(`${server.url}?worker=off`);
    await page.waitForSelector('.start-screen:not([hidden])', { timeout: 90_000 });
    // The start screen says what the game is.
    expect(await page.textContent('.start-about')).toMatch(/residents live their days on their own/);
    await page.fill('input[name=player-name]', 'Tester');
    await page.click('button[name=new-town]');
    await page.waitForSelector('.guide');
    expect(await page.textContent('.guide')).toMatch(/^Hint 1 of 3.*Click/);
    await page.evaluate(() => (window as unknown as { hamlet: { store: { getState(): { select(id: string): void; personas: { id: string }[] } } } }).hamlet.store.getState().select('luis-moreno'));
    await page.waitForFunction(() => /^Hint 2 of 3/.test(document.querySelector('.guide')?.textContent ?? ''));
    await page.click('.insp-tab-btn[data-tab=talk]');
    await page.waitForFunction(() => /^Hint 3 of 3/.test(document.querySelector('.guide')?.textContent ?? ''));
    await screenshot(page, 'extras-guide-1400');
    await page.click('button[name=guide-skip]');
    expect(await page.locator('.guide').count()).toBe(0);
    await page.goto(`${server.url}?worker=off`);
    await page.waitForSelector('.start-screen:not([hidden])', { timeout: 90_000 });
    await page.fill('input[name=player-name]', 'Tester');
    await page.click('button[name=new-town]');
    await page.waitForFunction(() => (window as unknown as { hamlet: { ready: boolean } }).hamlet.ready);
    expect(await page.locator('.guide').count()).toBe(0);
  });
});

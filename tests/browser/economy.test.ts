import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, pause, screenshot, setSpeed, startSession, type Session } from './harness';

interface FeedLine {
  time: number;
  text: string;
  personaId?: string;
  name?: string;
  what?: string;
  reason?: string;
}
interface Handle {
  ready: boolean;
  store: {
    getState(): { step: number; time: number; feed: FeedLine[]; selectedId: string | null; followId: string | null; setSpeed(s: number): void };
    setState(s: { feed: FeedLine[] }): void;
  };
}
const PAYLOAD = '<img src=x onerror="window.__pwned=1">';

/**
 * The economy in the page (docs/economy.md#in-the-page): the activity feed shows economy events as they happen (name, what, reason,
 * relative game time), a name jumps to the persona, the Now tab shows credits and holdings, and the
 * town panel charts the economy.
 */
describe('the economy in the page', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    // Just before nine on a Monday: the 9:00 pulse sends people to work and to the shops.
    await openTown(page, `${server.url}?paused&start=2023-02-13T08:50`);
  });

  afterAll(() => closeAll(ctx, server));

  const economyLines = () =>
    page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.hud-feed-list li.feed-econ')].map((li) => ({ id: li.dataset.persona!, what: li.querySelector('.feed-text')!.textContent!, text: li.textContent! })));

  it('shows economy events in the feed as they happen, newest first, each with name, what, time and reason', async () => {
    expect(await economyLines()).toEqual([]);
    // Before the first step no credits are sampled yet: the panel does not say the town has none.
    expect(await page.textContent('.town-economy .econ-summary')).toMatch(/^Economy · 0\/\d+ shifts · 0 sold today$/);
    await setSpeed(page, 60);
    await page.waitForFunction(() => document.querySelectorAll('.hud-feed-list li.feed-econ').length > 0, null, { timeout: 90_000 });
    const first = await economyLines();
    const firstStep = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step);
    // More arrive while the town runs (the next pulse, purchases on the way): the list grows at the top.
    await page.waitForFunction((n) => document.querySelectorAll('.hud-feed-list li.feed-econ').length > n, first.length, { timeout: 120_000 });
    // Still (the worker's last patches in) before reading the feed, and before the tests below write to it.
    await pause(page);
    const later = await economyLines();
    expect(later.length).toBeGreaterThan(first.length);
    // The earlier lines are still there, below the new ones (their relative times have moved on).
    expect(later.slice(later.length - first.length).map((l) => [l.id, l.what])).toEqual(first.map((l) => [l.id, l.what]));
    const state = await page.evaluate(() => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return { step: s.step, feed: s.feed.filter((f) => f.personaId) };
    });
    expect(state.step).toBeGreaterThan(firstStep);
    expect(state.feed.length).toBeLessThanOrEqual(50);
    for (const f of state.feed) expect(f.what).toMatch(/^(checked in as .+ at .+ \(\+\d+ credits\)|bought .+ at .+ \(−\d+ credits\)|ate the .+ from .+|went over to chat with .+|paid the day's rent and bills for .+ \(−\d+ credits\)|could pay only \d+ of the \d+ credits of rent and bills for .+)$/);
    // The line reads: time, name, what, relative time, reason.
    expect(later[0]!.text).toMatch(/^\d\d:\d\d.+ (checked in|bought|ate|went over).+ · (just now|\d+ min ago|\d+ h ago)( · “.+”)?$/);
    await screenshot(page, 'economy-feed-1280');
    expect(errors).toEqual([]);
  }, 240_000);

  it('jumps to the persona from the feed: camera follows, the inspector opens on credits and holdings', async () => {
    const line = (await economyLines())[0]!;
    await page.click(`.hud-feed-list li.feed-econ[data-persona="${line.id}"] .feed-who`);
    const s = await page.evaluate(() => {
      const st = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return { selected: st.selectedId, follow: st.followId };
    });
    expect(s).toEqual({ selected: line.id, follow: line.id });
    await page.click('.insp-tab-btn[data-tab=now]');
    const now = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('.insp-now dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
      return Object.fromEntries(rows) as Record<string, string>;
    });
    expect(now.Credits).toMatch(/^\d+$/);
    expect(now.Holds).toMatch(/^(nothing|\d+ × .+)$/);
    expect(now['Work today']).toMatch(/^(checked in as .+ at .+|not checked in)$/);
    await screenshot(page, 'economy-now-tab-1280');
  });

  it('charts the economy in the town panel: credits over the day, jobs filled, sales per shop, the last round', async () => {
    const view = await page.evaluate(() => {
      const box = document.querySelector('.town-economy')!;
      return {
        pulse: box.querySelector('.econ-pulse')?.textContent ?? '',
        lines: box.querySelectorAll('svg.econ-credits polyline').length,
        jobs: [...box.querySelectorAll<HTMLElement>('.econ-jobs .econ-bar-row')].map((r) => r.title),
        summary: box.querySelector('.econ-summary')?.textContent ?? '',
        sales: [...box.querySelectorAll('.econ-sales .econ-bar-value')].map((e) => Number(e.textContent)),
        toggle: box.querySelector('.econ-pulse-toggle')?.textContent ?? '',
      };
    });
    expect(view.pulse).toMatch(/^Hourly pulse: on · \d+ rounds? · last at \d\d:\d\d: \d+ done, \d+ skipped, \d+ rest · snapshot ≈[\d,]+ tokens/);
    expect(view.lines).toBe(25);
    // One bar per workplace, its jobs in the bar's title ("Bramble Café: café owner 1/1, barista 1/1, kitchen hand 0/1").
    expect(view.jobs.length).toBeGreaterThanOrEqual(10);
    expect(view.jobs.find((t) => t.startsWith('Bramble Café: '))).toMatch(/^Bramble Café: café owner \d\/1, barista \d\/1, kitchen hand \d\/1$/);
    // The fold's one line of figures: the town's credits, shifts filled, sales.
    expect(view.summary).toMatch(/^Economy · [\d,]+ credits in town · \d+\/\d+ shifts · \d+ sold today$/);
    expect(view.sales.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(view.toggle).toBe('Switch the hourly pulse off');
    await page.locator('.town-economy').scrollIntoViewIfNeeded();
    await page.locator('.town-economy').screenshot({ path: 'test-results/economy-town-panel.png' });
  });

  it('renders a model’s reason as text, never as HTML', async () => {
    await page.evaluate((payload) => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const s = h.store.getState();
      const someone = s.feed.find((f) => f.personaId)!;
      h.store.setState({ feed: [...s.feed, { ...someone, time: s.time, text: `${someone.name} bought it`, what: 'bought a mug at Bramble Café (−9 credits)', reason: payload }] });
    }, PAYLOAD);
    await page.waitForFunction((p) => document.querySelector('.hud-feed-list li.feed-econ .feed-reason')?.textContent?.includes(p), PAYLOAD);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => document.querySelectorAll('.hud-feed-list img').length)).toBe(0);
  });

  it('cuts a long reason at three lines, whole in the line’s title and on hover', async () => {
    const long = 'working as a pharmacist at Willow Grocery & Pharmacy (checking the prescription queue at the counter, then restocking the shelves, then a word with every customer about the weather)';
    await page.evaluate((reason) => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const s = h.store.getState();
      const someone = s.feed.find((f) => f.personaId)!;
      h.store.setState({ feed: [...s.feed, { ...someone, time: s.time, text: `${someone.name} checked in`, what: 'checked in as pharmacist at Willow Grocery & Pharmacy (+55 credits)', reason }] });
    }, long);
    await page.waitForFunction((r) => [...document.querySelectorAll<HTMLElement>('.hud-feed-list li.feed-econ')].some((li) => li.title.endsWith(`“${r}”`)), long);
    const size = await page.evaluate((r) => {
      const li = [...document.querySelectorAll<HTMLElement>('.hud-feed-list li.feed-econ')].find((x) => x.title.endsWith(`“${r}”`))!;
      const css = getComputedStyle(li);
      const padding = parseFloat(css.paddingTop) + parseFloat(css.paddingBottom);
      return { client: li.clientHeight - padding, scroll: li.scrollHeight - padding, line: parseFloat(css.lineHeight) };
    }, long);
    expect(size.client).toBeLessThanOrEqual(Math.ceil(3 * size.line) + 1);
    expect(size.scroll).toBeGreaterThan(size.client); // there was more to it
  });

  it('fits a phone (390×844)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await screenshot(page, 'economy-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  });
});

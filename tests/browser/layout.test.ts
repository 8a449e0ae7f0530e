import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { builtApp, openTown, screenshot, serve, setSpeed, watchErrors, type Session } from './harness';

interface Handle {
  ready: boolean;
  store: { getState(): { selectedId: string | null; personas: { id: string }[]; mode: string; select(id: string | null): void; follow(id: string | null): void; setSpeed(s: number): void } };
  screenPositionOf(id: string): { x: number; y: number } | null;
  screenPositionOfTile(x: number, y: number): { x: number; y: number };
  labelBoxes(): { id: string; left: number; top: number; right: number; bottom: number }[];
  zoom(): { zoom: number; min: number };
  mapSize(): { width: number; height: number; tileSize: number };
  replays: { openUrl(url: string): Promise<void> };
}
/** What the speech-bubble test reads and sets. */
interface SpeechHandle extends Pick<Handle, 'screenPositionOf' | 'screenPositionOfTile' | 'mapSize'> {
  speechBoxOf(id: string): Omit<Box, 'name'> | null;
  store: { setState(s: object): void; getState(): { spoken: { seq: number }; panTo: { seq: number } | null; personas: { id: string; name: string; tile: { x: number; y: number } }[] } };
}
const hamlet = (page: Page) => page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.ready);

type Box = { name: string; left: number; top: number; right: number; bottom: number };

/** Every panel on screen: the visible children of the layout's slots, with their page boxes. */
async function panels(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#ui > .slot > *')]
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { name: `${e.parentElement!.dataset.slot}:${e.dataset.panel ?? e.className}`, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      })
      .filter((b) => b.right - b.left > 0 && b.bottom - b.top > 0),
  );
}

function overlapsOf(boxes: Box[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) out.push(`${a.name} × ${b.name} (${Math.round(w)}×${Math.round(h)} px)`);
    }
  return out;
}

/** Panels overlap none of each other and stay on the page; the clock is on screen and on top. */
async function expectTidy(page: Page, label: string): Promise<void> {
  const size = page.viewportSize()!;
  const boxes = await panels(page);
  expect(boxes.length, label).toBeGreaterThan(2);
  expect(overlapsOf(boxes), label).toEqual([]);
  for (const b of boxes) {
    expect(b.left, `${label} ${b.name}`).toBeGreaterThanOrEqual(-0.5);
    expect(b.top, `${label} ${b.name}`).toBeGreaterThanOrEqual(-0.5);
    expect(b.right, `${label} ${b.name}`).toBeLessThanOrEqual(size.width + 0.5);
    expect(b.bottom, `${label} ${b.name}`).toBeLessThanOrEqual(size.height + 0.5);
  }
  const clock = await page.evaluate(() => {
    const t = document.querySelector<HTMLElement>('.hud-time')!;
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: t.textContent, onTop: !!hit && t.contains(hit) };
  });
  expect(clock.text, label).toMatch(/^\d\d:\d\d$/);
  expect(clock.left, label).toBeGreaterThanOrEqual(0);
  expect(clock.right, label).toBeLessThanOrEqual(size.width);
  expect(clock.top, label).toBeGreaterThanOrEqual(0);
  expect(clock.onTop, `${label}: the clock is covered`).toBe(true);
}

/** A persona whose middle is on the map (nothing drawn over it), or null. */
async function personaInTheOpen(page: Page): Promise<{ id: string; x: number; y: number } | null> {
  return page.evaluate(() => {
    const h = (window as unknown as { hamlet: Handle }).hamlet;
    for (const p of h.store.getState().personas) {
      const at = h.screenPositionOf(p.id);
      if (!at || at.x < 20 || at.y < 20 || at.x > innerWidth - 20 || at.y > innerHeight - 20) continue;
      if (document.elementFromPoint(at.x, at.y)?.tagName === 'CANVAS') return { id: p.id, ...at };
    }
    return null;
  });
}

describe('the page fits every screen', () => {
  let server: Session['server'];
  let browser: Browser;

  beforeAll(async () => {
    server = await serve(builtApp());
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(width: number, height: number, opts: { dpr?: number; touch?: boolean; query?: string } = {}): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
    const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: opts.dpr ?? 1, hasTouch: !!opts.touch, isMobile: !!opts.touch });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await openTown(page, `${server.url}${opts.query ?? '?paused'}`);
    await page.waitForTimeout(300);
    return { ctx, page, errors };
  }

  it('on a 390×844 phone: clock on screen, panels folded and apart, a persona opens with a tap', async () => {
    const { ctx, page, errors } = await open(390, 844, { dpr: 3, touch: true });
    expect(await hamlet(page)).toBe(true);
    await expectTidy(page, 'phone');
    // The left panels start folded on a phone: the map is what one sees.
    expect(await page.locator('#ui .slot-left > .panel:not(.folded)').count()).toBe(0);
    await screenshot(page, 'layout-phone');
    const who = await personaInTheOpen(page);
    expect(who, 'a persona visible on the phone’s map').not.toBeNull();
    await page.touchscreen.tap(who!.x, who!.y);
    await page.waitForFunction((id) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().selectedId === id, who!.id, { timeout: 5000 });
    await page.locator(`.insp-panel[data-persona="${who!.id}"]`).waitFor({ state: 'visible' });
    await expectTidy(page, 'phone, persona open');
    // The inspector's tabs stay on one row whichever is open (a bold "Memory" pushed "Talk" to a row of its own).
    for (const i of [0, 1, 2, 3, 4, 5, 6]) {
      await page.locator('.insp-tabs .insp-tab-btn').nth(i).click();
      const rows = await page.evaluate(() => new Set([...document.querySelectorAll<HTMLElement>('.insp-tabs .insp-tab-btn')].map((b) => Math.round(b.getBoundingClientRect().top))).size);
      expect(rows, `tab ${i} open`).toBe(1);
    }
    await page.locator('.insp-tabs .insp-tab-btn').first().click();
    // Followed, the persona and the speech bubble's place over its head are in view above the sheet, not under it.
    await page.evaluate((id) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().follow(id), who!.id);
    await expect
      .poll(() => page.evaluate((id) => {
        const at = (window as unknown as { hamlet: Handle }).hamlet.screenPositionOf(id);
        return at ? [at.y, at.y - 40].map((y) => document.elementFromPoint(at.x, y)?.tagName ?? 'nothing').join(' ') : 'off the map';
      }, who!.id), { timeout: 5000 })
      .toBe('CANVAS CANVAS');
    await screenshot(page, 'layout-phone-persona');
    // A folded panel opens from its header, and the others stay out of its way.
    await page.click('button[name=close]');
    await page.click('button[name=fold-town]');
    await expect.poll(() => page.locator('.town-panel .town-list li').first().isVisible()).toBe(true);
    await expectTidy(page, 'phone, town open');
    await screenshot(page, 'layout-phone-town');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const [w, h] of [
    [800, 600],
    [1280, 800],
    [2560, 1440],
  ] as const) {
    it(`at ${w}×${h}: panels apart with a persona open and a replay on screen; the readout is readable`, async () => {
      const { ctx, page, errors } = await open(w, h);
      await expectTidy(page, `${w}x${h}`);
      // The top bar is one line even with a model's figures in it (it wrapped at 1280–1400 px).
      await page.evaluate(() => (window as unknown as { hamlet: { store: { setState(s: unknown): void } } }).hamlet.store.setState({ brainName: 'llm:gpt-4o-mini-2024-07-18', llm: { calls: 1234, tokens: 567890, cost: 1.234, fallbacks: 2 } }));
      await expect.poll(() => page.locator('.hud-info').getAttribute('title')).toMatch(/1234 calls, 567,890 tokens/);
      const middles = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.hud-bar > *')].filter((e) => e.offsetWidth > 0).map((e) => e.getBoundingClientRect().top + e.offsetHeight / 2));
      expect(middles.length).toBeGreaterThan(4);
      expect(Math.max(...middles) - Math.min(...middles), `${w}x${h}: the top bar's items are on one line`).toBeLessThan(4);
      await page.evaluate(() => (window as unknown as { hamlet: { store: { setState(s: unknown): void } } }).hamlet.store.setState({ brainName: 'offline', llm: null }));
      await screenshot(page, `layout-${w}x${h}`);
      const who = await personaInTheOpen(page);
      expect(who).not.toBeNull();
      await page.mouse.click(who!.x, who!.y);
      await page.locator(`.insp-panel[data-persona="${who!.id}"]`).waitFor({ state: 'visible' });
      await expectTidy(page, `${w}x${h} persona`);
      await screenshot(page, `layout-${w}x${h}-persona`);
      // The tile readout is a line, not a one-letter column, even between two open panels.
      const readout = await page.locator('.tile-readout').boundingBox();
      expect(readout!.width).toBeGreaterThan(180);
      expect(readout!.height).toBeLessThan(160);
      if (w === 1280) return void (await ctx.close()); // the replay bar at this size: tests/browser/replay.test.ts
      await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.replays.openUrl('replays/demo.json.gz'));
      await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });
      await page.locator('.replay-bar').waitFor({ state: 'visible' });
      await expectTidy(page, `${w}x${h} replay`);
      await screenshot(page, `layout-${w}x${h}-replay`);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it('the wheel zooms about the pointer, 4 in and 4 out end where they began, and the least zoom centres the town', async () => {
    const { ctx, page, errors } = await open(1280, 800);
    const tileAt = (x: number, y: number) => page.evaluate(([tx, ty]) => (window as unknown as { hamlet: Handle }).hamlet.screenPositionOfTile(tx!, ty!), [x, y]);
    const zoom = () => page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.zoom());
    // A tile under a pointer well off the screen's middle.
    const mouse = { x: 900, y: 560 };
    const tile = await page.evaluate(({ x, y }) => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const a = h.screenPositionOfTile(0, 0);
      const b = h.screenPositionOfTile(1, 1);
      return { x: Math.round((x - a.x) / (b.x - a.x)), y: Math.round((y - a.y) / (b.y - a.y)) };
    }, mouse);
    const before = await tileAt(tile.x, tile.y);
    const z0 = (await zoom()).zoom;
    await page.mouse.move(mouse.x, mouse.y);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(60);
    }
    const zoomedIn = await tileAt(tile.x, tile.y);
    expect((await zoom()).zoom).toBeGreaterThan(z0 * 2);
    // The tile under the pointer stayed under it (it would have slid away from the middle otherwise).
    expect(Math.abs(zoomedIn.x - before.x)).toBeLessThan(0.1 * 32 * (await zoom()).zoom + 2);
    expect(Math.abs(zoomedIn.y - before.y)).toBeLessThan(0.1 * 32 * (await zoom()).zoom + 2);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(60);
    }
    expect((await zoom()).zoom).toBeCloseTo(z0, 6);
    const back = await tileAt(tile.x, tile.y);
    expect(Math.abs(back.x - before.x)).toBeLessThan(1);
    expect(Math.abs(back.y - before.y)).toBeLessThan(1);
    // All the way out: the least zoom, with the town in the middle of the screen.
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 150);
    await page.waitForTimeout(100);
    const z = await zoom();
    expect(z.zoom).toBeCloseTo(z.min, 9);
    const size = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.mapSize());
    const mid = await tileAt((size.width - 1) / 2, (size.height - 1) / 2);
    expect(Math.abs(mid.x - 640)).toBeLessThan(2);
    expect(Math.abs(mid.y - 400)).toBeLessThan(2);
    await screenshot(page, 'layout-zoomed-out');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a long speech bubble stays whole below the top bar, on a phone and on a desktop: under a speaker near the top, moved in at an edge', async () => {
    const LONG = 'Good morning! I was just thinking about the spring planting day at the park, and whether we will have enough seedlings for every bed along the path.';
    for (const [w, h, dpr] of [[390, 844, 3], [1280, 800, 1]] as const) {
      const { ctx, page, errors } = await open(w, h, { dpr, touch: w < 500 });
      const size = `${w}×${h}`;
      /** Pan so that the persona stands at page (x, y) as near as the map allows, have it say LONG, and return its bubble, its head and the uncovered map. */
      const sayAt = async (x: number, y: number) =>
        page.evaluate(
          async ({ x, y, text }) => {
            const hh = (window as unknown as { hamlet: SpeechHandle }).hamlet;
            const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
            const s = hh.store.getState();
            // Someone in the middle of the map, so the view can put them anywhere on the screen.
            const { width, height, tileSize } = hh.mapSize();
            const who = [...s.personas].sort((a, b) => Math.hypot(a.tile.x - width / 2, a.tile.y - height / 2) - Math.hypot(b.tile.x - width / 2, b.tile.y - height / 2))[0]!;
            const pan = (tx: number, ty: number) => hh.store.setState({ panTo: { x: tx, y: ty, seq: (hh.store.getState().panTo?.seq ?? 0) + 1 } });
            pan(who.tile.x, who.tile.y);
            await frame();
            const at = hh.screenPositionOf(who.id)!;
            const scale = hh.screenPositionOfTile(who.tile.x + 1, who.tile.y).x - at.x;
            pan(Math.round(who.tile.x + (at.x - x) / scale), Math.round(who.tile.y + (at.y - y) / scale));
            await frame();
            hh.store.setState({ spoken: { seq: hh.store.getState().spoken.seq + 1, lines: [{ speaker: who.name, text }] } });
            for (let i = 0; i < 20 && !hh.speechBoxOf(who.id); i++) await frame();
            await frame();
            const r = document.querySelector('#ui .slot-center')!.getBoundingClientRect();
            return { bubble: hh.speechBoxOf(who.id), head: hh.screenPositionOf(who.id)!, area: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, tileSize };
          },
          { x, y, text: LONG },
        );
      const whole = (r: Awaited<ReturnType<typeof sayAt>>, label: string) => {
        expect(r.bubble, label).not.toBeNull();
        const b = r.bubble!;
        expect(b.top, `${label}: the bubble's top against the top bar`).toBeGreaterThanOrEqual(r.area.top - 0.5);
        expect(b.bottom, label).toBeLessThanOrEqual(r.area.bottom + 0.5);
        expect(b.left, label).toBeGreaterThanOrEqual(r.area.left - 0.5);
        expect(b.right, label).toBeLessThanOrEqual(r.area.right + 0.5);
      };
      const area = await page.evaluate(() => document.querySelector('#ui .slot-center')!.getBoundingClientRect().toJSON() as Omit<Box, 'name'>);
      // Zoomed in from the whole town (as one watches a conversation), so the view can be moved about.
      await page.mouse.move((area.left + area.right) / 2, (area.top + area.bottom) / 2);
      for (let i = 0; i < 4; i++) {
        await page.mouse.wheel(0, -100);
        await page.waitForTimeout(60);
      }
      // In the open: over the head, as always.
      const middle = await sayAt((area.left + area.right) / 2, (area.top + area.bottom) / 2 + 60);
      whole(middle, `${size}, in the middle`);
      expect(middle.bubble!.bottom, `${size}: over the head`).toBeLessThan(middle.head.y);
      // Just below the top bar: the line goes under the speaker, whole.
      const top = await sayAt((area.left + area.right) / 2, area.top + 24);
      expect(top.head.y - area.top, `${size}: the speaker stands just below the top bar`).toBeLessThan(60);
      whole(top, `${size}, near the top`);
      expect(top.bubble!.top, `${size}: under the speaker`).toBeGreaterThan(top.head.y);
      // At the left edge: moved in.
      const edge = await sayAt(area.left + 12, (area.top + area.bottom) / 2);
      expect(edge.head.x - area.left, `${size}: the speaker stands at the left edge`).toBeLessThan(40);
      whole(edge, `${size}, at the left edge`);
      await screenshot(page, `layout-bubble-${w}`);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('draws at the device pixel ratio (sharp at 2×) and keeps names of neighbours apart', async () => {
    const { ctx, page, errors } = await open(1280, 800, { dpr: 2 });
    const canvas = await page.evaluate(() => {
      const c = document.querySelector('#game canvas') as HTMLCanvasElement;
      return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight };
    });
    expect(canvas).toEqual({ w: 2560, h: 1600, cssW: 1280, cssH: 800 });
    // Clicking a persona still picks that persona (pointer coordinates follow the canvas scale).
    const who = await personaInTheOpen(page);
    await page.mouse.click(who!.x, who!.y);
    await page.waitForFunction((id) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().selectedId === id, who!.id, { timeout: 5000 });
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().select(null));
    // Run the town a while and look at the labels several times: no two names ever cover each other.
    await setSpeed(page, 60);
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(700);
      const boxes = (await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.labelBoxes())).map((b) => ({ name: b.id, ...b }));
      expect(overlapsOf(boxes)).toEqual([]);
    }
    await screenshot(page, 'layout-dpr2');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

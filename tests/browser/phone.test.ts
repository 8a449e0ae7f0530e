import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { builtApp, openTown, screenshot, serve, setSpeed, watchErrors, type Session } from './harness';

/** What these tests read and set through the page's debug handle (src/main.ts). */
interface Handle {
  sim: {
    world: { walkable: Uint8Array; width: number };
    player: { persona: { id: string; scratch: { currTile: { x: number; y: number } } } };
    personas: { id: string; tile: { x: number; y: number }; scratch: { chattingWith: string | null } }[];
  };
  store: { getState(): { player: { chat: { with: string } | null } | null } };
}

/** Where an element is and whether it is the thing on top at its middle (not covered, not clipped away). */
async function onScreen(page: Page, selector: string): Promise<{ top: number; bottom: number; height: number; onTop: boolean }> {
  return page.evaluate((sel) => {
    const e = document.querySelector<HTMLElement>(sel);
    if (!e) return { top: 0, bottom: 0, height: 0, onTop: false };
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
    return { top: r.top, bottom: r.bottom, height: r.height, onTop: r.height > 0 && r.bottom <= innerHeight && r.top >= 0 && !!hit && (hit === e || e.contains(hit)) };
  }, selector);
}

describe('on a phone (390×844, touch)', () => {
  let server: Session['server'];
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await serve(builtApp());
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    page = await ctx.newPage();
    errors = watchErrors(page);
    await openTown(page, `${server.url}?worker=off&player=Tester&look=jess-turner&paused&start=2023-02-13T10:00`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the conversation shows its log and its input together, with the keyboard open too', { timeout: 120_000 }, async () => {
    // Set-up: the resident beside someone awake (walking there is play.test.ts's part).
    const other = await page.evaluate(() => {
      const sim = (window as unknown as { hamlet: Handle }).hamlet.sim;
      const me = sim.player.persona;
      const w = sim.world;
      for (const p of sim.personas) {
        if (p.id === me.id || p.scratch.chattingWith) continue;
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
          const x = p.tile.x + dx;
          const y = p.tile.y + dy;
          if (w.walkable[y * w.width + x] === 1 && !sim.personas.some((o) => o.tile.x === x && o.tile.y === y)) {
            me.scratch.currTile = { x, y };
            return p.id;
          }
        }
      }
      return null;
    });
    expect(other).not.toBeNull();
    await setSpeed(page, 1);
    // The You panel, folded in the phone's row, opens with a tap; then "Talk to …" — unless the
    // neighbour has come up to talk first (personas greet a visitor), which opens the same panel.
    const talking = () => page.evaluate(() => !!(window as unknown as { hamlet: Handle }).hamlet.store.getState().player?.chat);
    if (!(await talking())) {
      await page.locator(`[data-panel=player] button[name=fold-player]`).tap({ timeout: 5_000 }).catch(async (e: unknown) => {
        if (!(await talking())) throw e;
      });
      if (!(await talking())) {
        await page.locator(`button[name=talk-${other}]`).tap({ timeout: 15_000 }).catch(async (e: unknown) => {
          if (!(await talking())) throw e;
        });
      }
    }
    await page.waitForFunction(() => document.querySelectorAll('.chat-log li').length > 0, null, { timeout: 20_000 });
    await page.locator('input[name=chat-text]').fill('Hello! How is your day going?');
    await page.locator('button[name=chat-send]').tap();
    // Answered at the next step (or the conversation ended: she walked on); either way the log has three lines.
    await page.waitForFunction(() => document.querySelectorAll('.chat-log li').length >= 3 || /ended/.test(document.querySelector('.chat-state')?.textContent ?? ''), null, { timeout: 20_000 }).catch(async (e: unknown) => {
      await screenshot(page, 'phone-chat-stuck');
      console.log(await page.textContent('[data-panel=chat]'));
      throw e;
    });
    await setSpeed(page, 0);
    expect(await page.getAttribute('[data-panel=chat] .panel-toggle', 'aria-expanded')).toBe('true');
    for (const [label, height] of [['keyboard closed', 844], ['keyboard open', 844 - 336]] as const) {
      await page.setViewportSize({ width: 390, height });
      await page.locator('input[name=chat-text]').focus();
      await page.waitForTimeout(300);
      await screenshot(page, `phone-chat-${height}`);
      const log = await onScreen(page, '.chat-log');
      const input = await onScreen(page, 'input[name=chat-text]');
      const newest = await onScreen(page, '.chat-log li:last-child');
      expect(log.onTop, `${label}: the log is on screen`).toBe(true);
      // At least two lines of the log, and the newest line whole in view.
      expect(log.height, `${label}: the log's height`).toBeGreaterThanOrEqual(56);
      expect(newest.onTop, `${label}: the newest line is in view`).toBe(true);
      expect(input.onTop, `${label}: the input is on screen`).toBe(true);
      expect(input.top, `${label}: the input is under the log`).toBeGreaterThanOrEqual(log.bottom - 1);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_KEY_CANARY as CANARY } from './buildOnce';
import { builtApp, closeAll, openTown, screenshot, setSpeed, startSession, type Session } from './harness';

interface Handle {
  ready: boolean;
  mapSize(): { width: number; height: number; tileSize: number } | null;
  personaCount(): number;
  positions(): { id: string; x: number; y: number }[];
  store: { getState(): { speed: number; setSpeed(s: number): void; time: number; step: number } };
}

describe('the town in a real browser', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  // The run's one build was made with a key in the environment (buildOnce.ts): it must not reach the bundle.
  const dist = builtApp();

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?paused`);
  });

  afterAll(() => closeAll(ctx, server));

  it('shows the whole map with all 25 personas at their spawn points', async () => {
    const info = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      return { size: h.mapSize(), count: h.personaCount(), loadingHidden: document.getElementById('loading')!.classList.contains('done') };
    });
    expect(info.size).toEqual({ width: 140, height: 100, tileSize: 32 });
    expect(info.count).toBe(25);
    expect(info.loadingHidden).toBe(true);
    await page.waitForTimeout(500);
    await screenshot(page, 'town-start');
    expect(errors).toEqual([]);
  });

  it('never puts the API key into the built bundle', () => {
    const files = readdirSync(dist, { recursive: true }) as string[];
    for (const f of files) {
      const full = join(dist, f);
      if (statSync(full).isFile()) expect(readFileSync(full).includes(CANARY), f).toBe(false);
    }
  });

  it('personas move when the clock runs', async () => {
    const before = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.positions());
    // Run at 60× until the morning: people get up and walk.
    await setSpeed(page, 60);
    await page.waitForFunction(
      (start) => {
        const h = (window as unknown as { hamlet: Handle }).hamlet;
        return h.positions().some((p, i) => p.x !== start[i]?.x || p.y !== start[i]?.y);
      },
      before,
      { timeout: 60_000 },
    );
    const step = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step);
    expect(step).toBeGreaterThan(0);
    await screenshot(page, 'town-moving');
    // Follow someone who is out and about: the camera keeps them in the middle of the screen.
    const id = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const s = h.store.getState() as unknown as { personas: { id: string; description: string; tile: { x: number; y: number } }[]; follow(id: string | null): void };
      // Someone awake and well inside the town: at its edge the camera stops at the map's border.
      const map = h.mapSize()!;
      const margin = (p: { tile: { x: number; y: number } }) => Math.min(p.tile.x, p.tile.y, map.width - 1 - p.tile.x, map.height - 1 - p.tile.y);
      const awake = s.personas.filter((p) => p.description && !/sleep/.test(p.description));
      const someone = (awake.length > 0 ? awake : s.personas).reduce((a, b) => (margin(b) > margin(a) ? b : a));
      s.follow(someone.id);
      // Back to 1×: at 60× someone walking or jogging covers 60 tiles a second and the camera's
      // smoothing trails them by a third of the screen (still on it); following is watched at 1×.
      (h.store.getState() as unknown as { setSpeed(s: number): void }).setSpeed(1);
      return someone.id;
    });
    await page.waitForTimeout(1500);
    const at = await page.evaluate((pid) => (window as unknown as { hamlet: Handle & { screenPositionOf(id: string): { x: number; y: number } | null } }).hamlet.screenPositionOf(pid), id);
    const size = page.viewportSize()!;
    expect(Math.abs(at!.x - size.width / 2)).toBeLessThan(size.width / 4);
    expect(Math.abs(at!.y - size.height / 2)).toBeLessThan(size.height / 4);
    await screenshot(page, 'town-follow');
    expect(errors).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, pause, screenshot, setSpeed, startSession, type Session } from './harness';

/** What this test reads through the page's debug handle (src/main.ts) and Phaser's display list. */
interface Handle {
  game: { scene: { getScene(k: string): { children: { list: PhaserObject[] } } } };
  store: { setState(s: object): void; getState(): { spoken: { seq: number }; personas: { id: string; name: string; tile: { x: number; y: number } }[] } };
  speechBoxOf(id: string): object | null;
}
interface PhaserObject {
  type: string;
  depth: number;
  visible: boolean;
  text?: string;
  getBounds?: () => { x: number; y: number; width: number; height: number };
}

/**
 * What is drawn over a speech bubble and over each name label: Phaser draws the display list by
 * depth, so anything of a greater depth whose bounds meet the words covers them (the map's upper
 * tile layers, roofs and tree tops, are left out: they hide whole people on purpose).
 */
async function drawnOver(page: Page, speaker: string): Promise<{ overSpeech: string[]; overLabels: string[]; labels: number }> {
  return page.evaluate((who) => {
    const h = (window as unknown as { hamlet: Handle }).hamlet;
    const list = h.game.scene.getScene('town').children.list.filter((o) => o.visible && o.type !== 'TilemapLayer' && o.getBounds);
    const meets = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const name = (o: PhaserObject) => `${o.type}${o.text ? ` "${o.text.slice(0, 20)}"` : ''} at depth ${o.depth}`;
    const speech = list.find((o) => o.type === 'Text' && o.text && o.text.startsWith(who));
    const overSpeech = speech ? list.filter((o) => o !== speech && o.depth > speech.depth && meets(o.getBounds!(), speech.getBounds!())).map(name) : ['(no speech bubble)'];
    // Name labels: texts of a persona's first name at the label depth (not inside a container).
    const firstNames = new Set(h.store.getState().personas.map((p) => p.name.split(' ')[0]));
    const labels = list.filter((o) => o.type === 'Text' && o.text !== undefined && firstNames.has(o.text));
    const overLabels = labels.flatMap((l) => list.filter((o) => o.depth > l.depth && o.type === 'Container' && meets(o.getBounds!(), l.getBounds!())).map((o) => `${name(o)} over ${l.text}`));
    return { overSpeech, overLabels, labels: labels.length };
  }, speaker);
}

describe('words on the map stay readable', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    await page.setViewportSize({ width: 1400, height: 850 });
    await openTown(page, `${server.url}?paused&start=2023-02-13T12:00`);
    // A few steps, so everyone shows an emoji over the head.
    await setSpeed(page, 10);
    await page.waitForFunction(() => (window as unknown as { hamlet: { store: { getState(): { step: number } } } }).hamlet.store.getState().step >= 6, null, { timeout: 60_000 });
    // Still before the test writes spoken lines (the town's own, from its worker, would race them).
    await pause(page);
  });
  afterAll(() => closeAll(ctx, server));

  it('no emoji bubble or persona is drawn over a spoken line or over a name, for speakers in a crowd', async () => {
    // The three personas with the most neighbours within three tiles each say a long line, one after another.
    const crowded = await page.evaluate(() => {
      const ps = (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas;
      const near = (p: (typeof ps)[number]) => ps.filter((o) => o !== p && Math.abs(o.tile.x - p.tile.x) <= 3 && Math.abs(o.tile.y - p.tile.y) <= 3).length;
      return ps.map((p) => ({ id: p.id, name: p.name, near: near(p) })).sort((a, b) => b.near - a.near).slice(0, 3);
    });
    expect(crowded[0]!.near).toBeGreaterThan(0);
    for (const who of crowded) {
      // Lines of the town's own conversations wait in the bubbles' queue: 💬 off and on empties it.
      await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.setState({ bubbles: false }));
      await page.waitForTimeout(100);
      await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.setState({ bubbles: true }));
      await page.evaluate((w) => {
        const h = (window as unknown as { hamlet: Handle }).hamlet;
        h.store.setState({ spoken: { seq: h.store.getState().spoken.seq + 1, lines: [{ speaker: w.name, text: `${w.name.split(' ')[0]} says: I was working at Town Hall all morning and now I am off for lunch with friends` }] } });
      }, who);
      await page.waitForFunction((id) => (window as unknown as { hamlet: Handle }).hamlet.speechBoxOf(id) !== null, who.id, { timeout: 5000 });
      await page.waitForTimeout(200);
      const seen = await drawnOver(page, who.name.split(' ')[0]!);
      expect(seen.overSpeech, `over ${who.name}'s line`).toEqual([]);
      expect(seen.labels).toBeGreaterThan(5);
      expect(seen.overLabels, `over names near ${who.name}`).toEqual([]);
    }
    await screenshot(page, 'labels-speech-1400');
    expect(errors).toEqual([]);
  });

  it('every speed button’s tooltip names the key that gives that speed (top bar and Town panel)', async () => {
    const buttons = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('button[title*="(key "]')].map((b) => ({ title: b.title, label: b.textContent ?? '' })),
    );
    expect(buttons.length).toBeGreaterThanOrEqual(10);
    for (const b of buttons) {
      const key = /\(key (\d)\)/.exec(b.title)![1]!;
      await page.keyboard.press(key);
      const speed = await page.evaluate(() => (window as unknown as { hamlet: { store: { getState(): { speed: number } } } }).hamlet.store.getState().speed);
      expect(`${speed}×`, b.title).toBe(b.label.trim());
    }
    await setSpeed(page, 0);
  });

  it('the recorded day opens in the morning, and a click on an hour of its timeline goes there', async () => {
    await page.click('button[name=watch-demo]');
    await page.waitForSelector('.replay-mark[role=button]', { timeout: 30_000 });
    const clock = () => page.evaluate(() => new Date((window as unknown as { hamlet: { store: { getState(): { time: number } } } }).hamlet.store.getState().time).getUTCHours());
    expect(await clock()).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Space').catch(() => undefined);
    const mark = page.locator('.replay-mark[role=button]', { hasText: '15:00' }).first();
    await mark.click();
    await page.waitForFunction(() => new Date((window as unknown as { hamlet: { store: { getState(): { time: number } } } }).hamlet.store.getState().time).getUTCHours() === 15, null, { timeout: 5000 });
    await page.click('button[name=close-replay]');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { closeAll, openTown, screenshot, setSpeed, startSession, whenReady, type Session } from './harness';
import { decodeSave } from '../../src/save/saveFile';

interface Handle {
  ready: boolean;
  store: { getState(): { step: number; mode: string; personas: { id: string; tile: { x: number; y: number }; description: string }[]; setSpeed(s: number): void } };
  sim: { step: number; snapshot(): unknown; whisper(id: string, text: string): void; queuedWhispers: number } | null;
}
const step = (page: Page) => page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step);
const frames = (page: Page) => page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.map((p) => `${p.id}@${p.tile.x},${p.tile.y} ${p.description}`));
const snapshot = (page: Page) => page.evaluate(() => JSON.stringify((window as unknown as { hamlet: Handle }).hamlet.sim!.snapshot()));
const status = (page: Page) => page.locator('.saves-status').textContent();

/** Run the paused town exactly n steps with the ⏭ button. */
async function stepN(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const at = await step(page);
    await page.click('button.hud-speed:has-text("⏭")');
    await page.waitForFunction((s) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step > s, at);
  }
}

async function openDialog(page: Page): Promise<void> {
  if (await page.locator('.saves').isHidden()) await page.click('button[name=saves]');
  await page.waitForSelector('.saves:not([hidden])');
}

describe('saves in a real browser', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?worker=off&paused&start=2023-02-13T07:50`);
  });

  afterAll(() => closeAll(ctx, server));

  let saved: { step: number; snap: string; after: string[] };

  it('saves the town under a name, autosaves on the hour, and after a reload loads it and continues exactly', async () => {
    // Past 8 am at 60×: an autosave is made on the hour.
    await setSpeed(page, 60);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step > 70, null, { timeout: 60_000 });
    await setSpeed(page, 0);
    await page.waitForTimeout(300);
    // A whisper waiting for the next step goes into the save too.
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim!.whisper('sofia-moreno', 'You want to bake bread at Bramble Café today at 10 am'));
    await openDialog(page);
    await page.fill('input[name=save-name]', 'Before the bakery');
    await page.click('button[name=save]');
    await page.waitForFunction(() => /^Saved "Before the bakery"/.test(document.querySelector('.saves-status')?.textContent ?? ''));
    await page.waitForSelector('.saves-row[data-name="Before the bakery"]');
    const names = await page.locator('.saves-row .saves-name').allTextContents();
    // Each save says which game it belongs to (this town is only watched).
    expect(names).toContain('Before the bakery — Hamlet (watching)');
    expect(names.some((n) => /^Autosave Mon(day)?,? .*08:00 · \w{4} · Hamlet \(watching\)$/.test(n))).toBe(true);
    await screenshot(page, 'saves-dialog-1280');
    saved = { step: await step(page), snap: await snapshot(page), after: [] };
    // The town as it goes on without a reload: the expected continuation.
    await stepN(page, 15);
    saved.after = await frames(page);
    // Loading over a town that ran on since its save: the first click says what would be lost, and loads nothing.
    await openDialog(page);
    await page.click('.saves-row[data-name="Before the bakery"] button[name=load]');
    expect(await page.textContent('.saves-status')).toMatch(/^Loading "Before the bakery" replaces the running town, whose last 2 game minutes are not saved\. Click again/);
    expect(await page.textContent('.saves-row[data-name="Before the bakery"] button[name=load]')).toBe('Load anyway');
    expect(await step(page)).toBe(saved.step + 15);

    await page.reload();
    await whenReady(page);
    expect(await step(page)).toBe(0);
    await openDialog(page);
    await page.waitForSelector('.saves-row[data-name="Before the bakery"]');
    await page.click('.saves-row[data-name="Before the bakery"] button[name=load]');
    await page.waitForFunction(() => /^Loaded "Before the bakery"/.test(document.querySelector('.saves-status')?.textContent ?? ''));
    expect(await step(page)).toBe(saved.step);
    expect(await snapshot(page)).toBe(saved.snap);
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim!.queuedWhispers)).toBe(1);
    await stepN(page, 15);
    expect(await frames(page)).toEqual(saved.after);
  }, 240_000);

  it('exports the game to a file and imports it again (picked, and dropped on the town); a damaged file changes nothing', async () => {
    await openDialog(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[name=export-current]')]);
    expect(download.suggestedFilename()).toMatch(/^hamlet-.*\.hamlet\.json\.gz$/);
    const bytes = readFileSync((await download.path())!);
    const file = await decodeSave(new Uint8Array(bytes));
    const exportedStep = await step(page);
    expect(file.state.step).toBe(exportedStep);
    const exportedSnap = await snapshot(page);

    await stepN(page, 5);
    // A damaged file: refused with a message, the town and the saves as they were.
    const slotsBefore = await page.locator('.saves-row').count();
    await page.setInputFiles('input[name=save-file]', { name: 'broken.hamlet.json.gz', mimeType: 'application/gzip', buffer: bytes.subarray(0, 2000) });
    await page.waitForFunction(() => document.querySelector('.saves-status')?.classList.contains('error'));
    expect(await status(page)).toMatch(/The file broken\.hamlet\.json\.gz is truncated or damaged/);
    expect(await step(page)).toBe(exportedStep + 5);
    expect(await page.locator('.saves-row').count()).toBe(slotsBefore);
    await screenshot(page, 'saves-error-1280');

    await page.setInputFiles('input[name=save-file]', { name: download.suggestedFilename(), mimeType: 'application/gzip', buffer: bytes });
    await page.waitForFunction(() => /^Imported and loaded/.test(document.querySelector('.saves-status')?.textContent ?? ''));
    expect(await step(page)).toBe(exportedStep);
    expect(await snapshot(page)).toBe(exportedSnap);

    // Dropped on the town.
    await stepN(page, 3);
    await page.evaluate(
      ([b64, name]) => {
        const bin = atob(b64);
        const buf = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) buf[i] = bin.charCodeAt(i);
        const dt = new DataTransfer();
        dt.items.add(new File([buf], name, { type: 'application/gzip' }));
        window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt }));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true }));
      },
      [bytes.toString('base64'), 'dropped.hamlet.json.gz'] as const,
    );
    await page.waitForFunction(() => /^Imported and loaded/.test(document.querySelector('.saves-status')?.textContent ?? '') && (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'live');
    await page.waitForFunction((s) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step === s, exportedStep);
    expect(await page.locator('.replay-drop').isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode)).toBe('live');
    expect(errors).toEqual([]);
  }, 120_000);

  it('looks right on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDialog(page);
    await page.waitForTimeout(300);
    const box = (await page.locator('.saves').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'saves-dialog-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

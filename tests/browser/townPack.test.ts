import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { ROOT, closeAll, screenshot, startSession, whenReady, type Session } from './harness';
import { townFiles } from '../../src/node/town';
import { saltmarshEntries } from '../fixtures/examplePack';
import { packFromArchive } from '../../src/pack/archive';
import { openTown } from '../../src/pack/open';

/** Smallville's files beside the repository (shared/smallville): the Ville's base and its maze. */
const FRONTEND = resolve(ROOT, '../shared/smallville/environment/frontend_server');
const VILLE = join(FRONTEND, 'storage/base_the_ville_n25');

interface Handle {
  store: { getState(): { personas: { id: string; name: string; tile: { x: number; y: number } }[]; notice: string | null } };
  sim: { queuedWhispers: number; clock: { stepSeconds: number } } | null;
}
const names = (page: Page) => page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.map((p) => p.name));

/** The Ville as one .zip, the way someone would hand over Smallville's frontend_server folder. */
async function villeZip(): Promise<Uint8Array> {
  const files = townFiles(VILLE);
  const entries: Record<string, Uint8Array> = {};
  for (const p of files.paths) entries[`frontend_server/${p}`] = await files.read(p);
  return zipSync(entries);
}

describe.skipIf(!existsSync(VILLE))('another town in the page', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let zip: Uint8Array;

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    zip = await villeZip();
    // The town is served beside the page (a URL of the person's choosing).
    await page.route('**/towns/the-ville.zip', (route) => route.fulfill({ status: 200, body: Buffer.from(zip), contentType: 'application/zip' }));
    await page.route('**/towns/missing.zip', (route) => route.fulfill({ status: 404, body: 'no' }));
  });

  afterAll(() => closeAll(ctx, server));

  it('?town=URL opens the Ville with its 25 residents, drawn from its places, at desktop and phone size', async () => {
    await page.setViewportSize({ width: 1400, height: 850 });
    const t0 = Date.now();
    await page.goto(`${server.url}?worker=off&town=towns/the-ville.zip&paused`);
    await whenReady(page);
    const seconds = (Date.now() - t0) / 1000;
    console.log(`the Ville opened in the page in ${seconds.toFixed(1)} s (zip ${Math.round(zip.length / 1024)} KB)`);
    const who = await names(page);
    expect(who).toHaveLength(25);
    expect(who).toEqual(expect.arrayContaining(['Isabella Rodriguez', 'Klaus Mueller', 'Sam Moore']));
    expect(who).not.toContain('Sofia Moreno');
    // Paused before the first step: Smallville's whispers wait to be taken in as first memories.
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim?.queuedWhispers)).toBeGreaterThan(100);
    // The hover readout speaks the Ville's addresses.
    await page.waitForTimeout(500);
    await screenshot(page, 'town-ville-1400x850');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await whenReady(page);
    await page.waitForTimeout(500);
    await screenshot(page, 'town-ville-390x844');
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  }, 120_000);

  it('a town that cannot be fetched is refused by name and Hamlet runs instead', async () => {
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.goto(`${server.url}?worker=off&town=towns/missing.zip&paused`);
    await whenReady(page);
    expect(await names(page)).toContain('Sofia Moreno');
    const notice = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().notice);
    expect(notice).toMatch(/missing\.zip could not be fetched \(HTTP 404\)/);
  }, 120_000);

  it('Open a town… refuses a broken pack naming its problems and keeps the running town; a sound one replaces it', async () => {
    await page.goto(`${server.url}?worker=off&paused`);
    await whenReady(page);
    await page.click('button[name=menu]');
    await page.waitForSelector('.start-screen:not([hidden])');
    const broken = zipSync(
      Object.fromEntries(
        saltmarshEntries((p) => {
          p.personas[3]?.haunts.push('Lighthouse');
          p.spawns[0] = ['morwenna-tregar', 1, 1];
        }),
      ),
    );
    await page.setInputFiles('input[name=open-town-file]', { name: 'saltmarsh.zip', mimeType: 'application/zip', buffer: Buffer.from(broken) });
    await page.waitForFunction(() => /cannot be opened/.test(document.querySelector('.start-error')?.textContent ?? ''));
    const said = (await page.locator('.start-error').textContent()) ?? '';
    expect(said).toMatch(/people\/kit-penhale\.json \(haunts\): "Lighthouse" is not a sector/);
    expect(said).toMatch(/spawn "morwenna-tregar".*blocked tile/);
    expect(await names(page)).toContain('Sofia Moreno');
    await screenshot(page, 'town-refused-1400x850');
    // The same town mended opens and runs (its four residents), from a folder's files as from a zip.
    const folder = join(mkdtempSync(join(tmpdir(), 'hamlet-town-')), 'saltmarsh');
    for (const [path, bytes] of saltmarshEntries()) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), bytes);
    }
    await page.setInputFiles('input[name=open-town-folder]', folder);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.length === 4, null, { timeout: 30_000 });
    expect((await names(page)).sort()).toEqual(['Jory Pascoe', 'Kit Penhale', 'Morwenna Tregar', 'Tamsin Pascoe']);
    // The pack's own step (a minute), as on the CLI.
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim?.clock.stepSeconds)).toBe(60);
    await page.waitForTimeout(500);
    await screenshot(page, 'town-saltmarsh-1400x850');
    expect(errors.filter((e) => !/favicon|404/.test(e))).toEqual([]);
  }, 120_000);

  it('the character editor: an edit is checked, exported as a pack that reopens identically, and starts a new town', async () => {
    // Saltmarsh runs (the test before); edit its residents.
    await page.click('button[name=menu]');
    await page.click('button[name=edit-residents]');
    await page.waitForSelector('.town-editor');
    await page.click('button[name=resident-kit-penhale]');
    await page.fill('.editor-form input[name=age]', '23');
    await page.fill('.editor-form textarea[name=currently]', 'Kit is saving for a boat of his own.');
    await page.check('.editor-form input[name="haunt-The Kelp Kettle"]');
    // A resident without a name is refused by the check, naming what is wrong.
    await page.click('button[name=add-resident]');
    await page.fill('.editor-form input[name=name]', '');
    await page.click('button[name=check-town]');
    await page.waitForFunction(() => /problem/.test(document.querySelector('.editor-problems')?.textContent ?? ''));
    expect(await page.locator('.editor-problems').textContent()).toMatch(/name/);
    await page.fill('.editor-form input[name=name]', 'Nell Pascoe');
    await page.selectOption('.editor-form select[name=home]', 'Pier House:parlour');
    await page.selectOption('.editor-form select[name=workplace]', 'Fish Market:stalls');
    await page.click('button[name=check-town]');
    await page.waitForFunction(() => /No problems/.test(document.querySelector('.editor-status')?.textContent ?? ''));
    await screenshot(page, 'town-editor-1400x850');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[name=export-town]')]);
    const bytes = new Uint8Array(readFileSync(await download.path()));
    const reopened = await openTown(await packFromArchive('saltmarsh.zip', bytes), ['ada-quinn']);
    const by = new Map(reopened.personas.map((p) => [p.name, p]));
    expect([...by.keys()].sort()).toEqual(['Jory Pascoe', 'Kit Penhale', 'Morwenna Tregar', 'Nell Pascoe', 'Tamsin Pascoe']);
    expect(by.get('Kit Penhale')).toMatchObject({ age: 23, currently: 'Kit is saving for a boat of his own.' });
    expect(by.get('Kit Penhale')?.haunts).toContain('The Kelp Kettle');
    expect(by.get('Nell Pascoe')).toMatchObject({ livingArea: 'Pier House:parlour', household: 'Pier House', occupation: { workplace: 'Fish Market', arena: 'stalls' } });
    // The new resident has a spawn point in the exported map, at home.
    const spawn = reopened.world.spawns.get('nell-pascoe');
    expect(spawn && reopened.world.sectors[reopened.world.sectorAt[spawn.y * reopened.world.width + spawn.x] ?? -1]?.name).toBe('Pier House');
    await page.click('button[name=start-edited]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.length === 5, null, { timeout: 30_000 });
    expect(await names(page)).toContain('Nell Pascoe');
    expect(errors.filter((e) => !/favicon|404/.test(e))).toEqual([]);
  }, 120_000);

  it('the editor on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('button[name=menu]');
    await page.click('button[name=edit-residents]');
    await page.waitForSelector('.town-editor');
    await screenshot(page, 'town-editor-390x844');
    await page.click('button[name=close-editor]');
    expect(await page.locator('.town-editor').count()).toBe(0);
  }, 60_000);

  it("a pack with its own tileset (Hamlet's, zipped) is drawn with it, not from its places", async () => {
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.goto(`${server.url}?worker=off&paused`);
    await whenReady(page);
    await page.click('button[name=menu]');
    const own = townFiles(ROOT);
    const entries: Record<string, Uint8Array> = {};
    for (const p of own.paths) entries[`hamlet/${p}`] = await own.read(p);
    expect(Object.keys(entries)).toContain('hamlet/public/assets/tiles.png');
    await page.setInputFiles('input[name=open-town-file]', { name: 'hamlet-pack.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
    await page.waitForFunction(() => /Opened Hamlet/.test((window as unknown as { hamlet: Handle }).hamlet.store.getState().notice ?? ''), null, { timeout: 30_000 });
    const shown = await page.evaluate(() => (window as unknown as { hamlet: { suppliedMap(): { layers: string[] } | null } }).hamlet.suppliedMap());
    expect(shown?.layers).toEqual(['ground', 'walls', 'furniture', 'foreground']);
    await page.waitForTimeout(500);
    await screenshot(page, 'town-hamlet-pack-1400x850');
    expect(errors.filter((e) => !/favicon|404/.test(e))).toEqual([]);
  }, 120_000);
});
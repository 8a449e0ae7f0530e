import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeAll, mapAreaCentre, openTown, ROOT, screenshot, startSession, type Session } from './harness';
import { encodePng } from '../../scripts/png';
import { decodeReplay } from '../../src/replay/codec';
import { ReplayPlayer } from '../../src/replay/player';
import type { ReplayFile } from '../../src/replay/format';
import { forkReplay } from '../../src/replay/fork';
import { loadTownWorld } from '../../src/node/town';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';

interface State {
  mode: 'live' | 'replay';
  step: number;
  time: number;
  personas: { id: string; tile: { x: number; y: number } }[];
  replay: { playing: boolean; speed: number; firstStep: number; lastStep: number; notice: string | null; title: string } | null;
}
interface Handle {
  ready: boolean;
  store: { getState(): State };
}

/** The store's state as the view reads it (the replay's player, megabytes of data, stays in the page). */
const state = (page: Page): Promise<State> =>
  page.evaluate(() => {
    const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
    const r = s.replay;
    return {
      mode: s.mode,
      step: s.step,
      time: s.time,
      personas: s.personas.map((p) => ({ id: p.id, tile: p.tile })),
      replay: r && { playing: r.playing, speed: r.speed, firstStep: r.firstStep, lastStep: r.lastStep, notice: r.notice, title: r.title },
    };
  });
const tiles = (ps: { id: string; tile: { x: number; y: number } }[]) => ps.map((p) => `${p.id}@${p.tile.x},${p.tile.y}`);
const text = (page: Page, sel: string) => page.locator(sel).first().textContent();
async function pause(page: Page): Promise<void> {
  if ((await state(page)).replay?.playing) await page.click('button[name=play]');
  expect((await state(page)).replay?.playing).toBe(false);
}

describe('watching a recorded day in a real browser', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let demo: ReplayFile;
  let demoBytes: Buffer;
  let forkStep = -1;

  beforeAll(async () => {
    demoBytes = readFileSync(join(ROOT, 'public/replays/demo.json.gz'));
    demo = await decodeReplay(new Uint8Array(demoBytes));
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?paused&replay=replays/demo.json.gz`);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });
  });

  afterAll(() => closeAll(ctx, server));

  it('opens the demo from ?replay=, plays it, scrubs to noon and shows noon on the clock', async () => {
    const opened = await state(page);
    expect(opened.replay!.title).toMatch(/A day in Hamlet/);
    expect(opened.personas).toHaveLength(25);
    expect(await page.locator('.replay-bar').isVisible()).toBe(true);
    // The speed menu shows the speed it plays at (it opened at 8×, which the menu does not offer: a blank menu).
    expect(await page.inputValue('select[name=replay-speed]')).toBe(String(opened.replay!.speed));
    expect(opened.replay!.speed).toBe(10);
    // It plays by itself: the clock moves on from midnight.
    expect(opened.replay!.playing).toBe(true);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step > 20, null, { timeout: 20_000 });
    await page.click('button[name=play]'); // pause
    const paused = await state(page);
    expect(paused.replay!.playing).toBe(false);
    expect(await text(page, '.hud-time')).toBe(new Date(paused.time).toISOString().slice(11, 16));
    expect(paused.time).toBeGreaterThan(Date.parse('2023-02-13T00:03:00Z'));

    // Click the timeline where its "12:00" mark is.
    const mark = page.locator('.replay-mark', { hasText: '12:00' });
    const box = (await mark.boundingBox())!;
    const bar = (await page.locator('.replay-scrub').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, bar.y + bar.height / 2);
    await page.waitForTimeout(300);
    const clock = await text(page, '.hud-time');
    const [h, m] = clock!.split(':').map(Number);
    const minutes = h! * 60 + m!;
    expect(Math.abs(minutes - 12 * 60), `clock after scrubbing to noon: ${clock}`).toBeLessThanOrEqual(15);
    expect(await text(page, '.replay-clock')).toContain(clock!);

    // Step to exactly noon with the arrow keys, and the town shows the recorded noon.
    const at = (await state(page)).step;
    const noon = 12 * 360;
    const key = at < noon ? 'ArrowRight' : 'ArrowLeft';
    for (let i = 0; i < Math.abs(noon - at); i++) await page.keyboard.press(key);
    const s = await state(page);
    expect(s.step).toBe(noon);
    expect(await text(page, '.hud-time')).toBe('12:00');
    expect(tiles(s.personas)).toEqual(tiles(new ReplayPlayer(demo).seek(noon)));
    await page.waitForTimeout(600);
    await screenshot(page, 'replay-noon');
    expect(errors).toEqual([]);
  });

  it('the inspector’s Now tab shows credits, holdings and today’s job in the replay, as recorded', async () => {
    const noon = new ReplayPlayer(demo).seek(12 * 360);
    // Someone who worked this morning: credits and job differ from the start.
    const worker = noon.find((f) => f.wallet?.workToday)!;
    expect(worker, 'the demo records wallets').toBeDefined();
    await page.evaluate((id) => {
      const h = (window as unknown as { hamlet: { store: { getState(): { select(id: string): void; inspector: object }; setState(s: object): void } } }).hamlet;
      const s = h.store.getState();
      s.select(id);
      h.store.setState({ inspector: { ...s.inspector, open: true } });
    }, worker.id);
    await page.click('.insp-tab-btn[data-tab=now]');
    await page.waitForSelector('.insp-now .insp-credits');
    const now = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.insp-now dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])) as Record<string, string>);
    expect(now.Credits).toBe(String(worker.wallet!.credits));
    const held = Object.entries(worker.wallet!.holdings).filter(([, n]) => n > 0);
    expect(now.Holds).toBe(held.length > 0 ? held.map(([name, n]) => `${n} × ${name}`).join(', ') : 'nothing');
    expect(now['Work today']).toBe(`checked in as ${worker.wallet!.workToday}`);
    await screenshot(page, 'replay-now-credits');
  });

  it('a bad file gets a clear message and the open replay stays as it was', async () => {
    const before = await state(page);
    await page.setInputFiles('input[name=replay-file]', { name: 'demo.json.gz', mimeType: 'application/gzip', buffer: demoBytes.subarray(0, 40_000) });
    await page.waitForSelector('.replay-error:not([hidden])');
    expect(await text(page, '.replay-error-text')).toMatch(/truncated or damaged/);
    await page.setInputFiles('input[name=replay-file]', { name: 'notes.json.gz', mimeType: 'text/plain', buffer: Buffer.from('shopping list: eggs, milk') });
    await page.waitForFunction(() => /neither gzip-compressed/.test(document.querySelector('.replay-error-text')?.textContent ?? ''));
    const after = await state(page);
    expect(after.mode).toBe('replay');
    expect(after.step).toBe(before.step);
    expect(after.replay!.title).toBe(before.replay!.title);
    await page.click('button[name=dismiss-replay-error]');
  });

  it('imports a Smallville demo folder (shown on Hamlet’s map with a notice)', async () => {
    const meta = { start_date: 'February 13, 2023', curr_time: 'February 13, 2023, 00:00:20', sec_per_step: 10, persona_names: ['Isabella Rodriguez', 'Klaus Mueller'], step: 2 };
    const movement = {
      0: { 'Isabella Rodriguez': { movement: [72, 14], pronunciatio: '😴', description: 'sleeping @ the Ville:home:bedroom:bed', chat: null }, 'Klaus Mueller': { movement: [126, 46], pronunciatio: '📚', description: 'studying @ the Ville:dorm:room:desk', chat: null } },
      2: { 'Isabella Rodriguez': { movement: [73, 14], pronunciatio: '🚶', description: 'walking @ the Ville:street', chat: null } },
    };
    await page.setInputFiles('input[name=replay-file]', [
      { name: 'meta.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(meta)) },
      { name: 'master_movement.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(movement)) },
    ]);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().replay?.title.startsWith('Smallville'));
    const s = await state(page);
    expect(s.personas.map((p) => [p.tile.x, p.tile.y])).toEqual([
      [72, 14],
      [126, 46],
    ]);
    expect(await text(page, '.replay-notice')).toMatch(/shown on Hamlet's map; positions are Smallville's tiles/);
    expect(await page.locator('button[name=fork]').isDisabled()).toBe(true);
    await page.waitForTimeout(400);
    await screenshot(page, 'replay-smallville');
  });

  it('opens what is dropped on the town', async () => {
    const meta = { start_date: 'February 14, 2023', sec_per_step: 10, persona_names: ['Maria Lopez'] };
    const movement = { 0: { 'Maria Lopez': { movement: [40, 30], pronunciatio: '🎨', description: 'painting @ the Ville:studio', chat: null } } };
    await page.evaluate(
      ([m, mv]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([m], 'meta.json', { type: 'application/json' }));
        dt.items.add(new File([mv], 'master_movement.json', { type: 'application/json' }));
        window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt }));
        (window as unknown as { dropZoneShown: boolean }).dropZoneShown = !(document.querySelector('.replay-drop') as HTMLElement).hidden;
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true }));
      },
      [JSON.stringify(meta), JSON.stringify(movement)] as const,
    );
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().replay?.title.includes('February 14, 2023'));
    expect(await page.evaluate(() => (window as unknown as { dropZoneShown: boolean }).dropZoneShown)).toBe(true);
    expect(await page.locator('.replay-drop').isVisible()).toBe(false);
    expect((await state(page)).personas.map((p) => p.tile)).toEqual([{ x: 40, y: 30 }]);
  });

  it('shows a Smallville demo on its own map when the map and its tileset image come with it', async () => {
    // A small Tiled map made here (30 × 20 tiles): grass, a foreground row, and a collision layer that must not show.
    const W = 30;
    const H = 20;
    const rgba = new Uint8Array(64 * 32 * 4);
    for (let y = 0; y < 32; y++)
      for (let x = 0; x < 64; x++) {
        const i = (y * 64 + x) * 4;
        const grass = x < 32;
        rgba.set(grass ? [74, 143, 60, 255] : [150, 90, 40, 255], i);
      }
    const layer = (name: string, data: number[]) => ({ type: 'tilelayer', name, width: W, height: H, x: 0, y: 0, opacity: 1, visible: true, data });
    const tiled = {
      type: 'map', orientation: 'orthogonal', renderorder: 'right-down', infinite: false, width: W, height: H, tilewidth: 32, tileheight: 32, nextlayerid: 4, nextobjectid: 1, version: '1.10', tiledversion: '1.10.2',
      tilesets: [{ firstgid: 1, name: 'field', image: '../map_assets/field.png', imagewidth: 64, imageheight: 32, tilewidth: 32, tileheight: 32, tilecount: 2, columns: 2, margin: 0, spacing: 0 }],
      layers: [layer('Bottom Ground', Array(W * H).fill(1)), layer('Foreground L1', Array.from({ length: W * H }, (_, i) => (Math.floor(i / W) === 3 ? 2 : 0))), layer('Collisions', Array(W * H).fill(2))],
    };
    const meta = { start_date: 'February 13, 2023', sec_per_step: 10, persona_names: ['Isabella Rodriguez', 'Klaus Mueller'] };
    const movement = { 0: { 'Isabella Rodriguez': { movement: [5, 5], pronunciatio: '☕', description: 'opening the cafe @ the Ville:Hobbs Cafe:cafe:counter', chat: null }, 'Klaus Mueller': { movement: [20, 12], pronunciatio: '📚', description: 'reading @ the Ville:library', chat: null } } };
    await page.setInputFiles('input[name=replay-file]', [
      { name: 'meta.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(meta)) },
      { name: 'master_movement.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(movement)) },
      { name: 'the_ville.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tiled)) },
      { name: 'field.png', mimeType: 'image/png', buffer: encodePng(64, 32, rgba) },
    ]);
    await page.waitForFunction(() => /own map/.test((window as unknown as { hamlet: Handle }).hamlet.store.getState().replay?.notice ?? ''), null, { timeout: 20_000 });
    const shown = await page.evaluate(() => (window as unknown as { hamlet: { suppliedMap(): unknown } }).hamlet.suppliedMap());
    expect(shown).toEqual({ width: 30, height: 20, layers: ['Bottom Ground', 'Foreground L1'] });
    expect(await text(page, '.replay-notice')).toMatch(/shown on its own map; positions are Smallville's tiles/);
    // Look at Klaus: he stands on the supplied map's grass.
    await page.evaluate(() => (window as unknown as { hamlet: { store: { getState(): { follow(id: string): void; personas: { id: string; name: string }[] } } } }).hamlet.store.getState().follow((window as unknown as { hamlet: { store: { getState(): { personas: { id: string; name: string }[] } } } }).hamlet.store.getState().personas.find((p) => p.name === 'Klaus Mueller')!.id));
    await page.waitForTimeout(800);
    const klaus = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle & { screenPositionOf(id: string): { x: number; y: number } | null } }).hamlet;
      const id = h.store.getState().personas.find((p) => p.id.includes('klaus'))!.id;
      return h.screenPositionOf(id);
    });
    // Followed, he is in the middle of the map view, on the supplied map's grass (tile 20, 12).
    const mid = await mapAreaCentre(page);
    expect(Math.abs(klaus!.x - mid.x)).toBeLessThan(80);
    expect(Math.abs(klaus!.y - mid.y)).toBeLessThan(80);
    const shot = await screenshot(page, 'replay-smallville-own-map');
    expect(readFileSync(shot).length).toBeGreaterThan(0);
  });

  it('draws a tileset taller than a texture may be (the Ville’s interiors) by splitting it into pages', async () => {
    // One column of 282 tiles, 9,024 px tall: only the last tile is bright green; the map is all that tile.
    const rows = 282;
    const rgba = new Uint8Array(32 * 32 * rows * 4);
    for (let i = 0; i < 32 * 32 * rows; i++) rgba.set(i >= 32 * 32 * (rows - 1) ? [0, 255, 0, 255] : [120, 60, 30, 255], i * 4);
    const W = 40;
    const H = 30;
    const tiled = {
      type: 'map', orientation: 'orthogonal', renderorder: 'right-down', infinite: false, width: W, height: H, tilewidth: 32, tileheight: 32, nextlayerid: 2, nextobjectid: 1, version: '1.10', tiledversion: '1.10.2',
      tilesets: [{ firstgid: 1, name: 'interiors', image: 'interiors_pt2.png', imagewidth: 32, imageheight: 32 * rows, tilewidth: 32, tileheight: 32, tilecount: rows, columns: 1, margin: 0, spacing: 0 }],
      layers: [{ type: 'tilelayer', name: 'Interior Ground', width: W, height: H, x: 0, y: 0, opacity: 1, visible: true, data: Array(W * H).fill(rows) }],
    };
    const meta = { start_date: 'February 13, 2023', sec_per_step: 10, persona_names: ['Klaus Mueller'] };
    const movement = { 0: { 'Klaus Mueller': { movement: [2, 2], pronunciatio: '📚', description: 'reading @ the Ville:library', chat: null } } };
    await page.setInputFiles('input[name=replay-file]', [
      { name: 'meta.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(meta)) },
      { name: 'master_movement.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(movement)) },
      { name: 'the_ville.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tiled)) },
      { name: 'interiors_pt2.png', mimeType: 'image/png', buffer: encodePng(32, 32 * rows, rgba) },
    ]);
    await page.waitForFunction(() => ((window as unknown as { hamlet: { suppliedMap(): { width: number } | null } }).hamlet.suppliedMap()?.width ?? 0) === 40, null, { timeout: 20_000 });
    await page.waitForTimeout(800);
    const shot = await page.screenshot();
    // Sample the middle of the screen (the map fills it): green, not the black of a texture too tall.
    const green = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      let n = 0;
      const pts = [[600, 300], [700, 350], [800, 250], [650, 450], [900, 400]];
      for (const [x, y] of pts) {
        const [r, gr, bl] = g.getImageData(x!, y!, 1, 1).data;
        if (gr! > 200 && r! < 80 && bl! < 80) n++;
      }
      return n;
    }, shot.toString('base64'));
    await screenshot(page, 'replay-smallville-tall-tileset');
    expect(green).toBeGreaterThanOrEqual(4);
    // Nothing claims the import ran on the offline brain.
    expect(await text(page, '.hud-info')).toMatch(/replay imported from Smallville/);
    expect(await text(page, '.town-totals')).toMatch(/Smallville import/);
    expect(await page.locator('#ui').innerText()).not.toMatch(/brain: offline|offline brain/);
  });

  it('back to the live town, which is as it was; the demo is one click away', async () => {
    await page.click('button[name=close-replay]');
    expect(await page.evaluate(() => (window as unknown as { hamlet: { suppliedMap(): unknown } }).hamlet.suppliedMap())).toBeNull();
    const live = await state(page);
    expect(live.mode).toBe('live');
    expect(await text(page, '.hud-time')).toBe('07:00');
    expect(await page.locator('.replay-bar').isVisible()).toBe(false);
    await page.click('button[name=watch-demo]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().replay?.title.startsWith('A day in Hamlet'));
    expect((await state(page)).personas).toHaveLength(25);
  });

  it('continues live from a moment of the replay (fork)', async () => {
    await pause(page);
    await page.keyboard.press('Space'); // play
    expect((await state(page)).replay!.playing).toBe(true);
    await page.keyboard.press('Space'); // pause
    expect((await state(page)).replay!.playing).toBe(false);
    // Click the timeline at its 09:00 mark, then one hour and a step on with the keys.
    const mark = (await page.locator('.replay-mark', { hasText: '09:00' }).boundingBox())!;
    const bar = (await page.locator('.replay-scrub').boundingBox())!;
    await page.mouse.click(mark.x + mark.width / 2, bar.y + bar.height / 2);
    const clicked = (await state(page)).step;
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowRight');
    const target = (await state(page)).step;
    expect(target).toBe(clicked + 361);
    expect(await text(page, '.hud-time')).toMatch(/^(09:[45]\d|10:[01]\d)$/);
    await page.click('button[name=fork]');
    // The live town it replaces has run on unsaved: the first click says so, a second goes on.
    if (/not saved/.test((await page.textContent('.replay-fork-status')) ?? '')) await page.click('button[name=fork]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'live', null, { timeout: 60_000 });
    const live = await state(page);
    // The live town is the replay's town continued from its snapshot: the same as forking in Node
    // (and, while the demo is fresh, as recorded: tests/unit/replay.test.ts checks that on a fresh recording).
    const forked = await forkReplay(demo, target, loadTownWorld(), (specs, seed) => new OfflineBrain(seed, specs));
    expect(tiles(live.personas)).toEqual(tiles(forked.personas.map((p) => forked.frameOf(p))));
    expect(live.step).toBe(target);
    forkStep = target;
  });

  it('downloads the live recording as a replay that opens again', async () => {
    // Let the forked town run a few steps, then download.
    await page.evaluate(() => (window as unknown as { hamlet: { store: { getState(): { setSpeed(s: number): void } } } }).hamlet.store.getState().setSpeed(10));
    await page.waitForTimeout(1500);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[name=download-recording]')]);
    expect(download.suggestedFilename()).toMatch(/^hamlet-.*\.json\.gz$/);
    const bytes = readFileSync((await download.path())!);
    const rec = await decodeReplay(new Uint8Array(bytes));
    expect(rec.personas).toHaveLength(25);
    expect(rec.steps.length).toBeGreaterThan(3);
    expect(rec.firstStep).toBe(forkStep);
    expect(rec.snapshots.length).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'replay-forked-live');
    expect(errors).toEqual([]);
  });
});

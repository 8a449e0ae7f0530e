import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeReplay } from '../../src/replay/codec';
import { ReplayPlayer } from '../../src/replay/player';
import { ROOT, builtApp, closeAll, openTown, screenshot, startSession, type Session } from './harness';

const run = promisify(execFile);

interface Handle {
  store: { getState(): { mode: 'live' | 'replay'; step: number; ghosts: { id: string; tile: { x: number; y: number } }[] } };
  replays: { mode: { seek(step: number): void; pause(): void } };
}

describe('the Experiments panel', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let tmp: string;
  let folder: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'hamlet-experiments-page-'));
    folder = join(tmp, 'party-check');
    const config = join(tmp, 'party.json');
    writeFileSync(config, JSON.stringify({ name: 'party check', scenario: 'party', days: 0.4, seeds: [3], conditions: ['full', 'no-memory'], brain: 'offline', personas: 4 }));
    await run(process.execPath, ['--import', 'tsx', 'src/cli/experiment.ts', config, '--out', folder, '--workers', '1'], { cwd: ROOT, maxBuffer: 16 << 20 });
    ({ server, ctx, page, errors } = await startSession());
  }, 180_000);

  afterAll(async () => {
    await closeAll(ctx, server);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('opens a results folder: the report in a sandboxed frame, the runs, and a run’s replay', async () => {
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.goto(server.url);
    await page.waitForSelector('button[name=open-experiment]', { timeout: 90_000 });
    await page.setInputFiles('input[name=open-experiment-folder]', folder);
    await page.waitForSelector('.experiments table tbody tr');
    expect(await page.textContent('.experiments h2')).toBe('Experiment: party check (party)');
    const rows = await page.$$eval('.experiments tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows.map((r) => r[0])).toEqual(['party-full-s3', 'party-no-memory-s3']);
    expect(rows.map((r) => r[1])).toEqual(['full', 'no-memory']);
    // The report: the file's own document in a frame that may run no script.
    const frame = await page.$('.experiments iframe');
    expect(await frame?.getAttribute('sandbox')).toBe('');
    const inner = await (await frame?.contentFrame())?.content();
    expect(inner).toMatch(/<svg/);
    expect(inner).toMatch(/Beside the paper/);
    await page.waitForTimeout(300);
    await screenshot(page, 'experiments-1400x850');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await screenshot(page, 'experiments-390x844');
    await page.setViewportSize({ width: 1400, height: 850 });

    await page.click('button[name="open-run-party-full-s3"]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });
    expect(await page.$('.experiments')).toBeNull();
    expect(errors).toEqual([]);
  }, 180_000);

  it('opens what is dropped on the page, and compares two runs’ replays', async () => {
    await page.setViewportSize({ width: 1400, height: 850 });
    await openTown(page, `${server.url}?paused`);
    // Dropped loose (as from a file manager): the results, the report, the manifest and the replays.
    const replays = readdirSync(join(folder, 'replays')).map((f) => join('replays', f));
    const dropped = ['results.csv', 'report.html', 'manifest.json', ...replays].map((rel) => ({ name: rel.split('/').pop() ?? rel, base64: readFileSync(join(folder, rel)).toString('base64') }));
    await page.evaluate((files) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name));
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true }));
    }, dropped);
    await page.waitForSelector('.experiments table tbody tr');
    expect((await page.$$eval('.experiments tbody tr td:first-child', (tds) => tds.map((td) => td.textContent))).sort()).toEqual(['party-full-s3', 'party-no-memory-s3']);
    expect(await (await (await page.$('.experiments iframe'))?.contentFrame())?.content()).toMatch(/<svg/);
    // Still in the live town: the drop went to the panel, not to the replay viewer.
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode)).toBe('live');

    expect(await page.locator('button[name=compare-runs]').isDisabled()).toBe(true);
    await page.check('input[name="compare-party-full-s3"]');
    expect(await page.locator('button[name=compare-runs]').isDisabled()).toBe(true);
    await page.check('input[name="compare-party-no-memory-s3"]');
    await page.click('button[name=compare-runs]');
    await page.waitForSelector('.replay-compare-result');
    const result = await page.textContent('.replay-compare-result');
    expect(result).toMatch(/A: party-full-s3 · B: party-no-memory-s3/);
    // Without memory the residents act otherwise: where each first parts, as the CLI's diff says it.
    const cli = await run(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', 'diff', join(folder, replays.find((r) => r.includes('-full-')) ?? ''), join(folder, replays.find((r) => r.includes('-no-memory-')) ?? '')], { cwd: ROOT }).catch((e: { stdout: string }) => e);
    const parted = /They part at (step \d+ \([^)]+\))/.exec(cli.stdout)?.[1];
    expect(parted).toBeDefined();
    expect(result).toContain(`They part at ${parted}`);
    const items = await page.$$eval('.replay-compare-personas li strong', (els) => els.map((e) => e.textContent));
    expect(items.length).toBeGreaterThan(0);
    const cliItems = cli.stdout.split('\n').flatMap((l) => {
      const m = /^ {2}(\S.*?)\s+(step \d+ \(.+\))$/.exec(l);
      return m ? [`${m[1]}: ${m[2]}`] : [];
    });
    expect(items).toEqual(cliItems);
    await page.waitForTimeout(300);
    await screenshot(page, 'experiments-compare-1400x850');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.replay-compare').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, 'experiments-compare-390x844');
    await page.setViewportSize({ width: 1400, height: 850 });

    // A run's replay found among files dropped loose, by its name.
    await page.click('button[name="open-run-party-no-memory-s3"]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });

    // The replay viewer's "Compare with…": the run shown against the other one, the same parting.
    await page.setInputFiles('input[name=compare-replay-file]', join(folder, replays.find((r) => r.includes('-full-')) ?? ''));
    await page.waitForSelector('.replay-compare-dialog .replay-compare-result');
    expect(await page.textContent('.replay-compare-dialog')).toContain(`They part at ${parted}`);
    expect(await page.$$eval('.replay-compare-dialog li strong', (els) => els.map((e) => e.textContent))).toEqual(cliItems);

    // Ghosts of B: the store holds B's residents where B's own frames put them, at the step shown, as it seeks.
    const fileB = join(folder, replays.find((r) => r.includes('-full-')) ?? '');
    const playerB = new ReplayPlayer(await decodeReplay(new Uint8Array(readFileSync(fileB)), fileB));
    const ghostsNow = () =>
      page.evaluate(() => {
        const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
        return { step: s.step, ghosts: s.ghosts.map((g) => `${g.id}@${g.tile.x},${g.tile.y}`) };
      });
    const framesOfB = (step: number) => playerB.framesAt(step).map((f) => `${f.id}@${f.tile.x},${f.tile.y}`);
    const seen = new Set<string>();
    // Two steps at which B's residents stand in different places (from the middle of B, the next move).
    const mid = Math.floor((playerB.firstStep + playerB.lastStep) / 2);
    let moved = mid + 1;
    while (moved < playerB.lastStep && framesOfB(moved).join() === framesOfB(mid).join()) moved++;
    for (const at of [mid, moved]) {
      await page.evaluate((step) => {
        const mode = (window as unknown as { hamlet: Handle }).hamlet.replays.mode;
        mode.pause();
        mode.seek(step);
      }, at);
      const now = await ghostsNow();
      expect(now.step).toBe(at);
      expect(now.ghosts).toEqual(framesOfB(at));
      expect(now.ghosts.length).toBeGreaterThan(0);
      seen.add(now.ghosts.join(' '));
    }
    expect(seen.size).toBe(2); // they moved between the two steps
    await page.uncheck('input[name=replay-compare-ghosts]');
    expect((await ghostsNow()).ghosts).toEqual([]);
    await page.check('input[name=replay-compare-ghosts]');
    expect((await ghostsNow()).ghosts).toEqual(framesOfB((await ghostsNow()).step));
    await page.waitForTimeout(400);
    await screenshot(page, 'replay-compare-1400x850');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await screenshot(page, 'replay-compare-390x844');
    await page.click('button[name=replay-compare-close]');
    expect(await page.$('.replay-compare-dialog')).toBeNull();
    expect((await ghostsNow()).ghosts).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);

  it('is its own chunk: the first load does not carry it', () => {
    const dist = builtApp();
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const entries = [...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(entries.length).toBeGreaterThan(0);
    const first = entries.map((e) => readFileSync(join(dist, e), 'utf8')).join('\n');
    expect(first).not.toContain('not in the picked files');
    const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.some((f) => readFileSync(join(dist, 'assets', f), 'utf8').includes('not in the picked files'))).toBe(true);
  });
});

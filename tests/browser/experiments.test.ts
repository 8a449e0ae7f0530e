import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, builtApp, closeAll, screenshot, startSession, type Session } from './harness';

const run = promisify(execFile);

interface Handle {
  store: { getState(): { mode: 'live' | 'replay'; step: number } };
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

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, screenshot, startSession, whenReady, type Session } from './harness';
import { tinyLlamaGguf } from '../../scripts/tinyGguf';

/**
 * A model in this tab (issue 31): the start screen and ⚙ Brain offer it; a GGUF file is downloaded
 * with its size said first, its progress shown and a Cancel; it is kept by the browser, so a reload
 * loads it from the cache without fetching it again; the town runs on it through the same client and
 * LLM brain as any endpoint (grammar-constrained JSON, the contracts, fallbacks counted); Delete frees
 * the space. The "download" is a tiny random-weight llama GGUF (scripts/tinyGguf.ts) served from
 * 127.0.0.1, trickled so the progress can be seen: no real weights can be fetched here.
 */

interface Handle {
  ready: boolean;
  store: { getState(): { step: number; brainName: string; llm: { calls: number; fallbacks: number } | null; setSpeed(s: number): void } };
  brains: { llm: { log: { records: { module: string; outcome: string; replies: string[]; error?: string }[] } } | null } | null;
}

/** The GGUF host: HEAD says the size, GET sends the file in slices a little apart; GETs are counted. */
async function ggufHost(bytes: Uint8Array): Promise<{ url: string; gets: () => number; close: () => Promise<void> }> {
  let gets = 0;
  const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-length, etag', 'access-control-allow-headers': '*' };
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const head = { ...cors, 'content-type': 'application/octet-stream', 'content-length': String(bytes.length), etag: '"tiny-1"' };
    if (req.method === 'HEAD') return void res.writeHead(200, head).end();
    gets++;
    res.writeHead(200, head);
    const slices = 12;
    const size = Math.ceil(bytes.length / slices);
    let i = 0;
    const next = () => {
      if (res.destroyed) return;
      if (i >= slices) return void res.end();
      res.write(bytes.subarray(i * size, (i + 1) * size));
      i++;
      setTimeout(next, 250);
    };
    next();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}/models/hamlet-tiny.gguf`, gets: () => gets, close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

const hamlet = (page: Page) => page.evaluate(() => {
  const h = (window as unknown as { hamlet: Handle }).hamlet;
  const s = h.store.getState();
  return { step: s.step, brainName: s.brainName, llm: s.llm, records: (h.brains?.llm?.log.records ?? []).map((r) => ({ module: r.module, outcome: r.outcome, replies: r.replies, error: r.error })) };
});

describe('a model in this tab', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let host: Awaited<ReturnType<typeof ggufHost>>;
  const file = tinyLlamaGguf(1);

  beforeAll(async () => {
    host = await ggufHost(file);
    ({ server, ctx, page, errors } = await startSession());
    await page.setViewportSize({ width: 1400, height: 850 });
  });

  afterAll(() => closeAll(ctx, server, host));

  it('the start screen offers it and opens the picker, which says each size before downloading', { timeout: 120_000 }, async () => {
    await page.goto(`${server.url}?worker=off`);
    await page.waitForSelector('select[name=brain]');
    await page.selectOption('select[name=brain]', 'in-tab');
    await page.uncheck('input[name=play]');
    await page.fill('input[name=personas]', '3');
    await page.click('button[name=new-town]');
    // Nothing is downloaded yet: the start screen sends the player to the picker.
    expect(await page.textContent('.start-error')).toContain('A model in this tab');
    await page.waitForSelector('.intab:not([hidden])');
    expect(await page.inputValue('select[name=preset]')).toBe('in-tab');
    const listed = await page.locator('.intab-option').allTextContents();
    expect(listed.join('\n')).toMatch(/Qwen2\.5 0\.5B Instruct.*491 MB/);
    expect(listed.join('\n')).toMatch(/Llama 3\.2 1B Instruct.*808 MB/);
    expect(listed.join('\n')).toMatch(/SmolLM2 360M Instruct.*386 MB/);
    expect(listed.join('\n')).toMatch(/Qwen2\.5 1\.5B Instruct.*1\.1 GB/);
    // The endpoint's fields are not the in-tab model's.
    expect(await page.isVisible('input[name=baseURL]')).toBe(false);
    expect(await page.isVisible('input[name=apiKey]')).toBe(false);
    await page.fill('input[name=intabUrl]', 'ftp://example/model.bin');
    expect(await page.isDisabled('button[name=intabDownload]')).toBe(true);
    expect(await page.textContent('.intab-state')).toContain('is not the URL of a .gguf file');
    await page.fill('input[name=intabUrl]', host.url);
    // The host's answer to HEAD: the file's size, said on the button before anything is fetched.
    await page.waitForFunction(() => /Download \d+ KB/.test(document.querySelector('button[name=intabDownload]')?.textContent ?? ''));
    expect(await page.textContent('button[name=intabDownload]')).toBe(`Download ${Math.round(file.length / 1000)} KB`);
    expect(host.gets()).toBe(0);
    expect(await page.textContent('.intab-stored')).toContain('No model is stored in this browser.');
    await screenshot(page, 'intab-picker-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'intab-picker-phone');
    await page.setViewportSize({ width: 1400, height: 850 });
  });

  it('a download shows its progress, can be cancelled (nothing kept), and once done the speed is measured and said', { timeout: 120_000 }, async () => {
    await page.click('button[name=intabDownload]');
    await page.waitForFunction(() => /Downloading hamlet-tiny\.gguf: \d+ KB of \d+ KB \((\d|[1-9]\d) %\)/.test(document.querySelector('.intab-state')?.textContent ?? ''), null, { timeout: 20_000 });
    expect(await page.isVisible('progress.intab-progress')).toBe(true);
    await page.click('button[name=intabCancel]');
    await page.waitForFunction(() => (document.querySelector('.intab-state')?.textContent ?? '').includes('Download cancelled'), null, { timeout: 10_000 });
    await page.waitForFunction(() => (document.querySelector('.intab-stored')?.textContent ?? '').includes('No model is stored'));

    await page.click('button[name=intabDownload]');
    const seen = new Set<string>();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const text = (await page.textContent('.intab-state')) ?? '';
      const m = /\((\d+) %\)/.exec(text);
      if (m) seen.add(m[1] ?? '');
      if (text.includes('is loaded')) break;
      if (Date.now() > deadline) throw new Error(`not loaded: ${text}`);
      await page.waitForTimeout(100);
    }
    // Progress went up in steps (the host sends the file in 12 slices), not straight to the end.
    expect([...seen].filter((p) => Number(p) > 0 && Number(p) < 100).length).toBeGreaterThanOrEqual(2);
    const state = (await page.textContent('.intab-state')) ?? '';
    expect(state).toMatch(/hamlet-tiny\.gguf is loaded \(\d+ threads?\): [\d.]+ tokens\/s writing, \d+ tokens\/s reading: keeps up with about [\d.]+×.* for \d+ people/);
    expect(await page.textContent('.intab-stored')).toContain(`hamlet-tiny.gguf · ${Math.round(file.length / 1000)} KB`);
    expect(await page.textContent('button[name=intabDownload]')).toContain('Stored in this browser');
    await screenshot(page, 'intab-picker-ready-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'intab-picker-ready-phone');
    await page.setViewportSize({ width: 1400, height: 850 });
  });

  it('the town runs on it: grammar-constrained JSON every time, read through the contracts, fallbacks counted', { timeout: 240_000 }, async () => {
    await page.click('button[name=apply]');
    await page.waitForFunction(() => (document.querySelector('.set-status')?.textContent ?? '').includes('in this tab'), null, { timeout: 30_000 });
    await page.click('.settings button:text("Close")');
    await page.click('button[name=new-town]');
    await whenReady(page);
    const gets = host.gets();
    expect((await hamlet(page)).brainName).toBe('llm:in-tab:hamlet-tiny.gguf');
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().setSpeed(10));
    const from = (await hamlet(page)).step;
    await page.waitForFunction(() => ((window as unknown as { hamlet: Handle }).hamlet.brains?.llm?.log.records.length ?? 0) >= 4, null, { timeout: 200_000 });
    // The store's counters are copied from the brain on the page's own beat: pause, and let them catch up with the call log.
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().setSpeed(0));
    // (Read in the same moment the counts agree: a call still in flight may land a record before the next refresh.)
    const consistent = await page.waitForFunction(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const s = h.store.getState();
      const records = (h.brains?.llm?.log.records ?? []).map((r) => ({ module: r.module, outcome: r.outcome, replies: r.replies, error: r.error }));
      const ok = (s.llm?.calls ?? 0) >= records.length && (s.llm?.fallbacks ?? 0) >= records.filter((r) => r.outcome === 'fallback').length;
      return ok && { step: s.step, brainName: s.brainName, llm: s.llm, records };
    }, null, { timeout: 60_000 });
    const h = (await consistent.jsonValue()) as Awaited<ReturnType<typeof hamlet>>;
    // The world did not wait on the model: the clock ran on (10× is 10 steps a second).
    expect(h.step).toBeGreaterThan(from + 50);
    const replies = h.records.flatMap((r) => r.replies);
    expect(replies.length).toBeGreaterThanOrEqual(4);
    // Whatever the random weights chose, the grammar made it JSON: every reply parses.
    for (const text of replies) expect(() => JSON.parse(text), text).not.toThrow();
    // The contracts judge it as any endpoint's reply: the nonsense falls back to the offline brain, counted.
    const failed = h.records.filter((r) => r.outcome === 'fallback');
    expect(failed.every((r) => r.error && !/not valid JSON|was empty/.test(r.error))).toBe(true);
    expect(h.llm?.fallbacks ?? 0).toBeGreaterThanOrEqual(failed.length);
    expect(h.llm?.calls ?? 0).toBeGreaterThanOrEqual(h.records.length);
    expect(host.gets()).toBe(gets);
    await screenshot(page, 'intab-town-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'intab-town-phone');
    await page.setViewportSize({ width: 1400, height: 850 });
  });

  it('on reload the model comes from the browser cache, not the network', { timeout: 180_000 }, async () => {
    const gets = host.gets();
    await page.goto(`${server.url}?worker=off&personas=3&paused`);
    await whenReady(page);
    // The saved choice is probed (loaded from the cache) before the town uses it.
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName === 'llm:in-tab:hamlet-tiny.gguf', null, { timeout: 120_000 });
    expect(host.gets()).toBe(gets);
  });

  it('a model too slow for its deadline gets the slow endpoint\'s banner and fallbacks, and the clock runs on', { timeout: 180_000 }, async () => {
    // A packed prompt takes the stand-in several seconds to read here: a 1 s deadline cuts every call.
    await page.click('button[name=settings]');
    await page.waitForSelector('.intab:not([hidden])');
    await page.fill('input[name=timeout]', '1');
    await page.click('button[name=apply]');
    await page.waitForFunction(() => (document.querySelector('.set-status')?.textContent ?? '').includes('in this tab'), null, { timeout: 30_000 });
    await page.click('.settings button:text("Close")');
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().setSpeed(10));
    const from = (await hamlet(page)).step;
    await page.waitForSelector('div.endpoint-banner[data-state=down]', { timeout: 120_000 });
    expect(await page.textContent('div.endpoint-banner')).toMatch(/The model in this tab is not answering: retrying (in \d+ s|now)/);
    expect(await page.textContent('div.endpoint-banner')).toContain("did not answer within the call's timeout of 1 s");
    // The world does not wait: the clock runs on while the offline brain answers, each call counted as a fallback.
    await page.waitForFunction((n) => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return s.step >= n && (s.llm?.fallbacks ?? 0) >= 3;
    }, from + 30, { timeout: 60_000 });
    const h = await hamlet(page);
    expect(h.records.filter((r) => r.outcome === 'fallback').length).toBeGreaterThanOrEqual(3);
    await page.click('button[name=endpoint-offline]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName === 'offline');
  });

  it('Delete frees the space', { timeout: 60_000 }, async () => {
    await page.click('button[name=settings]');
    // ⚙ Brain opens at the saved choice: the model in this tab, stored, with its size.
    await page.waitForSelector('.intab:not([hidden]) button[name=intabDelete]');
    expect(await page.inputValue('select[name=preset]')).toBe('in-tab');
    expect(await page.textContent('.intab-stored')).toContain(`1 model stored in this browser: ${Math.round(file.length / 1000)} KB.`);
    await page.click('button[name=intabDelete]');
    await page.waitForFunction(() => (document.querySelector('.intab-stored')?.textContent ?? '').includes('No model is stored in this browser.'), null, { timeout: 20_000 });
    const left = await page.evaluate(async () => {
      let n = 0;
      for (const k of await caches.keys()) n += (await (await caches.open(k)).keys()).length;
      return n;
    });
    expect(left).toBe(0);
    await page.waitForFunction(() => /^Download \d+ KB$/.test(document.querySelector('button[name=intabDownload]')?.textContent ?? ''));
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, screenshot, setSpeed, startSession, type Session } from './harness';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

/**
 * The model path in the page (issue 15): "Test connection" in ⚙ Brain; an endpoint that echoes the
 * key in its 401 leaves it nowhere the page keeps or hands out; a slow model never stops the clock.
 */
interface Handle {
  ready: boolean;
  store: {
    getState(): {
      step: number;
      thinking: string[];
      brainName: string;
      mode: string;
      replay: { brain: string; whyNotForkable: string | null } | null;
      llm: { fallbacks: number } | null;
      personas: { description: string }[];
      setSpeed(s: number): void;
    };
  };
  brains: { llm: { log: { records: { outcome: string; error?: string }[] } } | null } | null;
}
const hamlet = (page: Page) => page.evaluate(() => {
  const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
  return { step: s.step, thinking: s.thinking.length, brainName: s.brainName };
});

describe('the model path in the page', () => {
  let server: Session['server'];
  let fake: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  // Not shaped like a known provider's key: only remembering the key in use can scrub it.
  const SECRET = 'hamlet-test-secret-4242-xyzzy';
  /** What a provider's 401 says: the key it was sent, quoted back. */
  const echo = (auth: string | string[] | undefined) => ({ error: { message: `Incorrect API key provided: ${String(auth).replace(/^Bearer /, '')}. You can find your API key at …`, type: 'invalid_request_error' } });

  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?worker=off&paused`);
    await page.click('button[name=settings]');
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=baseURL]', fake.url);
    await page.fill('input[name=model]', 'fake-model');
    await page.fill('input[name=embeddingModel]', '');
  });

  afterAll(() => closeAll(ctx, server, fake));

  it('Test connection lists the models the endpoint offers, or shows the exact error', { timeout: 60_000 }, async () => {
    fake.setModels(() => ({ kind: 'models', ids: ['fake-model', 'tiny-llama-1b', '<b>not markup</b>'] }));
    await page.click('button[name=test]');
    await page.waitForSelector('.set-test li');
    expect(await page.locator('.set-test li').allTextContents()).toEqual(['fake-model', 'tiny-llama-1b', '<b>not markup</b>']);
    expect(await page.textContent('.set-test')).toContain(`${fake.url} answers and offers 3 models:`);
    // A model id is text, never markup.
    expect(await page.locator('.set-test b').count()).toBe(0);
    // The ids become the Model field's suggestions.
    expect(await page.locator('#hamlet-models option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain('tiny-llama-1b');
    for (const [w, h, name] of [[1400, 850, 'test-connection-desktop'], [390, 844, 'test-connection-phone']] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.locator('.set-test').scrollIntoViewIfNeeded();
      await screenshot(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // A typed model the endpoint does not offer is pointed out.
    await page.fill('input[name=model]', 'gpt-9');
    await page.click('button[name=test]');
    await page.waitForFunction(() => document.querySelector('.set-test')?.textContent?.includes('"gpt-9" is not among them'));
    await page.fill('input[name=model]', 'fake-model');

    // The exact error, with the key the endpoint echoed removed.
    fake.setModels((h) => ({ kind: 'status', status: 401, body: echo(h.authorization) }));
    await page.fill('input[name=apiKey]', SECRET);
    await page.click('button[name=test]');
    await page.waitForSelector('.set-test.error');
    const error = await page.textContent('.set-test');
    expect(error).toContain(`Cannot use ${fake.url}: endpoint answered 401: Incorrect API key provided: [key removed]`);
    expect(error).not.toContain(SECRET);
  });

  it('an endpoint that echoes the key in its 401: the town lives on the stand-in; the key is nowhere in the page, its debug handle, the call log, the recording (which reopens and forks) or a save', { timeout: 90_000 }, async () => {
    fake.setResponder((_body, _task, _prompt, headers) => ({ kind: 'status', status: 401, body: echo(headers?.authorization) }));
    await page.click('button[name=apply]');
    await setSpeed(page, 10);
    // Refused keys open the breaker: the banner shows the (scrubbed) error.
    await page.waitForSelector('div.endpoint-banner[data-state=down]', { timeout: 30_000 });
    expect(await page.textContent('div.endpoint-banner')).toContain('Incorrect API key provided: [key removed]');
    // The endpoint did get the key (so its echo is real) …
    expect(fake.requests.length).toBeGreaterThan(0);
    // The town lives on the offline stand-in meanwhile: people get up, every failed call counted.
    await page.waitForFunction(() => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return (s.llm?.fallbacks ?? 0) > 0 && s.personas.filter((p) => p.description && !/sleep/.test(p.description)).length >= 3;
    }, null, { timeout: 30_000 });
    const found = await page.evaluate((secret) => {
      const h = (window as unknown as { hamlet: Record<string, unknown> & Handle }).hamlet;
      // Everything reachable from the debug handle but the Phaser game (whose objects hold no text of ours).
      const seen = new Set<unknown>();
      const hits: string[] = [];
      let visited = 0;
      const walk = (v: unknown, path: string, depth: number): void => {
        if (typeof v === 'string') {
          if (v.includes(secret)) hits.push(path);
          return;
        }
        if (!v || typeof v !== 'object' || seen.has(v) || depth > 40 || visited > 3_000_000) return;
        seen.add(v);
        visited++;
        if (v instanceof Map) return v.forEach((x, k) => (walk(k, `${path}<key>`, depth + 1), walk(x, `${path}.get(${String(k)})`, depth + 1)));
        if (v instanceof Set) return v.forEach((x) => walk(x, `${path}<item>`, depth + 1));
        if (ArrayBuffer.isView(v) || v instanceof Node) return;
        for (const k of Object.keys(v)) {
          let x: unknown;
          try {
            x = (v as Record<string, unknown>)[k];
          } catch {
            continue;
          }
          walk(x, `${path}.${k}`, depth + 1);
        }
      };
      for (const k of Object.keys(h)) if (k !== 'game') walk(h[k], `hamlet.${k}`, 0);
      const log = JSON.stringify(h.brains!.llm!.log.records);
      return {
        hits,
        visited,
        dom: document.documentElement.outerHTML.includes(secret) || document.body.innerText.includes(secret),
        storage: JSON.stringify({ ...localStorage, ...sessionStorage }).includes(secret) || location.href.includes(secret),
        logHasKey: log.includes(secret),
        logScrubbed: log.includes('Incorrect API key provided: [key removed]'),
      };
    }, SECRET);
    expect(found.visited).toBeGreaterThan(1000);
    expect(found.hits).toEqual([]);
    expect(found.dom).toBe(false);
    expect(found.storage).toBe(false);
    expect(found.logHasKey).toBe(false);
    // … and the call log kept the error, scrubbed.
    expect(found.logScrubbed).toBe(true);

    // The ⬇ Recording the page hands out.
    const [recording] = await Promise.all([page.waitForEvent('download'), page.click('button[name=download-recording]')]);
    const replay = gunzipSync(readFileSync((await recording.path())!)).toString('utf8');
    expect(replay).toContain('[key removed]');
    expect(replay).not.toContain(SECRET);
    // The recording of this model run (every call a fallback) opens again as a replay and continues live.
    await page.setInputFiles('input[name=replay-file]', { name: recording.suggestedFilename(), mimeType: 'application/gzip', buffer: readFileSync((await recording.path())!) });
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });
    const opened = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().replay);
    expect(opened?.brain).toContain('llm:fake-model');
    expect(opened?.whyNotForkable).toBeNull();
    await page.click('button[name=fork]');
    // The live town it replaces has run on unsaved: the first click says so, a second goes on.
    if (/not saved/.test((await page.textContent('.replay-fork-status')) ?? '')) await page.click('button[name=fork]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().mode === 'live', null, { timeout: 30_000 });
    // A save export.
    await page.click('button[name=saves]');
    const [save] = await Promise.all([page.waitForEvent('download'), page.click('button[name=export-current]')]);
    const saved = gunzipSync(readFileSync((await save.path())!)).toString('utf8');
    expect(saved).toContain('"format":"hamlet-save"');
    expect(saved).not.toContain(SECRET);
    await page.keyboard.press('Escape');
  });

  it('transport bounds hold in the page: a 2 MB reply is refused, a reply that trickles in is cut by the timeout', { timeout: 90_000 }, async () => {
    const errors = () => page.evaluate(() => ((window as unknown as { hamlet: Handle }).hamlet.brains?.llm?.log.records ?? []).map((r) => r.error ?? ''));
    fake.setResponder(() => ({ kind: 'big', bytes: 2_000_000 }));
    await page.click('button[name=settings]');
    await page.fill('input[name=timeout]', '2');
    await page.click('button[name=apply]');
    await page.fill('input[name=timeout]', '60');
    const from = (await hamlet(page)).step;
    await expect.poll(async () => (await errors()).some((e) => /larger than 1000 KB/.test(e)), { timeout: 30_000 }).toBe(true);
    fake.setResponder(() => ({ kind: 'trickle', everyMs: 100 }));
    await expect.poll(async () => (await errors()).some((e) => /timeout/.test(e)), { timeout: 30_000 }).toBe(true);
    expect((await hamlet(page)).step).toBeGreaterThan(from);
  });

  it('a slow model (1.5 s a call): the clock keeps running while calls are pending, and their answers arrive', { timeout: 90_000 }, async () => {
    let open = () => {};
    const held = new Promise<void>((r) => (open = r));
    const good = goodModel();
    let asked = 0;
    // Every reply takes 1.5 s, and none leaves before the test has watched the clock run.
    fake.setResponder((body, task, prompt) => {
      asked++;
      return { ...(good(body, task, prompt) as { kind: 'content'; content: string }), delayMs: 1500, after: held };
    });
    fake.setModels(() => ({ kind: 'models', ids: ['fake-model'] }));
    await page.click('button[name=settings]');
    await page.fill('input[name=apiKey]', '');
    await page.click('button[name=apply]');
    await setSpeed(page, 10);
    await expect.poll(() => asked, { timeout: 30_000 }).toBeGreaterThan(0);
    const from = await hamlet(page);
    expect(from.brainName).toBe('llm:fake-model');
    await page.waitForFunction((n) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= n, from.step + 15, { timeout: 30_000 });
    // Fifteen steps went by while the model held every answer back: the world did not wait for it.
    expect(asked).toBeGreaterThan(0);
    expect((await hamlet(page)).thinking).toBeGreaterThan(0);
    open();
    await page.waitForFunction(() => ((window as unknown as { hamlet: Handle }).hamlet.brains?.llm?.log.records ?? []).some((r) => r.outcome === 'ok'), null, { timeout: 30_000 });
    expect(errors.filter((e) => !/net::ERR|Failed to load resource|401/.test(e))).toEqual([]);
  });

  it('a 429 shows a notice in the top bar, which goes once calls succeed again', { timeout: 90_000 }, async () => {
    let serve = () => {};
    const served = new Promise<void>((r) => (serve = r));
    const good = goodModel();
    let n = 0;
    // The first calls are rate limited; the answers after that wait until the test has seen the notice.
    fake.setResponder((body, task, prompt) => (++n <= 2 ? { kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached' } } } : { ...(good(body, task, prompt) as { kind: 'content'; content: string }), after: served }));
    await page.waitForSelector('.hud-notice:not([hidden])', { timeout: 30_000 });
    expect(await page.textContent('.hud-notice')).toMatch(/rate limiting us \(429\): waiting 1 s/);
    for (const [w, h, name] of [[1280, 800, 'rate-limit-desktop'], [390, 844, 'rate-limit-phone']] as const) {
      await page.setViewportSize({ width: w, height: h });
      await screenshot(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    serve();
    await page.waitForSelector('.hud-notice', { state: 'hidden', timeout: 30_000 });
    await screenshot(page, 'rate-limit-over');
  });
});

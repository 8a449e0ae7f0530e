import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const ROOT = resolve(__dirname, '../..');
/** Screenshots land here (git-ignored). */
export const SHOTS = join(ROOT, 'test-results');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.json': 'application/json',
  '.tmj': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/** The production build every browser test file serves: made once per run by buildOnce.ts. */
export function builtApp(): string {
  return inject('hamletDist');
}

/** A static file server on 127.0.0.1 (random port) for a built app. */
export async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

export async function launch(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'hamlet-chrome-')), {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collect console errors and page errors, so a test can assert the page ran clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A persona as the page's store shows it (src/sim/simulation.ts PersonaFrame), as far as the tests read it. */
export interface Frame {
  id: string;
  name: string;
  tile: { x: number; y: number };
  description: string;
  chattingWith: string | null;
}

/** Wait until the page's debug handle (`window.hamlet`, src/main.ts) says the town is on screen. */
export async function whenReady(page: Page, timeout = 90_000): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { hamlet?: { ready: boolean } }).hamlet?.ready === true, null, { timeout });
}

/** Open the town page at `url` (the server's address and a query) and wait until it is ready. */
export async function openTown(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await whenReady(page);
}

/** What most browser test files start from: the built app served, Chromium with one page whose errors are collected. */
export interface Session {
  server: { url: string; close: () => Promise<void> };
  ctx: BrowserContext;
  page: Page;
  errors: string[];
}

/** Serve the built app, launch Chromium and open a page. */
export async function startSession(): Promise<Session> {
  const server = await serve(builtApp());
  const ctx = await launch();
  const page = await ctx.newPage();
  return { server, ctx, page, errors: watchErrors(page) };
}

/** Close what a test file opened (browser, server, fake model), in order, skipping what never started. */
export async function closeAll(...things: ({ close(): Promise<void> } | undefined)[]): Promise<void> {
  for (const t of things) await t?.close();
}

/** Set the town's clock speed (0 pauses) through the store, as the HUD's buttons do. */
export async function setSpeed(page: Page, speed: number): Promise<void> {
  await page.evaluate((s) => (window as unknown as { hamlet: { store: { getState(): { setSpeed(s: number): void } } } }).hamlet.store.getState().setSpeed(s), speed);
}

/**
 * Pause the town and wait until it is still: with the town in its worker, the patches of the last
 * steps reach the page a frame or two after the pause (at the next animation frame), so a test that
 * then writes what the town writes (a spoken line, the feed) would race them. Still: the step the
 * page shows has not moved over three animation frames and a quarter second.
 */
export async function pause(page: Page): Promise<void> {
  await setSpeed(page, 0);
  await page.evaluate(async () => {
    const step = () => (window as unknown as { hamlet: { store: { getState(): { step: number } } } }).hamlet.store.getState().step;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    for (let still = 0, at = step(), since = performance.now(); still < 3 || performance.now() - since < 250; ) {
      await frame();
      if (step() === at) still++;
      else [still, at, since] = [0, step(), performance.now()];
    }
  });
}

/** The middle of the part of the page no panel covers (the layout's center cell): where the camera centres what it shows. */
export async function mapAreaCentre(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const r = document.querySelector('#ui .slot-center')?.getBoundingClientRect();
    return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : { x: innerWidth / 2, y: innerHeight / 2 };
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

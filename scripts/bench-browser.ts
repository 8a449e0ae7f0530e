/**
 * Browser benchmark (issue 32, point 3): does the page keep its pace? A production build served on
 * 127.0.0.1, headless Chromium (software WebGL: frame rate is no verdict here), the town at 60× for
 * 25 and 100 residents on the offline brain, then 25 on a fake endpoint that answers garbage (HTML
 * pages) and one that answers slowly. For each run it prints steps a second achieved against asked,
 * long tasks (> 50 ms) on the main thread (count, max), the main thread's busy share, and the
 * simulation's own share of the main thread. Prints figures; asserts nothing.
 *
 *   npm run bench:browser -- [--seconds 20] [--only 25,100,html,slow] [--dist DIR] [--query PARAMS]
 *
 * 100 residents: Hamlet's 25 and three copies of each on Hamlet's map (scaledPack), opened in the
 * page as a town pack (`?town=`, docs/town-pack.md) written next to the build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { loadTownPersonas, readMapJson, ROOT } from '../src/node/town';
import { at } from '../src/sim/checked';
import { numberOption, parseCli } from '../src/cli/args';
import { loadWorld } from '../src/sim/world/loadWorld';
import { checkResidents, exportedPack, hamletPack } from '../src/app/editTown';
import { startFakeLlm, type FakeLlm } from '../tests/support/fakeLlm';

/** What the page's debug handle (window.hamlet, src/main.ts) offers the benchmark. */
interface Hamlet {
  ready: boolean;
  store: { getState(): { step: number; time: number; personas: unknown[]; brainName: string; setSpeed(s: number): void } };
  /** Main thread only (before the worker): the live Simulation, whose tick the benchmark times. */
  sim?: { tick: () => Promise<unknown> } | null;
  /** With the worker: milliseconds the main thread spent on the simulation's messages (src/app/simClient.ts). */
  simMainThreadMs?: () => number;
}

interface Figures {
  label: string;
  residents: number;
  asked: number;
  achieved: number;
  gameMinutesPerMinute: number;
  longTasks: number;
  longestMs: number;
  busyShare: number;
  simShare: number;
  simHow: string;
}

const SPEED = 60;

/**
 * A town pack of n residents on Hamlet's own map, zipped, for `?town=`: Hamlet's 25 and copies of them
 * ("Nora Hartwell B") who share their original's home, job and haunts, with a spawn point at home
 * and the jobs' slots grown to match. Denser than Hamlet (the district towns of src/cli/town.ts
 * have no Tiled map a pack could carry), so it asks more of the page, not less.
 */
async function scaledPack(n: number): Promise<Uint8Array> {
  const originals = loadTownPersonas();
  const personas = [...originals];
  for (let i = originals.length; i < n; i++) {
    const base = at(originals, i % originals.length, 'bench town: original');
    const letter = at('bcdefghijklmnopqrstuvwxyz', Math.floor(i / originals.length) - 1, 'bench town: copy letter');
    personas.push({ ...base, id: `${base.id}-${letter}`, name: `${base.name} ${letter.toUpperCase()}`, lastName: `${base.lastName} ${letter.toUpperCase()}` });
  }
  const times = Math.ceil(n / originals.length);
  const map = readMapJson() as { layers: { name: string; objects?: { properties?: { name: string; value: unknown }[] }[] }[] };
  for (const o of map.layers.find((l) => l.name === 'sectors')?.objects ?? []) {
    for (const prop of o.properties ?? []) {
      if (prop.name === 'jobs' && typeof prop.value === 'string') prop.value = prop.value.split('\n').map((line) => line.replace(/^([^|]*\|[^|]*\|\s*)(\d+)/, (_, head: string, slots: string) => `${head}${Number(slots) * times}`)).join('\n');
    }
  }
  const world = loadWorld(map, 'maps/hamlet.tmj (bench copy)');
  const town = hamletPack(world, map as unknown as Record<string, unknown>, originals, '2023-02-13T00:00:00');
  const problems = checkResidents(world, personas);
  if (problems.length) throw new Error(`the ${n}-resident bench town does not check: ${problems.slice(0, 3).join('; ')}`);
  const out = await exportedPack(town, personas, [['public/assets/tiles.png', new Uint8Array(readFileSync(join(ROOT, 'public/assets/tiles.png')))]]);
  if ('why' in out) throw new Error(out.why);
  return out.bytes;
}

/** Watch the page for `seconds` at 60×: steps, long tasks, main-thread busy time, the simulation's share. */
async function measure(page: Page, label: string, residents: number, seconds: number): Promise<Figures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // Long tasks and the simulation's time on the main thread, counted from here on.
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { long: number[]; simMs: number }; hamlet: Hamlet };
    w.__bench = { long: [], simMs: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.long.push(e.duration);
    }).observe({ type: 'longtask' });
    // Before the worker the Simulation lives on the main thread: time its steps where they run.
    const sim = w.hamlet.sim;
    if (sim && typeof sim.tick === 'function') {
      const tick = sim.tick.bind(sim);
      sim.tick = async () => {
        const t0 = performance.now();
        try {
          return await tick();
        } finally {
          w.__bench.simMs += performance.now() - t0;
        }
      };
    }
  });
  await page.evaluate((s) => (window as unknown as { hamlet: Hamlet }).hamlet.store.getState().setSpeed(s), SPEED);
  // A few seconds to settle (the first steps plan everyone's day).
  await page.waitForTimeout(3000);
  // Again: an opened town applies its own start (paused or not) once its map is drawn.
  await page.evaluate((s) => (window as unknown as { hamlet: Hamlet }).hamlet.store.getState().setSpeed(s), SPEED);
  const read = () =>
    page.evaluate(() => {
      const w = window as unknown as { __bench: { long: number[]; simMs: number }; hamlet: Hamlet };
      const s = w.hamlet.store.getState();
      const worker = w.hamlet.simMainThreadMs?.();
      return { step: s.step, time: s.time, t: performance.now(), long: w.__bench.long.slice(), simMs: worker ?? w.__bench.simMs, worker: worker !== undefined };
    });
  const metric = async () => {
    const m = (await cdp.send('Performance.getMetrics')).metrics;
    return m.find((x) => x.name === 'TaskDuration')?.value ?? 0;
  };
  const a = await read();
  const busy0 = await metric();
  await page.waitForTimeout(seconds * 1000);
  const b = await read();
  const busy1 = await metric();
  const wall = (b.t - a.t) / 1000;
  const long = b.long.slice(a.long.length);
  await cdp.detach();
  return {
    label,
    residents,
    asked: SPEED,
    achieved: (b.step - a.step) / wall,
    gameMinutesPerMinute: (b.time - a.time) / 60_000 / (wall / 60),
    longTasks: long.length,
    longestMs: long.length ? Math.max(...long) : 0,
    busyShare: (busy1 - busy0) / wall,
    simShare: (b.simMs - a.simMs) / 1000 / wall,
    simHow: b.worker ? 'applying the worker’s patches on the main thread' : 'Simulation.tick on the main thread, awaits included',
  };
}

function print(f: Figures): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(
    `${f.label.padEnd(34)} ${f.achieved.toFixed(1).padStart(5)} of ${f.asked} steps/s (${Math.round(f.gameMinutesPerMinute)} game min per real min) · ` +
      `long tasks ${f.longTasks} (max ${Math.round(f.longestMs)} ms) · main thread busy ${pct(f.busyShare)} · simulation ${pct(f.simShare)} (${f.simHow})`,
  );
}

/** Point the page at a model endpoint (as ⚙ Brain does, saved for the next load) and reload. */
async function useEndpoint(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    localStorage.setItem(
      'hamlet.llm.settings',
      JSON.stringify({ enabled: true, preset: 'custom', config: { baseURL: u, model: 'fake-model', structuredOutput: 'json_schema', concurrency: 4, timeoutMs: 5_000, temperature: 0.7, tokenBudgetPerDay: 0, embeddingModel: '', price: { input: 0, output: 0 }, callPlan: 'packed' } }),
    );
  }, url);
}

async function main(): Promise<void> {
  const { values } = parseCli(process.argv.slice(2), { seconds: { type: 'string' }, only: { type: 'string' }, dist: { type: 'string' }, query: { type: 'string' } });
  if (values.help) {
    console.log('usage: npm run bench:browser -- [--seconds 20] [--only 25,100,html,slow] [--dist DIR] [--query worker=off]   (the town in its worker unless worker=off; DIR: a build to use instead of building; --query: more URL parameters for every run)');
    return;
  }
  const seconds = numberOption('seconds', values.seconds, 20, { min: 3, max: 600 });
  const only = new Set((values.only ?? '25,100,html,slow').split(','));
  // The browser tests' harness finds the repository from __dirname (vitest provides it; tsx's ES modules do not).
  (globalThis as { __dirname?: string }).__dirname = join(ROOT, 'tests/browser');
  const { launch, serve, watchErrors } = await import('../tests/browser/harness');
  const { buildApp } = await import('../tests/browser/buildOnce');
  const dir = values.dist ?? (await buildApp());
  writeFileSync(join(dir, 'bench-town-100.zip'), await scaledPack(100));
  const server = await serve(dir);
  const ctx = await launch();
  const fakes: FakeLlm[] = [];
  const load = () => loadavg()[0]!.toFixed(1);
  console.log(`Browser benchmark: ${seconds} s each at ${SPEED}×, offline brain unless said (headless Chromium, software WebGL; ${cpus().length} cores, load average ${load()})`);
  try {
    const open = async (query: string, residents: number) => {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      // The town in its worker (the page's default) unless --query says worker=off (docs/worker.md).
      await page.goto(`${server.url}${query}${values.query ? `&${values.query}` : ''}`);
      await page.waitForFunction(() => (window as unknown as { hamlet?: Hamlet }).hamlet?.ready === true, null, { timeout: 180_000 });
      // An opened town replaces Hamlet's a moment after the page is ready.
      const got = await page
        .waitForFunction((n) => (window as unknown as { hamlet: Hamlet }).hamlet.store.getState().personas.length === n, residents, { timeout: 60_000 })
        .then(() => null)
        .catch(() => page.evaluate(() => { const s = (window as unknown as { hamlet: Hamlet }).hamlet.store.getState() as unknown as { personas: unknown[]; notice: string | null }; return `${s.personas.length} residents, notice: ${s.notice}`; }));
      if (got) throw new Error(`${query}: expected ${residents} residents, the page has ${got}`);
      return { page, errors };
    };
    const run = async (label: string, query: string, residents: number, before?: (p: Page) => Promise<void>) => {
      let { page, errors } = await open(query, residents);
      if (before) {
        await before(page);
        await page.close();
        ({ page, errors } = await open(query, residents));
      }
      print(await measure(page, label, residents, seconds));
      console.log(`  (load average ${load()})`);
      if (errors.length) console.log(`  page errors: ${errors.slice(0, 3).join(' | ')}`);
      await page.close();
    };
    if (only.has('25')) await run('25 residents, offline', '?paused&seed=1', 25);
    if (only.has('100')) await run('100 residents, offline', '?seed=1&town=bench-town-100.zip', 100);
    if (only.has('html')) {
      const fake = await startFakeLlm(() => ({ kind: 'raw', status: 200, contentType: 'text/html', body: '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>' }));
      fakes.push(fake);
      await run('25 residents, endpoint answers HTML', '?paused&seed=1', 25, (p) => useEndpoint(p, fake.url));
    }
    if (only.has('slow')) {
      const fake = await startFakeLlm(() => ({ kind: 'hang', ms: 4_000 }));
      fakes.push(fake);
      await run('25 residents, endpoint answers in 4 s', '?paused&seed=1', 25, (p) => useEndpoint(p, fake.url));
    }
  } finally {
    await ctx.close();
    await server.close();
    for (const f of fakes) await f.close();
  }
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

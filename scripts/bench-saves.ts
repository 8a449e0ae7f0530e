/**
 * Benchmark of saves (docs/saves.md): a town of N personas run D game days on the offline brain,
 * saved as the page saves it (state, persona files, the one-day recording window), then loaded back,
 * in Node and in the page (headless Chromium: from IndexedDB, and as an imported file). Prints
 * figures; asserts nothing. Goals (issue 18): under 10 MB gzip and under 3 s to load in the page,
 * for 25 personas after 7 game days.
 *
 *   npm run bench:saves -- [--days 7] [--personas 25] [--from FILE.hamlet.json.gz] [--keep FILE] [--no-page]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTownPersonas, loadTownWorld, ROOT } from '../src/node/town';
import { scaleTown } from '../src/cli/town';
import { numberOption, parseCli } from '../src/cli/args';
import { Simulation } from '../src/sim/simulation';
import { OfflineBrain } from '../src/llm/offline/offlineBrain';
import { Recorder } from '../src/replay/recorder';
import { createSave, decodeSave, encodeSave, openSave } from '../src/save/saveFile';
import { gunzipBounded } from '../src/replay/gzip';
import { formatDate, formatHHMM } from '../src/sim/clock';

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const ms = (t: number) => `${t.toFixed(0)} ms`;

async function makeSave(days: number, personas: number): Promise<Uint8Array> {
  const town = scaleTown(loadTownPersonas(), loadTownWorld(), personas);
  const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(1, town.personas), seed: 1, start: '2023-02-13T07:00:00' });
  const recorder = new Recorder(sim, { maxSteps: sim.clock.stepsPerDay });
  const steps = days * sim.clock.stepsPerDay;
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) {
    recorder.record(await sim.tick());
    if (i % 8640 === 8639) process.stderr.write(`  day ${(i + 1) / 8640} done (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  }
  const t1 = performance.now();
  const bytes = await encodeSave(createSave(sim, { name: `${personas} personas after ${days} days`, recorder }));
  console.log(`ran ${personas} personas × ${days} game days in ${((t1 - t0) / 1000).toFixed(1)} s; saving took ${ms(performance.now() - t1)}`);
  return bytes;
}

async function main(): Promise<void> {
  const { values: args } = parseCli(process.argv.slice(2), { from: { type: 'string' }, days: { type: 'string' }, personas: { type: 'string' }, keep: { type: 'string' }, 'no-page': { type: 'boolean' } });
  const from = args.from;
  const days = numberOption('days', args.days, 7, { above: 0 });
  const personas = numberOption('personas', args.personas, 25, { integer: true, min: 1 });
  const bytes = typeof from === 'string' ? new Uint8Array(readFileSync(from)) : await makeSave(days, personas);
  const keep = args.keep;
  if (typeof keep === 'string') writeFileSync(keep, bytes);

  const json = await gunzipBounded(bytes, 1e9);
  const save = await decodeSave(bytes);
  const stateBytes = JSON.stringify(save.state).length;
  const recBytes = save.recording ? JSON.stringify(save.recording).length : 0;
  const memories = (save.state.parts.personas!.data as { memory: unknown[] }[]).reduce((n, p) => n + p.memory.length, 0);
  console.log(`save of ${save.game.personas.length} personas at ${formatDate(Date.parse(`${save.game.start}Z`) + save.state.step * 10_000)} ${formatHHMM(Date.parse(`${save.game.start}Z`) + save.state.step * 10_000)}: ${mb(bytes.length)} gzip (goal < 10 MB), ${mb(json.length)} JSON — state ${mb(stateBytes)} (${memories.toLocaleString('en')} memories, ${save.state.strings.length.toLocaleString('en')} strings), recording window ${mb(recBytes)} (${save.recording?.steps.length ?? 0} steps, ${save.recording?.snapshots.length ?? 0} snapshots)`);

  const world = loadTownWorld();
  const scaled = scaleTown(loadTownPersonas(), world, save.game.personas.length).world;
  // CPU time beside wall time: on a busy machine the wall time says more about the neighbours.
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (let run = 1; run <= 3; run++) {
    const [t0, c0] = [performance.now(), cpu()];
    const s = await decodeSave(bytes);
    const [t1, c1] = [performance.now(), cpu()];
    const sim = openSave(s, scaled, (specs, seed) => new OfflineBrain(seed, specs));
    const [t2, c2] = [performance.now(), cpu()];
    console.log(`Node load ${run}: ${ms(t2 - t0)} wall, ${ms(c2 - c0)} CPU (unpack + parse + check ${ms(t1 - t0)} / ${ms(c1 - c0)} CPU, build + check + restore the town ${ms(t2 - t1)} / ${ms(c2 - c1)} CPU); step ${sim.step}`);
  }
  if (!args['no-page']) await inPage(bytes);
}

/** Load the save in the page (headless Chromium), from an imported file and from IndexedDB. */
async function inPage(bytes: Uint8Array): Promise<void> {
  // The browser tests' harness finds the repository from __dirname (vitest provides it; tsx's ES modules do not).
  (globalThis as { __dirname?: string }).__dirname = join(ROOT, 'tests/browser');
  const { launch, serve } = await import('../tests/browser/harness');
  const { buildApp } = await import('../tests/browser/buildOnce');
  const dir = await buildApp();
  writeFileSync(join(dir, 'bench.hamlet.json.gz'), bytes);
  const server = await serve(dir);
  const ctx = await launch();
  try {
    const page = await ctx.newPage();
    await page.goto(`${server.url}?paused`);
    await page.waitForFunction(() => (window as unknown as { hamlet?: { ready: boolean } }).hamlet?.ready === true, null, { timeout: 120_000 });
    type Saves = { importFile(b: Uint8Array, n: string): Promise<{ name: string }>; load(n: string): Promise<void> };
    const imported = await page.evaluate(async () => {
      const saves = (window as unknown as { hamlet: { saves: Saves } }).hamlet.saves;
      const got = new Uint8Array(await (await fetch('bench.hamlet.json.gz')).arrayBuffer());
      const t0 = performance.now();
      const slot = await saves.importFile(got, 'bench.hamlet.json.gz');
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      return { ms: performance.now() - t0, name: slot.name };
    });
    console.log(`page import (unpack, check, build, restore, adopt, store in IndexedDB, next frame): ${ms(imported.ms)} (goal < 3 s)`);
    for (let run = 1; run <= 2; run++) {
      const t = await page.evaluate(async (name) => {
        const saves = (window as unknown as { hamlet: { saves: Saves } }).hamlet.saves;
        const t0 = performance.now();
        await saves.load(name);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        return performance.now() - t0;
      }, imported.name);
      console.log(`page load from IndexedDB ${run} (read, unpack, check, build, restore, adopt, next frame): ${ms(t)} (goal < 3 s)`);
    }
  } finally {
    await ctx.close();
    await server.close();
  }
}

void main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

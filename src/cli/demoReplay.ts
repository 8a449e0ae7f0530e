import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadTownPersonas, loadTownWorld, ROOT } from '../node/town';
import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { checkPersonasAgainstWorld } from '../sim/persona/load';
import { Recorder } from '../replay/recorder';
import { decodeReplay, encodeReplay } from '../replay/codec';
import { ReplayPlayer } from '../replay/player';
import { formatHHMM } from '../sim/clock';
import { checkWritable, numberOption, parseCli, startOption } from './args';
import { at } from '../sim/checked';

/**
 * `npm run demo-replay`: records the demo replay that ships with the app — a full day of the
 * 25-persona town on the offline brain — to public/replays/demo.json.gz, and prints its size and
 * how long it took. Deterministic: the same code gives the same file.
 */
const USAGE = 'usage: npm run demo-replay -- [--hours 24] [--seed 1] [--start 2023-02-13T00:00:00] [--snapshot-hours 6] [--out public/replays/demo.json.gz]';

async function main(): Promise<void> {
  const { values: args } = parseCli(process.argv.slice(2), { hours: { type: 'string' }, seed: { type: 'string' }, start: { type: 'string' }, 'snapshot-hours': { type: 'string' }, out: { type: 'string' } });
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const hours = numberOption('hours', args.hours, 24, { above: 0 });
  const seed = numberOption('seed', args.seed, 1, { integer: true, min: 0, max: 2 ** 32 - 1 });
  const snapshotHours = numberOption('snapshot-hours', args['snapshot-hours'], 6, { above: 0 });
  const start = startOption(args.start, '2023-02-13T00:00:00');
  const out = args.out ?? join(ROOT, 'public/replays/demo.json.gz');
  checkWritable('out', out);

  const world = loadTownWorld();
  const personas = loadTownPersonas();
  checkPersonasAgainstWorld(personas, world);
  const sim = new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start });
  const perHour = Math.round(3600 / sim.clock.stepSeconds);
  const rec = new Recorder(sim, { title: `A day in Hamlet (${hours} h, offline brain, seed ${seed})`, snapshotInterval: Math.round(snapshotHours * perHour) });
  const steps = Math.round(hours * perHour);
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) {
    rec.record(await sim.tick());
    if (i % 360 === 0 || i === steps - 1) process.stderr.write(`\rrecording… ${formatHHMM(sim.now)}  `);
  }
  const simSecs = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const bytes = await encodeReplay(rec.toReplay());
  const encSecs = (performance.now() - t1) / 1000;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  process.stderr.write('\n');
  const r = rec.toReplay();
  const mem = r.steps.reduce((n, s) => n + (s.m?.length ?? 0), 0);
  const convos = r.steps.reduce((n, s) => n + (s.c?.length ?? 0), 0);
  console.log(`${out}: ${(bytes.length / 1024).toFixed(0)} KiB gzip (${bytes.length} bytes); ${personas.length} personas × ${steps} steps, ${r.keyframes.length} keyframes, ${r.snapshots.length} snapshots, ${mem} memories, ${convos} conversations`);
  console.log(`recorded in ${simSecs.toFixed(1)} s, encoded in ${encSecs.toFixed(2)} s`);

  // How long opening and jumping take (the page's player does the same work).
  const t2 = performance.now();
  const player = new ReplayPlayer(await decodeReplay(bytes));
  const openMs = performance.now() - t2;
  const last = player.lastStep;
  const times: number[] = [];
  for (let i = 0; i < 20; i++) player.seek((i * 433) % (last + 1)); // warm up (JIT)
  for (let i = 0; i < 400; i++) {
    const target = (i * 7919) % (last + 1); // scattered jumps, back and forth
    const t = performance.now();
    player.seek(target);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`decode + index ${openMs.toFixed(0)} ms; jump to a step: median ${at(times, 200, 'jump time').toFixed(3)} ms, 99th percentile ${at(times, 395, 'jump time').toFixed(3)} ms, worst ${at(times, 399, 'jump time').toFixed(3)} ms (400 scattered jumps)`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(1);
});

import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import Tinypool from 'tinypool';
import { checkFileSize, DEFAULT_LIMITS, parseJsonBounded } from '../io/bounded';
import { parseExperimentConfig, parseShard, runsOf, shardOf, type ExperimentConfig, type RunSpec } from '../experiment/config';
import { readRuns, resultsCsv, runFile, strayRuns, writeRunFile } from '../experiment/results';
import { makeManifest } from '../experiment/manifest';
import { reportHtml } from '../experiment/report';
import { judgeInterviews, type JudgeSummary } from '../experiment/judge';
import { scenarioPlan } from '../experiment/scenarios';
import { runOne, type RunResult } from '../experiment/runOne';
import { CliError, numberOption, parseCli } from './args';
import { exitWhenDone, scrubProcessOutput } from './output';

const USAGE =
  'usage: npm run experiment -- CONFIG.json [--out DIR] [--workers N] [--shard I/N]   (runs the experiment; runs already in DIR are skipped)\n' +
  '       npm run experiment -- report DIR... --out DIR   (merges shard folders: results.csv and report.html of every run)\n' +
  'See docs/experiments.md for the config, the measures and running a sweep on a cluster.';

function readConfig(path: string): ExperimentConfig {
  if (!existsSync(path)) throw new CliError(`no such config file: ${path}`);
  checkFileSize(statSync(path).size, path, { ...DEFAULT_LIMITS, maxFileBytes: 1_000_000 });
  const c = parseExperimentConfig(parseJsonBounded(readFileSync(path, 'utf8'), path), path);
  // Paths in the config are read relative to the config's folder.
  const base = resolve(path, '..');
  const at = (p: string | undefined) => (p === undefined ? undefined : resolve(base, p));
  return { ...c, town: at(c.town), replayCalls: at(c.replayCalls) };
}

/** The experiment's config as the folder keeps it (config.json), the same for every shard. */
function folderConfig(dir: string): ExperimentConfig {
  const path = join(dir, 'config.json');
  if (!existsSync(path)) throw new CliError(`${dir} holds no experiment (no config.json)`);
  return parseExperimentConfig(parseJsonBounded(readFileSync(path, 'utf8'), path), path);
}

async function run(configPath: string, args: { out?: string; workers?: string; shard?: string }): Promise<void> {
  const config = readConfig(configPath);
  const dir = resolve(args.out ?? join('out', 'experiments', config.name.replace(/[^\w.-]+/g, '-')));
  const workers = numberOption('workers', args.workers, Math.min(2, availableParallelism()), { integer: true, min: 1, max: 256 });
  const shard = args.shard === undefined ? null : parseShard(args.shard);
  mkdirSync(join(dir, 'runs'), { recursive: true });
  const kept = join(dir, 'config.json');
  if (existsSync(kept) && JSON.stringify(folderConfig(dir)) !== JSON.stringify(config)) throw new CliError(`${dir} holds another experiment's runs (its config.json differs): choose another --out`);
  writeFileSync(kept, `${JSON.stringify(config, null, 2)}\n`);
  const mine = shardOf(runsOf(config), shard);
  const todo = mine.filter((r) => !existsSync(runFile(dir, r.id)));
  const started = new Date();
  process.stderr.write(`${config.name}: ${mine.length} runs${shard ? ` (shard ${shard.index}/${shard.count})` : ''}, ${mine.length - todo.length} already in ${dir}; ${todo.length} to run on ${Math.min(workers, Math.max(1, todo.length))} worker${workers === 1 ? '' : 's'}\n`);
  const t0 = performance.now();
  if (todo.length > 0) await runAll(config, todo, dir, workers);
  const wall = (performance.now() - t0) / 1000;
  const timing = todo.length > 0 ? `${todo.length} runs in ${wall.toFixed(1)} s wall on ${Math.min(workers, todo.length)} worker thread${workers === 1 ? '' : 's'}.` : '';
  const manifest = await makeManifest(config, started, { ended: new Date().toISOString(), wallSeconds: Number(wall.toFixed(2)), workers, shard: shard ? `${shard.index}/${shard.count}` : null, runs: mine.map((r) => r.id) });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeOutputs(config, dir, manifest, timing);
  console.log(`${todo.length} runs done in ${wall.toFixed(1)} s on ${workers} worker${workers === 1 ? '' : 's'}; results in ${dir} (results.csv, report.html, runs/, replays/)`);
}

/**
 * Every run on a pool of worker threads (tinypool: each run its own simulation on a thread), each
 * run's file written as it ends; with one worker, one after another in this process (no thread to start).
 */
async function runAll(config: ExperimentConfig, todo: RunSpec[], dir: string, workers: number): Promise<void> {
  let done = 0;
  const finished = (r: RunResult) => {
    writeRunFile(dir, r);
    done++;
    process.stderr.write(`  [${done}/${todo.length}] ${r.id}: heard ${r.heard}/${r.others}${r.attended !== null ? `, attended ${r.attended}` : ''}, density ${r.densityStart.toFixed(3)} → ${r.densityEnd.toFixed(3)}, ${r.wallSeconds.toFixed(1)} s\n`);
  };
  const threads = Math.min(workers, todo.length);
  if (threads === 1) {
    for (const run of todo) finished(await runOne(config, run, dir));
    return;
  }
  const pool = new Tinypool({ filename: new URL('../experiment/workerEntry.mjs', import.meta.url).href, minThreads: threads, maxThreads: threads });
  try {
    await Promise.all(todo.map(async (run) => finished((await pool.run({ config, run, dir })) as RunResult)));
  } finally {
    await pool.destroy();
  }
}

/** results.csv, the judge's ratings (judge.json, with a judge configured) and report.html from every run of the config in `dir`. */
async function writeOutputs(config: ExperimentConfig, dir: string, manifest: Record<string, unknown>, timing: string): Promise<RunResult[]> {
  const runs = readRuns(dir, config);
  writeFileSync(join(dir, 'results.csv'), resultsCsv(runs));
  const judged = await judgeOnce(config, dir, runs);
  // The spread is drawn from the whisper, or from the start when the news is in a persona file (the election).
  const plan = scenarioPlan(config);
  const whisperAt = plan.whisper?.at ?? (plan.candidate ? Date.parse(`${plan.start}Z`) : null);
  writeFileSync(join(dir, 'report.html'), reportHtml(config, runs, manifest, whisperAt, timing, judged));
  return runs;
}

/** The judge's verdicts over these runs: judge.json when it covers the same runs, else asked again (each comparison a model call). */
async function judgeOnce(config: ExperimentConfig, dir: string, runs: RunResult[]): Promise<JudgeSummary | null> {
  if (!config.judge || !runs.some((r) => r.interviews)) return null;
  const path = join(dir, 'judge.json');
  const ids = runs.map((r) => r.id);
  if (existsSync(path)) {
    const kept = parseJsonBounded(readFileSync(path, 'utf8'), path) as JudgeSummary & { runs?: string[] };
    if (JSON.stringify(kept.runs) === JSON.stringify(ids)) return kept;
  }
  process.stderr.write(`judging interview answers with ${config.judge.model} …\n`);
  const summary = await judgeInterviews(config, runs);
  if (summary) writeFileSync(path, `${JSON.stringify({ ...summary, runs: ids }, null, 2)}\n`);
  return summary;
}

/** Merge shard folders into `out`: their run files, replays and call files, one results.csv and report.html. */
async function report(dirs: string[], out: string | undefined): Promise<void> {
  if (dirs.length === 0) throw new CliError('report needs at least one experiment folder');
  if (!out) throw new CliError('report needs --out DIR (where the merged results go)');
  const config = folderConfig(resolve(dirs[0] ?? ''));
  const target = resolve(out);
  mkdirSync(join(target, 'runs'), { recursive: true });
  const manifests: unknown[] = [];
  for (const d of dirs.map((x) => resolve(x))) {
    const other = folderConfig(d);
    if (JSON.stringify(other) !== JSON.stringify(config)) throw new CliError(`${d} is another experiment than ${dirs[0]} (their config.json differ)`);
    const stray = strayRuns(d, config);
    if (stray.length > 0) throw new CliError(`${d}/runs holds files of no run of this experiment: ${stray.slice(0, 3).join(', ')}`);
    if (existsSync(join(d, 'manifest.json'))) manifests.push(parseJsonBounded(readFileSync(join(d, 'manifest.json'), 'utf8'), join(d, 'manifest.json')));
    if (d === target) continue;
    for (const r of readRuns(d, config)) {
      for (const rel of [r.replay, r.callsFile]) {
        if (!rel || !existsSync(join(d, rel))) continue;
        mkdirSync(join(target, rel, '..'), { recursive: true });
        copyFileSync(join(d, rel), join(target, rel));
      }
      writeRunFile(target, r);
    }
  }
  writeFileSync(join(target, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  const manifest = { ...(await makeManifest(config, new Date())), mergedFrom: dirs.map((d) => basename(resolve(d))), shards: manifests };
  writeFileSync(join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const runs = await writeOutputs(config, target, manifest, '');
  const missing = runsOf(config).length - runs.length;
  console.log(`${runs.length} runs merged into ${target}${missing > 0 ? ` (${missing} runs of the experiment are in none of the folders)` : ''}`);
}

async function main(): Promise<void> {
  const { values: args, positionals } = parseCli(process.argv.slice(2), { out: { type: 'string' }, workers: { type: 'string' }, shard: { type: 'string' } }, 64);
  if (args.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  if (positionals[0] === 'report') {
    if (args.workers !== undefined || args.shard !== undefined) throw new CliError('report takes only folders and --out');
    return report(positionals.slice(1), args.out);
  }
  if (positionals.length > 1) throw new CliError(`one config at a time (got ${positionals.length} arguments)`);
  return run(positionals[0] ?? '', args);
}

// A model's text or an error may quote the key: every line printed is scrubbed (src/cli/output.ts).
scrubProcessOutput();
exitWhenDone(main(), (err) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof CliError) console.error(USAGE);
});

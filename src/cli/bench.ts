import { availableParallelism, loadavg } from 'node:os';
import { loadTown } from '../node/town';
import { whisperFirstMemories, type TownPack } from '../pack/open';
import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { personasOption, scaleTown } from './town';
import { registryModes } from '../sim/persona/agentState';
import { formatComparison, measureCallPlanDay } from './callPlanBench';
import { talkativeModel } from '../../tests/support/talkativeModel';
import { goodModel } from '../../tests/support/goodModel';
import type { CallPlan } from '../sim/brain/callPlan';
import { CliError, numberOption, parseCli } from './args';
import { faultStorms, modelLatency } from './modelBench';
import type { Speed } from '../store/store';

/**
 * Benchmark: one game day with the offline brain, for 25 and 100 personas; then the call plans side by
 * side on fake models. Prints figures; asserts nothing. `--steps` runs only the first part, `--calls`
 * only the second. `--latency` (a slow local model) and `--faults` (the fault storm) run the model
 * path's figures (src/cli/modelBench.ts) instead: they take minutes of real time, so they are their own flags.
 */
/** One game day of `count` personas: its wall and CPU seconds (CPU: what the machine's other work does not inflate). */
async function bench(pack: TownPack, count: number, registry = 0): Promise<{ wall: number; cpu: number }> {
  const town = scaleTown(pack.personas, pack.world, count, pack.whispers);
  const brainModes = registryModes(town.personas.map((p) => p.id), registry);
  const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(1, town.personas), seed: 1, start: pack.start, stepSeconds: pack.stepSeconds, timer: () => performance.now(), brainModes });
  whisperFirstMemories(sim, town);
  const steps = sim.clock.stepsPerDay;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await sim.run(steps);
  const secs = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(c0);
  const cpu = (used.user + used.system) / 1e6;
  const d = sim.paths.stats.durations.slice().sort((a, b) => a - b);
  const median = d[Math.floor(d.length / 2)] ?? 0;
  const districts = new Set(town.world.sectors.map((s) => s.district ?? 0)).size;
  console.log(
    `${String(count).padStart(4)} personas${registry ? ` (${registry} on the registry brain)` : ''} × 1 day: ${secs.toFixed(2)} s wall (${cpu.toFixed(2)} s CPU), ${Math.round((steps * count) / secs).toLocaleString('en')} agent-steps/s, ` +
      `${districts} district${districts === 1 ? '' : 's'} (${town.world.width}×${town.world.height} tiles), ` +
      `${sim.paths.stats.computed} paths computed (+${sim.paths.stats.cacheHits} cached), median path ${median.toFixed(2)} ms, ${sim.conversations.length} conversations (${(sim.conversations.length / count).toFixed(2)} per persona), ` +
      `${Math.round(sim.personas.reduce((n, p) => n + p.memory.nodes.length, 0) / count)} memories per persona`,
  );
  // Where the time went, largest first (the phases of a step; see Simulation.phaseTimes).
  const phases = [...sim.phaseTimes].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(2)} s`);
  console.log(`      by phase: ${phases.join(' · ')}`);
  return { wall: secs, cpu };
}

/** Peak resident memory of this process so far, in GB. */
const peakRssGb = () => (process.resourceUsage().maxRSS * 1024) / 1e9;

/** The scale targets (docs/performance.md): 25 × 1 day ≤ 3 s; N × 1 day ≤ 5 min, ≤ 4 GB and ≤ 12 × the time of 100, measured back to back. */
async function scale(pack: TownPack, n: number): Promise<void> {
  console.log(`${pack.name} scale benchmark: one game day each for 25, 100 and ${n} personas, back to back (offline brain; ${n} personas live in ${Math.ceil(n / pack.personas.length)} districts)`);
  const t25 = await bench(pack, 25);
  const t100 = await bench(pack, 100);
  const tn = await bench(pack, n);
  const rss = peakRssGb();
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const most = (n / 100) * 1.2;
  console.log(`\ntargets: 25 × 1 day ${t25.wall.toFixed(2)} s ≤ 3 s: ${met(t25.wall <= 3)}`);
  console.log(`         time(${n}) / time(100) = ${(tn.wall / t100.wall).toFixed(2)} ≤ ${most}: ${met(tn.wall / t100.wall <= most)} (CPU time: ${(tn.cpu / t100.cpu).toFixed(2)})`);
  console.log(`         ${n} × 1 day ${tn.wall.toFixed(1)} s ≤ 300 s: ${met(tn.wall <= 300)}; peak RSS ${rss.toFixed(2)} GB ≤ 4 GB: ${met(rss <= 4)}`);
  // Whether a persona's step costs the same at every size, load aside: the ratio's reason when it is not met.
  const perPersona = [[25, t25], [100, t100], [n, tn]] as const;
  console.log(`         CPU per persona and game day: ${perPersona.map(([k, t]) => `${(t.cpu / k).toFixed(3)} s at ${k}`).join(', ')} (what grows and why: docs/performance.md#cost-linear-in-the-town-issue-32)`);
  console.log(`         (load average ${loadavg().map((l) => l.toFixed(2)).join(', ')} on ${availableParallelism()} cores: wall time on a shared machine grows with its other work)`);
}

/** Call plans side by side: the same fake model, seed and town, one game day each (docs/call-plans.md). */
async function callPlans(pack: TownPack, count: number): Promise<void> {
  const town = scaleTown(pack.personas, pack.world, count);
  const plans: CallPlan[] = ['faithful', 'packed'];
  for (const [label, model] of [
    ['talkative', talkativeModel],
    ['good (the test suite’s model)', goodModel],
  ] as const) {
    const days = [];
    for (const plan of plans) days.push(await measureCallPlanDay({ plan, model: model(), world: town.world, personas: town.personas, seed: 1 }));
    const secs = days.map((d) => `${d.plan} ${d.seconds.toFixed(1)} s`).join(', ');
    console.log(`\nCall plans on the ${label} fake model, ${count} personas × 1 day, seed 1 (${secs}):`);
    console.log(formatComparison(days));
  }
}

async function main(): Promise<void> {
  const { values } = parseCli(process.argv.slice(2), { calls: { type: 'boolean' }, personas: { type: 'string' }, steps: { type: 'boolean' }, latency: { type: 'boolean' }, faults: { type: 'boolean' }, seconds: { type: 'string' }, speed: { type: 'string' }, town: { type: 'string' } });
  const pack = await loadTown(values.town);
  if (values.help) {
    console.log(
      'usage: npm run bench -- --personas 1000 [--town PATH]   (the scale targets: one game day for 25, 100 and N personas back to back, N in districts of the town; prints time, ratio and peak memory)\n' +
        '       npm run bench [-- --steps | --calls] [--town PATH]   (--steps: one game day for 25 and 100 personas on the offline brain; --calls: the call plans side by side on fake models; default both)\n' +
        '       npm run bench -- --latency [--seconds 75] [--speed 1] [--faults]   (the model path: 25 personas on a slow local model for a fixed real time, one request at a time and four)\n' +
        '       npm run bench -- --faults   (the fault storm: 15 personas, 4 game hours, 30 % faulty replies, asynchronous and lock-step)',
    );
    return;
  }
  if (values.latency || values.faults) {
    const town = pack.personas;
    const world = pack.world;
    if (values.latency) {
      const speed = numberOption('speed', values.speed, 1, { integer: true, min: 1, max: 60 });
      if (![1, 2, 5, 10, 60].includes(speed)) throw new Error(`--speed must be one of the page's speeds 1, 2, 5, 10 or 60, got ${speed}`);
      await modelLatency(scaleTown(town, world, 25), { seconds: numberOption('seconds', values.seconds, 75, { min: 5, max: 3600 }), speed: speed as Speed });
    }
    if (values.faults) await faultStorms(scaleTown(town, world, 15));
    return;
  }
  if (values.personas !== undefined) {
    const n = personasOption(values.personas, pack.personas, 1000);
    if (n < 100) throw new CliError(`--personas must be at least 100 (the run is compared with 100 personas), got "${values.personas}"`);
    await scale(pack, n);
    return;
  }
  const only = values.calls ? 'calls' : values.steps ? 'steps' : 'all';
  if (only !== 'calls') {
    console.log(`${pack.name} benchmark (offline brain, 8640 steps of 10 s = one game day; target: 25 personas ≤ 3 s)`);
    for (const n of [25, 100]) await bench(pack, n);
    // A large mixed town: a few generative personas, many cheap registry ones.
    await bench(pack, 100, 75);
  }
  // Calls per persona-day (targets: packed ≤ 40 calls and ≤ 20,000 tokens on the talkative model,
  // behaviour within 10 % of faithful). 25 personas: a fake-model day costs seconds of HTTP each.
  if (only !== 'steps') await callPlans(pack, 25);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

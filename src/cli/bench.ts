import { loadTownPersonas, loadTownWorld } from '../node/town';
import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { scaleTown } from './town';
import { registryModes } from '../sim/actions/state';

/** Benchmark: one game day with the offline brain, for 25 and 100 personas. Prints figures; asserts nothing. */
async function bench(count: number, registry = 0): Promise<void> {
  const town = scaleTown(loadTownPersonas(), loadTownWorld(), count);
  const brainModes = registryModes(town.personas.map((p) => p.id), registry);
  const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(1, town.personas), seed: 1, start: '2023-02-13T00:00:00', timer: () => performance.now(), brainModes });
  const steps = sim.clock.stepsPerDay;
  const t0 = performance.now();
  await sim.run(steps);
  const secs = (performance.now() - t0) / 1000;
  const d = sim.paths.stats.durations.slice().sort((a, b) => a - b);
  const median = d.length ? d[Math.floor(d.length / 2)] : 0;
  console.log(
    `${String(count).padStart(3)} personas${registry ? ` (${registry} on the registry brain)` : ''} × 1 day: ${secs.toFixed(2)} s wall, ${Math.round((steps * count) / secs).toLocaleString('en')} agent-steps/s, ` +
      `${sim.paths.stats.computed} paths computed (+${sim.paths.stats.cacheHits} cached), median path ${median.toFixed(2)} ms, ${sim.conversations.length} conversations`,
  );
  // Where the time went, largest first (the phases of a step; see Simulation.phaseTimes).
  const phases = [...sim.phaseTimes].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(2)} s`);
  console.log(`      by phase: ${phases.join(' · ')}`);
}

async function main(): Promise<void> {
  console.log('Hamlet benchmark (offline brain, 8640 steps of 10 s = one game day; target: 25 personas ≤ 3 s)');
  for (const n of [25, 100]) await bench(n);
  // A large mixed town: a few generative personas, many cheap registry ones.
  await bench(100, 75);
}

void main();

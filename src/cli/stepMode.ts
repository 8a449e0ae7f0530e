import type { Simulation, StepMode } from '../sim/simulation';
import { CliError, numberOption, type Values } from './args';

interface CliStepMode {
  mode: StepMode;
  /** Game speed in the asynchronous mode: 1 = one step per real second, as the page's 1×. */
  speed: number;
}

/** `--lockstep` (Smallville's semantics: the clock waits for every call) or the default asynchronous mode at `--speed N`. */
export const STEP_MODE_OPTIONS = { lockstep: { type: 'boolean' }, speed: { type: 'string' } } as const;

export function stepModeFromArgs(args: Values<typeof STEP_MODE_OPTIONS>): CliStepMode {
  // 1 = one 10-second step per real second.
  const speed = numberOption('speed', args.speed, 1, { above: 0 });
  if (args.lockstep && args.speed !== undefined) throw new CliError('--speed paces the asynchronous mode: it cannot be combined with --lockstep');
  return { mode: args.lockstep ? 'lockstep' : 'async', speed };
}

/**
 * The line a run prints about how its clock related to the brain. `onModel`: the run was given a
 * model (--llm); not whether the brain is remote at the end, which it is not while the breaker is
 * open or the day's token budget is spent.
 */
export function describeStepMode(onModel: boolean, m: CliStepMode): string {
  if (m.mode === 'lockstep') return 'mode: lock-step (every step waited for every brain call)';
  if (!onModel) return 'mode: asynchronous (the offline brain answers within each step, so this equals a lock-step run)';
  return `mode: asynchronous at ${m.speed}× (the clock did not wait for the model; answers took effect at the step after they arrived; --lockstep waits)`;
}

/**
 * Pace the asynchronous mode: while remote calls are in flight a step takes at least its slot of
 * wall time (1 s / speed), so the model gets the time a page would give it; with nothing in flight
 * (the offline brain) the run goes at full speed.
 */
export async function paceStep(sim: Simulation, m: CliStepMode, startedAt: number): Promise<void> {
  if (m.mode !== 'async' || (sim.gate.inFlight === 0 && sim.gate.waiting === 0)) return;
  const left = startedAt + 1000 / m.speed - performance.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

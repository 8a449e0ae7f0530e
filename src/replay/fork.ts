import { Simulation } from '../sim/simulation';
import { SnapshotError } from '../sim/snapshot';
import type { Brain } from '../sim/brain/port';
import type { WorldModel } from '../sim/world/types';
import type { PersonaSpec } from '../sim/persona/schema';
import { parsePersonas, checkPersonasAgainstWorld } from '../sim/persona/load';
import { ReplayError } from './codec';
import { mapInfoOf } from './mapInfo';
import { PLAYER_ID } from '../sim/player/player';
import type { ReplayFile } from './format';
import { defined } from '../sim/checked';

/** Why a replay cannot be forked on this town, or null when it can. */
export function whyNotForkable(replay: ReplayFile, world: WorldModel): string | null {
  if (replay.source !== 'hamlet') return 'Only replays recorded by Hamlet can be continued live (this one was imported).';
  if (replay.snapshots.length === 0) return 'This replay has no full-state keyframes to continue from.';
  if (!replay.specs || replay.seed === null) return 'This replay does not hold the persona files and seed needed to continue it.';
  const here = mapInfoOf(world);
  if (replay.map.fingerprint && replay.map.fingerprint !== here.fingerprint) return `This replay was recorded on another layout of the map "${replay.map.name}"; it can be watched but not continued here.`;
  return null;
}

/** The persona files a replay was recorded with, validated. */
function replaySpecs(replay: ReplayFile): PersonaSpec[] {
  try {
    return parsePersonas((replay.specs ?? []).map((data, i) => ({ source: `replay persona #${i + 1}`, data })));
  } catch (err) {
    throw new ReplayError(`The replay's persona files are damaged: ${err instanceof Error ? err.message : String(err)}`, 'invalid');
  }
}

/**
 * A live Simulation at `step` of a replay: built like the recorded one (world, persona files, seed,
 * start), restored from the latest full-state snapshot at or before the step, and run forward to it.
 * With the offline brain the result is the recorded town exactly; with a model it may drift after
 * the snapshot. `onProgress` hears how many steps are left to run.
 */
export async function forkReplay(
  replay: ReplayFile,
  step: number,
  world: WorldModel,
  brainFor: (specs: PersonaSpec[], seed: number) => Brain,
  onProgress?: (done: number, total: number) => void | Promise<void>,
): Promise<Simulation> {
  const why = whyNotForkable(replay, world);
  if (why) throw new ReplayError(why, 'map');
  const snap = replay.snapshots.filter((s) => s.step <= step).sort((a, b) => b.step - a.step)[0];
  if (!snap) throw new ReplayError(`This replay has no full-state keyframe at or before step ${step}.`, 'invalid');
  const all = replaySpecs(replay);
  // The player's resident (if someone played) comes back as the player, after the town's personas.
  const player = all.find((s) => s.id === PLAYER_ID);
  const specs = all.filter((s) => s.id !== PLAYER_ID);
  checkPersonasAgainstWorld(specs, world);
  const seed = defined(replay.seed, 'the seed (whyNotForkable checked it)');
  const start = new Date(snap.startMs).toISOString().slice(0, 19);
  const sim = new Simulation({ world, personas: specs, brain: brainFor(specs, seed), seed, start, stepSeconds: snap.stepSeconds, player });
  try {
    sim.restore(snap);
  } catch (err) {
    if (err instanceof SnapshotError) throw new ReplayError(`This replay's full-state keyframe at step ${snap.step} cannot be continued: ${err.message}.`, 'invalid');
    throw err;
  }
  const total = step - snap.step;
  for (let i = 0; i < total; i++) {
    await sim.tick();
    if (onProgress && (i % 60 === 0 || i === total - 1)) await onProgress(i + 1, total);
  }
  return sim;
}

import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { playerSetupProblem, playerSpec, type PlayerSetup } from '../sim/player/player';
import { callsParam, registryParam } from './pageParams';
import type { CallPlan } from '../sim/brain/callPlan';

/** The default start: 7 am on Monday February 13, 2023, when the town wakes up. */
export const DEFAULT_START = '2023-02-13T07:00:00';

/** What a new town is made of: the start screen's form, or the page's URL parameters. */
export interface TownChoice {
  seed: number;
  /** Game time of the first step, "YYYY-MM-DDTHH:MM:SS". */
  start: string;
  /** How many of the town's personas live in it (the first ones, in file order). */
  personaCount: number;
  /** Offline, or the model configured in ⚙ Brain settings. */
  brain: 'offline' | 'model';
  /** Your resident, or null to watch. */
  player: PlayerSetup | null;
  /** `?registry=`: personas on the registry brain (docs/action-registry.md). */
  registry: string | null;
  /**
   * How the brain is asked (docs/call-plans.md): `?calls=` or the start screen's Call plan. It wins over
   * ⚙ Brain's setting for this town; null: the setting on a model, faithful offline.
   */
  callPlan: CallPlan | null;
  /** The town's hourly pulse (docs/economy.md#the-hourly-round); `?pulse=off` turns it off. */
  pulse: boolean;
  /** Start paused (`?paused`). */
  paused: boolean;
}

/** "2023-02-13T07:00" (or with seconds) → with seconds; null when it is not such a date and time. */
function parseStart(v: string | null): string | null {
  if (!v) return null;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(v) || Number.isNaN(Date.parse(`${v}Z`))) return null;
  return v.length === 16 ? `${v}:00` : v;
}

/**
 * The town the URL asks for, or null when the URL has no parameters (then the start screen asks).
 * Any parameter skips the start screen, so links and tests that use them keep working:
 * `?seed=N`, `?start=2023-02-13T07:00`, `?paused`, `?registry=…`, `?calls=packed|faithful`, `?pulse=off`, `?replay=…`, `?personas=N`, and
 * `?player=Name` (with `&look=sprite` and `&about=…`) to play.
 */
export function choiceFromParams(params: URLSearchParams, personas: readonly PersonaSpec[]): { choice: TownChoice; warnings: string[] } | null {
  // `?worker=off` says where the town runs (src/main.ts), not what town: the start screen still asks.
  if ([...params.keys()].filter((k) => k !== 'worker').length === 0) return null;
  const warnings: string[] = [];
  const start = parseStart(params.get('start'));
  if (params.get('start') && !start) warnings.push(`Ignoring ?start=${params.get('start')}: expected a date and time like 2023-02-13T07:00`);
  const count = Number(params.get('personas') ?? personas.length);
  const personaCount = Number.isInteger(count) && count >= 1 ? Math.min(count, personas.length) : personas.length;
  if (params.get('personas') !== null && personaCount !== count) warnings.push(`?personas=${params.get('personas')}: the town has 1 to ${personas.length} personas; using ${personaCount}`);
  const calls = callsParam(params.get('calls'));
  if (calls.warning) warnings.push(calls.warning);
  let player: PlayerSetup | null = null;
  const name = params.get('player');
  if (name !== null) {
    const setup = { name, description: params.get('about') ?? '', sprite: params.get('look') ?? personas[0]?.sprite ?? '' };
    const why = playerSetupProblem(setup, personas.map((p) => p.name), personas.map((p) => p.sprite));
    if (why) warnings.push(`?player=: ${why}; watching instead`);
    else player = setup;
  }
  return {
    choice: { seed: seedParam(params.get('seed')), start: start ?? DEFAULT_START, personaCount, brain: 'offline', player, registry: params.get('registry'), callPlan: calls.plan, pulse: params.get('pulse') !== 'off', paused: params.get('paused') !== null },
    warnings,
  };
}

/** `?seed=`: a whole number within the bounds every save is held to (src/sim/bounds.ts), so the town's saves load again; else 1. */
function seedParam(raw: string | null): number {
  const n = Math.trunc(Number(raw ?? 1));
  return n !== 0 && Number.isSafeInteger(n) ? n : 1;
}

/** Build the town a choice describes (offline brain; a model is switched on by the page afterwards). */
/** `stepSeconds`: the town's step (its pack's; Hamlet's is 10). */
export function buildTown(choice: TownChoice, world: WorldModel, all: readonly PersonaSpec[], stepSeconds = 10): { sim: Simulation; warning: string | null } {
  const personas = all.slice(0, Math.max(1, Math.min(choice.personaCount, all.length)));
  const registry = registryParam(choice.registry, personas.map((p) => p.id));
  const sim = new Simulation({
    world,
    personas,
    brain: new OfflineBrain(choice.seed, personas),
    seed: choice.seed,
    start: choice.start,
    stepSeconds,
    brainModes: registry.modes,
    callPlan: choice.callPlan ?? 'faithful',
    pulse: choice.pulse,
    player: choice.player ? playerSpec(choice.player, world) : undefined,
  });
  return { sim, warning: registry.warning };
}

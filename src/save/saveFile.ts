import { z } from 'zod';
import { MAX_CONCURRENCY } from '../llm/config';
import { Simulation, type StepMode } from '../sim/simulation';
import type { Brain } from '../sim/brain/port';
import type { WorldModel } from '../sim/world/types';
import type { PersonaSpec } from '../sim/persona/schema';
import { checkPersonasAgainstWorld, parsePersonas } from '../sim/persona/load';
import { SnapshotError, type SimSnapshot } from '../sim/snapshot';
import { MapInfoSchema, type ReplayFile } from '../replay/format';
import { mapInfoOf } from '../replay/mapInfo';
import { validateReplay } from '../replay/codec';
import { gunzipBounded, gzip, InflateLimitError, isGzip } from '../replay/gzip';
import { DEFAULT_LIMITS, InputError, parseJsonBounded } from '../io/bounded';
import { BOUNDS, describeGameTime, gameTimeInBounds, GameStartSchema, memoryCountProblem, SeedSchema, StepSecondsSchema } from '../sim/bounds';
import type { Recorder } from '../replay/recorder';
import { scrubSecrets } from '../llm/secrets';
import { at } from '../sim/checked';

/**
 * A saved game (docs/saves.md): the town's whole state (a snapshot), what is needed to build the
 * town around it (persona files, seed, start, step length, the map it ran on), the brain settings
 * without the key, and the recording window. One gzip JSON file, `.hamlet.json.gz`, the same in the
 * page (IndexedDB slots, export and import) and the CLI (`--save`, `--load`).
 */
const SAVE_FORMAT = 'hamlet-save';
const SAVE_VERSION = 1;
/** Largest save unpacked, and its text limit (one bound): a gzip bomb stops at the first byte past it. */
const MAX_SAVE_BYTES = BOUNDS.saveTextBytes;
const SAVE_LIMITS = { ...DEFAULT_LIMITS, maxFileBytes: MAX_SAVE_BYTES, maxTextBytes: MAX_SAVE_BYTES };

/** Brain settings as the page keeps them: never the key. */
const SettingsSchema = z.object({
  enabled: z.boolean(),
  preset: z.string().max(40),
  // z.object drops keys it does not name: an `apiKey` written into a save by hand is not read back.
  config: z.object({
    baseURL: z.string().max(2000),
    model: z.string().max(200),
    temperature: z.number().min(0).max(2),
    concurrency: z.number().int().min(1).max(MAX_CONCURRENCY),
    timeoutMs: z.number().int().min(1).max(3_600_000),
    tokenBudgetPerDay: z.number().min(0).max(1e12),
    structuredOutput: z.enum(['json_schema', 'json_object', 'none']),
    embeddingModel: z.string().max(200),
    price: z.object({ input: z.number().min(0).max(1e6), output: z.number().min(0).max(1e6) }),
    // How the town asks the model (docs/call-plans.md); saves from before call plans read as packed, the default on a model.
    callPlan: z.enum(['packed', 'faithful']).default('packed'),
  }),
});
export type SaveSettings = z.infer<typeof SettingsSchema>;

const SaveSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.literal(SAVE_VERSION),
  name: z.string().max(200),
  /** Wall-clock time of saving, ISO. */
  savedAt: z.string().max(40),
  /** The game this save belongs to (a new town, a fork: a new one; a load goes on with it); absent in older saves. */
  gameId: z.string().max(64).optional(),
  game: z.strictObject({
    seed: SeedSchema,
    start: GameStartSchema,
    stepSeconds: StepSecondsSchema,
    map: MapInfoSchema,
    personas: z.array(z.looseObject({ id: z.string() })).min(1).max(1000),
    /** The player's resident (src/sim/player), or null when nobody plays. */
    player: z.looseObject({ id: z.string() }).nullable().optional(),
  }),
  settings: SettingsSchema.nullable(),
  /** Checked part by part when the town is restored (src/sim/snapshot.ts). */
  state: z.looseObject({ version: z.number(), step: z.number().int().min(0) }),
  /** The recording window (a replay), checked as any replay is. */
  recording: z.unknown().nullable(),
});

export interface SaveFile {
  format: typeof SAVE_FORMAT;
  version: typeof SAVE_VERSION;
  name: string;
  savedAt: string;
  gameId?: string;
  game: { seed: number; start: string; stepSeconds: number; map: z.infer<typeof MapInfoSchema>; personas: PersonaSpec[]; player: PersonaSpec | null };
  settings: SaveSettings | null;
  state: SimSnapshot;
  /**
   * The recording window, with only its first full-state snapshot (the one a fork of its start and
   * the recorder's window need): each snapshot is the whole town, and the day's four or five of them
   * were 85 % of a week-old save (34 of 40 MB of JSON). A fork later in the loaded window runs
   * forward from that one.
   */
  recording: ReplayFile | null;
}

/** A save that cannot be read or continued here; the message says which file and why. */
export class SaveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveError';
  }
}

/** The running town as a save. The recording window is the recorder's, if one is given. */
export function createSave(sim: Simulation, opts: { name: string; settings?: SaveSettings | null; recorder?: Recorder | null; now?: Date; gameId?: string }): SaveFile {
  const settings = opts.settings ? SettingsSchema.parse(opts.settings) : null;
  return {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    name: opts.name.slice(0, 200),
    savedAt: (opts.now ?? new Date()).toISOString(),
    ...(opts.gameId ? { gameId: opts.gameId.slice(0, 64) } : {}),
    game: {
      seed: sim.seed,
      start: new Date(sim.clock.startMs).toISOString().slice(0, 19),
      stepSeconds: sim.clock.stepSeconds,
      map: mapInfoOf(sim.world),
      // The player's resident is built apart from the town's personas (it has no spawn point of its own).
      personas: sim.personas.filter((p) => p !== sim.player?.persona).map((p) => p.spec),
      player: sim.player?.persona.spec ?? null,
    },
    settings,
    state: sim.snapshot(),
    recording: opts.recorder ? opts.recorder.toReplay({ firstSnapshotOnly: true }) : null,
  };
}

/**
 * The save as `.hamlet.json.gz` bytes. Every text passes the key scrubber first (as a replay's do):
 * a key can reach the town's state by other ways than the call log, such as a whisper, a model's
 * answer that quotes it, or a recorded call's error text.
 */
export async function encodeSave(save: SaveFile): Promise<Uint8Array> {
  return gzip(new TextEncoder().encode(scrubSecrets(JSON.stringify(save))));
}

/** Bytes of a `.hamlet.json.gz` (or plain `.json`) → a save whose envelope, settings and recording are checked. */
export async function decodeSave(bytes: Uint8Array, what = 'The save'): Promise<SaveFile> {
  if (bytes.length === 0) throw new SaveError(`${what} is empty.`);
  let raw: Uint8Array = bytes;
  if (isGzip(bytes)) {
    try {
      raw = await gunzipBounded(bytes, MAX_SAVE_BYTES);
    } catch (err) {
      if (err instanceof InflateLimitError) throw new SaveError(`${what} is refused: ${err.message}, more than any save holds.`);
      throw new SaveError(`${what} is truncated or damaged: its gzip data ends early or is corrupt.`);
    }
  } else if (bytes.length > MAX_SAVE_BYTES) throw new SaveError(`${what} is refused: it is larger than any save (${Math.round(bytes.length / 1e6)} MB).`);
  let doc: unknown;
  try {
    // Depth and text length checked before parsing (src/io/bounded.ts): nothing below recurses without end.
    doc = parseJsonBounded(new TextDecoder().decode(raw), what, SAVE_LIMITS);
  } catch (err) {
    throw new SaveError(err instanceof InputError ? err.message : `${what} is cut off or is not JSON (${err instanceof Error ? err.message : String(err)}).`);
  }
  return checkSave(doc, what);
}

function checkSave(doc: unknown, what = 'The save'): SaveFile {
  const d = doc as { format?: unknown; version?: unknown } | null;
  if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new SaveError(`${what} is not a Hamlet save: it holds no JSON object.`);
  if (d.format === 'hamlet-replay') throw new SaveError(`${what} is a replay, not a save: open it with "📂 Open a replay…".`);
  if (d.format !== SAVE_FORMAT) {
    // Say what it is, in words: "format null" read as a bug (#34).
    const keys = Object.keys(d).slice(0, 4).map((k) => JSON.stringify(k.slice(0, 40)));
    const seen = typeof d.format === 'string' ? `its "format" is ${JSON.stringify(d.format.slice(0, 60))}, not "${SAVE_FORMAT}"` : `it has no "format": "${SAVE_FORMAT}" field (its fields: ${keys.join(', ') || 'none'})`;
    throw new SaveError(`${what} is not a Hamlet save: ${seen}.`);
  }
  if (d.version !== SAVE_VERSION) {
    const newer = typeof d.version === 'number' && d.version > SAVE_VERSION;
    throw new SaveError(`${what} is save format version ${JSON.stringify(d.version)}; this Hamlet reads version ${SAVE_VERSION}. ${newer ? 'It was made by a newer Hamlet: update to open it.' : 'It cannot be read.'}`);
  }
  const r = SaveSchema.safeParse(doc);
  if (!r.success) {
    const issue = at(r.error.issues, 0, 'schema issue');
    throw new SaveError(`${what} is damaged: ${issue.path.join('.') || '(root)'}: ${issue.message}.`);
  }
  // The work the save can cause, known before a town is built from it: the game time it is at, its memories.
  const g = r.data.game;
  const now = Date.parse(`${g.start}Z`) + r.data.state.step * g.stepSeconds * 1000;
  if (!gameTimeInBounds(now)) throw new SaveError(`${what} is damaged: state.step ${r.data.state.step} falls at ${describeGameTime(now)}, not a game time from ${BOUNDS.year.min} to ${BOUNDS.year.max}.`);
  const memories = memoryCountProblem((r.data.state as { parts?: { personas?: { data?: unknown } }; personas?: unknown }).parts?.personas?.data ?? (r.data.state as { personas?: unknown }).personas);
  if (memories) throw new SaveError(`${what} is refused: ${memories}.`);
  let recording: ReplayFile | null = null;
  if (r.data.recording !== null) {
    try {
      recording = validateReplay(r.data.recording);
    } catch (err) {
      throw new SaveError(`${what}'s recording is damaged: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { ...r.data, game: { ...r.data.game, personas: r.data.game.personas as PersonaSpec[], player: (r.data.game.player ?? null) as PersonaSpec | null }, state: r.data.state as unknown as SimSnapshot, recording };
}

/**
 * The town of a save, ready to run on: built from its persona files, seed and start on this map,
 * with its state restored. Refused, naming why, when the map differs or any part is wrong; nothing
 * else changes (the caller's live town is untouched until it adopts the result).
 */
export function openSave(save: SaveFile, world: WorldModel, brainFor: (specs: PersonaSpec[], seed: number) => Brain, what = 'The save', stepMode: StepMode = 'async'): Simulation {
  const here = mapInfoOf(world);
  const m = save.game.map;
  if (m.name !== here.name || m.width !== here.width || m.height !== here.height || (m.fingerprint && m.fingerprint !== here.fingerprint)) {
    const same = m.name === here.name && m.width === here.width && m.height === here.height;
    throw new SaveError(same ? `${what} was made on another layout of the map "${m.name}" (its walls or places differ); it cannot be continued here.` : `${what} was made on another map ("${m.name}", ${m.width}×${m.height}) than this town's ("${here.name}", ${here.width}×${here.height}).`);
  }
  let specs: PersonaSpec[];
  let player: PersonaSpec | undefined;
  try {
    specs = parsePersonas(save.game.personas.map((data, i) => ({ source: `#${i + 1} of the save`, data })));
    checkPersonasAgainstWorld(specs, world);
    if (save.game.player) player = parsePersonas([{ source: "the player's resident in the save", data: save.game.player }])[0];
  } catch (err) {
    throw new SaveError(`${what}'s persona files do not fit this town: ${err instanceof Error ? err.message : String(err)}`);
  }
  let sim: Simulation;
  try {
    sim = new Simulation({ world, personas: specs, player, brain: brainFor(specs, save.game.seed), seed: save.game.seed, start: save.game.start, stepSeconds: save.game.stepSeconds, stepMode });
  } catch (err) {
    throw new SaveError(`${what} cannot be built on this map: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    sim.restore(save.state);
  } catch (err) {
    if (err instanceof SnapshotError) throw new SaveError(`${what} cannot be continued: ${err.message}.`);
    throw err;
  }
  return sim;
}

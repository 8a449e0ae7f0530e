import { gzip } from './gzip';
import { scrubSecrets } from '../llm/secrets';
import { DEFAULT_LIMITS, InputError, parseJsonBounded, readText, type ReadLimits } from '../io/bounded';
import { REPLAY_FORMAT, REPLAY_VERSION, ReplaySchema, lastStepOf, timeOfStep, type MapInfo, type ReplayFile } from './format';
import { snapshotPersonaCount } from '../sim/snapshot';
import { at } from '../sim/checked';
import { BOUNDS } from '../sim/bounds';
import { MAX_STRING } from '../sim/state/holder';

export type ReplayErrorKind = 'empty' | 'not-gzip' | 'truncated' | 'json' | 'too-large' | 'too-deep' | 'smallville-part' | 'format' | 'version' | 'invalid' | 'personas' | 'map';

/** A replay that cannot be opened, with a message for the player. */
export class ReplayError extends InputError {
  declare readonly kind: ReplayErrorKind;
  constructor(message: string, kind: ReplayErrorKind) {
    super(message, kind);
    this.name = 'ReplayError';
  }
}

/** Bounds on a replay: its file (src/io/bounded.ts) and its contents. */
export const REPLAY_LIMITS = {
  ...DEFAULT_LIMITS,
  /** Characters of any one text: a snapshot's longest string (a recorded prompt is cut to 4,000). */
  maxStringLength: MAX_STRING,
  /** About eleven game days at ten seconds a step. */
  maxSteps: 100_000,
  maxPersonas: 1000,
  /** Tiles on a side of the map a replay is drawn on. */
  maxMapSide: 4096,
  /** Seconds of game time per step: from one second to an hour. */
  stepSeconds: BOUNDS.stepSeconds,
} as const;

/** A bounded-reading failure as a replay error (same message and kind). */
function asReplayError(err: unknown): unknown {
  return err instanceof InputError && !(err instanceof ReplayError) ? new ReplayError(err.message, err.kind as ReplayErrorKind) : err;
}

/** The replay as a .json.gz file's bytes; no known API key survives into them. */
export async function encodeReplay(replay: ReplayFile): Promise<Uint8Array> {
  return gzip(new TextEncoder().encode(scrubSecrets(JSON.stringify(replay))));
}

/** Bytes → text: inflated when gzip (bounded while inflating), taken as is when it already looks like JSON. */
export async function replayText(bytes: Uint8Array, what = 'The file', limits: ReadLimits = REPLAY_LIMITS): Promise<string> {
  try {
    return await readText(bytes, what, limits, `${what} is not a replay: it is neither gzip-compressed (.json.gz) nor JSON.`);
  } catch (err) {
    throw asReplayError(err);
  }
}

/** JSON text → value, within the depth and string-length limits; errors name the file. */
export function parseJson(text: string, what = 'The file', limits: ReadLimits = REPLAY_LIMITS): unknown {
  try {
    return parseJsonBounded(text, what, limits);
  } catch (err) {
    throw asReplayError(err);
  }
}

/** Read a replay file's bytes (.json.gz or .json) and check it thoroughly. */
export async function decodeReplay(bytes: Uint8Array, what = 'The replay'): Promise<ReplayFile> {
  return validateReplay(parseJson(await replayText(bytes, what), what));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Check a parsed document: the right format and version, well formed, and consistent. */
export function validateReplay(doc: unknown): ReplayFile {
  if (!isRecord(doc)) throw new ReplayError('Not a Hamlet replay: the file holds no JSON object.', 'format');
  if ('persona_names' in doc || 'sec_per_step' in doc) {
    throw new ReplayError('This is a Smallville meta.json. Open it together with master_movement.json (pick both files, or drop the whole demo folder).', 'smallville-part');
  }
  if (isRecord(doc['0']) && Object.values(doc['0']).some((v) => isRecord(v) && 'movement' in v)) {
    throw new ReplayError('This is a Smallville master_movement.json. Open it together with its meta.json (pick both files, or drop the whole demo folder).', 'smallville-part');
  }
  if (doc.format === 'hamlet-save') throw new ReplayError('This is a saved game, not a replay: load it from 💾 Saves (or drop it on the town).', 'format');
  if (doc.format !== REPLAY_FORMAT) {
    const what =
      doc.format === 'hamlet-steps'
        ? 'it is an old "hamlet-steps" log of `npm run sim --out`, not a replay'
        : Object.keys(doc).length === 0
          ? 'it holds an empty JSON object, {}'
          : doc.format === undefined
            ? `it has no "format" field (a replay has "format": "${REPLAY_FORMAT}"; this one has ${Object.keys(doc).slice(0, 4).map((k) => `"${k.slice(0, 40)}"`).join(', ')}${Object.keys(doc).length > 4 ? ' …' : ''})`
            : `its format is ${JSON.stringify(doc.format).slice(0, 60)}, not "${REPLAY_FORMAT}"`;
    throw new ReplayError(`Not a Hamlet replay: ${what}.`, 'format');
  }
  if (doc.version !== REPLAY_VERSION) {
    throw new ReplayError(`This replay is format version ${JSON.stringify(doc.version)}; this Hamlet reads version ${REPLAY_VERSION}. ${typeof doc.version === 'number' && doc.version > REPLAY_VERSION ? 'Update Hamlet to open it.' : 'Record it again with this Hamlet.'}`, 'version');
  }
  checkSizes(doc);
  const r = ReplaySchema.safeParse(doc);
  if (!r.success) {
    const issue = at(r.error.issues, 0, 'schema issue');
    throw new ReplayError(`The replay is damaged: ${issue.path.join('.') || '(root)'}: ${issue.message}.`, 'invalid');
  }
  const replay = r.data as unknown as ReplayFile;
  checkConsistency(replay);
  return replay;
}

/** Counts first, before the schema walks the document: 5 million empty steps fit in 50 KB of gzip. */
function checkSizes(doc: Record<string, unknown>): void {
  const L = REPLAY_LIMITS;
  const count = (key: string, max: number, what: string) => {
    const v = doc[key];
    if (Array.isArray(v) && v.length > max) throw new ReplayError(`The replay is too long: it has ${v.length.toLocaleString('en')} ${what}; Hamlet opens up to ${max.toLocaleString('en')} (limit: ${what}).`, 'too-large');
  };
  count('steps', L.maxSteps, 'steps');
  count('keyframes', L.maxSteps + 1, 'keyframes');
  count('snapshots', L.maxSteps + 1, 'snapshots');
  count('personas', L.maxPersonas, 'personas');
  count('specs', L.maxPersonas, 'persona specs');
  const sec = doc.stepSeconds;
  if (typeof sec === 'number' && !(sec >= L.stepSeconds.min && sec <= L.stepSeconds.max)) {
    throw new ReplayError(`The replay is damaged: a step of ${sec} game seconds is impossible (Hamlet plays steps of ${L.stepSeconds.min} to ${L.stepSeconds.max} seconds).`, 'invalid');
  }
}

const ISO_START = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/;

function checkConsistency(r: ReplayFile): void {
  const n = r.personas.length;
  const last = lastStepOf(r);
  const L = REPLAY_LIMITS;
  const m = r.map;
  if (m.width > L.maxMapSide || m.height > L.maxMapSide || m.tileSize > 1024) throw new ReplayError(`The replay is damaged: its map of ${m.width}×${m.height} tiles of ${m.tileSize} px is larger than any Hamlet draws (limit: ${L.maxMapSide} tiles a side).`, 'too-large');
  if (!ISO_START.test(r.start)) throw new ReplayError(`The replay is damaged: its start "${r.start}" is not a date and time like 2023-02-13T00:00:00.`, 'invalid');
  const year = Number(r.start.slice(0, 4));
  if (year < 1900 || year > 2999) throw new ReplayError(`The replay is damaged: its start year ${year} is out of range (1900–2999).`, 'invalid');
  if (r.firstStep > 1e9) throw new ReplayError(`The replay is damaged: its first step ${r.firstStep} is impossibly late.`, 'invalid');
  if (r.keyframeInterval > L.maxSteps) throw new ReplayError(`The replay is damaged: a keyframe every ${r.keyframeInterval} steps is more than it can have.`, 'invalid');
  if (!Number.isFinite(new Date(timeOfStep(r, last)).getTime())) throw new ReplayError(`The replay is damaged: its last step falls outside any calendar.`, 'invalid');
  if (Number.isNaN(Date.parse(`${r.start}Z`))) throw new ReplayError(`The replay is damaged: its start "${r.start}" is not a date.`, 'invalid');
  const firstKey = at(r.keyframes, 0, 'first keyframe (the schema asks for one)');
  if (firstKey.step !== r.firstStep) throw new ReplayError(`The replay is damaged: its first keyframe is at step ${firstKey.step}, not at its first step ${r.firstStep}.`, 'invalid');
  let prev = -1;
  for (const k of r.keyframes) {
    if (k.step <= prev || k.step > last) throw new ReplayError(`The replay is damaged: keyframe at step ${k.step} is out of order or past the end (step ${last}).`, 'invalid');
    prev = k.step;
    if (k.personas.length !== n) {
      const missing = r.personas.slice(k.personas.length).map((p) => p.name);
      throw new ReplayError(
        `The replay is missing personas: its keyframe at step ${k.step} has ${k.personas.length} of the ${n} personas it lists${missing.length ? ` (no ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ' …' : ''})` : ''}.`,
        'personas',
      );
    }
  }
  r.steps.forEach((s, i) => {
    for (const c of s.p ?? []) {
      if (c.i >= n) throw new ReplayError(`The replay is missing personas: step ${r.firstStep + i} changes persona #${c.i}, but only ${n} are listed.`, 'personas');
      if ((c.x === undefined) !== (c.y === undefined)) throw new ReplayError(`The replay is damaged: step ${r.firstStep + i} moves persona #${c.i} on one axis only.`, 'invalid');
    }
    for (const m of s.m ?? []) if (m[0] >= n) throw new ReplayError(`The replay is missing personas: step ${r.firstStep + i} adds a memory to persona #${m[0]}, but only ${n} are listed.`, 'personas');
  });
  for (const s of r.snapshots) {
    if (s.step < r.firstStep || s.step > last) throw new ReplayError(`The replay is damaged: its snapshot at step ${s.step} lies outside steps ${r.firstStep}–${last}.`, 'invalid');
    const count = snapshotPersonaCount(s);
    if (count !== n) throw new ReplayError(`The replay is missing personas: its snapshot at step ${s.step} has ${count ?? 'no'} of ${n} personas.`, 'personas');
  }
  // Meaning, after the counts: every position on the map.
  const inMap = (x: number, y: number) => x >= 0 && y >= 0 && x < m.width && y < m.height;
  for (const k of r.keyframes) {
    k.personas.forEach((f, i) => {
      if (!inMap(f[0], f[1])) throw new ReplayError(`The replay is damaged: at step ${k.step} ${r.personas[i]?.name ?? `persona #${i}`} stands at (${f[0]}, ${f[1]}), outside its ${m.width}×${m.height} map.`, 'invalid');
    });
    if (k.actions && k.actions.length !== k.personas.length) throw new ReplayError(`The replay is damaged: its keyframe at step ${k.step} has ${k.actions.length} actions for ${k.personas.length} personas.`, 'invalid');
  }
  r.steps.forEach((s, i) => {
    for (const c of s.p ?? []) {
      if (c.x !== undefined && c.y !== undefined && !inMap(c.x, c.y)) throw new ReplayError(`The replay is damaged: step ${r.firstStep + i} moves ${r.personas[c.i]?.name ?? `persona #${c.i}`} to (${c.x}, ${c.y}), outside its ${m.width}×${m.height} map.`, 'invalid');
    }
  });
  const ids = new Set<string>();
  for (const p of r.personas) {
    if (ids.has(p.id)) throw new ReplayError(`The replay is damaged: persona "${p.id}" is listed twice.`, 'invalid');
    ids.add(p.id);
  }
}

/** A Hamlet replay must have been recorded on the map the page shows. */
export function checkReplayMap(replay: ReplayFile, map: MapInfo): void {
  if (replay.source !== 'hamlet') return;
  const m = replay.map;
  if (m.name !== map.name || m.width !== map.width || m.height !== map.height || m.tileSize !== map.tileSize) {
    throw new ReplayError(`This replay was recorded on the map "${m.name}" (${m.width}×${m.height} tiles), not on this town's "${map.name}" (${map.width}×${map.height}).`, 'map');
  }
}

import { gunzip, gzip, isGzip } from './gzip';
import { scrubSecrets } from '../llm/secrets';
import { REPLAY_FORMAT, REPLAY_VERSION, ReplaySchema, lastStepOf, type MapInfo, type ReplayFile } from './format';
import { snapshotPersonaCount } from '../sim/snapshot';

type ReplayErrorKind = 'empty' | 'not-gzip' | 'truncated' | 'json' | 'smallville-part' | 'format' | 'version' | 'invalid' | 'personas' | 'map';

/** A replay that cannot be opened, with a message for the player. */
export class ReplayError extends Error {
  constructor(
    message: string,
    readonly kind: ReplayErrorKind,
  ) {
    super(message);
    this.name = 'ReplayError';
  }
}

/** The replay as a .json.gz file's bytes; no known API key survives into them. */
export async function encodeReplay(replay: ReplayFile): Promise<Uint8Array> {
  return gzip(new TextEncoder().encode(scrubSecrets(JSON.stringify(replay))));
}

/** Bytes → text: gunzipped when gzip, taken as is when it already looks like JSON. */
export async function replayText(bytes: Uint8Array, what = 'The file'): Promise<string> {
  if (bytes.length === 0) throw new ReplayError(`${what} is empty.`, 'empty');
  if (isGzip(bytes)) {
    let raw: Uint8Array;
    try {
      raw = await gunzip(bytes);
    } catch {
      throw new ReplayError(`${what} is truncated or damaged: its gzip data ends early or is corrupt. Download it again.`, 'truncated');
    }
    return new TextDecoder().decode(raw);
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (head.startsWith('{') || head.startsWith('[')) return new TextDecoder().decode(bytes);
  throw new ReplayError(`${what} is not a replay: it is neither gzip-compressed (.json.gz) nor JSON.`, 'not-gzip');
}

function parseJson(text: string, what = 'The file'): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ReplayError(`${what} is cut off or is not valid JSON (${err instanceof Error ? err.message : String(err)}).`, 'json');
  }
}

/** Read a replay file's bytes (.json.gz or .json) and check it thoroughly. */
export async function decodeReplay(bytes: Uint8Array): Promise<ReplayFile> {
  return validateReplay(parseJson(await replayText(bytes)));
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
    const what = doc.format === 'hamlet-steps' ? 'an old "hamlet-steps" log of `npm run sim --out`, not a replay' : `format ${JSON.stringify(doc.format ?? null)}`;
    throw new ReplayError(`Not a Hamlet replay (${what}).`, 'format');
  }
  if (doc.version !== REPLAY_VERSION) {
    throw new ReplayError(`This replay is format version ${JSON.stringify(doc.version)}; this Hamlet reads version ${REPLAY_VERSION}. ${typeof doc.version === 'number' && doc.version > REPLAY_VERSION ? 'Update Hamlet to open it.' : 'Record it again with this Hamlet.'}`, 'version');
  }
  const r = ReplaySchema.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new ReplayError(`The replay is damaged: ${issue.path.join('.') || '(root)'}: ${issue.message}.`, 'invalid');
  }
  const replay = r.data as unknown as ReplayFile;
  checkConsistency(replay);
  return replay;
}

function checkConsistency(r: ReplayFile): void {
  const n = r.personas.length;
  const last = lastStepOf(r);
  const ids = new Set<string>();
  for (const p of r.personas) {
    if (ids.has(p.id)) throw new ReplayError(`The replay is damaged: persona "${p.id}" is listed twice.`, 'invalid');
    ids.add(p.id);
  }
  if (Number.isNaN(Date.parse(`${r.start}Z`))) throw new ReplayError(`The replay is damaged: its start "${r.start}" is not a date.`, 'invalid');
  if (r.keyframes[0]!.step !== r.firstStep) throw new ReplayError(`The replay is damaged: its first keyframe is at step ${r.keyframes[0]!.step}, not at its first step ${r.firstStep}.`, 'invalid');
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
}

/** A Hamlet replay must have been recorded on the map the page shows. */
export function checkReplayMap(replay: ReplayFile, map: MapInfo): void {
  if (replay.source !== 'hamlet') return;
  const m = replay.map;
  if (m.name !== map.name || m.width !== map.width || m.height !== map.height || m.tileSize !== map.tileSize) {
    throw new ReplayError(`This replay was recorded on the map "${m.name}" (${m.width}×${m.height} tiles), not on this town's "${map.name}" (${map.width}×${map.height}).`, 'map');
  }
}

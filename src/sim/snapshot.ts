import { z } from 'zod';
import { DAY } from './clock';
import { MAX_STRING, SnapshotError, StringTable, type ReadContext, type SimState, type StateHolder, type WriteContext } from './state/holder';
import { clockHolder, conversationsHolder, embeddingsHolder, townHolder } from './state/simHolders';
import { personasHolder } from './state/personaState';
import { directorHolder } from './state/directorState';
import { inputsHolder } from './state/inputsState';
import { economyHolder } from './state/economyState';
import { playerHolder } from './state/playerState';
import { Scratch } from './persona/scratch';
import { newAgentState } from './persona/agentState';
import { at } from './checked';
import { describeGameTime, gameTimeInBounds, memoryCountProblem, SeedSchema, StepSecondsSchema } from './bounds';

export { SnapshotError } from './state/holder';

/**
 * A snapshot is the whole state of a Simulation between two steps, as plain JSON: one part per
 * holder of simulation state (HOLDERS below), each written and read by its holder through its own
 * versioned zod schema. Restoring it into a Simulation built from the same world, personas, seed and
 * start and running on continues the run exactly (with the offline brain, step for step: see
 * tests/unit/snapshot.test.ts). Restoring checks every part's shape and meaning first and changes
 * nothing when any is wrong; the SnapshotError names the part and the problem.
 *
 * Strings are stored once in `strings` and referred to by index: a town's memories repeat the same
 * subjects, objects and descriptions thousands of times. Times are game seconds since the start
 * unless a part says otherwise.
 */
const SNAPSHOT_VERSION = 2;

/** Every holder of simulation state, in the order parts are read (a part may look at earlier ones). */
export const HOLDERS: readonly StateHolder<never>[] = [clockHolder, personasHolder, townHolder, conversationsHolder, embeddingsHolder, directorHolder, economyHolder, inputsHolder, playerHolder] as unknown as StateHolder<never>[];

interface SnapshotPart {
  /** The holder's version of its part. */
  v: number;
  data: unknown;
}

export interface SimSnapshot {
  version: typeof SNAPSHOT_VERSION;
  step: number;
  seed: number;
  startMs: number;
  stepSeconds: number;
  strings: string[];
  /** Holder key → its part. */
  parts: Record<string, SnapshotPart>;
}

/** Most strings a snapshot may hold. */
const MAX_STRINGS = 5_000_000;

const EnvelopeSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  step: z.number().int().min(0),
  seed: SeedSchema,
  startMs: z.number().refine(gameTimeInBounds, { error: (issue) => { const ms = issue.input as number; return `its start ${describeGameTime(ms)} is not a game time Hamlet can show`; } }),
  stepSeconds: StepSecondsSchema,
  strings: z.array(z.string().max(MAX_STRING)).max(MAX_STRINGS),
  parts: z.record(z.string().max(100), z.strictObject({ v: z.number().int().min(1), data: z.unknown() })),
});

export function takeSnapshot(sim: SimState): SimSnapshot {
  const st = new StringTable();
  const out: WriteContext = { id: (s) => st.id(s), sec: (ms) => (ms - sim.clock.startMs) / 1000 };
  const parts: Record<string, SnapshotPart> = {};
  for (const h of HOLDERS) parts[h.key] = { v: h.version, data: h.write(sim, out) };
  return { version: SNAPSHOT_VERSION, step: sim.clock.step, seed: sim.seed, startMs: sim.clock.startMs, stepSeconds: sim.clock.stepSeconds, strings: st.list, parts };
}

/** "personas[3].scratch.currTile.x" from a zod issue path. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('') || '(the whole part)';
}

function zodProblem(err: z.ZodError): string {
  const issue = at(err.issues, 0, 'schema issue');
  return `${pathText(issue.path)}: ${issue.message}`;
}

/**
 * Put a snapshot's state into a Simulation built from the same world, personas, seed and start.
 * Every part is checked before anything changes: on any problem a SnapshotError names it and the
 * Simulation is as it was.
 */
export function restoreSnapshot(sim: SimState, raw: unknown): void {
  const snap = parseEnvelope(raw);
  if (snap.seed !== sim.seed) throw new SnapshotError(`The snapshot is of seed ${snap.seed}, the simulation has seed ${sim.seed}`);
  if (snap.startMs !== sim.clock.startMs || snap.stepSeconds !== sim.clock.stepSeconds) {
    throw new SnapshotError(`The snapshot's clock (start ${describeGameTime(snap.startMs)}, ${snap.stepSeconds} s steps) differs from the simulation's`);
  }
  // The work the file can cause, counted before anything is built from it.
  const memories = memoryCountProblem(snap.parts.personas?.data);
  if (memories) throw new SnapshotError(`The snapshot is too large: ${memories}`);
  const known = new Set(HOLDERS.map((h) => h.key));
  const unknown = Object.keys(snap.parts).filter((k) => !known.has(k));
  if (unknown.length) throw new SnapshotError(`The snapshot holds state this version of Hamlet does not know: ${unknown.map((k) => `"${k}"`).join(', ')} (made by a newer Hamlet?)`);

  const parsed = new Map<string, unknown>();
  for (const h of HOLDERS as readonly StateHolder<unknown>[]) parsed.set(h.key, parsePart(h, snap.parts[h.key], sim));
  const clock = parsed.get('clock') as { step: number };
  if (clock.step !== snap.step) throw new SnapshotError(`The snapshot says step ${snap.step} but its clock part says ${clock.step}`);

  const now = snap.startMs + snap.step * snap.stepSeconds * 1000;
  if (!gameTimeInBounds(now)) throw new SnapshotError(`The snapshot's step ${snap.step} falls at ${describeGameTime(now)}, not a game time Hamlet can show`);
  const earliest = snap.startMs - 400 * DAY;
  const latest = now + 400 * DAY;
  const ctx: ReadContext = {
    now,
    str(i, where) {
      const s = snap.strings[i];
      if (s === undefined) throw new SnapshotError(`The snapshot's ${where} refers to string ${i}, but it has ${snap.strings.length}`);
      return s;
    },
    ms: (sec) => snap.startMs + sec * 1000,
    knowsName: (name) => sim.byName.has(name),
    part: <T>(key: string) => parsed.get(key) as T | undefined,
    walkable(t, where) {
      const w = sim.world;
      if (t.x < 0 || t.y < 0 || t.x >= w.width || t.y >= w.height) throw new SnapshotError(`${where} (${t.x}, ${t.y}) is off the map (${w.width}×${w.height} tiles)`);
      if (w.walkable[t.y * w.width + t.x] !== 1) throw new SnapshotError(`${where} (${t.x}, ${t.y}) is not a walkable tile`);
    },
    time(ms, where) {
      if (!(ms >= earliest && ms <= latest)) throw new SnapshotError(`${where} (${describeGameTime(ms)}) is out of range for a snapshot at ${describeGameTime(now)}`);
    },
  };
  const apply = (HOLDERS as readonly StateHolder<unknown>[]).map((h) => h.read(parsed.get(h.key), sim, ctx));
  for (const f of apply) f();
}

/** How many personas a snapshot (of any version) holds, or null when it does not say. */
export function snapshotPersonaCount(snap: unknown): number | null {
  const s = snap as { personas?: unknown; parts?: { personas?: { data?: unknown } } } | null;
  const list = s?.parts?.personas?.data ?? s?.personas;
  return Array.isArray(list) ? list.length : null;
}

/** The envelope, checked, from the current or an older version. */
function parseEnvelope(raw: unknown): z.infer<typeof EnvelopeSchema> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SnapshotError('A snapshot must be a JSON object');
  const version = (raw as { version?: unknown }).version;
  let snap: unknown = raw;
  if (version === 1) snap = migrateV1(raw as Record<string, unknown>);
  else if (typeof version === 'number' && version > SNAPSHOT_VERSION) throw new SnapshotError(`The snapshot is of format version ${version}, made by a newer Hamlet; this one reads versions 1 to ${SNAPSHOT_VERSION}`);
  else if (version !== SNAPSHOT_VERSION) throw new SnapshotError(`The snapshot has no known format version (got ${JSON.stringify(version)})`);
  const r = EnvelopeSchema.safeParse(snap);
  if (!r.success) throw new SnapshotError(`The snapshot is damaged: ${zodProblem(r.error)}`);
  return r.data;
}

function parsePart(h: StateHolder<unknown>, part: { v: number; data: unknown } | undefined, sim: SimState): unknown {
  if (!part) {
    if (!h.absent) throw new SnapshotError(`The snapshot has no "${h.key}" part`);
    return h.absent(sim);
  }
  let data = part.data;
  if (part.v > h.version) throw new SnapshotError(`The snapshot's "${h.key}" part is of version ${part.v}, made by a newer Hamlet; this one reads up to ${h.version}`);
  for (let v = part.v; v < h.version; v++) {
    const m = h.migrations?.[v];
    if (!m) throw new SnapshotError(`The snapshot's "${h.key}" part is of version ${part.v}, which this Hamlet cannot read any more (it reads ${h.version})`);
    data = m(data);
  }
  const r = h.schema.safeParse(data);
  if (!r.success) throw new SnapshotError(`The snapshot's "${h.key}" part is damaged at ${h.key}${zodProblem(r.error).replace(/^\(the whole part\)/, '')}`);
  return r.data;
}

/**
 * Version 1 (before explicit ownership) kept each persona's plain fields and scratch as they were on
 * the objects, and had no director or input queue: the same state, laid out per holder. Anything
 * malformed is carried over as it is, for the parts' checks to name.
 */
function migrateV1(v1: Record<string, unknown>): unknown {
  const rec = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
  const personas = v1.personas;
  const defaults = new Scratch() as unknown as Record<string, unknown>;
  return {
    version: SNAPSHOT_VERSION,
    step: v1.step,
    seed: v1.seed,
    startMs: v1.startMs,
    stepSeconds: v1.stepSeconds,
    strings: v1.strings,
    parts: {
      clock: { v: 1, data: { step: v1.step } },
      personas: {
        v: 1,
        data: Array.isArray(personas)
          ? personas.map((x) => {
              const p = rec(x);
              const fields = rec(p.fields);
              const scratch = rec(p.scratch);
              return {
                id: p.id,
                plannedDay: fields.plannedDay ?? null,
                lastReflection: fields.lastReflection ?? null,
                currently: fields.currently,
                dailyPlanReq: fields.dailyPlanReq,
                commitments: fields.commitments ?? [],
                agent: fields.agent ?? newAgentState(),
                scratch: Object.fromEntries(Object.keys(defaults).map((k) => [k, k in scratch ? scratch[k] : defaults[k]])),
                spatial: p.spatial,
                memory: p.memory,
              };
            })
          : personas,
      },
      town: { v: 1, data: { objectEvents: v1.objectEvents, moved: v1.moved } },
      conversations: { v: 1, data: v1.conversations },
      embeddings: { v: 1, data: { upTo: v1.embeddedUpTo, vectors: v1.embeddings } },
    },
  };
}

import type { ConversationRecord } from './context';
import type { ChatLine, ConceptNode, NodeType } from './persona/memory';
import type { Persona } from './persona/persona';
import { Scratch } from './persona/scratch';
import type { WorldEvent } from './world/events';
import type { EmbeddingStore } from './persona/embeddings';
import { localEmbedding } from './brain/localEmbedding';

/**
 * A snapshot is the whole state of a Simulation between two steps, as plain JSON: every persona's
 * scratch, associative memory and spatial memory, the clock's step, the object events, the
 * conversations so far, and the embeddings the local embedding cannot reproduce. Restoring it into a
 * Simulation built from the same world, personas, seed and start and running on continues the run
 * exactly (with the offline brain, step for step: see tests/unit/snapshot.test.ts).
 *
 * Strings are stored once in `strings` and referred to by index: a town's memories repeat the same
 * subjects, objects and descriptions thousands of times. Times are game seconds since the start.
 */
export const SNAPSHOT_VERSION = 1;

/** A string, as an index into SimSnapshot.strings. */
type S = number;

/**
 * One memory node: [type (0 event, 1 chat, 2 thought), created, expiration | null, lastAccessed,
 * subject, predicate, object, description, embeddingKey (-1: the description), poignancy, keywords,
 * evidence ids, transcript as [speaker, text] pairs]. Ids, type counts and depths are implied.
 */
export type NodeTuple = [number, number, number | null, number, S, S, S, S, S, number, S[], number[], [S, S][]];

export interface PersonaSnapshot {
  id: string;
  /**
   * The persona's other plain-data fields, as they are (plannedDay, lastReflection, currently,
   * dailyPlanReq, and whatever plain state the cognition adds later): everything but its spec,
   * scratch and memories.
   */
  fields: Record<string, unknown>;
  /** Scratch's own fields, as they are (small). */
  scratch: Record<string, unknown>;
  /** Spatial memory in insertion order: [sector, [arena, objects[]][]][]. */
  spatial: [S, [S, S[]][]][];
  memory: NodeTuple[];
}

export interface SimSnapshot {
  version: typeof SNAPSHOT_VERSION;
  step: number;
  seed: number;
  startMs: number;
  stepSeconds: number;
  strings: string[];
  personas: PersonaSnapshot[];
  /** [address, subject, predicate, object, description]. */
  objectEvents: [S, S, S, S, S][];
  /** [step, participant, participant, summary, [speaker, text][]]. */
  conversations: [number, S, S, S, [S, S][]][];
  /** Indexes of the personas that moved in the last step (they look around first). */
  moved: number[];
  /** Per persona, how many of its memories have been embedded. */
  embeddedUpTo: number[];
  /** [key, base64 of the little-endian float32 vector]: only vectors the local embedding would not give back. */
  embeddings: [S, string][];
}

/** What a snapshot reads and writes of a Simulation (its private parts passed in by the Simulation). */
export interface SnapshotTarget {
  seed: number;
  clock: { step: number; readonly startMs: number; readonly stepSeconds: number };
  personas: Persona[];
  objectEvents: Map<string, WorldEvent>;
  conversations: ConversationRecord[];
  embeddings: EmbeddingStore;
}

const TYPES: NodeType[] = ['event', 'chat', 'thought'];
/** Persona fields saved their own way (or not at all: the spec comes from the persona files). */
const STRUCTURED = new Set(['spec', 'scratch', 'memory', 'spatial']);

function personaFields(p: Persona): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    if (!STRUCTURED.has(key) && typeof value !== 'function') out[key] = value;
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

class StringTable {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  id(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

export function takeSnapshot(sim: SnapshotTarget, moved: Set<Persona>, embeddedUpTo: Map<Persona, number>): SimSnapshot {
  const st = new StringTable();
  const sec = (ms: number) => (ms - sim.clock.startMs) / 1000;
  const lines = (l: ChatLine[]): [S, S][] => l.map((x) => [st.id(x.speaker), st.id(x.text)]);
  const personas = sim.personas.map((p): PersonaSnapshot => ({
    id: p.id,
    fields: personaFields(p),
    scratch: JSON.parse(JSON.stringify(p.scratch)) as Record<string, unknown>,
    spatial: [...p.spatial.tree].map(([sector, arenas]) => [st.id(sector), [...arenas].map(([arena, objects]) => [st.id(arena), [...objects].map((o) => st.id(o))] as [S, S[]])]),
    memory: p.memory.nodes.map((n): NodeTuple => [
      TYPES.indexOf(n.type),
      sec(n.created),
      n.expiration === null ? null : sec(n.expiration),
      sec(n.lastAccessed),
      st.id(n.subject),
      st.id(n.predicate),
      st.id(n.object),
      st.id(n.description),
      n.embeddingKey === n.description ? -1 : st.id(n.embeddingKey),
      n.poignancy,
      n.keywords.map((k) => st.id(k)),
      n.evidence.slice(),
      lines(n.transcript),
    ]),
  }));
  const embeddings: [S, string][] = [];
  for (const [key, vector] of sim.embeddings.entries()) {
    if (!sameVector(vector, localEmbedding(key))) embeddings.push([st.id(key), toBase64(vector)]);
  }
  return {
    version: SNAPSHOT_VERSION,
    step: sim.clock.step,
    seed: sim.seed,
    startMs: sim.clock.startMs,
    stepSeconds: sim.clock.stepSeconds,
    strings: st.list,
    personas,
    objectEvents: [...sim.objectEvents].map(([a, e]) => [st.id(a), st.id(e.subject), st.id(e.predicate), st.id(e.object), st.id(e.description)]),
    conversations: sim.conversations.map((c) => [c.step, st.id(c.participants[0]), st.id(c.participants[1]), st.id(c.summary), lines(c.lines)]),
    moved: sim.personas.flatMap((p, i) => (moved.has(p) ? [i] : [])),
    embeddedUpTo: sim.personas.map((p) => embeddedUpTo.get(p) ?? 0),
    embeddings,
  };
}

/**
 * Put a snapshot's state into a Simulation built from the same world, personas, seed and start.
 * Throws, naming the difference, when it does not fit; returns the persona sets the Simulation keeps.
 */
export function restoreSnapshot(sim: SnapshotTarget, snap: SimSnapshot): { moved: Set<Persona>; embeddedUpTo: Map<Persona, number> } {
  if (snap.version !== SNAPSHOT_VERSION) throw new Error(`Snapshot version ${String(snap.version)} is not ${SNAPSHOT_VERSION}`);
  if (snap.seed !== sim.seed) throw new Error(`The snapshot is of seed ${snap.seed}, the simulation has seed ${sim.seed}`);
  if (snap.startMs !== sim.clock.startMs || snap.stepSeconds !== sim.clock.stepSeconds) {
    throw new Error(`The snapshot's clock (start ${new Date(snap.startMs).toISOString()}, ${snap.stepSeconds} s steps) differs from the simulation's`);
  }
  const ids = sim.personas.map((p) => p.id).join(',');
  if (snap.personas.map((p) => p.id).join(',') !== ids) throw new Error('The snapshot has different personas (or a different order) than the simulation');
  const str = (i: S): string => {
    const s = snap.strings[i];
    if (s === undefined) throw new Error(`Snapshot string ${i} is missing`);
    return s;
  };
  const ms = (sec: number) => snap.startMs + sec * 1000;
  const lines = (l: [S, S][]): ChatLine[] => l.map(([s, t]) => ({ speaker: str(s), text: str(t) }));

  sim.personas.forEach((p, pi) => {
    const ps = snap.personas[pi]!;
    const own = p as unknown as Record<string, unknown>;
    for (const key of Object.keys(own)) {
      if (!STRUCTURED.has(key) && key in ps.fields) own[key] = structuredClone(ps.fields[key]);
    }
    const fresh = new Scratch() as unknown as Record<string, unknown>;
    const target = p.scratch as unknown as Record<string, unknown>;
    for (const key of Object.keys(fresh)) target[key] = key in ps.scratch ? structuredClone(ps.scratch[key]) : fresh[key];
    p.spatial.clear();
    for (const [sector, arenas] of ps.spatial) {
      p.spatial.learn(str(sector));
      for (const [arena, objects] of arenas) {
        p.spatial.learn(str(sector), str(arena));
        for (const o of objects) p.spatial.learn(str(sector), str(arena), str(o));
      }
    }
    const counts = [0, 0, 0];
    const nodes: ConceptNode[] = [];
    ps.memory.forEach(([t, created, expiration, lastAccessed, s, pr, o, d, ek, poignancy, kw, evidence, transcript], i) => {
      const type = TYPES[t];
      if (!type) throw new Error(`Snapshot memory node ${i + 1} of ${p.id} has unknown type ${t}`);
      counts[t]++;
      const depth = type === 'thought' && evidence.length > 0 ? 1 + Math.max(0, ...evidence.map((id) => nodes[id - 1]?.depth ?? 0)) : 0;
      nodes.push({
        id: i + 1,
        type,
        typeCount: counts[t]!,
        depth,
        created: ms(created),
        expiration: expiration === null ? null : ms(expiration),
        lastAccessed: ms(lastAccessed),
        subject: str(s),
        predicate: str(pr),
        object: str(o),
        description: str(d),
        embeddingKey: ek === -1 ? str(d) : str(ek),
        poignancy,
        keywords: kw.map(str),
        evidence: evidence.slice(),
        transcript: lines(transcript),
      });
    });
    p.memory.load(nodes);
  });

  sim.clock.step = snap.step;
  sim.objectEvents.clear();
  for (const [a, s, p, o, d] of snap.objectEvents) sim.objectEvents.set(str(a), { subject: str(s), predicate: str(p), object: str(o), description: str(d) });
  sim.conversations.length = 0;
  for (const [step, a, b, summary, l] of snap.conversations) {
    sim.conversations.push({ step, time: snap.startMs + step * snap.stepSeconds * 1000, participants: [str(a), str(b)], lines: lines(l), summary: str(summary) });
  }
  // Vectors the local embedding gives back are left out of snapshots: they are recomputed on demand.
  for (const [key, b64] of snap.embeddings) sim.embeddings.set(str(key), Array.from(fromBase64(b64)));
  const moved = new Set(snap.moved.map((i) => sim.personas[i]!).filter(Boolean));
  const embeddedUpTo = new Map(sim.personas.map((p, i) => [p, snap.embeddedUpTo[i] ?? 0]));
  return { moved, embeddedUpTo };
}

function sameVector(a: Float32Array, b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== Math.fround(b[i]!)) return false;
  return true;
}

function toBase64(v: Float32Array): string {
  const bytes = new Uint8Array(v.length * 4);
  const view = new DataView(bytes.buffer);
  v.forEach((x, i) => view.setFloat32(i * 4, x, true));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fromBase64(s: string): Float32Array {
  const bin = atob(s);
  const view = new DataView(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) view.setUint8(i, bin.charCodeAt(i));
  const out = new Float32Array(bin.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

import { z } from 'zod';
import { localEmbedding } from '../brain/localEmbedding';
import type { ConversationRecord } from '../context';
import type { Persona } from '../persona/persona';
import type { PersonaPart } from './personaState';
import type { WorldEvent } from '../world/events';
import { SnapshotError, type StateHolder } from './holder';
import { at } from '../checked';

/**
 * The parts of a snapshot the Simulation itself holds: the clock's step, the object events and who
 * moved last step, the conversations so far, and the embeddings. (The random streams need no part:
 * each decision derives its own from the seed and the step, src/sim/context.ts rngFor.)
 */

const S = z.number().int().min(0);
/** The longest run a snapshot may describe: ten game years of 10-second steps. */
const MAX_STEP = 10 * 366 * 24 * 360;

export const clockHolder: StateHolder<{ step: number }> = {
  key: 'clock',
  version: 1,
  schema: z.strictObject({ step: z.number().int().min(0).max(MAX_STEP) }),
  write: (sim) => ({ step: sim.clock.step }),
  read: (data, sim) => () => {
    sim.clock.step = data.step;
  },
};

/** [address, subject, predicate, object, description]; moved: indexes of personas that moved in the last step. */
const TownPartSchema = z.strictObject({
  objectEvents: z.array(z.tuple([S, S, S, S, S])).max(100_000),
  moved: z.array(z.number().int().min(0)).max(10_000),
});

export const townHolder: StateHolder<z.infer<typeof TownPartSchema>> = {
  key: 'town',
  version: 1,
  schema: TownPartSchema,
  write: (sim, out) => ({
    objectEvents: [...sim.objectEvents].map(([a, e]) => [out.id(a), out.id(e.subject), out.id(e.predicate), out.id(e.object), out.id(e.description)]),
    moved: sim.personas.flatMap((p, i) => (sim.moved.has(p) ? [i] : [])),
  }),
  read(data, sim, ctx) {
    const events = data.objectEvents.map(([a, s, p, o, d], i): [string, WorldEvent] => {
      const where = `object event ${i + 1}`;
      const address = ctx.str(a, where);
      if (!sim.world.addressTiles.has(address)) throw new SnapshotError(`Object event ${i + 1} is at "${address}", which is not a place on this map`);
      return [address, { subject: ctx.str(s, where), predicate: ctx.str(p, where), object: ctx.str(o, where), description: ctx.str(d, where) }];
    });
    const moved: Persona[] = data.moved.map((i) => {
      const p = sim.personas[i];
      if (!p) throw new SnapshotError(`Persona number ${i + 1} moved in the last step, but the town has ${sim.personas.length}`);
      return p;
    });
    return () => {
      sim.objectEvents.clear();
      for (const [a, e] of events) sim.objectEvents.set(a, e);
      sim.moved.clear();
      for (const p of moved) sim.moved.add(p);
    };
  },
};

/** [step, participant, participant, summary, [speaker, text][]]. */
const ConversationsSchema = z.array(z.tuple([z.number().int().min(0).max(MAX_STEP), S, S, S, z.array(z.tuple([S, S])).max(1000)])).max(1_000_000);

export const conversationsHolder: StateHolder<z.infer<typeof ConversationsSchema>> = {
  key: 'conversations',
  version: 1,
  schema: ConversationsSchema,
  write: (sim, out) => sim.conversations.map((c) => [c.step, out.id(c.participants[0]), out.id(c.participants[1]), out.id(c.summary), c.lines.map((l) => [out.id(l.speaker), out.id(l.text)] as [number, number])]),
  read(data, sim, ctx) {
    const step = ctx.part<{ step: number }>('clock')?.step ?? sim.clock.step;
    const records = data.map(([at, a, b, summary, lines], i): ConversationRecord => {
      const where = `conversation ${i + 1}`;
      if (at > step) throw new SnapshotError(`Conversation ${i + 1} is at step ${at}, after the snapshot's step ${step}`);
      return {
        step: at,
        time: sim.clock.startMs + at * sim.clock.stepSeconds * 1000,
        participants: [ctx.str(a, where), ctx.str(b, where)],
        summary: ctx.str(summary, where),
        lines: lines.map(([s, t]) => ({ speaker: ctx.str(s, where), text: ctx.str(t, where) })),
      };
    });
    return () => {
      sim.conversations.length = 0;
      sim.conversations.push(...records);
    };
  },
};

/**
 * upTo: per persona, how many of its memories have been embedded; vectors: [key, base64 of the
 * little-endian float32 vector], only those the local embedding would not give back (a model's).
 */
const EmbeddingsPartSchema = z.strictObject({
  upTo: z.array(z.number().int().min(0)).max(10_000),
  vectors: z.array(z.tuple([S, z.string().max(65_536)])).max(1_000_000),
});

export const embeddingsHolder: StateHolder<z.infer<typeof EmbeddingsPartSchema>> = {
  key: 'embeddings',
  version: 1,
  schema: EmbeddingsPartSchema,
  write(sim, out) {
    const vectors: [number, string][] = [];
    for (const [key, vector] of sim.embeddings.entries()) {
      if (!sameVector(vector, localEmbedding(key))) vectors.push([out.id(key), toBase64(vector)]);
    }
    return { upTo: sim.personas.map((p) => sim.embeddedUpTo.get(p) ?? 0), vectors };
  },
  read(data, sim, ctx) {
    if (data.upTo.length !== sim.personas.length) throw new SnapshotError(`The embeddings part counts ${data.upTo.length} personas, the town has ${sim.personas.length}`);
    const memories = ctx.part<PersonaPart[]>('personas');
    data.upTo.forEach((n, i) => {
      const have = memories?.[i]?.memory.length ?? Infinity;
      if (n > have) throw new SnapshotError(`${sim.personas[i]?.name ?? `Persona ${i + 1}`} has ${n} memories embedded but only ${have} memories`);
    });
    const vectors = data.vectors.map(([k, b64], i): [string, number[]] => {
      const where = `embedding ${i + 1}`;
      const v = fromBase64(b64, where);
      return [ctx.str(k, where), Array.from(v)];
    });
    return () => {
      // Vectors the local embedding gives back are left out of snapshots: they are recomputed on demand.
      for (const [key, v] of vectors) sim.embeddings.set(key, v);
      sim.embeddedUpTo.clear();
      sim.personas.forEach((p, i) => sim.embeddedUpTo.set(p, at(data.upTo, i, 'embedded memories')));
    };
  },
};

function sameVector(a: Float32Array, b: number[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => x === Math.fround(at(b, i, 'vector component')));
}

function toBase64(v: Float32Array): string {
  const bytes = new Uint8Array(v.length * 4);
  const view = new DataView(bytes.buffer);
  v.forEach((x, i) => view.setFloat32(i * 4, x, true));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fromBase64(s: string, where: string): Float32Array {
  let bin: string;
  try {
    bin = atob(s);
  } catch {
    throw new SnapshotError(`The snapshot's ${where} is not base64`);
  }
  if (bin.length % 4 !== 0) throw new SnapshotError(`The snapshot's ${where} is not a list of 32-bit numbers (${bin.length} bytes)`);
  const view = new DataView(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) view.setUint8(i, bin.charCodeAt(i));
  const out = new Float32Array(bin.length / 4);
  for (let i = 0; i < out.length; i++) {
    const x = view.getFloat32(i * 4, true);
    if (!Number.isFinite(x)) throw new SnapshotError(`The snapshot's ${where} holds ${x}`);
    out[i] = x;
  }
  return out;
}

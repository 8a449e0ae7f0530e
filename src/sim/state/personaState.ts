import { z } from 'zod';
import { ACTION_IDS } from '../persona/actionIds';
import { type AgentState } from '../persona/agentState';
import { CommitmentSchema } from '../persona/commitment';
import { BOUNDS, CreditsSchema } from '../bounds';
import { MAX_STRING, SnapshotError, type ReadContext, type StateHolder } from './holder';
import type { ChatLine, ConceptNode, NodeType } from '../persona/memory';
import type { Persona } from '../persona/persona';
import { Scratch } from '../persona/scratch';
import { AddressError, parseAddress, printAddress, type ActionAddress } from '../world/actionAddress';
import { at } from '../checked';

/**
 * The personas' part of a snapshot, one entry per persona in town order: the changing fields of the
 * Persona (planned day, last reflection, identity revisions, commitments, the action layer's state
 * and wallet), its scratch, spatial memory and associative memory. Every field is named here: a new
 * field on Persona, Scratch or AgentState fails tests/unit/state.test.ts until it is added.
 * Times in memory nodes are game seconds since the start; scratch times are game ms, as the scratch
 * keeps them.
 */

/** Bounds: far above what a long game makes, low enough that a crafted file cannot exhaust the page. */
const MAX_MEMORIES = BOUNDS.memoriesPerPersona;
const MAX_LIST = 10_000;

const str = (max = MAX_STRING) => z.string().max(max);
const num = z.number().refine(Number.isFinite, 'a finite number');
const time = num.nullable();
const TileSchema = z.strictObject({ x: z.number().int(), y: z.number().int() });
const TripleSchema = z.tuple([str(), str(), str()]);
const ChatLineSchema = z.strictObject({ speaker: str(200), text: str() });
const ScheduleSchema = z.array(z.tuple([str(), z.number().int().min(0).max(24 * 60)])).max(2000);

export const ScratchSchema = z.strictObject({
  visionRadius: z.number().int().min(0).max(1000),
  attentionBandwidth: z.number().int().min(0).max(1000),
  retention: z.number().int().min(0).max(1000),
  recencyDecay: num,
  recencyW: num,
  relevanceW: num,
  importanceW: num,
  importanceTriggerMax: num,
  importanceTriggerCurr: num,
  importanceEleN: num,
  currTile: TileSchema,
  wakeUpHour: num,
  dailyReq: z.array(str()).max(MAX_LIST),
  fDailySchedule: ScheduleSchema,
  fDailyScheduleHourlyOrg: ScheduleSchema,
  actAddress: str(1000).nullable(),
  actStartTime: time,
  actDuration: num.nullable(),
  actDescription: str().nullable(),
  actPronunciatio: str(100).nullable(),
  actEvent: TripleSchema,
  actObjDescription: str().nullable(),
  actObjPronunciatio: str(100).nullable(),
  actObjEvent: TripleSchema,
  chattingWith: str(200).nullable(),
  chat: z.array(ChatLineSchema).max(1000).nullable(),
  chattingWithBuffer: z.record(str(200), num),
  chattingEndTime: time,
  actPathSet: z.boolean(),
  plannedPath: z.array(TileSchema).max(100_000),
  actionId: z.enum(ACTION_IDS).nullable(),
  actionTarget: str(1000),
  actionReason: str().nullable(),
  actionAt: time,
  /** Packed call plan (absent in snapshots from before it). */
  preparedSubtasks: z.record(str(), z.array(z.strictObject({ task: str(), minutes: num })).max(1000)).default({}),
  /** A provisional day waiting for its whole plan (written only while it does). */
  planPending: z.enum(['First day', 'New day']).nullable().default(null),
});
type ScratchState = z.infer<typeof ScratchSchema>;

// jobId and holdings came with the economy (docs/economy.md#snapshots-saves-and-replays): snapshots from before it read as "no job today, holds nothing".
const WalletSchema = z.strictObject({
  credits: CreditsSchema,
  checkedInDay: z.number().int().min(0).max(1e6).nullable(),
  jobId: z.number().int().min(1).max(1e6).nullable().default(null),
  holdings: z.record(str(200), z.number().int().min(0).max(10_000)).default({}),
  // Since purchases are told apart from a planner's repeated subtask at the till; older snapshots: none.
  lastPurchase: z.strictObject({ sector: str(400), at: num }).nullable().default(null),
});
const StatsSchema = z.strictObject({ decisions: z.number().int().min(0), rejections: z.number().int().min(0), retries: z.number().int().min(0), defaults: z.number().int().min(0) });

export const AgentStateSchema = z.strictObject({
  mode: z.enum(['generative', 'registry', 'human']),
  wallet: WalletSchema,
  recent: z
    .array(z.strictObject({ action: z.enum(ACTION_IDS), target: str(1000), reason: str(), time: num, source: z.enum(['brain', 'plan', 'default', 'player', 'pulse']) }))
    .max(1000),
  lastStarted: z.partialRecord(z.enum(ACTION_IDS), num),
  stats: StatsSchema,
  lastRejection: str().nullable(),
  // Since payment on arrival; older snapshots: nothing waiting.
  pendingPayment: z
    .strictObject({ action: z.enum(['CHECK_IN', 'BUY']), target: str(1000), since: num, source: z.enum(['brain', 'plan', 'default', 'player', 'pulse']), reason: str() })
    .nullable()
    .default(null),
}) satisfies z.ZodType<AgentState>;

/** S: an index into the snapshot's string table. */
const S = z.number().int().min(0);

/**
 * One memory node: [type (0 event, 1 chat, 2 thought), created, expiration | null, lastAccessed,
 * subject, predicate, object, description, embeddingKey (-1: the description), poignancy, keywords,
 * evidence ids, transcript as [speaker, text] pairs]. Ids, type counts and depths are implied.
 */
const NodeTupleSchema = z.tuple([
  z.number().int().min(0).max(2),
  num,
  num.nullable(),
  num,
  S,
  S,
  S,
  S,
  z.number().int().min(-1),
  num,
  z.array(S).max(1000),
  z.array(z.number().int().min(1)).max(1000),
  z.array(z.tuple([S, S])).max(1000),
]);
type NodeTuple = z.infer<typeof NodeTupleSchema>;

const PersonaPartSchema = z.strictObject({
  id: str(200),
  plannedDay: z.number().int().min(0).max(1e6).nullable(),
  lastReflection: time,
  currently: str(),
  dailyPlanReq: str(),
  commitments: z.array(CommitmentSchema).max(MAX_LIST),
  agent: AgentStateSchema,
  scratch: ScratchSchema,
  /** Spatial memory in insertion order: [sector, [arena, objects[]][]][]. */
  spatial: z.array(z.tuple([S, z.array(z.tuple([S, z.array(S).max(MAX_LIST)])).max(MAX_LIST)])).max(MAX_LIST),
  memory: z.array(NodeTupleSchema).max(MAX_MEMORIES),
  /** Packed call plan: memories waiting for their poignancy, and the details of actions already asked about (absent before it). */
  waitingPoignancy: z.array(z.strictObject({ id: z.number().int().min(1), kind: z.enum(['event', 'chat', 'thought']), text: str(), trigger: z.boolean() })).max(MAX_LIST).default([]),
  detailsCache: z
    .record(
      str(),
      z.strictObject({
        map: str(200),
        options: str(200),
        details: z.strictObject({ sector: str(), arena: str(), object: str(), emoji: str(100), event: TripleSchema, objectState: str(), objectEvent: TripleSchema }),
      }),
    )
    .default({}),
});
export type PersonaPart = z.infer<typeof PersonaPartSchema>;

const TYPES: NodeType[] = ['event', 'chat', 'thought'];

/** The Persona fields this part names (besides spec, scratch, spatial and memory, which are saved their own way or not at all). */
export const PERSONA_FIELDS = ['plannedDay', 'lastReflection', 'currently', 'dailyPlanReq', 'commitments', 'agent', 'waitingPoignancy', 'detailsCache'] as const;

function writePersona(p: Persona, id: (s: string) => number, sec: (ms: number) => number): PersonaPart {
  const lines = (l: ChatLine[]): [number, number][] => l.map((x) => [id(x.speaker), id(x.text)]);
  return {
    id: p.id,
    plannedDay: p.plannedDay,
    lastReflection: p.lastReflection,
    currently: p.currently,
    dailyPlanReq: p.dailyPlanReq,
    commitments: p.commitments.map((c) => ({ ...c })),
    agent: structuredClone(p.agent),
    waitingPoignancy: p.waitingPoignancy.map((w) => ({ ...w })),
    detailsCache: structuredClone(p.detailsCache),
    scratch: scratchState(p.scratch),
    spatial: [...p.spatial.tree].map(([sector, arenas]) => [id(sector), [...arenas].map(([arena, objects]) => [id(arena), [...objects].map(id)] as [number, number[]])]),
    memory: p.memory.nodes.map((n): NodeTuple => [
      TYPES.indexOf(n.type),
      sec(n.created),
      n.expiration === null ? null : sec(n.expiration),
      sec(n.lastAccessed),
      id(n.subject),
      id(n.predicate),
      id(n.object),
      id(n.description),
      n.embeddingKey === n.description ? -1 : id(n.embeddingKey),
      n.poignancy,
      n.keywords.map(id),
      n.evidence.slice(),
      lines(n.transcript),
    ]),
  };
}

/** The scratch's fields, named one by one (ScratchSchema's keys are the list). */
function scratchState(s: Scratch): ScratchState {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(ScratchSchema.shape)) out[key] = structuredClone((s as unknown as Record<string, unknown>)[key]);
  // The address is saved as the protocol's string (the on-disk format), parsed back on load.
  out.actAddress = s.actAddress ? printAddress(s.actAddress) : null;
  // Only a provisional day on a remote brain has one: snapshots of every other run stay as they were.
  if (out.planPending === null) delete out.planPending;
  return out as ScratchState;
}

function readAddress(text: string, what: string): ActionAddress {
  try {
    return parseAddress(text);
  } catch (err) {
    if (err instanceof AddressError) throw new SnapshotError(`${what} has a malformed address: ${err.message}`);
    throw err;
  }
}

/** Check one persona's part against the town and prepare it; nothing changes until the returned function runs. */
function readPersona(ps: PersonaPart, p: Persona, ctx: ReadContext, knowsJob: (id: number) => boolean): () => void {
  const who = `${p.name} (${p.id})`;
  const s = ps.scratch;
  ctx.walkable(s.currTile, `${who}'s position`);
  s.plannedPath.forEach((t, i) => ctx.walkable(t, `${who}'s planned path, tile ${i + 1},`));
  for (const [field, v] of [
    ['action start', s.actStartTime],
    ['chat end', s.chattingEndTime],
    ['action time', s.actionAt],
    ['last reflection', ps.lastReflection],
  ] as const) {
    if (v !== null) ctx.time(v, `${who}'s ${field}`);
  }
  const actAddress = s.actAddress === null ? null : readAddress(s.actAddress, `${who}'s current action`);
  if (s.chattingWith !== null && !ctx.knowsName(s.chattingWith)) throw new SnapshotError(`${who} is chatting with "${s.chattingWith}", who is not in this town`);
  if (s.actDuration !== null && (s.actDuration < 0 || s.actDuration > 7 * 24 * 60)) throw new SnapshotError(`${who}'s action lasts ${s.actDuration} minutes (0 to a week is possible)`);
  for (const r of ps.agent.recent) ctx.time(r.time, `${who}'s decision "${r.action}"`);
  const wallet = ps.agent.wallet;
  if (wallet.jobId !== null && !knowsJob(wallet.jobId)) throw new SnapshotError(`${who}'s check-in is for job ${wallet.jobId}, which this town's map does not have`);
  if (Object.keys(wallet.holdings).length > 1000) throw new SnapshotError(`${who} holds more than 1000 kinds of things`);
  const str = (i: number, what: string) => ctx.str(i, `${who}'s ${what}`);
  const spatial: [string, [string, string[]][]][] = ps.spatial.map(([sector, arenas]) => [str(sector, 'spatial memory'), arenas.map(([a, objects]) => [str(a, 'spatial memory'), objects.map((o) => str(o, 'spatial memory'))])]);
  const counts = [0, 0, 0];
  const nodes: ConceptNode[] = [];
  ps.memory.forEach(([t, created, expiration, lastAccessed, sj, pr, o, d, ek, poignancy, kw, evidence, transcript], i) => {
    const where = `memory ${i + 1}`;
    const type = at(TYPES, t, 'memory type');
    counts[t] = at(counts, t, 'memory type count') + 1;
    ctx.time(ctx.ms(created), `${who}'s ${where}'s creation time`);
    ctx.time(ctx.ms(lastAccessed), `${who}'s ${where}'s last access`);
    if (expiration !== null) ctx.time(ctx.ms(expiration), `${who}'s ${where}'s expiry`);
    if (poignancy < 0 || poignancy > 10) throw new SnapshotError(`${who}'s ${where} has poignancy ${poignancy} (1–10)`);
    for (const e of evidence) if (e > i) throw new SnapshotError(`${who}'s ${where} cites memory ${e} as evidence, which is not an earlier memory`);
    const depth = type === 'thought' && evidence.length > 0 ? 1 + Math.max(0, ...evidence.map((id) => nodes[id - 1]?.depth ?? 0)) : 0;
    const description = str(d, where);
    nodes.push({
      id: i + 1,
      type,
      typeCount: at(counts, t, 'memory type count'),
      depth,
      created: ctx.ms(created),
      expiration: expiration === null ? null : ctx.ms(expiration),
      lastAccessed: ctx.ms(lastAccessed),
      subject: str(sj, where),
      predicate: str(pr, where),
      object: str(o, where),
      description,
      embeddingKey: ek === -1 ? description : str(ek, where),
      poignancy,
      keywords: kw.map((k) => str(k, where)),
      evidence: evidence.slice(),
      transcript: transcript.map(([sp, tx]) => ({ speaker: str(sp, where), text: str(tx, where) })),
    });
  });
  for (const w of ps.waitingPoignancy) if (w.id > ps.memory.length) throw new SnapshotError(`${who} has memory ${w.id} waiting for its poignancy, but only ${ps.memory.length} memories`);
  return () => {
    p.waitingPoignancy = ps.waitingPoignancy.map((w) => ({ ...w }));
    p.detailsCache = structuredClone(ps.detailsCache);
    p.plannedDay = ps.plannedDay;
    p.lastReflection = ps.lastReflection;
    p.currently = ps.currently;
    p.dailyPlanReq = ps.dailyPlanReq;
    p.commitments = ps.commitments.map((c) => ({ ...c }));
    p.agent = structuredClone(ps.agent);
    const target = p.scratch as unknown as Record<string, unknown>;
    for (const [key, v] of Object.entries(s)) target[key] = structuredClone(v);
    p.scratch.actAddress = actAddress;
    p.spatial.clear();
    for (const [sector, arenas] of spatial) {
      p.spatial.learn(sector);
      for (const [arena, objects] of arenas) {
        p.spatial.learn(sector, arena);
        for (const o of objects) p.spatial.learn(sector, arena, o);
      }
    }
    p.memory.load(nodes);
  };
}

export const personasHolder: StateHolder<PersonaPart[]> = {
  key: 'personas',
  version: 1,
  schema: z.array(PersonaPartSchema).max(10_000),
  write: (sim, out) => sim.personas.map((p) => writePersona(p, out.id, out.sec)),
  read(data, sim, ctx) {
    const want = sim.personas.map((p) => p.id);
    const got = data.map((p) => p.id);
    if (want.join('\n') !== got.join('\n')) {
      const missing = want.filter((id) => !got.includes(id));
      const extra = got.filter((id) => !want.includes(id));
      const detail = missing.length || extra.length ? `${missing.length ? `missing ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `not in this town: ${extra.join(', ')}` : ''}` : 'the same people in another order';
      throw new SnapshotError(`The snapshot's personas differ from this town's (${detail})`);
    }
    const apply = sim.personas.map((p, i) => readPersona(at(data, i, 'persona part'), p, ctx, (id) => sim.economy.jobById(id) !== undefined));
    return () => apply.forEach((f) => f());
  },
};

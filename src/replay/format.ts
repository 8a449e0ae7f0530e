import { BOUNDS } from '../sim/bounds';
import { z } from 'zod';

/**
 * The Hamlet replay format, version 1 (docs/replay-format.md; JSON schema in docs/replay.schema.json,
 * generated from these zod schemas by `npm run replay-schema`).
 *
 * A replay is one JSON document, gzip-compressed (`.json.gz`). "Step n" is the town between two
 * simulation ticks, when the clock reads start + n × stepSeconds. `keyframes` hold every persona's
 * full frame at regular steps; `steps[i]` holds only what changed from step firstStep + i to
 * firstStep + i + 1 (what the simulation computed in that tick). `snapshots` are full simulation
 * states (src/sim/snapshot.ts) a live town can be forked from.
 */
export const REPLAY_FORMAT = 'hamlet-replay';
export const REPLAY_VERSION = 1;

const step = z.number().int().min(0);
const name = z.string().min(1);

const ReplayPersonaSchema = z
  .object({
    id: name.describe('Stable id (a Hamlet persona id, or "guest-…" for a persona Hamlet does not have)'),
    name: name.describe('Full name, as shown over the head and in conversations'),
    sprite: name.describe('Sprite sheet name under public/assets/characters/'),
    guest: z.boolean().optional().describe('True when the persona is not one of Hamlet’s and borrows a sprite'),
  })
  .describe('A persona of the replay; its index in `personas` is how frames and changes refer to it');

/** [x, y, emoji, description, address, chattingWith]. */
const FrameTupleSchema = z
  .tuple([z.number().int(), z.number().int(), z.string(), z.string(), z.string(), z.string().nullable()])
  .describe('A persona’s full frame: [tile x, tile y, emoji, description, address, name of the persona it is chatting with or null]');

/** [action id, target, reason ("" when it is the description itself), brain mode]. */
const ActionTupleSchema = z
  .tuple([z.string(), z.string(), z.string(), z.enum(['generative', 'registry', 'human'])])
  .nullable()
  .describe('The registered action a persona’s current action runs as (docs/action-registry.md): [action id, target, reason ("" when the reason is the description itself), brain mode ("human": the player)], or null when none');

/** [credits, holdings as [item, count] pairs, the job checked in for today or null]. */
const WalletTupleSchema = z
  .tuple([z.number(), z.array(z.tuple([z.string(), z.number().int().min(0)])), z.string().nullable()])
  .describe('A persona’s money and goods (docs/economy.md#money-and-goods): [credits, what it holds as [item, count] pairs, the job it checked in for today ("barista at Bramble Café") or null]');

const KeyframeSchema = z
  .object({
    step,
    personas: z.array(FrameTupleSchema).describe('One frame per persona, in the order of `personas`'),
    actions: z.array(ActionTupleSchema).optional().describe('One registered action per persona, in the order of `personas` (Hamlet recordings since the action registry)'),
    wallets: z.array(WalletTupleSchema).optional().describe('Every persona’s money and goods, in the order of `personas` (Hamlet recordings since the economy’s wallets were recorded)'),
    objects: z
      .array(z.tuple([z.string(), z.string()]))
      .optional()
      .describe('Object events at this step: [object address, what is happening there] (Hamlet recordings; the first keyframe’s are where the changes in `o` start from)'),
  })
  .describe('Every persona’s frame at a step');

const PersonaChangeSchema = z
  .object({
    i: z.number().int().min(0).describe('Persona index'),
    x: z.number().int().optional().describe('New tile x (present with y whenever the persona moved)'),
    y: z.number().int().optional(),
    e: z.string().optional().describe('New emoji'),
    d: z.string().max(BOUNDS.personaText).optional().describe('New description'),
    a: z.string().optional().describe('New address'),
    w: z.string().nullable().optional().describe('New chat partner (name) or null when a chat ends'),
    k: ActionTupleSchema.optional().describe('New registered action'),
    $: WalletTupleSchema.optional().describe('New money and goods (whole, whenever any of it changed)'),
  })
  .describe('What changed for one persona: only the fields that changed');

const ConversationSchema = z
  .object({
    participants: z.tuple([name, name]),
    summary: z.string(),
    lines: z.array(z.tuple([z.string(), z.string()])).describe('[speaker, line] pairs'),
  })
  .describe('A conversation that happened in this tick');

/** [persona index, node id, type, predicate, description, poignancy, evidence node ids]. */
const MemoryAddSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(1), z.enum(['event', 'chat', 'thought']), z.string(), z.string(), z.number(), z.array(z.number().int())])
  .describe('A memory added: [persona index, node id, type, predicate ("reflects" for reflections, "plan", "heard", "chat with" …), description, poignancy, evidence node ids]');

const CallSchema = z
  .object({
    persona: z.string(),
    module: z.string(),
    prompt: z.string(),
    promptVersion: z.string(),
    gameTime: z.number(),
    promptText: z.string(),
    replies: z.array(z.string()),
    parsed: z.unknown().optional().describe('The validated answer; absent when no reply was usable (a fallback)'),
    latencyMs: z.number(),
    tokens: z.object({ prompt: z.number(), completion: z.number() }),
    retries: z.number(),
    outcome: z.enum(['ok', 'retried', 'fallback']),
    error: z.string().optional(),
  })
  .describe('An LLM call as the inspector shows it (never an API key); long texts are cut');

const EconomyEventSchema = z
  .object({
    i: z.number().int().min(0).describe('Persona index'),
    a: z.enum(['checkin', 'purchase', 'eat', 'chat', 'refused', 'bills']).describe('What kind of event ("bills": the day’s rent and bills, paid at midnight)'),
    w: z.string().describe('What happened ("bought bread at Crumb & Crust Bakery (−4 credits)")'),
    r: z.string().describe('Why (the decision’s reason)'),
    s: z.enum(['pulse', 'plan', 'brain', 'default', 'player', 'town']).describe('Who decided: the hourly pulse, the persona’s plan, its registry brain, the scene default, the player, the town’s standing order (rent and bills)'),
  })
  .describe('An economy event for the activity feed');

const StepSchema = z
  .object({
    p: z.array(PersonaChangeSchema).optional().describe('Persona changes'),
    c: z.array(ConversationSchema).optional().describe('Conversations'),
    o: z.array(z.tuple([z.string(), z.string().nullable()])).optional().describe('Object events: [object address, what is happening there, or null when it ends]'),
    m: z.array(MemoryAddSchema).optional().describe('Memories added (cognitive detail)'),
    l: z.array(CallSchema).optional().describe('LLM calls made (cognitive detail)'),
    a: z
      .array(z.tuple([z.number().int().min(0), z.string(), step]))
      .optional()
      .describe('Answers of a model that took effect at this tick (asynchronous mode): [persona index, brain call, tick it was asked in]'),
    x: z.array(EconomyEventSchema).optional().describe('Economy events (docs/economy.md#the-activity-feed): check-ins, purchases, meals of held food, the hourly pulse’s chats'),
  })
  .describe('What changed in one tick; {} when nothing did');

const snapshotCommon = { step, seed: z.number(), startMs: z.number(), stepSeconds: z.number().positive(), strings: z.array(z.string()) };
const SnapshotSchema = z
  .union([
    z.looseObject({ version: z.literal(2), ...snapshotCommon, parts: z.record(z.string(), z.looseObject({ v: z.number().int(), data: z.unknown() })).describe('One part per holder of simulation state (src/sim/snapshot.ts HOLDERS), each checked by its own schema when a town is restored') }),
    z.looseObject({ version: z.literal(1), ...snapshotCommon, personas: z.array(z.looseObject({ id: name })) }).describe('Format 1 (before explicit state ownership): read by migration'),
  ])
  .describe('A full simulation state a live town can continue from (see src/sim/snapshot.ts)');

export const MapInfoSchema = z.object({
  name: name.describe('The map’s world name ("Hamlet"; "the Ville" for Smallville)'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  tileSize: z.number().int().positive(),
  fingerprint: z.string().optional().describe('Hash of the walkable grid and the place names; forking needs the same'),
});

export const ReplaySchema = z
  .object({
    format: z.literal(REPLAY_FORMAT),
    version: z.literal(REPLAY_VERSION),
    title: z.string(),
    source: z.enum(['hamlet', 'smallville']).describe('Recorded by Hamlet, or imported from a Smallville demo folder'),
    map: MapInfoSchema,
    seed: z.number().nullable(),
    start: z.string().describe('Game time of step 0, ISO without time zone, e.g. "2023-02-13T00:00:00"'),
    stepSeconds: z.number().positive(),
    firstStep: step.describe('The first step recorded'),
    brain: z.string().describe('"offline", "llm:<model>", or "smallville"'),
    keyframeInterval: z.number().int().positive().describe('Steps between keyframes'),
    personas: z.array(ReplayPersonaSchema).min(1),
    specs: z.array(z.looseObject({ id: name })).optional().describe('The persona files the run used (needed to fork)'),
    notice: z.string().optional().describe('Shown when the replay opens (e.g. how a Smallville import was mapped)'),
    initialMemories: z.array(MemoryAddSchema).optional().describe('Memories the personas had when the recording started'),
    keyframes: z.array(KeyframeSchema).min(1).describe('Full frames at firstStep and every keyframeInterval steps after it'),
    steps: z.array(StepSchema).describe('steps[i]: the changes from step firstStep + i to firstStep + i + 1'),
    snapshots: z.array(SnapshotSchema).describe('Full-state keyframes to fork from (may be empty)'),
  })
  .describe('A Hamlet replay (gzip-compressed JSON)');

export type ReplayPersona = z.infer<typeof ReplayPersonaSchema>;
export type FrameTuple = z.infer<typeof FrameTupleSchema>;
export type ActionTuple = z.infer<typeof ActionTupleSchema>;
export type WalletTuple = z.infer<typeof WalletTupleSchema>;
export type Keyframe = z.infer<typeof KeyframeSchema>;
export type PersonaChange = z.infer<typeof PersonaChangeSchema>;
export type ReplayConversation = z.infer<typeof ConversationSchema>;
export type MemoryAdd = z.infer<typeof MemoryAddSchema>;
export type ReplayCall = z.infer<typeof CallSchema>;
export type ReplayStep = z.infer<typeof StepSchema>;
export type MapInfo = z.infer<typeof MapInfoSchema>;
export type ReplayFile = Omit<z.infer<typeof ReplaySchema>, 'snapshots'> & { snapshots: import('../sim/snapshot').SimSnapshot[] };

/** The last step a replay reaches. */
export function lastStepOf(r: Pick<ReplayFile, 'firstStep' | 'steps'>): number {
  return r.firstStep + r.steps.length;
}

/** Game time (ms) of a step. */
export function timeOfStep(r: Pick<ReplayFile, 'start' | 'stepSeconds'>, n: number): number {
  return Date.parse(`${r.start}Z`) + n * r.stepSeconds * 1000;
}

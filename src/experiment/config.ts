import { z } from 'zod';
import { CONDITIONS, type Condition } from '../sim/ablation';

import { MAX_CONCURRENCY } from '../llm/config';
/** The scenarios an experiment can run (docs/experiments.md). */
const SCENARIOS = ['party', 'election', 'diffusion', 'interviews'] as const;
type ScenarioName = (typeof SCENARIOS)[number];

/** Conditions: the paper's ablations, plus the offline brain itself as a baseline on a model experiment. */
const CONDITION_NAMES = [...CONDITIONS, 'offline'] as const;
type ConditionName = Condition | 'offline';

const modelBrain = z
  .object({
    llm: z.url({ protocol: /^https?$/ }),
    model: z.string().min(1).max(200),
    calls: z.enum(['packed', 'faithful']).optional(),
    concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).optional(),
    timeoutSeconds: z.number().positive().max(600).optional(),
    structured: z.enum(['json_schema', 'json_object', 'none']).optional(),
    budget: z.number().int().min(0).optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();

const whisperSpec = z
  .object({
    to: z.string().min(1).max(100),
    text: z.string().min(1).max(500),
    /** Words that mark the news in talk (any of them, case-insensitive). */
    topic: z.array(z.string().min(2).max(60)).min(1).max(20),
    at: z.iso.datetime({ local: true }).optional(),
  })
  .strict();

const configSchema = z
  .object({
    name: z.string().min(1).max(120),
    scenario: z.enum(SCENARIOS),
    days: z.number().positive().max(30),
    seeds: z.array(z.number().int().min(0).max(2 ** 32 - 1)).min(1).max(1000),
    conditions: z.array(z.enum(CONDITION_NAMES)).min(1).max(CONDITION_NAMES.length),
    brain: z.union([z.literal('offline'), modelBrain]),
    /** The town: a town pack folder or a Smallville storage base (as `npm run sim -- --town`), relative to the config; ours by default. */
    town: z.string().min(1).max(1000).optional(),
    /** The first n residents only (small test towns). */
    personas: z.number().int().min(2).max(1000).optional(),
    /** What is whispered, to whom (diffusion: required; party and election: overrides the paper's). */
    whisper: whisperSpec.optional(),
    /** Ask every persona the interview battery at the end (default: only in the interviews scenario). */
    interviews: z.boolean().optional(),
    /** A judge model for pairwise ranking of interview answers (TrueSkill per condition); `comparisons` caps its calls (default 300). */
    judge: modelBrain.extend({ comparisons: z.number().int().min(1).max(100_000).optional() }).strict().optional(),
    /** A recording (a replay with its calls) whose model replies answer this experiment's calls instead of a model. */
    replayCalls: z.string().min(1).optional(),
  })
  .strict();

export type ExperimentConfig = z.infer<typeof configSchema>;
export type ModelBrainConfig = z.infer<typeof modelBrain>;
export type WhisperSpec = z.infer<typeof whisperSpec>;

/** A config read and checked; an error names the file and each problem. */
export function parseExperimentConfig(data: unknown, source: string): ExperimentConfig {
  const r = configSchema.safeParse(data);
  if (!r.success) throw new Error(`${source}: not a valid experiment config:\n${r.error.issues.map((i) => `  ${i.path.join('.') || '(top)'}: ${i.message}`).join('\n')}`);
  const c = r.data;
  if (new Set(c.seeds).size !== c.seeds.length) throw new Error(`${source}: seeds repeat`);
  if (new Set(c.conditions).size !== c.conditions.length) throw new Error(`${source}: conditions repeat`);
  if (c.scenario === 'diffusion' && !c.whisper) throw new Error(`${source}: the diffusion scenario needs a "whisper": { "to", "text", "topic" }`);
  if (c.conditions.includes('offline') && c.brain === 'offline' && c.conditions.length > 1 && c.conditions.includes('full')) {
    throw new Error(`${source}: "offline" and "full" are the same condition when the brain is offline`);
  }
  return c;
}

/** One run of an experiment: its scenario on one seed under one condition. */
export interface RunSpec {
  /** "party-full-s3": unique in the experiment, the name of its files. */
  id: string;
  index: number;
  scenario: ScenarioName;
  condition: ConditionName;
  seed: number;
}

/** Every run, conditions within seeds, in a fixed order (shards and merges rely on it). */
export function runsOf(c: ExperimentConfig): RunSpec[] {
  const runs: RunSpec[] = [];
  for (const seed of c.seeds) for (const condition of c.conditions) runs.push({ id: `${c.scenario}-${condition}-s${seed}`, index: runs.length, scenario: c.scenario, condition, seed });
  return runs;
}

/** "--shard I/N": shard I (0-based) of N takes every N-th run from the I-th. */
export function parseShard(raw: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!m) throw new Error(`--shard must be I/N (e.g. 0/4), got "${raw}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 10_000 || index >= count) throw new Error(`--shard ${raw}: I must be below N (0 ≤ I < N ≤ 10000)`);
  return { index, count };
}

export function shardOf(runs: RunSpec[], shard: { index: number; count: number } | null): RunSpec[] {
  return shard ? runs.filter((r) => r.index % shard.count === shard.index) : runs;
}

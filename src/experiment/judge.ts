import { z } from 'zod';
import { rate, rating, ordinal, type Rating } from 'openskill';
import { thurstoneMostellerFull } from 'openskill/models';
import { LlmClient } from '../llm/client';
import { extractJson } from '../llm/json';
import { Rng } from '../sim/rng';
import type { ExperimentConfig } from './config';
import { llmConfigOf } from './modelBrain';
import type { RunResult } from './runOne';

/** The judge's reply: which answer is the more believable one for this person. */
const VerdictSchema = z.object({ better: z.enum(['A', 'B', 'tie']) });

/** Default cap on comparisons per experiment (each one model call): a judge bill stays bounded. */
const DEFAULT_COMPARISONS = 300;
/** One validation retry (the reply fed back), as the LLM brain's calls do. */
const ATTEMPTS = 2;

const SYSTEM = 'You judge interview answers of characters in a simulated town, as in Park et al. (2023): which answer is the more believable one for this character — consistent with who they are and what they would know. Reply with JSON only: {"better": "A" | "B" | "tie"}.';

interface Comparison {
  seed: number;
  persona: string;
  question: string;
  a: { condition: string; answer: string };
  b: { condition: string; answer: string };
}

export interface JudgeSummary {
  model: string;
  /** Per condition: TrueSkill-scale μ and σ after every verdict, and the conservative ordinal μ − 3σ. */
  ratings: { condition: string; mu: number; sigma: number; ordinal: number }[];
  compared: number;
  ties: number;
  /** Comparisons with no usable verdict after the retries (a dead endpoint, replies that never parse): left out, counted. */
  fallbacks: number;
  /** Pairs there were to compare, before the cap. */
  available: number;
}

/** Every pair of answers by two conditions to the same question of the same persona on the same seed. */
function pairsOf(runs: readonly RunResult[]): Comparison[] {
  const bySeed = new Map<number, RunResult[]>();
  for (const r of runs) if (r.interviews) bySeed.set(r.seed, [...(bySeed.get(r.seed) ?? []), r]);
  const out: Comparison[] = [];
  for (const [seed, rs] of bySeed) {
    const answers = rs.map((r) => new Map((r.interviews?.answers ?? []).map((x) => [`${x.persona}\n${x.question}`, x.answer])));
    for (let i = 0; i < rs.length; i++) {
      for (let j = i + 1; j < rs.length; j++) {
        for (const [key, a] of answers[i] ?? []) {
          const b = answers[j]?.get(key);
          if (b === undefined) continue;
          const [persona = '', question = ''] = key.split('\n');
          out.push({ seed, persona, question, a: { condition: rs[i]?.condition ?? '', answer: a }, b: { condition: rs[j]?.condition ?? '', answer: b } });
        }
      }
    }
  }
  return out;
}

/**
 * The paper's evaluation (§6.1): a judge model ranks the answers of different conditions to the same
 * interview question, pairwise; the verdicts become TrueSkill ratings per condition (openskill's
 * Thurstone–Mosteller full-pairing model: Weng and Lin's Bayesian approximation of TrueSkill, on its
 * scale μ₀ = 25, σ₀ = 25/3). At most `comparisons` pairs, drawn with a seeded random order; which
 * answer is shown first is drawn too (no position bias). Each call: the client's one deadline and
 * transport retries, a zod-checked reply, one retry on an unusable one, then counted as a fallback.
 */
export async function judgeInterviews(c: ExperimentConfig, runs: readonly RunResult[], client?: LlmClient): Promise<JudgeSummary | null> {
  if (!c.judge) return null;
  const judge = client ?? new LlmClient(llmConfigOf(c.judge));
  const all = pairsOf(runs);
  const rng = Rng.derive(c.seeds[0] ?? 0, 'judge');
  // A seeded shuffle, then the first `cap`.
  for (let i = all.length - 1; i > 0; i--) {
    const k = rng.int(i + 1);
    [all[i], all[k]] = [all[k] as Comparison, all[i] as Comparison];
  }
  const picked = all.slice(0, c.judge.comparisons ?? DEFAULT_COMPARISONS);
  const ratings = new Map<string, Rating>(c.conditions.map((k) => [k, rating()]));
  let ties = 0;
  let fallbacks = 0;
  let compared = 0;
  for (const cmp of picked) {
    const flip = rng.next() < 0.5;
    const [first, second] = flip ? [cmp.b, cmp.a] : [cmp.a, cmp.b];
    const verdict = await askJudge(judge, cmp.persona, cmp.question, first.answer, second.answer);
    if (verdict === null) {
      fallbacks++;
      continue;
    }
    compared++;
    const ra = ratings.get(first.condition) ?? rating();
    const rb = ratings.get(second.condition) ?? rating();
    // Ranks: lower is better; a tie shares a rank.
    const rank = verdict === 'A' ? [1, 2] : verdict === 'B' ? [2, 1] : [1, 1];
    if (verdict === 'tie') ties++;
    const [[na], [nb]] = rate([[ra], [rb]], { rank, model: thurstoneMostellerFull }) as [[Rating], [Rating]];
    ratings.set(first.condition, na);
    ratings.set(second.condition, nb);
  }
  return {
    model: c.judge.model,
    ratings: [...ratings].map(([condition, r]) => ({ condition, mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) })).sort((x, y) => y.mu - x.mu),
    compared,
    ties,
    fallbacks,
    available: pairsOf(runs).length,
  };
}

async function askJudge(client: LlmClient, persona: string, question: string, a: string, b: string): Promise<'A' | 'B' | 'tie' | null> {
  const user = `Character: ${persona}\nInterview question: ${question}\n\nAnswer A: ${a}\n\nAnswer B: ${b}\n\nWhich answer is the more believable one for ${persona}?`;
  const history: { role: 'assistant' | 'user'; content: string }[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let text: string;
    try {
      text = (await client.chat({ system: SYSTEM, user, schemaName: 'judge_pair', jsonSchema: z.toJSONSchema(VerdictSchema) as Record<string, unknown>, temperature: 0, maxTokens: 20, history })).text;
    } catch {
      return null;
    }
    const parsed = VerdictSchema.safeParse(extractJson(text));
    if (parsed.success) return parsed.data.better;
    history.push({ role: 'assistant', content: text || '(empty)' }, { role: 'user', content: 'That reply was not usable. Reply with JSON only: {"better": "A" | "B" | "tie"}.' });
  }
  return null;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { judgeInterviews } from '../../src/experiment/judge';
import { parseExperimentConfig } from '../../src/experiment/config';
import type { RunResult } from '../../src/experiment/runOne';

const run = promisify(execFile);

/** A judge that prefers the longer answer (ties when equal), reading the two answers from the prompt. */
function longerWins(seen: string[]) {
  return (_body: unknown, _task: string, prompt: string) => {
    const a = /Answer A: ([\s\S]*?)\n\nAnswer B:/.exec(prompt)?.[1] ?? '';
    const b = /Answer B: ([\s\S]*?)\n\nWhich answer/.exec(prompt)?.[1] ?? '';
    const better = a.length === b.length ? 'tie' : a.length > b.length ? 'A' : 'B';
    seen.push(better);
    return { kind: 'content' as const, content: JSON.stringify({ better }) };
  };
}

/** Runs of three conditions on two seeds whose interview answers differ in length: full longest, no-memory shortest. */
function runsWithAnswers(): RunResult[] {
  const say = { full: 'I remember the party at the café and who told me, and I plan to go at five.', 'no-reflection': 'I remember the party at the café.', 'no-memory': 'I do not know.' } as const;
  return [1, 2].flatMap((seed) =>
    (Object.keys(say) as (keyof typeof say)[]).map(
      (condition) =>
        ({
          id: `x-${condition}-s${seed}`,
          seed,
          condition,
          interviews: { asked: 20, answers: Array.from({ length: 20 }, (_, i) => ({ persona: `P${i % 4}`, category: 'memory', question: `Q${i}`, answer: say[condition] })) },
        }) as unknown as RunResult,
    ),
  );
}

describe('the judge: pairwise ranking of interview answers into TrueSkill per condition', () => {
  let fake: FakeLlm;
  const seen: string[] = [];
  let tmp: string;
  beforeAll(async () => {
    fake = await startFakeLlm(longerWins(seen) as never);
    tmp = mkdtempSync(join(tmpdir(), 'hamlet-judge-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('ranks the conditions by the verdicts, within the cap, showing each side first about as often', async () => {
    const config = parseExperimentConfig({ name: 'j', scenario: 'interviews', days: 1, seeds: [1, 2], conditions: ['full', 'no-reflection', 'no-memory'], brain: 'offline', judge: { llm: fake.url, model: 'judge-model', comparisons: 60 } }, 'j.json');
    const s = await judgeInterviews(config, runsWithAnswers());
    expect(s).not.toBeNull();
    // 2 seeds × 3 pairs of conditions × 20 questions to choose from; 60 asked.
    expect(s!.available).toBe(120);
    expect(s!.compared).toBe(60);
    expect(s!.fallbacks).toBe(0);
    expect(s!.ratings.map((r) => r.condition)).toEqual(['full', 'no-reflection', 'no-memory']);
    for (const r of s!.ratings) expect(r.sigma).toBeLessThan(25 / 3);
    // The longer answer was shown first in some comparisons and second in others.
    expect(seen.filter((v) => v === 'A').length).toBeGreaterThan(10);
    expect(seen.filter((v) => v === 'B').length).toBeGreaterThan(10);
  });

  it('a judge that never gives a usable verdict leaves the ratings where they start, and says so', async () => {
    fake.setResponder(() => ({ kind: 'content', content: 'Both answers are lovely.' }));
    const config = parseExperimentConfig({ name: 'j', scenario: 'interviews', days: 1, seeds: [1], conditions: ['full', 'no-memory'], brain: 'offline', judge: { llm: fake.url, model: 'judge-model', comparisons: 5 } }, 'j.json');
    const s = await judgeInterviews(config, runsWithAnswers());
    expect(s).toMatchObject({ compared: 0, fallbacks: 5 });
    for (const r of s!.ratings) expect(r).toMatchObject({ mu: 25, sigma: 25 / 3 });
  });

  it('an interviews experiment with a judge writes judge.json and the ratings in the report', async () => {
    fake.setResponder(longerWins([]) as never);
    const cfg = join(tmp, 'interviews.json');
    writeFileSync(cfg, JSON.stringify({ name: 'judged', scenario: 'interviews', days: 0.1, seeds: [2], conditions: ['full', 'no-memory'], brain: 'offline', personas: 2, judge: { llm: fake.url, model: 'judge-model', comparisons: 12 } }));
    const out = join(tmp, 'out');
    await run(process.execPath, ['--import', 'tsx', 'src/cli/experiment.ts', cfg, '--out', out, '--workers', '1'], { maxBuffer: 16 << 20 });
    const judged = JSON.parse(readFileSync(join(out, 'judge.json'), 'utf8'));
    expect(judged.compared + judged.fallbacks).toBe(12);
    expect(judged.runs).toEqual(['interviews-full-s2', 'interviews-no-memory-s2']);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toMatch(/Judge judge-model: \d+ pairwise comparisons/);
    expect(html).toMatch(/known facts held/);
    const row = readFileSync(join(out, 'results.csv'), 'utf8').trim().split('\n')[1]!;
    // 2 personas × 25 questions.
    expect(row).toMatch(/,50,/);
  }, 120_000);
});

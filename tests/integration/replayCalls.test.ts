import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { decodeReplay } from '../../src/replay/codec';
import { diffReplays } from '../../src/replay/diff';
import type { ReplayFile } from '../../src/replay/format';

const run = promisify(execFile);
const cli = (file: string, args: string[]) => run(process.execPath, ['--import', 'tsx', file, ...args], { maxBuffer: 16 << 20 });
const open = async (path: string) => decodeReplay(new Uint8Array(readFileSync(path)));
/** Every call of a replay as the model saw and answered it, step by step (within a step, in any order: side-by-side calls finish as they finish). */
const callsOf = (r: ReplayFile) => r.steps.map((s) => (s.l ?? []).map((c) => JSON.stringify([c.persona, c.module, c.promptText, c.replies, c.outcome])).sort());

describe('exact re-execution of a model run (--replay-calls)', () => {
  let fake: FakeLlm;
  let tmp: string;
  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
    tmp = mkdtempSync(join(tmpdir(), 'hamlet-replay-calls-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('re-runs a 2-hour model town from its recording with no server, step for step, and lists what a change asks anew', async () => {
    const recorded = join(tmp, 'model.json.gz');
    await cli('src/cli/sim.ts', ['--hours', '2', '--personas', '5', '--start', '2023-02-13T07:00:00', '--lockstep', '--llm', fake.url, '--model', 'fake-model', '--out', recorded]);
    const asked = fake.requests.length;
    expect(asked).toBeGreaterThan(5);
    await fake.close();

    // No server now: every reply comes from the recording.
    const again = join(tmp, 'again.json.gz');
    const { stderr } = await cli('src/cli/sim.ts', ['--replay-calls', recorded, '--out', again]);
    expect(stderr).toMatch(new RegExp(`${asked} recorded replies used, 0 calls not in the recording, 0 recorded calls never asked`));
    const a = await open(recorded);
    const b = await open(again);
    expect(b.steps.length).toBe(a.steps.length);
    expect(diffReplays(a, b)).toMatchObject({ firstStep: null, personas: [], conversationsFrom: null });
    expect(callsOf(b)).toEqual(callsOf(a));
    const same = await cli('src/cli/replay.ts', ['diff', recorded, again]);
    expect(same.stdout).toMatch(/^The same, step for step: steps 0–720, 5 personas\./);

    // A change (the faithful call plan) asks what the recording never held: the offline brain answers, counted and listed.
    const changed = join(tmp, 'changed.json.gz');
    const c = await cli('src/cli/sim.ts', ['--replay-calls', recorded, '--calls', 'faithful', '--out', changed]);
    const unrecorded = Number(/(\d+) calls not in the recording/.exec(c.stderr)?.[1]);
    expect(unrecorded).toBeGreaterThan(0);
    expect(c.stderr).toMatch(/not recorded: \w+ for [a-z]+-[a-z]+/);
    expect(c.stdout).toMatch(new RegExp(`brain fallbacks: ${unrecorded}\\b`));
    const differs = (await cli('src/cli/replay.ts', ['diff', recorded, changed]).then(() => null, (e: unknown) => e)) as { code: number; stdout: string } | null;
    expect(differs?.code).toBe(2);
    expect(differs?.stdout).toMatch(/They part at step \d+/);
  }, 240_000);

  it('refuses a recording it cannot re-run from', async () => {
    const offline = join(tmp, 'offline.json.gz');
    await cli('src/cli/sim.ts', ['--hours', '0.2', '--personas', '2', '--out', offline]);
    const err = (await cli('src/cli/sim.ts', ['--replay-calls', offline]).then(() => null, (e: unknown) => e)) as { code: number; stderr: string } | null;
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/recorded on the offline brain: there are no model calls/);
    const both = (await cli('src/cli/sim.ts', ['--replay-calls', offline, '--seed', '3']).then(() => null, (e: unknown) => e)) as { stderr: string } | null;
    expect(both?.stderr).toMatch(/--seed cannot be combined with --replay-calls/);
  }, 120_000);
});

describe('an experiment re-run from a model experiment’s recorded calls (replayCalls)', () => {
  let fake: FakeLlm;
  let tmp: string;
  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
    tmp = mkdtempSync(join(tmpdir(), 'hamlet-replay-calls-exp-'));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('gives the same run with no model, interviews included, and counts what another condition asks anew', async () => {
    const base = { scenario: 'interviews', days: 0.05, seeds: [2], personas: 3 };
    const modelCfg = join(tmp, 'model.json');
    writeFileSync(modelCfg, JSON.stringify({ ...base, name: 'on the model', conditions: ['full'], brain: { llm: fake.url, model: 'fake-model' } }));
    await cli('src/cli/experiment.ts', [modelCfg, '--out', join(tmp, 'model'), '--workers', '1']);
    const recorded = JSON.parse(readFileSync(join(tmp, 'model', 'runs', 'interviews-full-s2.json'), 'utf8'));
    expect(recorded.callsFile).toBe('calls/interviews-full-s2.json.gz');
    expect(recorded.interviews.asked).toBe(75);
    expect(recorded.calls).toBeGreaterThan(75);
    await fake.close();

    // No server: the recording answers; the configured brain is the offline one, for what it lacks.
    const againCfg = join(tmp, 'again.json');
    writeFileSync(againCfg, JSON.stringify({ ...base, name: 'again', conditions: ['full', 'no-reflection'], brain: 'offline', replayCalls: 'model/calls/interviews-full-s2.json.gz' }));
    await cli('src/cli/experiment.ts', [againCfg, '--out', join(tmp, 'again'), '--workers', '1']);
    const same = JSON.parse(readFileSync(join(tmp, 'again', 'runs', 'interviews-full-s2.json'), 'utf8'));
    expect(same.unrecordedCalls).toBe(0);
    expect(same.fallbacks).toBe(0);
    expect(same.brain).toBe(recorded.brain);
    expect(same.interviews.answers).toEqual(recorded.interviews.answers);
    expect(same.calls).toBe(recorded.calls);
    const a = await open(join(tmp, 'model', recorded.replay));
    const b = await open(join(tmp, 'again', same.replay));
    expect(diffReplays(a, b)).toMatchObject({ firstStep: null, conversationsFrom: null });
    // Another condition under the same recording: runs, and says what it asked that the recording lacks.
    const other = JSON.parse(readFileSync(join(tmp, 'again', 'runs', 'interviews-no-reflection-s2.json'), 'utf8'));
    expect(other.unrecordedCalls).toBe(other.fallbacks);
  }, 240_000);
});

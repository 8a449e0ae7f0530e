import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

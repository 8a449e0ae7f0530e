import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { deadUrl, startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeSave } from '../../src/save/saveFile';
import { decodeReplay } from '../../src/replay/codec';

const run = promisify(execFile);
const tsx = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...args], { env: { ...process.env, ...env }, maxBuffer: 16 << 20 });

describe('npm run sim', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
  });
  afterAll(async () => {
    await fake.close();
  });

  it('refuses a bad argument before running, naming it', async () => {
    const fail = async (args: string[]) => {
      const err = (await tsx(args).then(() => null, (e: unknown) => e)) as { code: number; stderr: string; stdout: string } | null;
      expect(err, args.join(' ')).not.toBeNull();
      expect(err!.code).toBe(1);
      // Nothing ran: no progress bar, no summary.
      expect(err!.stdout).toBe('');
      return err!.stderr.split('\n')[0];
    };
    expect(await fail(['--personas', '0'])).toBe('--personas must be a whole number at least 1, got "0"');
    expect(await fail(['--hours=-1'])).toBe('--hours must be a number more than 0, got "-1"');
    expect(await fail(['--out', join(tmpdir(), 'no-such-folder-hamlet', 'day.json.gz')])).toMatch(/^--out .*does not exist$/);
    expect(await fail(['--bogus'])).toBe('unknown option --bogus');
  }, 60_000);

  it('runs the day headless on the offline brain and prints a per-persona summary', async () => {
    const { stdout } = await tsx(['--hours', '2', '--personas', '3', '--start', '2023-02-13T07:00:00']);
    expect(stdout).toMatch(/brain offline/);
    expect(stdout).toMatch(/^ {2}08:00 {2}.+ — .+$/m);
  }, 60_000);

  it('runs on an endpoint with --llm and prints calls and tokens per persona per game hour, never the key', async () => {
    const key = 'sk-cli-secret-42';
    const { stdout, stderr } = await tsx(['--hours', '1', '--personas', '3', '--llm', fake.url, '--model', 'fake-model'], { OPENAI_API_KEY: key });
    expect(stdout).toMatch(/brain llm:fake-model/);
    expect(stdout).toMatch(/LLM calls \/ tokens per persona per game hour/);
    expect(stdout).toMatch(/^mode: asynchronous at \d+× \(the clock did not wait for the model/m);
    // A row per persona with "calls/tokens" cells.
    expect(stdout.match(/^\S.*\s\d+\/\d+/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(fake.requests.length).toBeGreaterThan(3);
    expect(stdout + stderr).not.toContain(key);
  }, 60_000);

  it('says on stderr why calls fall back when the endpoint answers, but nothing usable (the first reason and how many shared it), never the key', async () => {
    const key = 'sk-cli-secret-garbage-91';
    const garbage = await startFakeLlm(() => ({ kind: 'content', content: `I cannot answer that (${key}).` }));
    try {
      const { stdout, stderr } = await tsx(['--hours', '0.5', '--personas', '3', '--start', '2023-02-13T07:00:00', '--llm', garbage.url, '--model', 'fake-model'], { OPENAI_API_KEY: key });
      // The counts say how many; stderr says why: while it happens, and at the end.
      expect(stdout).toMatch(/brain fallbacks: [1-9]\d*/);
      expect(stderr).toMatch(new RegExp(`\\n\\d+ calls in a row to the model at ${garbage.url.replace(/[.]/g, '\\.')} fell back to the offline brain, which answers them: \\d+ of them because "no valid reply after 3 attempts \\(the reply was not valid JSON\\)"`));
      const why = /^Why (\d+) calls fell back to the offline brain: first "no valid reply after 3 attempts \(the reply was not valid JSON\)" \((\d+) of them\)/m.exec(stderr);
      expect(why).not.toBeNull();
      expect(Number(why![2])).toBe(Number(why![1]));
      // Not the breaker: the endpoint answers. Nor did any usable reply end the run (a local embedding is no reply).
      expect(stderr).not.toMatch(/is not answering/);
      expect(stderr).not.toMatch(/usable replies again/);
      expect(stdout + stderr).not.toContain(key);
    } finally {
      await garbage.close();
    }
  }, 120_000);

  it('names a model that does not answer and runs nothing, rather than a whole run made by the offline stand-in', async () => {
    const dead = await deadUrl();
    const key = 'sk-cli-secret-dead-77';
    const err = (await tsx(['--hours', '1', '--personas', '3', '--llm', dead, '--model', 'fake-model'], { OPENAI_API_KEY: key }).then(() => null, (e: unknown) => e)) as { code: number; stderr: string; stdout: string } | null;
    expect(err).not.toBeNull();
    expect(err!.code).toBe(1);
    expect(err!.stdout).toBe('');
    expect(err!.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^The model at ${dead.replace(/[.]/g, '\\.')} is not answering \\(cannot reach the endpoint .*\\); nothing was run\\.`))]);
    expect(err!.stderr).not.toContain(key);
  }, 60_000);

  it('--registry N runs the last N personas on the registry brain and prints the action counters and calls per brain', async () => {
    const { stdout } = await tsx(['--hours', '2', '--personas', '3', '--registry', '2', '--start', '2023-02-13T07:00:00', '--llm', fake.url, '--model', 'fake-model']);
    expect(stdout).toMatch(/^Ada Quinn \(shopkeeper; generative brain; \d+ credits, holds [^;]+; \d+ decisions, \d+ rejected, \d+ defaults\)$/m);
    expect(stdout).toMatch(/^Arjun Patel \(grocer; registry brain; \d+ credits, holds [^;]+; \d+ decisions, \d+ rejected, \d+ defaults\)$/m);
    expect(stdout).toMatch(/^ {2}08:00 {2}.+ \[(WAKE_UP|EAT|CHECK_IN|WORK|GO_TO|BUY|USE_OBJECT|IDLE|GO_HOME|STUDY|CHAT|WAIT|SLEEP)\]$/m);
    expect(stdout).toMatch(/^Actions: \d+ decisions, \d+ rejected, \d+ retries, \d+ scene defaults$/m);
    const perPersona = (mode: string) => Number(new RegExp(`^${mode} brain: \\d+ personas, \\d+ LLM calls, ([\\d.]+) per persona`, 'm').exec(stdout)?.[1]);
    expect(perPersona('registry')).toBeGreaterThan(0);
    expect(perPersona('registry')).toBeLessThan(perPersona('generative'));
  }, 60_000);

  it('--save and --load: a town saved after 2 hours and run on for 1 is the town run 3 hours straight, and so is its recording', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hamlet-save-'));
    const f = (n: string) => join(dir, n);
    const common = ['--personas', '3', '--start', '2023-02-13T07:00:00'];
    await tsx(['--hours', '2', ...common, '--save', f('a.hamlet.json.gz')]);
    const { stderr } = await tsx(['--hours', '1', '--load', f('a.hamlet.json.gz'), '--save', f('b.hamlet.json.gz'), '--out', f('b.json.gz')]);
    expect(stderr).toMatch(/loaded .*a\.hamlet\.json\.gz: 3 personas at Monday February 13, 2023 09:00 \(step 720\)/);
    await tsx(['--hours', '3', ...common, '--save', f('straight.hamlet.json.gz')]);
    const continued = await decodeSave(readFileSync(f('b.hamlet.json.gz')));
    const straight = await decodeSave(readFileSync(f('straight.hamlet.json.gz')));
    expect(continued.state.step).toBe(1080);
    expect(continued.state).toEqual(straight.state);
    // The recording went on across the save: one replay of all three hours.
    const replay = await decodeReplay(readFileSync(f('b.json.gz')));
    expect(replay.firstStep).toBe(0);
    expect(replay.steps).toEqual(straight.recording!.steps);
    await expect(tsx(['--load', f('a.hamlet.json.gz'), '--seed', '2'])).rejects.toThrow(/--seed cannot be combined with --load/);
  }, 120_000);
});

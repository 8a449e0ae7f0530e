import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm, type FakeReply, type Responder } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { holdsKey, keySpellings } from '../support/keyForms';
import { gunzip } from '../../src/replay/gzip';
import { loadTownPersonas } from '../../src/node/town';

/**
 * Issue 33, points 2, 4 and 5, through the CLI (`npm run sim`), fake endpoints on 127.0.0.1 and the
 * real `openai` client: a trickling endpoint is named within a call's deadline and the town gets up;
 * the CLI exits once its summary is out; a key the model repeats, in any spelling, reaches none of
 * stdout, stderr, the replay or the save.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall ms (Date.now()) when each stderr line arrived. */
  lines: { at: number; text: string }[];
  /** Wall ms when the summary's last line was printed, and when the process ended. */
  summaryAt: number;
  exitAt: number;
}

function sim(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...args], { env: { ...process.env, ...env } });
    const run: Run = { code: null, stdout: '', stderr: '', lines: [], summaryAt: 0, exitAt: 0 };
    child.stdout.on('data', (c: Buffer) => {
      run.stdout += c.toString();
      if (/agent-steps\/s/.test(run.stdout) && !run.summaryAt) run.summaryAt = Date.now();
    });
    child.stderr.on('data', (c: Buffer) => {
      run.stderr += c.toString();
      for (const text of c.toString().split(/[\r\n]+/)) if (text.trim()) run.lines.push({ at: Date.now(), text });
    });
    child.on('close', (code) => {
      run.code = code;
      run.exitAt = Date.now();
      resolve(run);
    });
  });
}

let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

/** "  08:00  place — what  [ACTION]" lines of the day summary at `hhmm`, one per persona. */
const at = (stdout: string, hhmm: string) => stdout.split('\n').filter((l) => l.startsWith(`  ${hhmm}  `));

/** Each Hamlet persona's name and the hour its lifestyle says it wakes up ("wakes up around 7 am"). */
const wakeHours = new Map(
  loadTownPersonas().map((p) => {
    const m = /wakes up around (\d+) am/.exec(p.lifestyle);
    return [p.name, m ? Number(m[1]) : 12] as const;
  }),
);

/**
 * Who the day summary shows still in bed (or doing nothing) an hour or more after their lifestyle's
 * wake-up hour ("Yumi Sato at 09:00"): each persona's heading line, then its hourly lines.
 */
function lateSleepers(stdout: string): string[] {
  const out: string[] = [];
  let who = '';
  let first = true;
  for (const line of stdout.split('\n')) {
    if (/^\S.* \(.*; .* brain; /.test(line)) [who, first] = [line.split(' (')[0]!, true];
    const m = /^ {2}(\d\d):00 {2}/.exec(line);
    if (!m) continue;
    // The first line is the run's start, before anyone has done anything.
    if (first) {
      first = false;
      continue;
    }
    const wake = wakeHours.get(who);
    if (wake !== undefined && Number(m[1]) >= wake + 1 && (/\[SLEEP\]$/.test(line) || / — sleeping/.test(line) || /\[-\]$/.test(line))) out.push(`${who} at ${m[1]}:00`);
  }
  return out;
}

describe('a trickling endpoint (headers, then a byte a second) with a 5 s deadline', () => {
  it('is named on stderr within the deadline, trips the breaker, and everyone is up and acting within a game hour; the CLI exits after its summary', { timeout: 240_000 }, async () => {
    let firstCall = 0;
    fake = await startFakeLlm(() => {
      firstCall ||= Date.now();
      return { kind: 'trickle', everyMs: 1000 };
    });
    const run = await sim(['--hours', '1.5', '--personas', '25', '--start', '2023-02-13T07:00:00', '--llm', fake.url, '--model', 'fake-model', '--timeout', '5', '--speed', '10']);
    expect(run.code).toBe(0);
    const named = run.lines.find((l) => l.text.includes(`The model at ${fake!.url} is not answering`));
    expect(named?.text).toMatch(/did not answer within the call's timeout of 5 s \(no reply, or one that stalls or trickles in\)/);
    // Named when the first call's deadline ran out: not after three attempts of 5 s each (the old client).
    expect(named!.at - firstCall).toBeLessThan(2 * 5_000);
    const eight = at(run.stdout, '08:00');
    expect(eight).toHaveLength(25);
    for (const line of eight) expect(line).toMatch(/\[(WAKE_UP|EAT|CHECK_IN|WORK|GO_TO|BUY|USE_OBJECT|IDLE|GO_HOME|STUDY|CHAT|WAIT|SLEEP)\]$/);
    // Nobody still in bed an hour after their usual wake-up time.
    expect(lateSleepers(run.stdout)).toEqual([]);
    // The run does not wait for calls still trickling in after its summary.
    expect(run.exitAt - run.summaryAt).toBeLessThan(5_000);
  });
});

describe('with every call falling back', () => {
  for (const [what, reply, said] of [
    ['an HTML page', { kind: 'raw', status: 200, contentType: 'text/html', body: '<!doctype html><html><body>Welcome to nginx!</body></html>' }, /the endpoint answered with a web page \(HTML\), not JSON — is the URL right\?/],
    ['binary data', { kind: 'raw', status: 200, contentType: 'application/octet-stream', body: '\u0000\u0001\u0002\u0003PK\u0003\u0004\u0014\u0000\u0008\u0000'.repeat(20) }, /the endpoint answered with binary data, not JSON/],
    ['JSON nothing can use', { kind: 'content', content: '{"answer": "I cannot help with that."}' }, /no valid reply after/],
  ] as [string, FakeReply, RegExp][]) {
    it(`${what}: stderr says what the endpoint answered, and the offline answers get everyone up on time`, { timeout: 240_000 }, async () => {
      fake = await startFakeLlm(() => reply);
      const run = await sim(['--hours', '4.5', '--personas', '25', '--start', '2023-02-13T06:00:00', '--llm', fake.url, '--model', 'fake-model', '--speed', '10']);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(said);
      expect(run.stderr).not.toMatch(/the reply was empty|cut off/);
      expect(at(run.stdout, '10:00')).toHaveLength(25);
      // Everyone up within an hour of their usual wake-up time, as in an offline town.
      expect(lateSleepers(run.stdout)).toEqual([]);
    });
  }
});

describe('a key the model repeats, in every spelling', () => {
  it('reaches none of stdout, stderr, the replay or the save', { timeout: 240_000 }, async () => {
    // Not shaped like an "sk-" key: it is found because it is the key.
    const key = 'hamlet-Key/0123456789abcdefXYZ';
    const spellings = Object.values(keySpellings(key));
    let n = 0;
    const good = goodModel();
    // A model that writes the key into its free text (activities, descriptions, lines), a different spelling each call.
    const echo: Responder = (body, task, prompt) => {
      const r = good(body, task, prompt);
      if (r.kind !== 'content') return r;
      const spelled = spellings[n++ % spellings.length]!;
      const salt = (v: unknown): unknown => {
        // Free text of three words or more (an activity, a line), not a place or object name picked from the prompt's lists.
        if (typeof v === 'string') return /^[a-z]\S* \S+ \S+/.test(v) && !prompt.includes(`- ${v}`) ? `${v} ${spelled}` : v;
        if (Array.isArray(v)) return v.map(salt);
        if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, salt(x)]));
        return v;
      };
      try {
        return { ...r, content: JSON.stringify(salt(JSON.parse(r.content))) };
      } catch {
        return r;
      }
    };
    // Errors quoting it too: now and then a 401 that echoes the key, URL-encoded in a redirect's query.
    fake = await startFakeLlm((body, task, prompt) => (n % 17 === 16 ? (n++, { kind: 'status', status: 401, body: { error: { message: `Incorrect API key; see https://example.test/help?key=${encodeURIComponent(key)}` } } }) : echo(body, task, prompt)));
    const dir = mkdtempSync(join(tmpdir(), 'hamlet-key-'));
    const run = await sim(['--hours', '2', '--personas', '5', '--start', '2023-02-13T07:00:00', '--llm', fake.url, '--model', 'fake-model', '--speed', '50', '--out', join(dir, 'r.json.gz'), '--save', join(dir, 's.hamlet.json.gz')], { OPENAI_API_KEY: key });
    expect(run.code).toBe(0);
    expect(n).toBeGreaterThan(spellings.length);
    // The key did reach the summary's descriptions (scrubbed): the test would see it if it leaked.
    expect(run.stdout).toContain('[key removed]');
    expect(holdsKey(run.stdout, key)).toBe(false);
    expect(holdsKey(run.stderr, key)).toBe(false);
    const replay = new TextDecoder().decode(await gunzip(readFileSync(join(dir, 'r.json.gz'))));
    const save = new TextDecoder().decode(await gunzip(readFileSync(join(dir, 's.hamlet.json.gz'))));
    expect(replay).toContain('[key removed]');
    expect(holdsKey(replay, key)).toBe(false);
    expect(holdsKey(save, key)).toBe(false);
  });
});

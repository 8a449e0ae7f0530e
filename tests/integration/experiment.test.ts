import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeReplay } from '../../src/replay/codec';

const run = promisify(execFile);
const experiment = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/cli/experiment.ts', ...args], { maxBuffer: 16 << 20 });

/** results.csv as rows of named cells. */
function csv(path: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(path, 'utf8').trim().split('\n');
  const keys = (head ?? '').split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [keys[i] ?? '', v])));
}

/** A row without its wall time (the one column that differs between two runs of the same thing). */
const timeless = (rows: Record<string, string>[]) => rows.map(({ wall_seconds: _w, ...rest }) => rest);

describe('npm run experiment', () => {
  let tmp: string;
  let config: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'hamlet-experiment-'));
    config = join(tmp, 'party.json');
    // The minimal config on a small town and a short stretch (the whisper at 8 am, the run to 9:36 am), so the test stays small.
    writeFileSync(config, JSON.stringify({ name: 'party check', scenario: 'party', days: 0.4, seeds: [3, 4], conditions: ['full', 'no-reflection'], brain: 'offline', personas: 5 }));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes the manifest, one file per run, results.csv and report.html; a second call resumes', async () => {
    const out = join(tmp, 'all');
    const { stdout } = await experiment([config, '--out', out, '--workers', '2']);
    expect(stdout).toMatch(/4 runs done/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.git.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof manifest.git.clean).toBe('boolean');
    expect(manifest.seeds).toEqual([3, 4]);
    expect(manifest.conditions).toEqual(['full', 'no-reflection']);
    expect(manifest.prompts.length).toBeGreaterThan(10);
    expect(manifest.prompts[0]).toMatchObject({ name: expect.any(String), version: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const townFiles = Object.keys(manifest.town.files);
    expect(townFiles.filter((f) => /^personas\/hamlet\/[a-z-]+\.json$/.test(f))).toHaveLength(25);
    expect(townFiles).toContain('maps/hamlet.tmj');
    expect(Object.values(manifest.town.files).every((h) => /^[0-9a-f]{64}$/.test(String(h)))).toBe(true);
    expect(manifest.node).toBe(process.version);
    expect(manifest.packages.zod).toMatch(/^\d+\.\d+/);
    expect(readdirSync(join(out, 'runs')).sort()).toEqual(['party-full-s3.json', 'party-full-s4.json', 'party-no-reflection-s3.json', 'party-no-reflection-s4.json']);
    const rows = csv(join(out, 'results.csv'));
    expect(rows.map((r) => `${r.condition}/${r.seed}`)).toEqual(['full/3', 'no-reflection/3', 'full/4', 'no-reflection/4']);
    for (const r of rows) {
      for (const k of ['heard', 'invited', 'accepted', 'attended', 'density_start', 'density_end', 'calls_per_persona_day', 'fallbacks', 'wall_seconds']) expect(Number.isFinite(Number(r[k])), `${k}=${r[k]}`).toBe(true);
      expect(Number(r.personas)).toBe(5);
      // The run's replay is there and opens.
      const replay = await decodeReplay(new Uint8Array(readFileSync(join(out, r.replay ?? ''))));
      expect(replay.personas.map((p) => p.id)).toContain('sofia-moreno');
    }
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toMatch(/<svg/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/13\/25/);

    // Resume: every run is there, so nothing runs again and no run file is rewritten.
    const before = statSync(join(out, 'runs', 'party-full-s3.json')).mtimeMs;
    const again = await experiment([config, '--out', out]);
    expect(again.stderr).toMatch(/4 already in/);
    expect(again.stdout).toMatch(/^0 runs done/);
    expect(statSync(join(out, 'runs', 'party-full-s3.json')).mtimeMs).toBe(before);

    // Two shards, merged, give the unsharded rows.
    const a = join(tmp, 'shard0');
    const b = join(tmp, 'shard1');
    await experiment([config, '--out', a, '--shard', '0/2', '--workers', '1']);
    await experiment([config, '--out', b, '--shard', '1/2', '--workers', '1']);
    expect(readdirSync(join(a, 'runs'))).toHaveLength(2);
    expect(readdirSync(join(b, 'runs'))).toHaveLength(2);
    const merged = join(tmp, 'merged');
    const m = await experiment(['report', a, b, '--out', merged]);
    expect(m.stdout).toMatch(/4 runs merged/);
    expect(timeless(csv(join(merged, 'results.csv')))).toEqual(timeless(rows));
    expect(existsSync(join(merged, 'replays', 'party-full-s4.json.gz'))).toBe(true);
    expect(JSON.parse(readFileSync(join(merged, 'manifest.json'), 'utf8')).shards).toHaveLength(2);
  }, 300_000);

  it('refuses a bad config naming the file and the field, and a folder of another experiment', async () => {
    const fail = async (args: string[]) => {
      const err = (await experiment(args).then(() => null, (e: unknown) => e)) as { code: number; stderr: string } | null;
      expect(err, args.join(' ')).not.toBeNull();
      expect(err!.code).toBe(1);
      return err!.stderr;
    };
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ name: 'x', scenario: 'picnic', days: 2, seeds: [1], conditions: ['full'], brain: 'offline' }));
    expect(await fail([bad])).toMatch(/bad\.json.*\n.*scenario/);
    writeFileSync(bad, JSON.stringify({ name: 'x', scenario: 'diffusion', days: 1, seeds: [1], conditions: ['full'], brain: 'offline' }));
    expect(await fail([bad])).toMatch(/bad\.json: the diffusion scenario needs a "whisper"/);
    writeFileSync(bad, '{ "name": ');
    expect(await fail([bad])).toMatch(/bad\.json/);
    expect(await fail([join(tmp, 'none.json')])).toMatch(/no such config file/);
    expect(await fail([config, '--shard', '2/2'])).toMatch(/--shard 2\/2/);
    const other = join(tmp, 'other.json');
    writeFileSync(other, JSON.stringify({ name: 'other', scenario: 'party', days: 0.1, seeds: [9], conditions: ['full'], brain: 'offline', personas: 3 }));
    const dir = join(tmp, 'taken');
    await experiment([other, '--out', dir]);
    expect(await fail([config, '--out', dir])).toMatch(/another experiment/);
  }, 120_000);
});

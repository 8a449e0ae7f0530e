import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, townFiles } from '../node/town';
import { loadPromptsNode } from '../llm/promptsNode';
import { publicConfig } from '../llm/config';
import type { ExperimentConfig } from './config';
import { llmConfigOf } from './modelBrain';
import { byCodeUnits } from '../sim/order';

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** sha256 of every file of the town (its map, persona files, tilesets …), by its path in the pack. */
async function townHashes(path: string): Promise<Record<string, string>> {
  const files = townFiles(path);
  const out: Record<string, string> = {};
  for (const p of files.paths) out[p] = sha256(await files.read(p));
  return out;
}

function installedVersion(name: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/**
 * What an experiment ran on, so it can be run again (manifest.json): the commit and whether the tree
 * was clean, the town's and personas' file hashes, each prompt's name, version and hash, the brain
 * and its parameters (never a key), seeds and conditions, start and end times, Node and packages.
 */
export async function makeManifest(c: ExperimentConfig, started: Date, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const prompts = [...loadPromptsNode().values()].map((t) => ({ name: t.name, version: t.version, sha256: sha256(t.body) })).sort((a, b) => byCodeUnits(a.name, b.name));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const packages = Object.fromEntries(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).sort().map((n) => [n, installedVersion(n)]));
  const status = git(['status', '--porcelain', '--untracked-files=no']);
  return {
    format: 'hamlet-experiment',
    version: 1,
    name: c.name,
    scenario: c.scenario,
    days: c.days,
    seeds: c.seeds,
    conditions: c.conditions,
    git: { commit: git(['rev-parse', 'HEAD']), clean: status === null ? null : status === '' },
    town: { path: c.town ?? null, files: await townHashes(c.town ?? ROOT) },
    prompts,
    brain: c.brain === 'offline' ? { kind: 'offline' } : { kind: 'model', ...publicConfig(llmConfigOf(c.brain)) },
    replayCalls: c.replayCalls ? { path: c.replayCalls, sha256: sha256(readFileSync(c.replayCalls)) } : null,
    judge: c.judge ? { model: c.judge.model, llm: c.judge.llm } : null,
    started: started.toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    packages,
    ...extra,
  };
}

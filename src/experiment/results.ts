import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonBounded, DEFAULT_LIMITS } from '../io/bounded';
import { runsOf, type ExperimentConfig } from './config';
import type { RunResult } from './runOne';

/** results.csv's columns, in order (docs/experiments.md says what each holds). */
const COLUMNS: [string, (r: RunResult) => string | number | null][] = [
  ['scenario', (r) => r.scenario],
  ['condition', (r) => r.condition],
  ['seed', (r) => r.seed],
  ['days', (r) => r.days],
  ['personas', (r) => r.personas],
  ['brain', (r) => r.brain],
  ['heard', (r) => r.heard],
  ['heard_of', (r) => r.others],
  ['knew_at_start', (r) => r.knewAtStart],
  ['aware', (r) => r.aware],
  ['invited', (r) => r.invited],
  ['accepted', (r) => r.accepted],
  ['attended', (r) => r.attended],
  ['invited_attended', (r) => r.invitedCame],
  ['voting', (r) => r.voting],
  ['density_start', (r) => r.densityStart.toFixed(4)],
  ['density_end', (r) => r.densityEnd.toFixed(4)],
  ['interview_answers', (r) => r.interviews?.asked ?? null],
  ['facts_checked', (r) => (r.interviews ? Object.values(r.interviews.checked).reduce((n, c) => n + c.checked, 0) : null)],
  ['facts_correct', (r) => (r.interviews ? Object.values(r.interviews.checked).reduce((n, c) => n + c.correct, 0) : null)],
  ['hallucinations', (r) => r.interviews?.hallucinations ?? null],
  ['calls', (r) => r.calls],
  ['tokens', (r) => r.tokens],
  ['calls_per_persona_day', (r) => r.callsPerPersonaDay.toFixed(2)],
  ['tokens_per_persona_day', (r) => r.tokensPerPersonaDay.toFixed(1)],
  ['fallbacks', (r) => r.fallbacks],
  ['unrecorded_calls', (r) => r.unrecordedCalls],
  ['steps', (r) => r.steps],
  ['wall_seconds', (r) => r.wallSeconds.toFixed(2)],
  ['replay', (r) => r.replay],
];

function csvCell(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** results.csv: a header and one row per run, in the experiment's run order. */
export function resultsCsv(results: readonly RunResult[]): string {
  return [COLUMNS.map(([k]) => k).join(','), ...results.map((r) => COLUMNS.map(([, f]) => csvCell(f(r))).join(','))].join('\n') + '\n';
}

export const runFile = (dir: string, id: string) => join(dir, 'runs', `${id}.json`);

/** Write a run's file whole or not at all (a crash mid-write leaves no file, so resume runs it again). */
export function writeRunFile(dir: string, r: RunResult): void {
  const path = runFile(dir, r.id);
  writeFileSync(`${path}.part`, `${JSON.stringify(r, null, 1)}\n`);
  renameSync(`${path}.part`, path);
}

/** The runs of `config` already in `dir`, in run order (a file that does not read is an error naming it). */
export function readRuns(dir: string, config: ExperimentConfig): RunResult[] {
  const out: RunResult[] = [];
  for (const run of runsOf(config)) {
    const path = runFile(dir, run.id);
    if (!existsSync(path)) continue;
    const r = parseJsonBounded(readFileSync(path, 'utf8'), path, DEFAULT_LIMITS) as RunResult;
    if (typeof r !== 'object' || r === null || r.id !== run.id || typeof r.heard !== 'number') throw new Error(`${path}: not a run file of this experiment`);
    out.push(r);
  }
  return out;
}

/** Run files in a folder that belong to no run of the config (a folder of another experiment). */
export function strayRuns(dir: string, config: ExperimentConfig): string[] {
  const ids = new Set(runsOf(config).map((r) => `${r.id}.json`));
  const runs = join(dir, 'runs');
  return existsSync(runs) ? readdirSync(runs).filter((f) => f.endsWith('.json') && !ids.has(f)) : [];
}

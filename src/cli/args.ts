import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Command-line arguments for every CLI: node's util.parseArgs in strict mode (an unknown flag, a
 * missing value or a stray argument is an error), then each value checked against its range. Every
 * error names the flag and the value, and nothing runs before the arguments are all good.
 */
export class CliError extends Error {
  override name = 'CliError';
}

type OptionTypes = Record<string, { type: 'string' | 'boolean' }>;
export type Values<O extends OptionTypes> = { [K in keyof O]?: O[K]['type'] extends 'string' ? string : boolean };

/** Parse `argv` against the options (a `--help` flag is always accepted). */
export function parseCli<O extends OptionTypes>(argv: string[], options: O, positionals = 0): { values: Values<O> & { help?: boolean }; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean' } }, strict: true, allowPositionals: positionals > 0 });
  } catch (err) {
    throw new CliError(describeParseError(err));
  }
  if (parsed.positionals.length > positionals) throw new CliError(`unexpected argument "${parsed.positionals[positionals]}"`);
  return { values: parsed.values as Values<O> & { help?: boolean }, positionals: parsed.positionals };
}

function describeParseError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const message = e.message ?? String(err);
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${flag ?? message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      // A string option with no value, a value that looks like a flag ("--hours -1": write --hours=-1), or a value given to a switch.
      return /argument missing|ambiguous/.test(message) ? `${flag ?? 'an option'} needs a value (for a value starting with "-", write ${flag ?? '--flag'}=VALUE)` : `${flag ?? 'an option'} takes no value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']+)'/.exec(message)?.[1] ?? message}`;
    default:
      return message;
  }
}

interface NumberRange {
  /** Whole numbers only. */
  integer?: boolean;
  min?: number;
  max?: number;
  /** Strictly more than this. */
  above?: number;
}

/** A numeric option's value, or `fallback` when absent; an error naming the flag when it is not a number in range. */
export function numberOption(name: string, raw: string | undefined, fallback: number, range: NumberRange = {}): number {
  if (raw === undefined) return fallback;
  const n = raw.trim() === '' ? Number.NaN : Number(raw);
  const kind = range.integer ? 'a whole number' : 'a number';
  const bounds = [range.above !== undefined ? `more than ${range.above}` : '', range.min !== undefined ? `at least ${range.min}` : '', range.max !== undefined ? `at most ${range.max}` : ''].filter(Boolean).join(' and ');
  const wanted = `--${name} must be ${kind}${bounds ? ` ${bounds}` : ''}, got "${raw}"`;
  if (!Number.isFinite(n) || (range.integer && !Number.isInteger(n))) throw new CliError(wanted);
  if ((range.above !== undefined && n <= range.above) || (range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max)) throw new CliError(wanted);
  return n;
}

/** One of `choices`, or `fallback` when absent. */
export function choiceOption<C extends string>(name: string, raw: string | undefined, choices: readonly C[], fallback: C): C {
  if (raw === undefined) return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new CliError(`--${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return raw as C;
}

/** A game start time "2023-02-13T07:00:00" (local to the town, no zone), or `fallback` when absent. */
export function startOption(raw: string | undefined, fallback: string): string {
  if (raw === undefined) return fallback;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(raw) || Number.isNaN(Date.parse(`${raw}Z`))) throw new CliError(`--start must be a date and time like 2023-02-13T07:00:00, got "${raw}"`);
  return raw;
}

/** Check before a run that a file can be written where `--name` says (its folder exists and is writable). */
export function checkWritable(name: string, path: string): void {
  const dir = dirname(resolve(path));
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new CliError(`--${name} ${path}: the folder ${dir} does not exist`);
  }
  if (!isDir) throw new CliError(`--${name} ${path}: ${dir} is not a folder`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new CliError(`--${name} ${path}: the folder ${dir} is not writable`);
  }
  try {
    if (statSync(path).isDirectory()) throw new CliError(`--${name} ${path} is a folder, not a file`);
  } catch (err) {
    if (err instanceof CliError) throw err;
  }
}

/** Check before a run that `--name`'s file can be read. */
export function checkReadable(name: string, path: string): void {
  try {
    accessSync(path, constants.R_OK);
  } catch {
    throw new CliError(`--${name} ${path}: no such file, or it cannot be read`);
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReadable, checkWritable, choiceOption, numberOption, parseCli, startOption } from '../../src/cli/args';
import { LLM_OPTIONS, llmConfigFromArgs } from '../../src/cli/llmArgs';

const SIM = { hours: { type: 'string' }, personas: { type: 'string' }, out: { type: 'string' } } as const;

describe('command-line arguments', () => {
  it('parses flags, --flag=value and --help', () => {
    expect(parseCli(['--hours', '2', '--personas=3'], SIM).values).toEqual({ hours: '2', personas: '3' });
    expect(parseCli(['--help'], SIM).values.help).toBe(true);
    expect(parseCli(['week', '--hours', '1'], SIM, 1).positionals).toEqual(['week']);
  });

  it('refuses an unknown flag, a missing value and a stray argument, naming them', () => {
    expect(() => parseCli(['--hour', '2'], SIM)).toThrow('unknown option --hour');
    expect(() => parseCli(['--hours'], SIM)).toThrow(/--hours needs a value/);
    // "--hours -1" reads as a missing value; "--hours=-1" reaches the range check.
    expect(() => parseCli(['--hours', '-1'], SIM)).toThrow(/--hours needs a value .*--hours=VALUE/);
    expect(() => parseCli(['2'], SIM)).toThrow(/unexpected argument "?2/);
    expect(() => parseCli(['week', 'party'], SIM, 1)).toThrow('unexpected argument "party"');
  });

  it('checks numbers against their ranges, naming the flag and the value', () => {
    expect(numberOption('hours', undefined, 24, { above: 0 })).toBe(24);
    expect(numberOption('hours', '0.5', 24, { above: 0 })).toBe(0.5);
    expect(() => numberOption('hours', '-1', 24, { above: 0 })).toThrow('--hours must be a number more than 0, got "-1"');
    expect(() => numberOption('hours', '0', 24, { above: 0 })).toThrow(/more than 0, got "0"/);
    expect(() => numberOption('hours', 'abc', 24, { above: 0 })).toThrow(/got "abc"/);
    expect(() => numberOption('hours', '', 24, { above: 0 })).toThrow(/got ""/);
    expect(() => numberOption('personas', '-3', 25, { integer: true, min: 1, max: 650 })).toThrow('--personas must be a whole number at least 1 and at most 650, got "-3"');
    expect(() => numberOption('personas', '2.5', 25, { integer: true, min: 1, max: 650 })).toThrow(/whole number/);
    expect(() => numberOption('personas', '651', 25, { integer: true, min: 1, max: 650 })).toThrow(/at most 650/);
    expect(numberOption('personas', '650', 25, { integer: true, min: 1, max: 650 })).toBe(650);
  });

  it('checks choices and start times', () => {
    expect(choiceOption('structured', 'none', ['json_schema', 'json_object', 'none'], 'json_schema')).toBe('none');
    expect(() => choiceOption('structured', 'bogus', ['json_schema', 'json_object', 'none'], 'json_schema')).toThrow('--structured must be one of json_schema, json_object, none, got "bogus"');
    expect(startOption('2023-02-13T07:00:00', 'x')).toBe('2023-02-13T07:00:00');
    expect(() => startOption('yesterday', 'x')).toThrow(/--start must be a date and time/);
    expect(() => startOption('2023-13-45T07:00', 'x')).toThrow(/--start/);
  });

  it('checks that --out can be written before a run, and --load read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hamlet-cli-'));
    try {
      expect(() => checkWritable('out', join(dir, 'day.json.gz'))).not.toThrow();
      expect(() => checkWritable('out', join(dir, 'no-such-folder', 'day.json.gz'))).toThrow(/--out .*the folder .*no-such-folder does not exist/);
      expect(() => checkWritable('out', dir)).toThrow(/is a folder, not a file/);
      expect(() => checkReadable('load', join(dir, 'missing.hamlet.json.gz'))).toThrow(/--load .*no such file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks the model flags: a URL, a model, positive timeouts, a known structured mode, nothing without --llm', () => {
    const parse = (argv: string[]) => llmConfigFromArgs(parseCli(argv, LLM_OPTIONS).values);
    expect(parse([])).toBeNull();
    const c = parse(['--llm', 'http://127.0.0.1:1/v1', '--model', 'm', '--timeout', '1.5', '--concurrency', '2', '--structured', 'json_object']);
    expect(c).toMatchObject({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', timeoutMs: 1500, concurrency: 2, structuredOutput: 'json_object' });
    expect(() => parse(['--model', 'm'])).toThrow('--model needs --llm BASE_URL');
    expect(() => parse(['--llm', 'http://x/v1'])).toThrow('--llm needs --model NAME');
    expect(() => parse(['--llm', 'not a url', '--model', 'm'])).toThrow(/--llm must be a base URL/);
    expect(() => parse(['--llm', 'file:///etc/passwd', '--model', 'm'])).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parse(['--llm', 'http://x/v1', '--model', 'm', '--timeout', '0'])).toThrow('--timeout must be a number more than 0 and at most 3600, got "0"');
    expect(() => parse(['--llm', 'http://x/v1', '--model', 'm', '--concurrency', '0'])).toThrow(/--concurrency must be a whole number at least 1/);
    expect(() => parse(['--llm', 'http://x/v1', '--model', 'm', '--structured', 'bogus'])).toThrow(/--structured must be one of/);
  });
});

import { describe, expect, it } from 'vitest';
import { at, defined } from '../../src/sim/checked';

describe('checked reads', () => {
  it('at returns an element that is there, including falsy ones', () => {
    expect(at([0, '', false], 0, 'x')).toBe(0);
    expect(at([0, '', false], 1, 'x')).toBe('');
    expect(at('abc', 2, 'x')).toBe('c');
    expect(at(/a(b)/.exec('ab') ?? [], 1, 'group')).toBe('b');
  });

  it('at fails naming what was missing, out of range or a group that did not take part', () => {
    expect(() => at([1, 2], 2, 'hourly plan')).toThrow('hourly plan: nothing at index 2 of 2');
    expect(() => at([1, 2], -1, 'hourly plan')).toThrow('hourly plan: nothing at index -1 of 2');
    expect(() => at(/a(b)?/.exec('a') ?? [], 1, 'optional group')).toThrow('optional group');
  });

  it('defined passes falsy values through and refuses undefined and null', () => {
    expect(defined(0, 'n')).toBe(0);
    expect(defined('', 'n')).toBe('');
    expect(() => defined(new Map<string, number>().get('x'), 'spawn of x')).toThrow('spawn of x is missing');
    expect(() => defined(null, 'the job')).toThrow('the job is missing');
  });
});

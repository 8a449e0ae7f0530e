import { describe, expect, it } from 'vitest';
import { hourlyToMinutes, insertIntoSchedule, padDay, scheduleMinutes, fitRest, planFrom } from '../../src/sim/persona/schedule';
import { isSubtask, shouldDecompose } from '../../src/sim/cognition/plan';
import { repairDecomposition } from '../../src/sim/brain/repair';
import { Scratch } from '../../src/sim/persona/scratch';

describe('schedule rules', () => {
  it('merges consecutive hourly activities and turns hours into minutes', () => {
    const hourly = [...Array(7).fill('sleeping'), 'morning routine', 'work', 'work', 'work', 'lunch', ...Array(12).fill('free')];
    expect(hourlyToMinutes(hourly)).toEqual([
      ['sleeping', 420],
      ['morning routine', 60],
      ['work', 180],
      ['lunch', 60],
      ['free', 720],
    ]);
  });

  it('pads a short day to 1440 minutes with sleeping', () => {
    const s: [string, number][] = [['sleeping', 400], ['work', 500]];
    padDay(s);
    expect(s[s.length - 1]).toEqual(['sleeping', 540]);
    expect(scheduleMinutes(s)).toBe(1440);
  });

  it('inserts a reaction without changing the day total', () => {
    const day: [string, number][] = [['sleeping', 420], ['work', 480], ['free', 540]];
    const out = insertIntoSchedule(day, 600, 'chatting with Tom', 15);
    expect(out).toEqual([
      ['sleeping', 420],
      ['work', 180],
      ['chatting with Tom', 15],
      ['work', 285],
      ['free', 540],
    ]);
    expect(scheduleMinutes(out)).toBe(1440);
  });

  it('does not decompose sleep (Smallville determine_decomp)', () => {
    expect(shouldDecompose('sleeping', 420)).toBe(false);
    expect(shouldDecompose('asleep', 60)).toBe(false);
    expect(shouldDecompose('lying in bed', 60)).toBe(false);
    expect(shouldDecompose('getting ready for bed', 90)).toBe(false);
    expect(shouldDecompose('getting ready for bed', 60)).toBe(true);
    expect(shouldDecompose('working at the café', 240)).toBe(true);
    expect(isSubtask('working (filing)')).toBe(true);
    expect(isSubtask('working')).toBe(false);
  });

  it("repairs a decomposition's arithmetic to 5-minute steps that sum to the block", () => {
    const fixed = repairDecomposition(
      [
        { task: 'a', minutes: 12 },
        { task: 'b', minutes: 50 },
        { task: 'c', minutes: 90 },
      ],
      60,
    );
    expect(fixed.reduce((s, t) => s + t.minutes, 0)).toBe(60);
    expect(fixed.every((t) => t.minutes % 5 === 0 && t.minutes >= 5)).toBe(true);
    const short = repairDecomposition([{ task: 'a', minutes: 10 }], 60);
    expect(short).toEqual([{ task: 'a', minutes: 60 }]);
  });

  it('finds the schedule index from minutes elapsed, with look-ahead', () => {
    const s = new Scratch();
    s.fDailySchedule = [['sleeping', 420], ['routine', 60], ['work', 480], ['free', 480]];
    const at = (h: number, m = 0) => Date.UTC(2023, 1, 13, h, m);
    expect(s.scheduleIndex(at(6, 59))).toBe(0);
    expect(s.scheduleIndex(at(7, 0))).toBe(1);
    expect(s.scheduleIndex(at(7, 30), 60)).toBe(2);
    expect(s.scheduleStart(2)).toBe(480);
  });
});

describe('the rest of a stretch as a packed conversation proposes it (fitRest, planFrom)', () => {
  it('a proposal longer than the time left loses its beginning (the time the chat took); a shorter one is stretched in proportion; whole minutes summing exactly', () => {
    expect(fitRest([['sipping', 57], ['paying', 60]], 110)).toEqual([['sipping', 50], ['paying', 60]]);
    expect(fitRest([['sipping', 57], ['paying', 60]], 50)).toEqual([['paying', 50]]);
    expect(fitRest([['sipping', 30], ['paying', 10]], 101)).toEqual([['sipping', 76], ['paying', 25]]);
    expect(fitRest([['a', 1], ['b', 1], ['c', 1]], 7).reduce((n, [, m]) => n + m, 0)).toBe(7);
    expect(fitRest([], 30)).toEqual([]);
  });

  it('the plan from a minute on cuts the task in progress there', () => {
    expect(planFrom([['coffee', 60], ['reading', 60]], 600, 620)).toEqual([['coffee', 40], ['reading', 60]]);
    expect(planFrom([['coffee', 60], ['reading', 60]], 600, 660)).toEqual([['reading', 60]]);
  });
});

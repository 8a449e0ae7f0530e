import { describe, expect, it } from 'vitest';
import { describeSpeed, keepsUpWith } from '../../src/llm/inTab/speed';

describe('the game speed a model in the tab keeps up with', () => {
  it('is real time per game day over the seconds its tokens take, for the whole town', () => {
    // 25 people on a laptop-CPU 0.5B model: reading 100 tokens/s, writing 10 a second.
    const laptop = { promptPerSec: 100, genPerSec: 10 };
    // 25 × (17,096 / 100 + 2,649 / 10) = 10,896 s of model time a game day; 1× is 8,640 s a day.
    expect(keepsUpWith(laptop, 25)).toBeCloseTo(8640 / 10896.5, 3);
    // Fewer people, proportionally faster; a faster model, faster.
    expect(keepsUpWith(laptop, 5)).toBeCloseTo(5 * keepsUpWith(laptop, 25), 6);
    expect(keepsUpWith({ promptPerSec: 400, genPerSec: 40 }, 25)).toBeCloseTo(4 * keepsUpWith(laptop, 25), 6);
    // Writing dominates on a CPU: doubling the reading speed gains far less than doubling the writing.
    expect(keepsUpWith({ promptPerSec: 200, genPerSec: 10 }, 25)).toBeLessThan(keepsUpWith({ promptPerSec: 100, genPerSec: 20 }, 25));
  });

  it('is nothing for a model that measured no speed, or a town of nobody', () => {
    expect(keepsUpWith({ promptPerSec: 0, genPerSec: 10 }, 25)).toBe(0);
    expect(keepsUpWith({ promptPerSec: 100, genPerSec: 10 }, 0)).toBe(0);
  });

  it('says the measured speeds and the pace in words, and when that is slower than 1×', () => {
    const slow = describeSpeed({ promptPerSec: 100, genPerSec: 10 }, 25);
    expect(slow).toContain('10 tokens/s writing, 100 tokens/s reading');
    expect(slow).toMatch(/keeps up with about 0\.79× \(slower than real time at 1×/);
    expect(slow).toContain('for 25 people');
    const fast = describeSpeed({ promptPerSec: 3000, genPerSec: 300 }, 3);
    expect(fast).toMatch(/keeps up with about \d+× for 3 people/);
    expect(describeSpeed({ promptPerSec: 100, genPerSec: 10 }, 1)).toContain('for 1 person');
  });
});

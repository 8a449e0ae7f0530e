import { describe, expect, it } from 'vitest';
import { busiestView } from '../../src/game/busiestView';

describe('busiestView (where the camera opens)', () => {
  it('centres on the largest group that fits in the view', () => {
    const loner = { x: 5, y: 5 };
    const group = [
      { x: 80, y: 60 },
      { x: 84, y: 62 },
      { x: 90, y: 58 },
    ];
    expect(busiestView([loner, ...group], 40, 25)).toEqual({ x: 85, y: 60 });
  });

  it('has nothing to centre on without people', () => {
    expect(busiestView([], 40, 25)).toBeNull();
  });
});

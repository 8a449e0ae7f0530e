import { describe, expect, it } from 'vitest';
import { ACTION_IDS } from '../../src/sim/persona/actionIds';
import { actionLabel } from '../../src/ui/actionLabels';

describe("the player's action menu in words", () => {
  it('names every registered action in words, with its target, never as an id', () => {
    for (const id of ACTION_IDS) {
      const label = actionLabel(id, 'Bramble Café');
      expect(label).not.toMatch(/[A-Z]{2,}|_|→/);
      expect(label.length).toBeLessThanOrEqual('Wait a quarter of an hour'.length);
    }
    expect(actionLabel('CHECK_IN', 'paper round at Hamlet Post Office')).toBe('Shift: paper round at Hamlet Post Office');
    // One's own job: no target to name.
    expect(actionLabel('CHECK_IN', '')).toBe('Check in for work');
    expect(actionLabel('USE_OBJECT', 'bench')).toBe('Use the bench');
    expect(actionLabel('SOMETHING_NEW', 'x')).toBe('SOMETHING_NEW → x');
  });
});

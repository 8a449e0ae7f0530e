import { describe, expect, it } from 'vitest';
import type { PulseResident } from '../../src/sim/brain/port';
import { pulseRate, pulseResidents } from '../fixtures/pulseTown';

/**
 * docs/economy.md#what-the-tests-must-show: "three rounds give different decisions for personas of different personalities",
 * with everything but the traits held equal: the same credits, food, job and hour for 80 residents
 * of each kind, three pulse rounds (10:00, 11:00, 12:00) of the offline town simulator. A pulse
 * that ignored personality would give both kinds the same rates, and these checks would fail.
 */

/** The share of decisions over three rounds that were `action`. */
function rate(traits: string, credits: number, action: string, over: Partial<PulseResident> = {}): number {
  return pulseRate(pulseResidents(80, traits, credits, over), action);
}

describe('three rounds of the offline town simulator, the same facts, different personalities', () => {
  it('the sociable chat, the generous treat themselves, the driven take extra shifts', () => {
    expect(rate('sociable, talkative, cheerful', 100, 'chat')).toBeGreaterThan(3 * rate('reserved, precise, calm', 100, 'chat'));
    expect(rate('generous, warm, kind', 250, 'purchase')).toBeGreaterThan(2 * rate('meticulous, reserved, calm', 250, 'purchase'));
    const unchecked = { checkedInToday: false };
    expect(rate('driven, diligent', 130, 'checkin', unchecked)).toBeGreaterThan(2 * rate('dreamy, shy', 130, 'checkin', unchecked));
  });
});

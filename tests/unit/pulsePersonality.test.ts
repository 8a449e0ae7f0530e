import { describe, expect, it } from 'vitest';
import { offlineTownPulse } from '../../src/llm/offline/townPulse';
import { Rng } from '../../src/sim/rng';
import type { PulseResident, TownPulseInput } from '../../src/sim/brain/port';

/**
 * Seed 004's "three rounds give different decisions for personas of different personalities",
 * with everything but the traits held equal: the same credits, food, job and hour for 80 residents
 * of each kind, three pulse rounds (10:00, 11:00, 12:00) of the offline town simulator. A pulse
 * that ignored personality would give both kinds the same rates, and these checks would fail.
 */

function resident(i: number, traits: string, credits: number, over: Partial<PulseResident> = {}): PulseResident {
  return { agentId: i + 1, id: `r${i}`, name: `Res ${i}`, traits, occupation: 'no job', job: null, student: false, classes: null, credits, checkedInToday: true, holdings: { coffee: 1 }, food: 1, state: 'free', doing: 'idle at the street', ...over };
}

function input(residents: PulseResident[], minute: number): TownPulseInput {
  const items = [
    { id: 1, name: 'coffee', sector: 'Bramble Café', price: 3, food: true, open: true },
    { id: 2, name: 'sandwich', sector: 'Bramble Café', price: 6, food: true, open: true },
    { id: 3, name: 'book', sector: 'Patel Books', price: 10, food: false, open: true },
  ];
  const jobs = [{ id: 1, title: 'library assistant', sector: 'Hamlet College', wage: 25, free: 1000, start: '09:00', end: '19:00' }];
  return { time: '', minute, residents, jobs, items, text: { residents: '', chat: '', lastRound: '', jobs: '', items: '' } };
}

/** The share of decisions over three rounds that were `action`. */
function rate(traits: string, credits: number, action: string, over: Partial<PulseResident> = {}): number {
  const residents = Array.from({ length: 80 }, (_, i) => resident(i, traits, credits, over));
  let n = 0;
  for (const h of [10, 11, 12]) for (const d of offlineTownPulse(input(residents, h * 60), (id) => Rng.derive(7, id, h, 'pulse'))) if (d.action === action) n++;
  return n / (residents.length * 3);
}

describe('three rounds of the offline town simulator, the same facts, different personalities', () => {
  it('the sociable chat, the generous treat themselves, the driven take extra shifts', () => {
    expect(rate('sociable, talkative, cheerful', 100, 'chat')).toBeGreaterThan(3 * rate('reserved, precise, calm', 100, 'chat'));
    expect(rate('generous, warm, kind', 250, 'purchase')).toBeGreaterThan(2 * rate('meticulous, reserved, calm', 250, 'purchase'));
    const unchecked = { checkedInToday: false };
    expect(rate('driven, diligent', 130, 'checkin', unchecked)).toBeGreaterThan(2 * rate('dreamy, shy', 130, 'checkin', unchecked));
  });
});

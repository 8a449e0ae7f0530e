import { describe, expect, it } from 'vitest';
import { loadTownPersonas } from '../../src/node/town';
import { Persona } from '../../src/sim/persona/persona';
import { offlineInsights } from '../../src/llm/offline/reflection';

const specs = loadTownPersonas();
const people = new Map(specs.map((s) => [s.id, s.name]));
const sofia = new Persona(specs.find((s) => s.id === 'sofia-moreno')!, 'hamlet', { x: 0, y: 0 });

describe('offline reflection', () => {
  it('insights are sentences about the person the statements are about, drawn from them, with their evidence', () => {
    const statements = [
      'Sofia Moreno is serving customers at the counter',
      'Marcus Reed is tending the bar',
      'I found it interesting to hear from Yumi that Marcus wants to play his own songs at the open-mic night.',
      'Sofia Moreno wants to throw a Valentine’s Day party at Bramble Café on February 14 at 5 pm.',
      'For Sofia Moreno\'s planning: I will go to the market.',
      'Yumi Sato is curating the spring exhibition',
    ];
    const insights = offlineInsights(sofia, statements, 3, people);
    const bySubject = Object.fromEntries(insights.map((i) => [i.insight.split(' ')[0], i]));
    expect(bySubject.Sofia!.insight).toBe('Sofia keeps coming back to one thing: Sofia Moreno wants to throw a Valentine’s Day party at Bramble Café on February 14 at 5 pm.');
    expect(bySubject.Sofia!.evidence).toEqual([1, 4, 5]);
    expect(bySubject.Marcus!.insight).toBe("Marcus has been on Sofia's mind; the latest: Marcus wants to play his own songs at the open-mic night.");
    expect(bySubject.Marcus!.evidence).toEqual([2, 3]);
    // Yumi is mentioned twice but is the subject once: still an insight, about Yumi.
    expect(bySubject.Yumi!.insight).toMatch(/^Yumi has been on Sofia's mind; the latest: Yumi Sato is curating the spring exhibition\.$/);
  });

  it('never quotes its own earlier insights (no nesting)', () => {
    const earlier = "Marcus has been on Sofia's mind; the latest: Marcus wants to play his own songs.";
    const out = offlineInsights(sofia, [earlier, earlier, 'Marcus Reed is tending the bar'], 3, people);
    expect(out).toEqual([]);
  });
});

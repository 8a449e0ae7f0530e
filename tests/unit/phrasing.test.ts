import { describe, expect, it } from 'vitest';
import { scanPhrasing } from '../../src/sim/scenario/phrasing';

const people = [
  { name: 'Sofia Moreno', firstName: 'Sofia' },
  { name: 'Jess Turner', firstName: 'Jess' },
  { name: 'Marcus Reed', firstName: 'Marcus' },
];
const rules = (text: string, speaker?: { name: string; firstName: string }) => scanPhrasing([{ text, source: 'test', speaker }], people).map((f) => f.rule);

describe('the phrasing scan', () => {
  it('flags the slips seen in generated text', () => {
    expect(rules('Going to the her exhibition opening at Lantern Art Studio.')).toEqual(['doubled determiner']);
    expect(rules('Come to the my party on Tuesday!')).toEqual(['doubled determiner']);
    expect(rules("I'm going to fishing at Millbrook Park.")).toEqual(['to + gerund']);
    expect(rules('I heard from Jess that jess has found the bequest.')).toEqual(['lower-cased name']);
    expect(rules('Guess what? Sofia is throwing a party.', people[0])).toEqual(['third-person self']);
    expect(rules('I keep coming back to one thing: Sofia wants to throw a party.', people[0])).toEqual(['third-person self']);
  });

  it('lets ordinary English through', () => {
    expect(rules('I promised to tell her the moment a room frees up.')).toEqual([]);
    expect(rules("I'm going to bring a cake, and I'm going fishing with Marcus.")).toEqual([]);
    expect(rules('Going to the Valentine\'s Day party at Bramble Café, and to the reading on Friday.')).toEqual([]);
    expect(rules('We walked along the reed beds by the pond.')).toEqual([]);
    expect(rules("Hello! I'm Sofia. Jess is throwing a party.", people[0])).toEqual([]);
    // Said by someone else, a name as subject is news, not a slip.
    expect(rules('Guess what? Sofia is throwing a party.', people[1])).toEqual([]);
  });
});

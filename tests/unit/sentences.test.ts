import { describe, expect, it } from 'vitest';
import { sentences } from '../../src/sim/sentences';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';

describe('sentences: one rule for where a sentence ends', () => {
  it.each([
    ['Nora is helping Dr. Kenji Sato at the clinic. She hopes Lily will come.', ['Nora is helping Dr. Kenji Sato at the clinic.', 'She hopes Lily will come.']],
    ['Meet Mr. and Mrs. Becker at 5 p.m. on Friday. Bring cake!', ['Meet Mr. and Mrs. Becker at 5 p.m. on Friday.', 'Bring cake!']],
    ['Ask Prof. Okafor, Ms. Dubois or St. John. Then go home.', ['Ask Prof. Okafor, Ms. Dubois or St. John.', 'Then go home.']],
    ['J. Turner paints, e.g. the pond at dusk. Is it good? Yes!! Very.', ['J. Turner paints, e.g. the pond at dusk.', 'Is it good?', 'Yes!!', 'Very.']],
    ['The shop is on Elm Ave. near the square, i.e. close by. Done', ['The shop is on Elm Ave. near the square, i.e. close by.', 'Done']],
    ['Wake at 7 a.m. and walk. Rev. Hale visits at 10 a.m. today.', ['Wake at 7 a.m. and walk.', 'Rev. Hale visits at 10 a.m. today.']],
    ['No full stop at the end', ['No full stop at the end']],
    ['', []],
  ])('%s', (text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });
});

describe('a persona’s first memories', () => {
  it('no memory of any Hamlet resident ends at an abbreviation or starts with a bare "he" or "she"', () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
    const bad: string[] = [];
    let seen = 0;
    for (const p of sim.personas) {
      for (const n of p.memory.nodes) {
        seen++;
        if (/(?:^|\s)(?:Dr|Mr|Mrs|Ms|St|Prof|[A-Z])\.$/.test(n.description)) bad.push(`${p.name}: ends at an abbreviation: ${n.description}`);
        if (/^(?:he|she)\b/i.test(n.description)) bad.push(`${p.name}: starts with a pronoun: ${n.description}`);
      }
    }
    expect(seen).toBeGreaterThan(personas.length);
    expect(bad).toEqual([]);
    // Nora's plan with Dr. Kenji Sato is one memory, whole.
    const nora = sim.personas.find((p) => p.firstName === 'Nora')!;
    expect(nora.memory.nodes.some((n) => /^Nora is helping Dr\. Kenji Sato .* that morning\.$/.test(n.description))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { parseExperimentConfig, parseShard, runsOf, shardOf } from '../../src/experiment/config';
import { auditAnswer, relationshipDensity } from '../../src/experiment/measures';
import { resultsCsv } from '../../src/experiment/results';
import type { RunResult } from '../../src/experiment/runOne';
import { loadTownPersonas } from '../../src/node/town';
import { Persona } from '../../src/sim/persona/persona';

const MINIMAL = { name: 'party', scenario: 'party', days: 2, seeds: [3, 4], conditions: ['full', 'no-reflection'], brain: 'offline' };

describe('experiment config', () => {
  it('takes the minimal config as is, and lists its runs conditions within seeds', () => {
    const c = parseExperimentConfig(MINIMAL, 'minimal.json');
    expect(runsOf(c).map((r) => r.id)).toEqual(['party-full-s3', 'party-no-reflection-s3', 'party-full-s4', 'party-no-reflection-s4']);
  });

  it('refuses what is wrong, naming the file and the field', () => {
    const bad = (over: Record<string, unknown>) => {
      try {
        parseExperimentConfig({ ...MINIMAL, ...over }, 'cfg.json');
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(bad({ scenario: 'picnic' })).toMatch(/^cfg\.json: .*\n {2}scenario: /);
    expect(bad({ days: 0 })).toMatch(/days/);
    expect(bad({ days: 1000 })).toMatch(/days/);
    expect(bad({ seeds: [] })).toMatch(/seeds/);
    expect(bad({ seeds: [1.5] })).toMatch(/seeds/);
    expect(bad({ seeds: [3, 3] })).toMatch(/seeds repeat/);
    expect(bad({ conditions: ['full', 'no-sleep'] })).toMatch(/conditions/);
    expect(bad({ brain: 'gpt' })).toMatch(/brain/);
    expect(bad({ brain: { llm: 'ftp://x', model: 'm' } })).toMatch(/brain/);
    expect(bad({ extra: 1 })).toMatch(/extra/);
    expect(bad({ scenario: 'diffusion' })).toMatch(/needs a "whisper"/);
    expect(bad({ scenario: 'diffusion', whisper: { to: 'ada-quinn', text: 'The bakery is closing.', topic: ['bakery'] } })).toBe('accepted');
    expect(bad({ brain: { llm: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b', calls: 'faithful' } })).toBe('accepted');
  });

  it('shards split the runs without overlap or loss, for any count', () => {
    const c = parseExperimentConfig({ ...MINIMAL, seeds: [1, 2, 3, 4, 5, 6, 7], conditions: ['full', 'no-reflection', 'no-planning'] }, 'x');
    const all = runsOf(c).map((r) => r.id);
    for (let n = 1; n <= 25; n++) {
      const parts = Array.from({ length: n }, (_, i) => shardOf(runsOf(c), { index: i, count: n }).map((r) => r.id));
      expect(parts.flat().sort()).toEqual([...all].sort());
      expect(Math.max(...parts.map((p) => p.length)) - Math.min(...parts.map((p) => p.length))).toBeLessThanOrEqual(1);
    }
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    for (const raw of ['8/8', '1', '-1/2', 'a/b', '1/0']) expect(() => parseShard(raw), raw).toThrow(/--shard/);
  });
});

describe('measures', () => {
  const specs = loadTownPersonas();
  const persona = (id: string) => new Persona(specs.find((s) => s.id === id)!, 'hamlet', { x: 0, y: 0 });
  const residents = specs.map((s) => ({ name: s.name, firstName: s.firstName }));

  it('the audit flags a resident or a place the persona never met or heard of, never one it knows', () => {
    const ada = persona('ada-quinn');
    const known = ada.spec.relationships.map((r) => specs.find((s) => s.id === r.id)!).filter(Boolean);
    const stranger = specs.find((s) => s.id !== ada.id && !known.includes(s) && !JSON.stringify(ada.spec).includes(s.firstName))!;
    expect(auditAnswer(ada, 'Who do you know?', `I had coffee with ${known[0]!.name} yesterday.`, residents, ['Bramble Café'])).toEqual([]);
    expect(auditAnswer(ada, 'Who do you know?', `I had coffee with ${stranger.firstName} yesterday.`, residents, [])).toEqual([{ persona: ada.name, question: 'Who do you know?', claim: stranger.name }]);
    // A name the question gave is not the persona's claim.
    expect(auditAnswer(ada, `Who is ${stranger.name}?`, `${stranger.firstName}? I don't know.`, residents, [])).toEqual([]);
    expect(auditAnswer(ada, 'Where were you?', 'At the Moonlit Observatory all night.', residents, ['Moonlit Observatory'])).toHaveLength(1);
    // Heard of in a conversation: known from then on.
    ada.memory.add('chat', { created: 0, subject: ada.name, predicate: 'chat with', object: known[0]!.name, description: `conversing about ${stranger.name}`, poignancy: 3, keywords: [], transcript: [{ speaker: known[0]!.name, text: `${stranger.firstName} fixed my roof.` }] });
    expect(auditAnswer(ada, 'Who do you know?', `${stranger.firstName}, the one who fixes roofs.`, residents, [])).toEqual([]);
  });

  it('density counts each pair once, from persona files and conversations', () => {
    const three = ['ada-quinn', 'walter-brooks', 'lily-hartwell'].map(persona);
    for (const p of three) (p.spec as { relationships: unknown[] }).relationships = [];
    expect(relationshipDensity(three)).toEqual({ edges: 0, density: 0 });
    const [a, b] = three;
    a!.memory.add('chat', { created: 0, subject: a!.name, predicate: 'chat with', object: b!.name, description: 'talk', poignancy: 2, keywords: [], transcript: [{ speaker: b!.name, text: 'hi' }] });
    b!.memory.add('chat', { created: 0, subject: b!.name, predicate: 'chat with', object: a!.name, description: 'talk', poignancy: 2, keywords: [], transcript: [{ speaker: a!.name, text: 'hi' }] });
    expect(relationshipDensity(three)).toEqual({ edges: 1, density: 1 / 3 });
  });

  it('results.csv quotes what needs quoting and keeps one row per run', () => {
    const r = { scenario: 'party', condition: 'full', seed: 3, days: 2, personas: 25, brain: 'llm:a,b "x"', heard: 1, others: 24, invited: null, accepted: null, attended: null, voting: null, densityStart: 0.2, densityEnd: 0.5, interviews: null, calls: 10, tokens: 0, callsPerPersonaDay: 0.2, tokensPerPersonaDay: 0, fallbacks: 0, unrecordedCalls: 0, wallSeconds: 1, steps: 5, replay: 'replays/x.json.gz' } as unknown as RunResult;
    const lines = resultsCsv([r, r]).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"llm:a,b ""x"""');
    expect(lines[0]!.split(',')).toEqual(expect.arrayContaining(['heard', 'invited', 'accepted', 'attended', 'density_start', 'density_end', 'hallucinations', 'calls_per_persona_day', 'tokens_per_persona_day', 'fallbacks', 'wall_seconds']));
  });
});

import { describe, expect, it } from 'vitest';
import { checkPersonasAgainstWorld, parsePersonas } from '../../src/sim/persona/load';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Recorder } from '../../src/replay/recorder';
import { decodeReplay, encodeReplay, ReplayError } from '../../src/replay/codec';
import { gunzip, gzip } from '../../src/replay/gzip';
import { BOUNDS } from '../../src/sim/bounds';

/**
 * Issue 33, point 3: persona files and replays from elsewhere are held to the bounds of
 * src/sim/bounds.ts; every refusal names the file and the value.
 */
const hamlet = loadTownPersonas();
const world = loadTownWorld();
const file = (i: number, change: (p: Record<string, unknown>) => void) => {
  const data = structuredClone(hamlet[i]) as unknown as Record<string, unknown>;
  change(data);
  return { source: `personas/${String(data.id)}.json`, data };
};

describe('persona files', () => {
  it("every Hamlet persona is within the bounds (the town's own files load)", () => {
    expect(() => checkPersonasAgainstWorld(parsePersonas(hamlet.map((data, i) => ({ source: `#${i}`, data }))), world)).not.toThrow();
  });

  const fields = ['innate', 'learned', 'currently', 'lifestyle', 'dailyPlanReq'] as const;
  for (const [i, field] of fields.entries()) {
    it(`a ${field} of a million characters is refused, naming the file and the field`, () => {
      const f = file(i, (p) => (p[field] = 'a'.repeat(1_000_000)));
      expect(() => parsePersonas([f])).toThrow(new RegExp(`^Persona file ${f.source.replace(/[.]/g, '\\.')}: ${field}: .*${BOUNDS.personaText}`));
    });
  }

  for (const sprite of ['../../etc/passwd', 'ada quinn', 'ADA.png', '', 'x/y', '..']) {
    it(`a sprite "${sprite}" is refused`, () => {
      const f = file(3, (p) => (p.sprite = sprite));
      expect(() => parsePersonas([f])).toThrow(/^Persona file personas\/.*\.json: sprite: /);
    });
  }

  it('haunts not on the map, and too many relationships, are refused', () => {
    const haunted = parsePersonas([file(0, (p) => (p.haunts = ['Millbrook Park', 'The Moon']))]);
    expect(() => checkPersonasAgainstWorld(haunted, world)).toThrow(/^Persona ada-quinn: haunt "The Moon" is not a sector of the map$/);
    const crowded = file(1, (p) => (p.relationships = Array.from({ length: BOUNDS.relationships + 1 }, () => ({ id: 'ada-quinn', kind: 'friend', note: '' }))));
    expect(() => parsePersonas([crowded])).toThrow(/relationships: /);
  });
});

describe('replays', () => {
  it('a description of a megabyte is refused, naming the file', async () => {
    const specs = hamlet.slice(0, 2);
    const sim = new Simulation({ world, personas: specs, brain: new OfflineBrain(1, specs), seed: 1, start: '2023-02-13T07:00:00' });
    const rec = new Recorder(sim);
    for (let i = 0; i < 5; i++) rec.record(await sim.tick());
    const doc = JSON.parse(new TextDecoder().decode(await gunzip(await encodeReplay(rec.toReplay())))) as { steps: { p?: { d?: string }[] }[] };
    doc.steps[1] = { p: [{ i: 0, d: 'z'.repeat(1_000_000) } as never] };
    const err = await decodeReplay(await gzip(new TextEncoder().encode(JSON.stringify(doc))), 'The file big.json.gz').catch((e: unknown) => e) as Error;
    expect(err).toBeInstanceOf(ReplayError);
    expect(err.message).toMatch(/^The file big\.json\.gz has a text of 1,000,000 characters; Hamlet reads texts of up to 100,000/);
    doc.steps[1] = { p: [{ i: 0, d: 'z'.repeat(50_000) } as never] };
    const long = await decodeReplay(await gzip(new TextEncoder().encode(JSON.stringify(doc))), 'The file long.json.gz').catch((e: unknown) => e) as Error;
    expect(long.message).toMatch(/steps\.1\.p\.0\.d: Too big: expected string to have <=4000 characters/);
  });
});

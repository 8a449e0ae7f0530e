import { describe, expect, it } from 'vitest';
import { AssociativeMemory, RETENTION, type ConceptNode } from '../../src/sim/persona/memory';
import { DAY } from '../../src/sim/clock';
import { Rng } from '../../src/sim/rng';

const T0 = Date.UTC(2023, 1, 13);
const MINUTE = 60_000;

/** A stream of `n` memories over `days` days: idle sightings, events, chats and thoughts citing events, as `rng` mixes them. */
function stream(n: number, days: number, rng: Rng): AssociativeMemory {
  const m = new AssociativeMemory();
  for (let i = 0; i < n; i++) {
    const created = T0 + Math.floor((i / n) * days * DAY);
    const kind = rng.next();
    if (kind < 0.45) m.add('event', { created, subject: 'bed', predicate: 'is', object: 'idle', description: 'bed is idle', poignancy: 1, keywords: ['bed'] });
    else if (kind < 0.8) m.add('event', { created, subject: 'Ana Moreno', predicate: 'is', object: `cooking ${i}`, description: `Ana Moreno is cooking dish ${i}`, poignancy: 1 + rng.int(8), keywords: ['Ana Moreno', 'kitchen'] });
    else if (kind < 0.9) m.add('chat', { created, subject: 'Tom', predicate: 'chat with', object: 'Ana', description: `talked about ${i}`, poignancy: 4, keywords: ['ana moreno'], transcript: [{ speaker: 'Tom', text: `hello ${i}` }] });
    else {
      const events = m.nodes.filter((x) => x.type === 'event').slice(-3).map((x) => x.id);
      m.add('thought', { created, expiration: rng.chance(0.5) ? created + 2 * DAY : created + 30 * DAY, subject: 'Tom', predicate: 'reflects', object: 'Ana', description: `thought ${i}`, poignancy: 6, keywords: ['ana moreno'], evidence: events });
    }
  }
  return m;
}

const describeNode = (m: AssociativeMemory, n: ConceptNode) => ({ description: n.description, evidence: n.evidence.map((id) => m.nodes[id - 1]?.description) });

describe('memory retention (a bounded stream)', () => {
  it('forgets nothing below the length it starts looking at', () => {
    const m = stream(RETENTION.firstLook - 1, 10, new Rng(1));
    const before = m.nodes.map((n) => n.id);
    expect(m.retain(T0 + 10 * DAY)).toBe(0);
    expect(m.nodes.map((n) => n.id)).toEqual(before);
  });

  for (const seed of [1, 2, 3]) {
    it(`forgets old idle sightings and expired memories, keeps the rest renumbered with their evidence (seed ${seed})`, () => {
      const days = 6;
      const now = T0 + days * DAY;
      const m = stream(3000, days, new Rng(seed));
      const latest = [...m.latestEventKeys(5)];
      // The rule, pass by pass: old idle sightings, then expired memories; a memory a remaining one cites stays.
      let left = [...m.nodes];
      for (const rule of [(n: ConceptNode) => n.predicate === 'is' && n.object === 'idle' && n.created < now - DAY, (n: ConceptNode) => n.expiration !== null && n.expiration <= now]) {
        const cited = new Set(left.filter((n) => !rule(n)).flatMap((n) => n.evidence));
        left = left.filter((n) => !rule(n) || cited.has(n.id));
      }
      const expected = left.map((n) => describeNode(m, n));
      const forgotten = m.retain(now);
      expect(forgotten).toBeGreaterThan(500);
      expect(m.nodes.length).toBe(3000 - forgotten);
      // What remains: every kept memory in order, ids 1, 2, 3 …, type counts in order, evidence still naming the same memories.
      expect(m.nodes.map((n) => n.id)).toEqual(m.nodes.map((_, i) => i + 1));
      for (const type of ['event', 'chat', 'thought'] as const) expect(m.nodes.filter((n) => n.type === type).map((n) => n.typeCount)).toEqual(m.nodes.filter((n) => n.type === type).map((_, i) => i + 1));
      expect(m.nodes.map((n) => describeNode(m, n))).toEqual(expected);
      expect(m.nodes.filter((n) => n.created < now - DAY && n.predicate === 'is' && n.object === 'idle' && n.type === 'event').length).toBeLessThan(forgotten);
      // Recent sightings (perception's "already seen") and recent idle ones are untouched; the forgotten are not found by keyword.
      expect([...m.latestEventKeys(5)]).toEqual(latest);
      expect(m.nodes.some((n) => n.description === 'bed is idle')).toBe(true);
      expect(m.related('event', ['bed'], now).length).toBe(m.nodes.filter((n) => n.keywords.includes('bed')).length);
      expect(m.related('event', ['kitchen'], now).length).toBe(m.nodes.filter((n) => n.type === 'event' && n.keywords.includes('kitchen')).length);
      // A save holds no ids: the stream as it is loads again unchanged.
      const copy = new AssociativeMemory();
      copy.load(m.nodes);
      expect(copy.nodes.map((n) => describeNode(copy, n))).toEqual(m.nodes.map((n) => describeNode(m, n)));
    });
  }

  it('keeps a long game under the cap, never forgetting what a thought cites', () => {
    const days = 80;
    const m = new AssociativeMemory();
    const rng = new Rng(7);
    let citing: ConceptNode | null = null;
    for (let i = 0; i < RETENTION.cap + 6000; i++) {
      const created = T0 + Math.floor((i / (RETENTION.cap + 6000)) * days * DAY);
      const e = m.add('event', { created, subject: 'Ana Moreno', predicate: 'is', object: `x ${i}`, description: `Ana Moreno did thing ${i}`, poignancy: 1 + rng.int(9), keywords: ['ana moreno'] });
      if (i === 10) citing = m.add('thought', { created, subject: 'Tom', predicate: 'reflects', object: 'Ana', description: 'Ana keeps busy', poignancy: 7, keywords: ['ana moreno'], evidence: [e.id] });
      m.retain(created);
    }
    expect(m.nodes.length).toBeLessThanOrEqual(RETENTION.cap + RETENTION.lookEvery);
    expect(citing).not.toBeNull();
    const thought = m.nodes.find((n) => n.description === 'Ana keeps busy');
    expect(thought && m.nodes[(thought.evidence[0] ?? 0) - 1]?.description).toBe('Ana Moreno did thing 10');
    // Recent memories (the last day) are all kept.
    const now = m.nodes.at(-1)?.created ?? 0;
    expect(m.nodes.filter((n) => n.created >= now - DAY + MINUTE).length).toBeGreaterThan(200);
  });
});

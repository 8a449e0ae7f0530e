import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { offlineDiary } from '../../src/llm/offline/diary';
import { diary } from '../../src/sim/cognition/diary';
import { readReply } from '../../src/sim/brain/contracts';
import { Persona } from '../../src/sim/persona/persona';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

const NOW = Date.UTC(2023, 1, 13, 20);

function town(seed = 1) {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(seed, personas), seed, start: '2023-02-13T09:00:00' });
}

/** A persona with today's memories: its plan, chats, sights and thoughts, as the simulation stores them. */
function withDay(name: 'ann' | 'bob', day: { plan?: string[]; chats?: [string, string][]; seen?: [string, number][]; thoughts?: [string, number][] }): Persona {
  const specs = miniPersonas();
  const spec = name === 'ann' ? specs[0]! : specs[1]!;
  const p = new Persona(spec, 'Mini', { x: 3, y: 3 });
  let t = NOW - 10 * 3_600_000;
  const at = () => (t += 600_000);
  if (day.plan) p.memory.add('thought', { created: at(), subject: p.name, predicate: 'plan', object: 'Monday', description: `This is ${p.name}'s plan for Monday February 13: ${day.plan.join(', ')}.`, poignancy: 5, keywords: ['plan'] });
  for (const [who, about] of day.chats ?? []) p.memory.add('chat', { created: at(), subject: p.name, predicate: 'chat with', object: who, description: `conversing about ${about}`, poignancy: 4, keywords: [] });
  for (const [what, score] of day.seen ?? []) p.memory.add('event', { created: at(), subject: what.split(' is ')[0] ?? what, predicate: 'is', object: what, description: what, poignancy: score, keywords: [] });
  for (const [thought, score] of day.thoughts ?? []) p.memory.add('thought', { created: at(), subject: p.name, predicate: 'thinks', object: '', description: thought, poignancy: score, keywords: [] });
  return p;
}

describe('the diary entry (an on-demand brain call)', () => {
  it('tells the day from its memories in the first person: plan, talks, what stood out, what is on its mind', () => {
    const p = withDay('ann', {
      plan: ['wake up at 7:00 am', 'open the café at 8:00 am', 'bake bread from 9:00 am to 11:00 am', 'close up at 3:00 pm'],
      chats: [
        ['Tom Hartwell', 'the broken fence'],
        ['Sofia Moreno', "the Valentine's Day party"],
        ['Tom Hartwell', 'the weather'],
      ],
      seen: [
        ['Lily Hartwell is reading a book (turning a page)', 2],
        ['Marcus Reed is painting a mural on the town hall (mixing blue paint)', 6],
      ],
      thoughts: [
        ['I will go to the party at Bramble Café at 5:00 pm', 7],
        ['I found it interesting to hear about the fence', 3],
      ],
    });
    const entry = offlineDiary(p, p.memory.nodes);
    expect(entry).toContain('My plan today was to wake up at 7:00 am, open the café at 8:00 am and bake bread from 9:00 am to 11:00 am.');
    // Each person once, by first name, with the first thing they talked about.
    expect(entry).toContain("I talked with Tom about the broken fence and Sofia about the Valentine's Day party.");
    // The most poignant sight, without the step of the activity.
    expect(entry).toContain('I noticed that Marcus Reed is painting a mural on the town hall.');
    expect(entry).not.toContain('mixing blue paint');
    // The thought that matters most.
    expect(entry).toContain('I will go to the party at Bramble Café at 5:00 pm.');
    expect(entry).not.toContain('interesting to hear');
  });

  it('says only what happened: a day with no talks tells of none, and an empty day is quiet', () => {
    const quiet = withDay('bob', { plan: ['sleep in until 10:00 am', 'garden from 11:00 am to 1:00 pm'] });
    const entry = offlineDiary(quiet, quiet.memory.nodes);
    expect(entry).toBe('My plan today was to sleep in until 10:00 am and garden from 11:00 am to 1:00 pm.');
    expect(entry).not.toMatch(/talked|noticed/);
    const nothing = withDay('bob', {});
    expect(offlineDiary(nothing, [])).toBe('A quiet day; nothing much happened.');
  });

  it('is asked of the town on demand from today’s memories, changes nothing, and is the same when asked twice', async () => {
    const sim = town();
    const ann = sim.personas[0]!;
    await sim.run(40);
    const before = JSON.stringify(ann.memory.nodes);
    const step = sim.step;
    const entry = await diary(sim, ann);
    expect(entry.length).toBeGreaterThan(20);
    expect(entry).toMatch(/\bI\b|\bMy\b/);
    // The day's plan is in it: the persona planned today, and the entry says so.
    expect(entry).toMatch(/^My plan today was to /);
    expect(JSON.stringify(ann.memory.nodes)).toBe(before);
    expect(sim.step).toBe(step);
    expect(await diary(sim, ann)).toBe(entry);
    // Asked, counted like every call (not a fallback).
    expect(sim.brain.stats.get('diaryEntry')).toEqual({ calls: 2, fallbacks: 0, errors: 0 });
  });

  it("reads a model's reply: the entry unquoted; an empty or missing one is sent back with what is wrong", () => {
    const p = withDay('ann', {});
    const ctx = { persona: p, now: NOW };
    expect(readReply('diaryEntry', { entry: '"Dear diary, I baked all morning."' }, ctx, [])).toEqual({ ok: true, value: 'Dear diary, I baked all morning.' });
    const empty = readReply('diaryEntry', { entry: '   ' }, ctx, []);
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error).toMatch(/"entry"/);
    const missing = readReply('diaryEntry', { diary: 'I baked.' }, ctx, []);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatch(/"entry"/);
    const long = readReply('diaryEntry', { entry: 'I baked. '.repeat(200) }, ctx, []);
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error).toMatch(/too long/);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { DAY } from '../../src/sim/clock';
import { SEEKING } from '../../src/sim/cognition/commitments';
import { generatedTexts, scanPhrasing, type GeneratedText } from '../../src/sim/scenario/phrasing';
import { VALENTINE_PARTY as P } from '../../src/sim/scenario/party';
import { printAddress } from '../../src/sim/world/actionAddress';

/**
 * A day of the town on the offline brain with two whispers: a party at the café (the paper's
 * experiment, the same day) and Yumi's "go fishing at the pond with Marcus at 3 pm".
 */
const MONDAY = Math.floor(Date.UTC(2023, 1, 13) / DAY);
const PARTY = "You want to throw a Valentine's party at Bramble Café today from 5 pm to 7 pm, and invite everyone you meet.";
const FISHING = 'You want to go fishing at the pond with Marcus today at 3 pm.';
let sim: Simulation;
const texts: GeneratedText[] = [];
const answers = new Map<string, string>();
/** Who is at the pond (their action's address there), at each step from 3 pm to 4 pm. */
const atPond: Set<string>[] = [];

beforeAll(async () => {
  const personas = loadTownPersonas();
  sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
  let party = false;
  let fishing = false;
  while (sim.now < Date.parse('2023-02-13T17:30:00Z')) {
    if (!party && sim.now >= Date.parse(`${P.whisperAt}Z`)) {
      sim.whisper(P.host, PARTY);
      party = true;
    }
    if (!fishing && sim.now >= Date.parse('2023-02-13T10:00:00Z')) {
      sim.whisper('yumi-sato', FISHING);
      fishing = true;
    }
    await sim.tick();
    if (sim.now >= Date.parse('2023-02-13T15:00:00Z') && sim.now < Date.parse('2023-02-13T16:00:00Z')) {
      atPond.push(new Set(sim.personas.filter((p) => p.scratch.actAddress && /^[^:]+:Millbrook Park:pond\b/.test(printAddress(p.scratch.actAddress))).map((p) => p.id)));
    }
  }
  texts.push(...generatedTexts(sim));
  for (const p of sim.personas) {
    for (const q of ['What are you doing this evening?', 'What did you do today?', 'Who is your best friend?', 'What are your plans?', 'Are you going to the party?', 'Are you going fishing?']) {
      const a = await sim.interview(p.id, q);
      answers.set(`${p.id}|${q}`, a);
      texts.push({ text: a, source: `interview of ${p.name}: ${q}`, speaker: { name: p.name, firstName: p.firstName } });
    }
  }
}, 300_000);

describe('a whispered plan that names a place and a person', () => {
  it('keeps the activity, the room, the time and the person; the persona seeks them out; they take it on; both go', () => {
    const yumi = sim.byId.get('yumi-sato')!;
    const marcus = sim.byId.get('marcus-reed')!;
    const mine = yumi.commitments.filter((c) => c.event === 'fishing');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ sector: 'Millbrook Park', arena: 'pond', day: MONDAY, start: 15 * 60, source: 'whisper', with: [marcus.name] });
    // She went to find him, before the plan.
    const seek = yumi.commitments.filter((c) => c.source === SEEKING);
    expect(seek).toHaveLength(1);
    expect(seek[0]!.with).toEqual([marcus.name]);
    expect(seek[0]!.day * DAY + seek[0]!.start * 60_000).toBeLessThan(MONDAY * DAY + 15 * 60 * 60_000);
    expect(sim.conversations.some((c) => c.participants.includes(yumi.name) && c.participants.includes(marcus.name) && c.lines.some((l) => l.speaker === yumi.name && /fishing at the pond in Millbrook Park/.test(l.text)))).toBe(true);
    // He has the same plan, once, from her.
    const his = marcus.commitments.filter((c) => c.event === 'fishing');
    expect(his).toHaveLength(1);
    expect(his[0]).toMatchObject({ sector: 'Millbrook Park', arena: 'pond', day: MONDAY, start: 15 * 60, source: yumi.name });
    // Within the hour both are at the pond together (one may stop on the way: a word, a wait).
    expect(atPond.some((here) => here.has(yumi.id) && here.has(marcus.id))).toBe(true);
    expect(answers.get(`${yumi.id}|Are you going fishing?`)).toMatch(/fishing at the pond in Millbrook Park.*Marcus/);
    expect(answers.get(`${marcus.id}|Are you going fishing?`)).toMatch(/fishing at the pond in Millbrook Park.*Yumi/);
  });

  it('one commitment per event: nobody holds the party twice', () => {
    for (const p of sim.personas) {
      const keys = p.commitments.map((c) => `${c.event}|${c.day}`);
      expect(new Set(keys).size, `${p.name}: ${keys.join(', ')}`).toBe(keys.length);
    }
  });
});

describe('the words of a day', () => {
  it('have no doubled determiners, "going to fishing", lower-cased names or personas speaking of themselves in the third person', () => {
    expect(texts.length).toBeGreaterThan(5000);
    const flaws = scanPhrasing(texts, sim.personas);
    expect(flaws.map((f) => `[${f.rule}] ${f.source}: ${f.text}`)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadTownPersonas } from '../../src/node/town';
import { Persona } from '../../src/sim/persona/persona';
import type { ChatLine } from '../../src/sim/persona/memory';
import { offlineTurn } from '../../src/llm/offline/talk';
import { extractNews, heardAs } from '../../src/sim/cognition/converse';
import { Rng } from '../../src/sim/rng';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { addCommitment, commitmentTask, describeCommitment, parseCommitment } from '../../src/sim/cognition/commitments';

const MON_10AM = Date.UTC(2023, 1, 13, 10);
const specs = loadTownPersonas();
const people = new Map(specs.map((s) => [s.id, s.name]));
/** A resident with its current concerns in mind (as the town seeds them). */
function make(id: string): Persona {
  const p = new Persona(specs.find((s) => s.id === id)!, 'hamlet', { x: 0, y: 0 });
  for (const sentence of p.spec.currently.split(/(?<=[.!?])\s+/)) {
    p.memory.add('thought', { created: MON_10AM - 86_400_000, expiration: MON_10AM + 29 * 86_400_000, subject: p.name, predicate: 'is', object: 'currently', description: sentence, poignancy: 6, keywords: ['currently'] });
  }
  return p;
}

/** Two residents who know each other, and one the first does not know. */
function cast() {
  const a = make('sofia-moreno');
  const friendId = a.spec.relationships.find((r) => /friend/.test(r.kind))!.id;
  const b = make(friendId);
  const strangerSpec = specs.find((s) => s.id !== a.id && s.id !== b.id && !a.spec.relationships.some((r) => r.id === s.id))!;
  return { a, b, c: make(strangerSpec.id) };
}

function heard(p: Persona, description: string, from: string, created = MON_10AM - 3_600_000) {
  p.memory.add('thought', { created, expiration: created + 30 * 86_400_000, subject: p.name, predicate: 'heard', object: from, description, poignancy: 6, keywords: ['news'] });
}

function remember(self: Persona, other: Persona, lines: ChatLine[], created = MON_10AM - 1_800_000) {
  self.memory.add('chat', { created, subject: self.name, predicate: 'chat with', object: other.name, description: 'conversing about their day', poignancy: 3, keywords: [self.name, other.name], transcript: lines });
}

/** A whole offline conversation between two personas (no retrieval: memories are given whole). */
function talk(a: Persona, b: Persona, seed: number): ChatLine[] {
  const convo: ChatLine[] = [];
  for (let i = 0; i < 16; i++) {
    const [s, l] = i % 2 === 0 ? [a, b] : [b, a];
    const t = offlineTurn(s, l, convo.slice(), s.memory.nodes.slice().reverse(), new Rng(seed * 100 + i), MON_10AM, people);
    convo.push({ speaker: s.name, text: t.line });
    if (t.end) break;
  }
  return convo;
}

describe('offline conversations', () => {
  it('go greeting → answer → … → goodbye answered by a goodbye, in the first person, each line under 400 characters', () => {
    const { a, b } = cast();
    for (let seed = 1; seed <= 20; seed++) {
      const convo = talk(a, b, seed);
      expect(convo.length).toBeGreaterThanOrEqual(4);
      expect(convo[0]!.text).toContain(b.firstName);
      expect(convo[0]!.text).toMatch(/\?$/);
      expect(convo.at(-1)!.text).toMatch(/bye|see you|take care|talk soon|good (morning|afternoon|evening)/i);
      for (const l of convo) {
        expect(l.text.length).toBeLessThan(400);
        // Nobody speaks of themself by name in the third person.
        const self = l.speaker === a.name ? a : b;
        expect(l.text).not.toMatch(new RegExp(`\\b${self.name} (is|has|wants)\\b`));
      }
    }
  });

  it('a question is answered from the speaker\'s own state', () => {
    const { a, b } = cast();
    b.scratch.fDailySchedule = [['sleeping', 7 * 60], ['working at the shop', 11 * 60], ['having a drink at The Copper Kettle', 3 * 60], ['sleeping', 3 * 60]];
    const convo: ChatLine[] = [{ speaker: a.name, text: `Hi ${b.firstName}! What are you doing this evening?` }];
    const reply = offlineTurn(b, a, convo, [], new Rng(1), MON_10AM, people).line;
    expect(reply).toMatch(/This evening I'll be having a drink at The Copper Kettle/);
  });

  it('news is told once per listener, to a few people, and not to the person it is about', () => {
    const { a, b, c } = cast();
    const news = 'Walter Brooks is planning a surprise for the whole town on Saturday at noon.';
    heard(a, news, 'Someone Else');
    const first = talk(a, b, 1);
    const told = first.filter((l) => l.speaker === a.name && extractNews(l.text)?.includes('surprise for the whole town'));
    expect(told, first.map((l) => `${l.speaker}: ${l.text}`).join("\n")).toHaveLength(1);
    // Told once: the next talk with the same listener does not repeat it.
    remember(a, b, first);
    expect(talk(a, b, 2).some((l) => l.speaker === a.name && /surprise for the whole town/.test(l.text))).toBe(false);
    // A few people, then it is old news to the teller.
    const d = make(specs.find((s) => ![a.id, b.id, c.id].includes(s.id))!.id);
    for (const other of [c, d]) remember(a, other, [{ speaker: a.name, text: `Did you hear? ${news}` }]);
    const e = make(specs.find((s) => ![a.id, b.id, c.id, d.id].includes(s.id) && !s.name.startsWith('Walter'))!.id);
    expect(talk(a, e, 3).some((l) => /surprise for the whole town/.test(l.text))).toBe(false);
    // About the listener: not told to their face.
    const walter = make(specs.find((s) => s.name.startsWith('Walter'))!.id);
    const f = make('sofia-moreno');
    heard(f, news, 'Someone Else');
    expect(talk(f, walter, 4).some((l) => /surprise for the whole town/.test(l.text))).toBe(false);
  });

  it("one's own news is said in the first person and kept by the listener about the speaker, names as written", () => {
    const { a, b } = cast();
    const lines = Array.from({ length: 20 }, (_, i) => talk(a, b, i + 1)).flat().filter((l) => l.speaker === a.name && extractNews(l.text));
    const own = lines.find((l) => /open-mic/.test(l.text))!;
    expect(own.text).toMatch(/\bI'm launching\b|\bI am launching\b/);
    const kept = heardAs(extractNews(own.text)!, a);
    expect(kept).toMatch(new RegExp(`^${a.firstName} is launching`));
    expect(heardAs("I'm painting my fence and I hope Tom helps me.", a)).toBe(`${a.firstName} is painting her fence and she hopes Tom helps her.`);
  });

  it('are varied: greetings differ by relation and by day, and a stranger is introduced to', () => {
    const { a, b, c } = cast();
    const greetings = new Set(Array.from({ length: 30 }, (_, i) => offlineTurn(a, b, [], [], new Rng(i), MON_10AM, people).line));
    expect(greetings.size).toBeGreaterThan(10);
    expect(offlineTurn(a, c, [], [], new Rng(1), MON_10AM, people).line).toMatch(new RegExp(`I'm ${a.firstName}\\..*${c.firstName}\\?$`));
  });

  it("the memo after a chat keeps names' capitals", async () => {
    const { a, b } = cast();
    const brain = new OfflineBrain(1, specs);
    const memo = await brain.memoAfterConvo({ persona: a, now: MON_10AM }, b, [{ speaker: b.name, text: 'Did you hear? Jess has found the old bequest.' }]);
    expect(memo).toBe(`I found it interesting to hear from ${b.firstName} that Jess has found the old bequest.`);
  });
});

describe('one commitment per event', () => {
  it('the same party heard twice, at another place or under another name at the same time, is taken on once; another event at that hour is not the same', () => {
    const p = make('mia-novak');
    const base = { day: 19402, start: 17 * 60, minutes: 120, host: false, scheduledOn: null };
    expect(addCommitment(p, { ...base, event: "the Valentine's Day party", sector: 'Bramble Café', source: 'Sofia Moreno' })).toBe(true);
    expect(addCommitment(p, { ...base, event: "the Valentine's Day party", sector: 'Bramble Café', start: 18 * 60, source: 'Chloe Dubois' })).toBe(false);
    expect(addCommitment(p, { ...base, event: 'the party', sector: 'Moreno House', source: 'Ana Moreno' })).toBe(false);
    expect(addCommitment(p, { ...base, event: 'the open-mic night', sector: 'The Copper Kettle', source: 'Marcus Reed' })).toBe(true);
    expect(p.commitments.map((c) => `${c.event} at ${c.sector}`)).toEqual(["the Valentine's Day party at Bramble Café", 'the open-mic night at The Copper Kettle']);
  });
});

describe('a whispered plan with people named', () => {
  it('keeps the activity, the place and the time, and the persona invites the people named', async () => {
    const { a, c } = cast(); // c: someone Sofia has no relation with
    const whisper = `${a.name} wants to go fishing at Millbrook Park with ${c.firstName} tomorrow at 5 pm.`;
    const places = { sectors: [{ name: 'Millbrook Park', kind: 'park' as const }, { name: 'Bramble Café', kind: 'cafe' as const }], people: [a, c].map((p) => ({ name: p.name, firstName: p.firstName })) };
    const plan = parseCommitment(whisper, places, MON_10AM, 'whisper')!;
    expect(plan).toMatchObject({ event: 'fishing', sector: 'Millbrook Park', start: 17 * 60, host: false, with: [c.name] });
    expect(commitmentTask(plan)).toBe('fishing at Millbrook Park');
    a.commitments.push(plan);
    a.memory.add('thought', { created: MON_10AM, expiration: MON_10AM + 86_400_000, subject: a.name, predicate: 'thinks', object: 'a whisper', description: whisper, poignancy: 6, keywords: ['fishing'] });
    // Every talk with the person named brings the invitation (no chance about it).
    for (let seed = 1; seed <= 5; seed++) {
      const convo = talk(a, c, seed);
      const invite = convo.find((l) => l.speaker === a.name && /would you like to come fishing at Millbrook Park on Tuesday February 14 at 5:00 pm\?/.test(l.text));
      expect(invite, convo.map((l) => l.text).join('\n')).toBeDefined();
    }
    // Accepted, it becomes the same plan for the one invited.
    const brain = new OfflineBrain(1, specs);
    const convo = [
      { speaker: a.name, text: `Say, would you like to come ${describeCommitment(plan)}?` },
      { speaker: c.name, text: "Count me in! I'll be there." },
    ];
    const thought = await brain.planningThought({ persona: c, now: MON_10AM }, a, convo);
    expect(thought).toBe(`I will go ${describeCommitment(plan)}.`);
    expect(parseCommitment(thought, places, MON_10AM, a.name)).toMatchObject({ event: 'fishing', sector: 'Millbrook Park', day: plan.day, start: 17 * 60 });
  });
});

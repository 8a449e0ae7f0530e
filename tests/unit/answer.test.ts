import { describe, expect, it } from 'vitest';
import { loadTownPersonas } from '../../src/node/town';
import { Persona } from '../../src/sim/persona/persona';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import { answerQuestion, questionKind, timeWindow } from '../../src/llm/offline/answer';
import { firstPerson } from '../../src/llm/offline/voice';
import { DAY } from '../../src/sim/clock';
import type { Commitment } from '../../src/sim/persona/commitment';

const MON_10AM = Date.UTC(2023, 1, 13, 10);
const TODAY = Math.floor(MON_10AM / DAY);
const specs = loadTownPersonas();
const people = new Map(specs.map((s) => [s.id, s.name]));
const spec = (id: string): PersonaSpec => specs.find((s) => s.id === id)!;

/** Sofia on Monday at 10 am with a day's schedule (minutes) and nothing else in mind. */
function sofia(): Persona {
  const p = new Persona(spec('sofia-moreno'), 'hamlet', { x: 0, y: 0 });
  p.scratch.fDailySchedule = [
    ['sleeping', 360],
    ['waking up and getting ready for the day at home', 60],
    ['working as a café owner at Bramble Café (serving customers)', 240],
    ['working as a café owner at Bramble Café (doing the accounts)', 240],
    ['buying groceries at Willow Grocery & Pharmacy', 60],
    ['taking a walk in Millbrook Park', 120],
    ['cooking and eating dinner at home', 60],
    ['having a drink at The Copper Kettle', 120],
    ['sleeping', 180],
  ];
  p.scratch.actDescription = 'working as a café owner at Bramble Café (serving customers)';
  p.scratch.wakeUpHour = 6;
  return p;
}

const ask = (p: Persona, question: string, now = MON_10AM) => answerQuestion({ persona: p, question, memories: [], now, people });

function party(over: Partial<Commitment> = {}): Commitment {
  return { event: "the Valentine's Day party", sector: 'Bramble Café', day: TODAY + 1, start: 17 * 60, minutes: 120, host: false, source: 'Marcus Reed', scheduledOn: null, ...over };
}

function chat(p: Persona, other: string, created: number, lines: [string, string][]): void {
  p.memory.add('chat', { created, subject: p.name, predicate: 'chat with', object: other, description: 'conversing about their day', poignancy: 3, keywords: [p.name, other], transcript: lines.map(([speaker, text]) => ({ speaker, text })) });
}

describe('the offline brain answers the question asked (interviews and chats)', () => {
  it('plans at a time come from the schedule: the hour asked, not the whole day', () => {
    const p = sofia();
    expect(ask(p, 'What will you be doing at 3 pm?')).toMatch(/^At 3:00 pm I'll be .*Willow Grocery & Pharmacy/);
    const evening = ask(p, 'What are you going to do this evening?');
    expect(evening).toMatch(/cooking and eating dinner/);
    expect(evening).toMatch(/The Copper Kettle/);
    expect(evening).not.toMatch(/Bramble Café|Willow/);
    expect(ask(p, 'What did you do this morning at 6:30 am?')).toMatch(/^At 6:30 am I was waking up/);
    // Another day: its commitments and the job on that weekday (Sofia works Tuesdays).
    p.commitments.push(party({ source: 'Marcus Reed' }));
    const tomorrow = ask(p, 'What are you doing tomorrow evening?');
    expect(tomorrow).toMatch(/going to the Valentine's Day party at Bramble Café at 5:00 pm/);
    expect(tomorrow).toMatch(/Marcus invited me/);
    expect(ask(p, 'What are you doing on Sunday?')).toMatch(/Nothing fixed yet/);
  });

  it('right now: the current action in the first person', () => {
    expect(ask(sofia(), 'What are you doing right now?')).toBe("Right now I'm working as a café owner at Bramble Café — serving customers.");
  });

  it('yes/no about an event: going (and who invited), hosting, declined, heard of it, never heard of it', () => {
    const p = sofia();
    p.commitments.push(party());
    expect(ask(p, "Are you going to the Valentine's Day party?")).toMatch(/^Yes, I'm going to the Valentine's Day party at Bramble Café, tomorrow at 5:00 pm\. Marcus invited me\.$/);
    p.commitments[0] = party({ host: true, source: 'whisper' });
    expect(ask(p, 'Are you coming to the party?')).toMatch(/I'm hosting it!.*Bramble Café, tomorrow at 5:00 pm/);

    const q = sofia();
    q.memory.add('thought', { created: MON_10AM - 3600_000, subject: q.name, predicate: 'plans', object: 'Marcus Reed', description: `For ${q.name}'s planning: I told Marcus I can't make it to the Valentine's Day party at Bramble Café on Tuesday February 14 at 5:00 pm.`, poignancy: 5, keywords: ['plan'] });
    expect(ask(q, "Are you going to the Valentine's Day party?")).toMatch(/^No, I told Marcus I can't make it/);

    const r = sofia();
    r.memory.add('thought', { created: MON_10AM - 3600_000, subject: r.name, predicate: 'heard', object: 'Marcus Reed', description: 'Ada Quinn is holding a campaign picnic at Millbrook Park on Saturday at noon.', poignancy: 6, keywords: ['picnic'] });
    expect(ask(r, 'Are you going to the campaign picnic?')).toMatch(/^No, I'm not planning to go\. I heard that Ada Quinn is holding a campaign picnic/);
    expect(ask(r, 'What do you know about the harvest festival?')).toMatch(/I don't know anything about the harvest festival/);
  });

  it('people and relationships: named as written, from the persona file and from who it talks to most', () => {
    const p = sofia();
    const husband = p.spec.relationships.find((r) => r.kind === 'husband')!;
    expect(ask(p, 'Who is your husband?')).toContain(`My husband is ${people.get(husband.id)}`);
    expect(ask(p, 'Who is your wife?')).toContain(people.get(husband.id)!);
    const friend = p.spec.relationships.find((r) => /friend/.test(r.kind))!;
    expect(ask(p, 'Who is your closest friend?')).toContain(people.get(friend.id)!);
    // Who someone is: the relation's note, then the last talk with them, with its news.
    const daughter = p.spec.relationships.find((r) => r.kind === 'daughter')!;
    const name = people.get(daughter.id)!;
    chat(p, name, MON_10AM - 3600_000, [[name, 'Guess what? The College Dorm has a free room from March.']]);
    const aboutHer = ask(p, `What do you think of ${name.split(' ')[0]}?`);
    expect(aboutHer).toContain(daughter.note.split(';')[0]);
    expect(aboutHer).toMatch(/We last talked today; \w+ told me that the College Dorm has a free room from March\./);
    // A resident Sofia has never met or heard of.
    const stranger = specs.find((s) => s.id !== p.id && !p.spec.relationships.some((r) => r.id === s.id))!;
    expect(ask(p, `Who is ${stranger.name}?`)).toBe(`I don't know ${stranger.name}, I'm afraid.`);
  });

  it('what happened today: the people talked to; "nobody yet" when there were none', () => {
    const p = sofia();
    expect(ask(p, 'Who did you talk to today?')).toBe("I haven't talked to anyone yet today.");
    chat(p, 'Luis Moreno', MON_10AM - 2 * 3600_000, [['Luis Moreno', 'Morning!']]);
    chat(p, 'Chloe Dubois', MON_10AM - 3600_000, [['Chloe Dubois', 'Did you hear? The stage will be ready on Thursday.']]);
    chat(p, 'Marcus Reed', MON_10AM - DAY, [['Marcus Reed', 'Hello']]); // yesterday: not today
    const a = ask(p, 'Who did you talk to today?');
    expect(a).toMatch(/^Today I talked with Luis and Chloe\. Chloe told me that the stage will be ready on Thursday\.$/);
    expect(ask(p, 'What did you do today?')).toMatch(/I talked with Luis and Chloe/);
  });

  it('facts about oneself in the first person; "I don\'t know" when memory holds nothing on the topic', () => {
    const p = sofia();
    expect(ask(p, 'Where do you work?')).toMatch(/^I work at Bramble Café — I'm the café owner there/);
    expect(ask(p, 'What time do you wake up?')).toMatch(/around 6 am/);
    const mind = ask(p, "What's on your mind?");
    expect(mind).toMatch(/^I am launching/);
    expect(mind).not.toContain(`${p.firstName} is`);
    expect(ask(p, 'What do you think about quantum chromodynamics?')).toMatch(/^I don't know/);
  });

  it('recognises the kind of question', () => {
    const p = sofia();
    const kinds = ['What are you doing right now?', 'What are you doing at 5 pm?', 'Who is your husband?', 'Do you know Marcus Reed?', 'Is there a party tonight?', 'How was your day?', 'What do you think about the election?'].map((q) => questionKind(q, p, people));
    expect(kinds).toEqual(['doing-now', 'plans', 'relation', 'person', 'event', 'today', 'event']);
    expect(timeWindow('what about at 15:30?', MON_10AM)).toMatchObject({ day: 0, from: 15 * 60 + 30 });
    expect(timeWindow('and on friday morning?', MON_10AM)).toMatchObject({ day: 4, from: 6 * 60, to: 12 * 60 });
  });

  it('is deterministic: the same state and question give the same answer', () => {
    const qs = ['What are you going to do this evening?', 'What do you think of Marcus?', 'Tell me about yourself.'];
    expect(qs.map((q) => ask(sofia(), q))).toEqual(qs.map((q) => ask(sofia(), q)));
  });
});

describe('first person', () => {
  it('turns the persona\'s own name into "I"/"my", keeps others\' names as written', () => {
    const p = sofia();
    expect(firstPerson('Sofia Moreno wants to throw a party with Marcus Reed.', p)).toBe('I want to throw a party with Marcus Reed.');
    expect(firstPerson("Sofia is launching a night; Sofia has invited Chloe Dubois to Sofia's café.", p)).toBe('I am launching a night; I have invited Chloe Dubois to my café.');
    expect(firstPerson(`For Sofia Moreno's planning: I will go to the party.`, p)).toBe('I will go to the party.');
  });
});

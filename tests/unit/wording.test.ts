import { describe, expect, it } from 'vitest';
import { loadTownPersonas } from '../../src/node/town';
import { Persona } from '../../src/sim/persona/persona';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { answerQuestion } from '../../src/llm/offline/answer';
import { firstPerson } from '../../src/llm/offline/voice';
import { summarize, offlineTurn } from '../../src/llm/offline/talk';
import { commitmentPhrase, parseCommitment } from '../../src/sim/cognition/commitments';
import { extractNews } from '../../src/sim/cognition/converse';
import { Rng } from '../../src/sim/rng';
import { DAY } from '../../src/sim/clock';
import { scanPhrasing } from '../../src/sim/scenario/phrasing';
import type { Commitment } from '../../src/sim/persona/commitment';

/** Each slip the phrasing scan found in a week of the offline town, pinned where it came from. */
const MON_10AM = Date.UTC(2023, 1, 13, 10);
const TODAY = Math.floor(MON_10AM / DAY);
const specs = loadTownPersonas();
const people = new Map(specs.map((s) => [s.id, s.name]));
const byName = new Map(specs.map((s) => [s.name, s]));
const make = (id: string) => new Persona(specs.find((s) => s.id === id)!, 'hamlet', { x: 0, y: 0 });
const clean = (text: string, speaker?: Persona) => scanPhrasing([{ text, source: 'test', speaker }], specs);

describe('the offline brain says it properly', () => {
  it('news of "his exhibition opening" becomes "I want to go to the exhibition opening"; "Yumi\'s opening" stays hers', async () => {
    const brain = new OfflineBrain(1, specs);
    const [ada, priya] = [make('ada-quinn'), make('priya-patel')];
    const said = (text: string) => [{ speaker: priya.name, text }];
    const thoughts = new Set<string>();
    // The interest in going is a chance: ask at many times, keep what is said.
    for (let i = 0; i < 40; i++) {
      const now = MON_10AM + i * 60_000;
      thoughts.add(await brain.planningThought({ persona: ada, now }, priya, said('Did you hear? Kenji is nervous about his exhibition opening at the studio on Sunday at 3 pm.')));
      thoughts.add(await brain.planningThought({ persona: ada, now }, priya, said("Did you hear? Everyone is going to Yumi's exhibition opening at the studio on Sunday at 3 pm.")));
    }
    expect(thoughts).toContain('I want to go to the exhibition opening at the studio on Sunday at 3 pm.');
    expect(thoughts).toContain("I want to go to Yumi's exhibition opening at the studio on Sunday at 3 pm.");
    for (const t of thoughts) expect(clean(t, ada), t).toEqual([]);
  });

  it('an activity is "going fishing", an event "going to the party", in plans, answers and the inspector', () => {
    const p = make('sofia-moreno');
    const fishing: Commitment = { event: 'fishing', sector: 'Millbrook Park', arena: 'pond', day: TODAY + 1, start: 15 * 60, minutes: 60, host: false, source: 'whisper', scheduledOn: null, with: ['Marcus Reed'] };
    p.commitments.push(fishing);
    expect(commitmentPhrase(fishing)).toBe('going fishing at the pond in Millbrook Park on Tuesday February 14 at 3:00 pm');
    expect(commitmentPhrase({ ...fishing, event: 'the party', host: true })).toBe('hosting the party at the pond in Millbrook Park on Tuesday February 14 at 3:00 pm');
    const plans = answerQuestion({ persona: p, question: 'What are your plans?', memories: [], now: MON_10AM, people });
    expect(plans).toMatch(/I'm going fishing at the pond in Millbrook Park tomorrow at 3:00 pm/);
    expect(clean(plans, p)).toEqual([]);
    const tomorrow = answerQuestion({ persona: p, question: 'What are you doing tomorrow?', memories: [], now: MON_10AM, people });
    expect(tomorrow).toMatch(/I'm going fishing at the pond in Millbrook Park at 3:00 pm\. I'm asking Marcus along\./);
  });

  it('a thought about oneself is said in the first person after a colon too', () => {
    const mia = make('mia-novak');
    expect(firstPerson('Mia keeps coming back to one thing: Mia is finishing a large painting.', mia)).toBe('I keep coming back to one thing: I am finishing a large painting.');
  });

  it('a chat about news told in the first person is summarised about its teller, not "Tom is conversing about news: I\'m building"', () => {
    const summary = summarize([{ speaker: 'Tom Hartwell', text: "Guess what? I'm building a small wooden stage for my daughter's reading." }], byName);
    expect(summary).toBe("conversing about news: Tom is building a small wooden stage for his daughter's reading");
  });

  it('a chat summary keeps news to its first sentence, not to its first full stop, and cuts long news where a clause ends', () => {
    const about = (news: string) => summarize([{ speaker: 'Somebody New', text: `Did you hear? ${news}` }]);
    // "Dr." and "p.m." do not end a sentence (the summary was "Nora is helping Dr").
    expect(about('Nora is helping Dr. Okafor at 5 p.m. today. It is for the clinic.')).toBe('conversing about news: Nora is helping Dr. Okafor at 5 p.m. today');
    // Long news: up to the end of a clause, not "…, which opens…" nor "… at 7 pm,…".
    expect(about("Yumi is curating the studio's spring exhibition, 'Hamlet Seen', which opens on Friday at the studio.")).toBe("conversing about news: Yumi is curating the studio's spring exhibition, 'Hamlet Seen'");
    expect(about('Owen has a crush on his dorm-mate Mia Novak and is working up the courage to ask her out.')).toBe('conversing about news: Owen has a crush on his dorm-mate Mia Novak');
    // No clause to end at: whole words, none left hanging ("… at dusk for the…").
    expect(about('Mia is finishing a large painting of the Millbrook Park pond at dusk for the spring show in March.')).toBe('conversing about news: Mia is finishing a large painting of the Millbrook Park pond at dusk…');
  });

  it('one\'s own news keeps one subject: "I\'m curating …, and I am finishing my own painting", not "and she is finishing"', () => {
    const yumi = make('yumi-sato');
    const mia = make('mia-novak');
    yumi.memory.add('thought', { created: MON_10AM - DAY, expiration: MON_10AM + 29 * DAY, subject: yumi.name, predicate: 'is', object: 'currently', description: yumi.spec.currently.split(/(?<=[.!?])\s+/)[0]!, poignancy: 6, keywords: ['currently'] });
    const said: string[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const convo = [{ speaker: mia.name, text: 'Hi Yumi! What are you up to?' }, { speaker: yumi.name, text: 'Just painting. And you?' }, { speaker: mia.name, text: 'Just reading. Nothing special.' }];
      said.push(offlineTurn(yumi, mia, convo, yumi.memory.nodes.slice(), new Rng(seed), MON_10AM, people).line);
    }
    const news = said.filter((l) => /curating/.test(l));
    expect(news.length).toBeGreaterThan(0);
    for (const l of news) {
      expect(l).toMatch(/\bI'm curating\b.*\band I am finishing my own\b/);
      expect(l).not.toMatch(/\bshe\b/);
    }
  });

  it('news about oneself heard back from others is not passed on as hearsay', () => {
    const chloe = make('chloe-dubois');
    const elena = make('elena-petrova');
    chloe.memory.add('thought', { created: MON_10AM - 3_600_000, expiration: MON_10AM + 30 * DAY, subject: chloe.name, predicate: 'heard', object: 'Sam Whitaker', description: 'Chloe is helping Sofia Moreno organise the open-mic night at Bramble Café.', poignancy: 6, keywords: ['news'] });
    for (let seed = 1; seed <= 30; seed++) {
      const convo = [{ speaker: elena.name, text: 'Hi Chloe! What are you up to?' }, { speaker: chloe.name, text: 'Just working. And you?' }, { speaker: elena.name, text: 'Just reading. Nothing special.' }];
      const line = offlineTurn(chloe, elena, convo, chloe.memory.nodes.slice(), new Rng(seed), MON_10AM, people).line;
      expect(extractNews(line) ?? '', line).not.toMatch(/^Chloe is helping/);
      expect(clean(line, chloe), line).toEqual([]);
    }
  });

  it('a whisper\'s room is kept, and only the people it takes along are named in the plan', () => {
    const places = {
      sectors: [{ name: 'Millbrook Park', kind: 'park' as const }, { name: 'Bramble Café', kind: 'cafe' as const }],
      arenas: [{ name: 'pond', sector: 'Millbrook Park' }, { name: 'lawn', sector: 'Millbrook Park' }, { name: 'café', sector: 'Bramble Café' }],
      people: specs.map((s) => ({ name: s.name, firstName: s.firstName })),
    };
    expect(parseCommitment('Yumi wants to go fishing at the pond with Marcus today at 3 pm.', places, MON_10AM, 'whisper')).toMatchObject({ event: 'fishing', sector: 'Millbrook Park', arena: 'pond', with: ['Marcus Reed'] });
    expect(parseCommitment('Sofia wants to invite Chloe and Elena Petrova to a picnic at Millbrook Park at noon, 12 pm.', places, MON_10AM, 'whisper')!.with).toEqual(['Chloe Dubois', 'Elena Petrova']);
    // Mentioned, not taken along.
    expect(parseCommitment('I will go to the open-mic night at Bramble Café at 7 pm; Tom is building the stage.', places, MON_10AM, 'Priya Patel')!.with).toBeUndefined();
  });
});

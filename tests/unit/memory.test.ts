import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { CallContext, Insight } from '../../src/sim/brain/port';
import { reflect } from '../../src/sim/cognition/reflect';
import { newRetrieve } from '../../src/sim/cognition/retrieve';
import { THIRTY_DAYS } from '../../src/sim/persona/memory';
import { applyCommitments, commitmentTask, parseCommitment } from '../../src/sim/cognition/commitments';
import { rememberConversation, MAX_ROUNDS, converse } from '../../src/sim/cognition/converse';
import { DAY } from '../../src/sim/clock';
import type { Persona } from '../../src/sim/persona/persona';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { loadTownPersonas } from '../../src/node/town';
import { Persona as TownPersona } from '../../src/sim/persona/persona';
import { worksDuring } from '../../src/llm/offline/inviteReply';
import { offlineTurn } from '../../src/llm/offline/talk';
import { describeCommitment } from '../../src/sim/cognition/commitments';
import { Rng } from '../../src/sim/rng';
import { firstOf } from '../support/firstOf';
import { printAddress } from '../../src/sim/world/actionAddress';
import { defined } from '../../src/sim/checked';

const SECTORS = {
  sectors: [
    { name: 'Bramble Café', kind: 'cafe' },
    { name: 'Test House', kind: 'home' },
    { name: 'Little House', kind: 'home' },
    { name: 'Town Square', kind: 'square' },
    { name: 'Town Hall', kind: 'office' },
    { name: 'The Copper Kettle', kind: 'bar' },
    { name: 'Oak & Nail Workshop', kind: 'workplace' },
  ],
  home: 'Test House',
  work: 'Oak & Nail Workshop',
} as const;
const MON = Date.UTC(2023, 1, 13, 9); // Monday February 13, 2023, 9 am
const day = (ms: number) => Math.floor(ms / DAY);

/** An offline brain whose reflection answers are scripted, to check how the simulation stores them. */
class ScriptedReflection extends OfflineBrain {
  shown: string[][] = [];
  override async focalPoints(): Promise<string[]> {
    return ['the garden'];
  }
  override async insights(_ctx: CallContext, statements: string[]): Promise<Insight[]> {
    this.shown.push(statements);
    return [{ insight: 'Ann Test cares about the garden', evidence: [1, 3] }];
  }
}

function town(brain?: OfflineBrain, seed = 1) {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas, brain: brain ?? new OfflineBrain(seed, personas), seed, start: '2023-02-13T09:00:00' });
}

/** What perceive does for each new event: store it and count its poignancy towards reflection. */
function perceiveEvent(p: Persona, now: number, text: string, poignancy: number) {
  p.memory.add('event', { created: now, subject: p.name, predicate: 'is', object: text, description: text, poignancy, keywords: ['garden'] });
  p.scratch.importanceTriggerCurr -= poignancy;
  p.scratch.importanceEleN++;
}

describe('reflection', () => {
  it('fires exactly when the summed poignancy reaches the trigger (150), links its evidence, and resets', async () => {
    const brain = new ScriptedReflection(1, miniPersonas());
    const sim = town(brain);
    const ann = sim.personas[0]!;
    expect(ann.scratch.importanceTriggerMax).toBe(150);
    for (let i = 0; i < 14; i++) perceiveEvent(ann, sim.now, `Ann Test is watering garden bed ${i}`, 10); // 140
    perceiveEvent(ann, sim.now, 'Ann Test is weeding the garden', 9); // 149: one short
    expect(await reflect(sim, ann)).toEqual([]);
    expect(brain.shown).toHaveLength(0);

    perceiveEvent(ann, sim.now, 'Ann Test is picking garden tomatoes', 1); // 150
    const thoughts = await reflect(sim, ann);
    expect(thoughts).toHaveLength(1);
    const [t] = thoughts;
    expect(t!.type).toBe('thought');
    expect(t!.description).toBe('Ann Test cares about the garden');
    // "because of 1, 3": the first and third statements the brain was shown, as node ids.
    const shown = brain.shown[0]!;
    const evidence = t!.evidence.map((id) => ann.memory.nodes[id - 1]!.description);
    expect(evidence).toEqual([shown[0], shown[2]]);
    expect(t!.depth).toBe(1);
    expect(t!.expiration).toBe(sim.now + THIRTY_DAYS);
    expect(ann.scratch.importanceTriggerCurr).toBe(150);
    expect(ann.scratch.importanceEleN).toBe(0);
    // Nothing new: no second reflection.
    expect(await reflect(sim, ann)).toEqual([]);
  });

  it('gives a thought built on thoughts the depth 1 + the deepest evidence', () => {
    const sim = town();
    const ann = sim.personas[0]!;
    const e = ann.memory.add('event', { created: MON, subject: 'Ann Test', predicate: 'is', object: 'x', description: 'Ann Test is baking', poignancy: 3, keywords: [] });
    const t1 = ann.memory.add('thought', { created: MON, subject: 'Ann Test', predicate: 'thinks', object: 'x', description: 'Ann Test likes baking', poignancy: 5, keywords: [], evidence: [e.id] });
    const t2 = ann.memory.add('thought', { created: MON, subject: 'Ann Test', predicate: 'thinks', object: 'x', description: 'Ann Test could open a bakery', poignancy: 6, keywords: [], evidence: [e.id, t1.id] });
    expect([e.depth, t1.depth, t2.depth]).toEqual([0, 1, 2]);
  });
});

describe('memories expire', () => {
  it('a whispered thought is retrieved for 30 days and not after', async () => {
    const sim = town();
    const ann = sim.personas[0]!;
    sim.whisper(ann.id, 'You love the stars over Little House');
    await sim.tick();
    const thought = ann.memory.nodes.find((n) => n.predicate === 'thinks' && /stars/.test(n.description))!;
    expect(thought.expiration).toBe(thought.created + THIRTY_DAYS);
    const found = async (at: number) => {
      sim.clock.step = Math.round((at - sim.clock.startMs) / 1000 / sim.clock.stepSeconds);
      return (await newRetrieve(sim, ann, ['stars over Little House'])).get('stars over Little House')!.some((n) => n.id === thought.id);
    };
    expect(await found(thought.created + THIRTY_DAYS - 60_000)).toBe(true);
    expect(await found(thought.created + THIRTY_DAYS)).toBe(false);
  });
});

describe('commitments read from what a persona thinks', () => {
  it('needs an intention, a place on the map and a time', () => {
    const c = parseCommitment("Sofia wants to throw a Valentine's Day party at Bramble Café on February 14 from 5 pm to 7 pm.", SECTORS, MON, 'whisper')!;
    expect(c).toMatchObject({ event: "the Valentine's Day party", sector: 'Bramble Café', day: day(Date.UTC(2023, 1, 14)), start: 17 * 60, minutes: 120, host: true, source: 'whisper' });
    expect(parseCommitment("I will go to the Valentine's Day party at Bramble Café tomorrow at 5:30 pm.", SECTORS, MON, 'Sofia Moreno')).toMatchObject({ day: day(MON) + 1, start: 17 * 60 + 30, host: false, source: 'Sofia Moreno' });
    expect(parseCommitment('I will meet Tom at Town Square on Friday at 7 pm.', SECTORS, MON, 'Tom')).toMatchObject({ day: day(MON) + 4, start: 19 * 60, minutes: 60 });
    // Missing one of the three: nothing to act on.
    expect(parseCommitment("There is a Valentine's Day party at Bramble Café at 5 pm.", SECTORS, MON, 'x')).toBeNull();
    expect(parseCommitment('I will go to the party at Bramble Café.', SECTORS, MON, 'x')).toBeNull();
    expect(parseCommitment('I will go to the party at the lighthouse at 5 pm.', SECTORS, MON, 'x')).toBeNull();
  });

  it('knows a place by what people call it: "the café", "the pub", "home", "work"; not when it could be two', () => {
    const at = (text: string) => parseCommitment(text, SECTORS, MON, 'x')?.sector ?? null;
    expect(at("Ann wants to throw a Valentine's Day party at the café on February 14, 5 pm")).toBe('Bramble Café');
    expect(at("Ann wants to throw a Valentine's Day party at the cafe on February 14, 5 pm")).toBe('Bramble Café');
    expect(at('I will meet Bob at the pub at 8 pm.')).toBe('The Copper Kettle');
    expect(at('I will have everyone over at my place at 7 pm.')).toBe('Test House');
    expect(at('I will fix the chair at work at 10 am.')).toBe('Oak & Nail Workshop');
    expect(at('I will pick up the saw at the workshop at 10 am.')).toBe('Oak & Nail Workshop');
    expect(at('I will meet Bob in the town at 8 pm.')).toBeNull(); // Town Square or Town Hall?
    expect(at('I will meet Bob at the house at 8 pm.')).toBeNull(); // whose house?
  });

  it('a whisper is taken in at the next step and the party lands in that day’s schedule', async () => {
    const sim = town();
    const ann = sim.personas[0]!;
    sim.whisper(ann.id, "You want to throw a Valentine's Day party at Bramble Café on February 14 from 5 pm to 7 pm");
    expect(sim.queuedWhispers).toBe(1);
    expect(ann.commitments).toHaveLength(0); // nothing changes between steps
    await sim.tick();
    expect(sim.queuedWhispers).toBe(0);
    const thought = ann.memory.nodes.find((n) => /Valentine/.test(n.description))!;
    expect(thought.type).toBe('thought');
    expect(thought.description).toMatch(/^Ann (Test )?wants to throw/);
    expect(ann.commitments).toEqual([expect.objectContaining({ sector: 'Bramble Café', start: 17 * 60, minutes: 120, host: true })]);
    expect(() => sim.whisper(ann.id, '   ')).toThrow(/needs some words/);
    expect(() => sim.whisper('nobody', 'hi')).toThrow(/No persona/);

    // Tuesday: the schedule holds the party from 5 to 7 pm, and at 5:30 pm Ann is at the café.
    await sim.run(Math.round((Date.UTC(2023, 1, 14, 17, 30) - sim.now) / 10_000));
    // From 5 to 7 pm every (decomposed) task is the party's.
    let at = 0;
    const during: string[] = [];
    for (const [task, minutes] of ann.scratch.fDailySchedule) {
      if (at < 19 * 60 && at + minutes > 17 * 60) during.push(task);
      at += minutes;
    }
    expect(during.length).toBeGreaterThan(0);
    for (const task of during) expect(task.startsWith(commitmentTask(ann.commitments[0]!))).toBe(true);
    expect(commitmentTask(ann.commitments[0]!)).toBe("hosting the Valentine's Day party at Bramble Café");
    expect(printAddress(defined(ann.scratch.actAddress ?? undefined, 'address'))).toMatch(/:Bramble Café/);
  });

  it('is put into the schedule once, and cuts short the action that runs into it', () => {
    const sim = town();
    const ann = sim.personas[0]!;
    const s = ann.scratch;
    s.fDailySchedule = [['sleeping', 9 * 60], ['reading', 15 * 60]];
    s.actStartTime = MON;
    s.actDuration = 10 * 60; // reading until 7 pm
    ann.commitments.push({ event: 'the book club', sector: 'Bramble Café', day: day(MON), start: 11 * 60, minutes: 60, host: false, source: 'Bob Test', scheduledOn: null });
    applyCommitments(sim, ann);
    applyCommitments(sim, ann);
    expect(s.fDailySchedule.filter(([t]) => t === 'going to the book club at Bramble Café')).toHaveLength(1);
    expect(s.fDailySchedule.reduce((a, [, m]) => a + m, 0)).toBe(24 * 60);
    expect(s.actDuration).toBe(2 * 60); // reading ends at 11 am
  });
});

describe('conversations', () => {
  it('are stored as a chat for both, with a planning thought and a memo each, and an accepted invitation becomes a plan', async () => {
    const sim = town();
    const [ann, bob] = firstOf(sim.personas, 2);
    await sim.tick();
    const convo = [
      { speaker: ann!.name, text: "By the way, would you like to come to the Valentine's Day party at Bramble Café on Tuesday February 14 at 5:00 pm?" },
      { speaker: bob!.name, text: "I'd love to come! I'll be there." },
    ];
    await rememberConversation(sim, ann!, bob!, convo, 'conversing about the party');
    for (const [self, other] of [[ann!, bob!], [bob!, ann!]] as const) {
      const chat = self.memory.nodes.find((n) => n.type === 'chat' && n.object === other.name)!;
      expect(chat.transcript).toEqual(convo);
      expect(chat.description).toBe('conversing about the party');
      const after = self.memory.nodes.filter((n) => n.type === 'thought' && n.evidence.includes(chat.id));
      expect(after.map((n) => n.predicate)).toEqual(expect.arrayContaining(['plans', 'remembers']));
    }
    expect(bob!.memory.nodes.find((n) => n.predicate === 'plans')!.description).toBe(
      "For Bob Test's planning: I will go to the Valentine's Day party at Bramble Café on Tuesday February 14 at 5:00 pm.",
    );
    expect(bob!.commitments).toEqual([expect.objectContaining({ sector: 'Bramble Café', day: day(Date.UTC(2023, 1, 14)), start: 17 * 60, host: false, source: 'Ann Test' })]);
  });

  it('end within 8 rounds (16 lines) even when nobody says goodbye', async () => {
    class Chatty extends OfflineBrain {
      override async conversationTurn() {
        return { line: 'And another thing…', end: false };
      }
    }
    const sim = town(new Chatty(1, miniPersonas()));
    await sim.tick();
    const lines = await converse(sim, sim.personas[0]!, sim.personas[1]!);
    expect(lines).toHaveLength(2 * MAX_ROUNDS);
    expect(MAX_ROUNDS).toBe(8);
  });
});

describe('invitations on the offline brain', () => {
  const town = loadTownPersonas();
  const person = (id: string) => new TownPersona(town.find((p) => p.id === id)!, 'Hamlet', { x: 0, y: 0 });
  const TUE = day(Date.UTC(2023, 1, 14));

  it('knows when a persona is on shift (Marcus tends bar Thu–Mon, 4–11 pm)', () => {
    const marcus = person('marcus-reed');
    expect(worksDuring(marcus, TUE, 17 * 60, 120)).toBe(false); // Tuesday: his day off
    expect(worksDuring(marcus, TUE - 1, 17 * 60, 120)).toBe(true); // Monday evening
    expect(worksDuring(marcus, TUE - 1, 14 * 60, 120)).toBe(false); // over before his shift
    expect(worksDuring(marcus, TUE - 1, 15 * 60, 120)).toBe(true); // runs into it
  });

  it('someone on shift at the party’s hour mostly says no, and says why', () => {
    const sofia = person('sofia-moreno');
    const marcus = person('marcus-reed');
    const party = { event: 'the open-mic night', sector: 'Bramble Café', day: TUE - 1, start: 19 * 60, minutes: 120, host: true, source: 'whisper', scheduledOn: null };
    sofia.commitments.push(party);
    const invite = [{ speaker: sofia.name, text: `By the way, would you like to come to ${describeCommitment(party)}?` }];
    const answers = Array.from({ length: 40 }, (_, i) => offlineTurn(marcus, sofia, invite, [], new Rng(i), Date.UTC(2023, 1, 13, 9)).line);
    const working = answers.filter((a) => /working then|on shift then|at work then/.test(a)).length;
    expect(working).toBeGreaterThan(25);
    // On his day off, the same invitation is never turned down for work.
    party.day = TUE;
    const invite2 = [{ speaker: sofia.name, text: `By the way, would you like to come to ${describeCommitment(party)}?` }];
    expect(Array.from({ length: 20 }, (_, i) => offlineTurn(marcus, sofia, invite2, [], new Rng(i), Date.UTC(2023, 1, 13, 9)).line).filter((a) => /working then|on shift then|at work then/.test(a))).toEqual([]);
  });
});

describe('interview', () => {
  it('answers from memory without changing it', async () => {
    const sim = town();
    const ann = sim.personas[0]!;
    sim.whisper(ann.id, "You want to throw a Valentine's Day party at Bramble Café on February 14 from 5 pm to 7 pm");
    await sim.run(30);
    const before = JSON.stringify(ann.memory.nodes);
    const answer = await sim.interview(ann.id, 'What are your plans for tomorrow?');
    expect(answer).toMatch(/Valentine's Day party at Bramble Café/);
    expect(JSON.stringify(ann.memory.nodes)).toBe(before); // no new node, no last_accessed touched
  });
});

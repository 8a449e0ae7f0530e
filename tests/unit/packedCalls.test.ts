import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readReply, replySchemaFor } from '../../src/sim/brain/contracts';
import { sharedStatements } from '../../src/sim/brain/calls/shared';
import { GuardedBrain } from '../../src/sim/brain/guard';
import type { Brain, BrainCall, KnownPlaces, NewDecompInput } from '../../src/sim/brain/port';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { hamletPersona as persona, ok, err } from '../fixtures/hamletPersona';

/**
 * Each packed call (docs/call-plans.md): its reply schema and checks as the LLM brain applies them
 * (a good reply becomes the Brain's answer; a bad one an error message fed back to the model), and
 * its fallback: the offline brain's answer to the same call, counted by the guard.
 */

const nora = persona('nora-hartwell');
const tom = persona('tom-hartwell');
const ctx = { persona: nora, now: Date.parse('2023-02-13T09:05:00Z') };

const places: KnownPlaces = [
  { sector: 'Hartwell House', arenas: [{ arena: 'kitchen', objects: ['stove', 'kitchen table'] }, { arena: 'main bedroom', objects: ['bed'] }] },
  { sector: 'Bramble Café', arenas: [{ arena: 'café', objects: [] }] },
  { sector: 'Town Square', arenas: [] },
];
const hourly = Array.from({ length: 24 }, (_, h) => (h < 7 || h >= 22 ? 'sleeping' : h < 9 ? 'Nora is getting ready' : h < 17 ? 'working at the pharmacy' : 'reading at home.'));
const stretch: NewDecompInput = { main: [['working (counting pills)', 60], ['working (serving)', 60]], doneSoFar: [['working (counting pills)', 20], ['conversing about the flu shots', 10]], startHour: 9, endHour: 11, inserted: 'conversing about the flu shots', insertedMinutes: 10 };

describe('packed call schemas: a good reply becomes the answer, a bad one an error the model can act on', () => {
  it('start_day: the hour and a cleaned waking activity; sleeping, an empty activity or an hour past 23 is refused', () => {
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'Nora is Counting pills at the pharmacy.' }, ctx))).toEqual({ wakeUpHour: 6, activity: 'counting pills at the pharmacy', place: null });
    expect(err(readReply('startDay', { wake_up_hour: 6, activity: 'sleeping in' }, ctx))).toMatch(/not sleeping/);
  });

  it('start_day: the place is one of those the persona knows best (spelling forgiven); another, or none, leaves it to the details', () => {
    const p = persona('nora-hartwell');
    const c = { persona: p, now: ctx.now };
    // Nothing known yet: no place to name.
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'counting pills', place: 'Willow Grocery & Pharmacy' }, c)).place).toBeNull();
    for (const s of ['Hartwell House', 'Willow Grocery & Pharmacy', 'Bramble Café', 'Town Square']) p.spatial.learn(s);
    // Home, workplace, the haunts she knows (not Millbrook Park or Patel Books: not seen yet).
    expect(p.ownPlaces()).toEqual(['Hartwell House', 'Willow Grocery & Pharmacy', 'Bramble Café']);
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'counting pills', place: 'willow grocery & pharmacy' }, c)).place).toBe('Willow Grocery & Pharmacy');
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'counting pills', place: 'Hamlet:Hartwell House' }, c)).place).toBe('Hartwell House');
    // Known, but not one of the places offered; or made up; or missing.
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'counting pills', place: 'Town Square' }, c)).place).toBeNull();
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'counting pills', place: 'the moon' }, c)).place).toBeNull();
    expect(ok(readReply('startDay', { wake_up_hour: 6, activity: 'counting pills' }, c)).place).toBeNull();
    // The schema sent asks for exactly one of them.
    expect(JSON.stringify(z.toJSONSchema(replySchemaFor('startDay', c, [])))).toContain('"enum":["Hartwell House","Willow Grocery & Pharmacy"');
    expect(err(readReply('startDay', { wake_up_hour: 6, activity: '' }, ctx))).toMatch(/activity/);
    expect(err(readReply('startDay', { wake_up_hour: 24, activity: 'reading' }, ctx))).toMatch(/"wake_up_hour" must be at most 23/);
  });

  it('start_day fails over to the offline brain: its wake-up hour and what it does now (or first after waking), never sleeping', async () => {
    const offline = new OfflineBrain(1, loadTownPersonas());
    offline.knowTown(loadTownWorld());
    const g = new GuardedBrain({ ...offline, name: 'broken', standIn: offline, startDay: async () => ({ wakeUpHour: 7, activity: 'asleep' }) } as unknown as Brain);
    const early = { persona: nora, now: Date.parse('2023-02-13T03:00:00Z') };
    const answer = await g.startDay(early);
    expect(answer).toEqual(await offline.startDay(early));
    expect(answer.wakeUpHour).toBe(await offline.wakeUpHour(early));
    expect(answer.activity).not.toMatch(/sleep|asleep/);
    expect(g.fallbackTotal).toBe(1);
  });

  it('plan_day: the hour, timed plan items, exactly 24 cleaned activities, and subtasks only for activities of the day', () => {
    const reply = { wake_up_hour: 7, plan: ['1) wake up at 7:00 am', 'work from 9:00 am to 5:00 pm', 'have lunch at 12:00 pm', 'read at 8:00 pm.', 'go to bed at 10:00 pm'], hourly, subtasks: [{ activity: 'working at the pharmacy', subtasks: [['counting pills', 60]] }] };
    const day = ok(readReply('planDay', reply, ctx, 0));
    expect(day.wakeUpHour).toBe(7);
    expect(day.dailyPlan).toEqual(['wake up at 7:00 am', 'work from 9:00 am to 5:00 pm', 'have lunch at 12:00 pm', 'read at 8:00 pm', 'go to bed at 10:00 pm']);
    expect(day.hourly[8]).toBe('getting ready');
    expect(day.hourly[20]).toBe('reading at home');
    expect(day.subtasks).toEqual([{ activity: 'working at the pharmacy', subtasks: [{ task: 'counting pills', minutes: 60 }] }]);
    expect(err(readReply('planDay', { ...reply, hourly: hourly.slice(1) }, ctx, 0))).toMatch(/"hourly" needs at least 24 items, got 23/);
    expect(err(readReply('planDay', { ...reply, wake_up_hour: 25 }, ctx, 0))).toMatch(/"wake_up_hour" must be at most 23/);
    expect(err(readReply('planDay', { ...reply, plan: ['wake up', 'work', 'eat', 'read', 'sleep'] }, ctx, 0))).toMatch(/has no time/);
    expect(err(readReply('planDay', { ...reply, plan: reply.plan.slice(0, 3) }, ctx, 0))).toMatch(/"plan" needs at least 5 items/);
    expect(err(readReply('planDay', { ...reply, subtasks: [{ activity: 'skydiving', subtasks: [['jump', 5]] }] }, ctx, 0))).toMatch(/not one of the hourly activities/);
    // A subtask is a [task, minutes] pair (the compact answer); a pair whose minutes are not positive, or an object, is refused.
    expect(err(readReply('planDay', { ...reply, subtasks: [{ activity: 'working at the pharmacy', subtasks: [['x', 0]] }] }, ctx, 0))).toMatch(/subtask of "working at the pharmacy" 1 \("x"\) has duration 0/);
    expect(err(readReply('planDay', { ...reply, subtasks: [{ activity: 'working at the pharmacy', subtasks: [{ task: 'x', minutes: 60 }] }] }, ctx, 0))).toMatch(/"subtasks.0.subtasks.0"/);
    expect(err(readReply('planDay', { ...reply, subtasks: [{ activity: 'working at the pharmacy', subtasks: [[60, 'x']] }] }, ctx, 0))).toMatch(/a subtask is a \[task, minutes\] pair like \["kneading dough", 25\], got \[60,"x"\]/);
  });

  it('revise_identity: two first-person notes (may be empty), a status, 4–6 timed items', () => {
    const reply = { plan_note: 'I meet Tom at 5 pm.', thought_note: '', currently: 'Nora is meeting Tom at 5 pm.', daily_plan_req: ['a at 7:00 am', 'b at 9:00 am', 'c at 1:00 pm', 'd at 6:00 pm', 'e at 8:00 pm', 'f at 9:00 pm'] };
    const r = ok(readReply('reviseIdentity', reply, ctx, []));
    expect([r.planNote, r.thoughtNote, r.currently, r.dailyPlanReq.length]).toEqual(['I meet Tom at 5 pm.', '', 'Nora is meeting Tom at 5 pm.', 6]);
    expect(err(readReply('reviseIdentity', { ...reply, daily_plan_req: ['a at 7:00 am'] }, ctx, []))).toMatch(/needs at least 4 items/);
    expect(err(readReply('reviseIdentity', { ...reply, daily_plan_req: [...reply.daily_plan_req, 'g at 10:00 pm'] }, ctx, []))).toMatch(/at most 6/);
    expect(err(readReply('reviseIdentity', { ...reply, daily_plan_req: ['a', 'b', 'c', 'd'] }, ctx, []))).toMatch(/has no time/);
    expect(err(readReply('reviseIdentity', { ...reply, currently: '' }, ctx, []))).toMatch(/"currently" must not be empty/);
  });

  it('action_details: one entry per action, each place among those offered (spelling forgiven), emoji only, triples with fixed subjects', () => {
    // The triples come as [predicate, object]: their subjects are the persona and the object.
    const entry = { sector: 'hartwell house', arena: 'Kitchen', object: 'stove', emoji: '🍳', event: ['cook', 'breakfast'], object_state: 'the stove is heating a pan', object_event: ['is', 'heating a pan'] };
    const square = { sector: 'Town Square', arena: 'anything', object: 'bench', emoji: '🚶', event: ['walk', 'around'], object_state: '', object_event: ['', ''] };
    const [cook, walk] = ok(readReply('actionDetails', { actions: [entry, square] }, ctx, ['cooking breakfast', 'walking'], places));
    expect(cook).toEqual({ sector: 'Hartwell House', arena: 'kitchen', object: 'stove', emoji: '🍳', event: ['Nora Hartwell', 'cook', 'breakfast'], objectState: 'stove is heating a pan', objectEvent: ['stove', 'is', 'heating a pan'] });
    // Town Square lists no parts: no arena, no object.
    expect([walk!.arena, walk!.object, walk!.objectState]).toEqual(['', '<random>', '']);
    expect(err(readReply('actionDetails', { actions: [entry] }, ctx, ['a', 'b'], places))).toMatch(/exactly 2 entries/);
    expect(err(readReply('actionDetails', { actions: [{ ...entry, sector: 'The Moon' }] }, ctx, ['a'], places))).toMatch(/activity 1.*"sector".*not one of/);
    expect(err(readReply('actionDetails', { actions: [{ ...entry, arena: 'garage' }] }, ctx, ['a'], places))).toMatch(/"arena" must be a part of Hartwell House/);
    expect(err(readReply('actionDetails', { actions: [{ ...entry, object: 'piano' }] }, ctx, ['a'], places))).toMatch(/"piano" is not one of the objects of kitchen/);
    expect(err(readReply('actionDetails', { actions: [{ ...entry, emoji: 'cooking' }] }, ctx, ['a'], places))).toMatch(/letters/);
    expect(err(readReply('actionDetails', { actions: [{ ...entry, event: ['Nora', 'cook', 'breakfast'] }] }, ctx, ['a'], places))).toMatch(/"actions.0.event" has too many items; give at most 2/);
  });

  it('action_details: a field left out is the entry before\'s (the compact answer the format asks for); the first entry gives them all', () => {
    const entry = { sector: 'Hartwell House', arena: 'kitchen', object: 'stove', emoji: '🍳', event: ['cook', 'breakfast'], object_state: 'heating a pan', object_event: ['is', 'heating a pan'] };
    const [a, b, c] = ok(readReply('actionDetails', { actions: [entry, {}, { object: 'kitchen table', emoji: '🍽️', event: ['eat', 'breakfast'], object_state: 'set for one', object_event: ['is', 'set for one'] }] }, ctx, ['cooking (frying eggs)', 'cooking (making tea)', 'eating breakfast'], places));
    expect(b).toEqual(a);
    expect(c).toEqual({ sector: 'Hartwell House', arena: 'kitchen', object: 'kitchen table', emoji: '🍽️', event: ['Nora Hartwell', 'eat', 'breakfast'], objectState: 'kitchen table is set for one', objectEvent: ['kitchen table', 'is', 'set for one'] });
    // A later entry that moves keeps checking its own place: the arena inherited must be a part of the new area.
    expect(err(readReply('actionDetails', { actions: [entry, { sector: 'Bramble Café' }] }, ctx, ['a', 'b'], places))).toMatch(/activity 2.*"arena" must be a part of Bramble Café/);
    expect(err(readReply('actionDetails', { actions: [{ sector: 'Hartwell House', arena: 'kitchen' }, {}] }, ctx, ['a', 'b'], places))).toMatch(/activity 1 \("a"\) must give every field \("object", "emoji", "event", "object_state", "object_event" missing\)/);
    expect(err(readReply('actionDetails', { actions: [entry, { emoji: 42 }] }, ctx, ['a', 'b'], places))).toMatch(/actions\.1\.emoji/);
  });

  it('poignancies: exactly one whole 1–10 per memory', () => {
    const two = [{ kind: 'event' as const, description: 'x' }, { kind: 'chat' as const, description: 'y' }];
    expect(ok(readReply('poignancies', { ratings: [3, 7] }, ctx, two))).toEqual([3, 7]);
    expect(err(readReply('poignancies', { ratings: [3, 6.5] }, ctx, two))).toMatch(/integer/);
    expect(err(readReply('poignancies', { ratings: [3] }, ctx, two))).toMatch(/exactly 2 ratings/);
    expect(err(readReply('poignancies', { ratings: [3, 11] }, ctx, two))).toMatch(/at most 10/);
  });

  it('conversation: "no" is enough; "yes" needs lines said in turn (the initiator first, at most 16), a summary, both takeaways in order, and each plan ahead after it', () => {
    const input = { target: tom, initMemories: [], targetMemories: [] };
    expect(ok(readReply('conversation', { talk: false, lines: [], summary: '', takeaways: [], after: [] }, ctx, input))).toEqual({ talk: false, lines: [], summary: '', takeaways: {} });
    // The compact "no" the prompt asks for: {"talk": false} alone.
    expect(ok(readReply('conversation', { talk: false }, ctx, input))).toEqual({ talk: false, lines: [], summary: '', takeaways: {} });
    const yes = {
      talk: true,
      lines: ['Nora Hartwell: Morning, love.', '"By six, promise."', 'Nora: See you then.'],
      summary: 'about dinner',
      takeaways: [{ planning: '', memo: 'Tom will be home by six.' }, { planning: 'I will be home by 6 pm.', memo: 'Nora asked about dinner.' }],
      after: [],
    };
    const c = ok(readReply('conversation', yes, ctx, input));
    // Turns alternate from the initiator; a speaker's name in front of a line is dropped.
    expect(c.lines).toEqual([{ speaker: 'Nora Hartwell', text: 'Morning, love.' }, { speaker: 'Tom Hartwell', text: 'By six, promise.' }, { speaker: 'Nora Hartwell', text: 'See you then.' }]);
    expect(err(readReply('conversation', { ...yes, lines: ['Morning, love.', 'Nora: By six?'] }, ctx, input))).toMatch(/line 2 is Tom Hartwell's turn, but it is labelled Nora Hartwell's/);
    expect(c.summary).toBe('conversing about dinner');
    expect(c.takeaways['Tom Hartwell']).toEqual({ planning: 'I will be home by 6 pm.', memo: 'Nora asked about dinner.' });
    expect(c.after).toBeUndefined();
    expect(err(readReply('conversation', { ...yes, lines: Array.from({ length: 17 }, (_, i) => yes.lines[i % 2]) }, ctx, input))).toMatch(/"lines" has too many items; give at most 16/);
    expect(err(readReply('conversation', { ...yes, lines: [] }, ctx, input))).toMatch(/"lines" must hold the conversation/);
    expect(err(readReply('conversation', { talk: true }, ctx, input))).toMatch(/they talk \("talk": true\), so give "lines", "summary", "takeaways" and "after" too/);
    expect(err(readReply('conversation', { ...yes, takeaways: yes.takeaways.slice(0, 1) }, ctx, input))).toMatch(/"takeaways" needs two entries, Nora Hartwell's then Tom Hartwell's/);
    // With plans ahead: one list per side offered, in order ([] carries on as planned).
    const ahead = [{ persona: nora, from: 600, until: 720, items: [['working', 120]] as [string, number][] }, { persona: tom, from: 600, until: 660, items: [['repairing the fence', 60]] as [string, number][] }];
    const planned = ok(readReply('conversation', { ...yes, after: [[{ task: 'working at the counter', minutes: 100 }], []] }, ctx, { ...input, ahead }));
    expect(planned.after).toEqual([[{ task: 'working at the counter', minutes: 100 }], []]);
    expect(err(readReply('conversation', { ...yes, after: [[]] }, ctx, { ...input, ahead }))).toMatch(/"after" needs 2 entries, one per person whose plan is given \(Nora Hartwell, Tom Hartwell\)/);
    expect(err(readReply('conversation', { ...yes, after: [[{ task: 'working', minutes: 0 }], []] }, ctx, { ...input, ahead }))).toMatch(/minutes/);
  });

  it('replan_stretches: one schedule per person, each summing to its stretch and keeping the inserted action', () => {
    const both = [{ persona: nora, input: stretch }, { persona: tom, input: stretch }];
    const good = [{ task: 'working (counting pills)', minutes: 20 }, { task: 'conversing about the flu shots', minutes: 10 }, { task: 'working (serving)', minutes: 90 }];
    expect(ok(readReply('replanStretches', { schedules: [{ schedule: good }, { schedule: good }] }, ctx, both))).toEqual([good, good]);
    expect(err(readReply('replanStretches', { schedules: [{ schedule: good }] }, ctx, both))).toMatch(/exactly 2 entries/);
    expect(err(readReply('replanStretches', { schedules: [{ schedule: good }, { schedule: good.slice(0, 2) }] }, ctx, both))).toMatch(/person 2 \(Tom Hartwell\): the durations add up to 30/);
    expect(err(readReply('replanStretches', { schedules: [{ schedule: [{ task: 'working', minutes: 120 }] }, { schedule: good }] }, ctx, both))).toMatch(/must keep "conversing about the flu shots"/);
  });

  it('reflection_insights: one list per question; statements numbered once for all questions, evidence among the question’s own (answered as its own indexes)', () => {
    // "b" is recalled for both questions: it is statement 2 of the shared list, and statement 1 of q2.
    const groups = [{ focal: 'q1', statements: ['a', 'b'] }, { focal: 'q2', statements: ['b', 'c'] }];
    expect(sharedStatements(groups)).toEqual({ statements: ['a', 'b', 'c'], members: [[1, 2], [2, 3]] });
    const r = ok(readReply('reflectionInsights', { questions: [{ insights: [{ insight: 'A and B go together (because of 1, 2).', evidence: [1, 2] }] }, { insights: [{ insight: 'C follows B', evidence: [3, 2, 3] }] }] }, ctx, groups, 5));
    expect(r).toEqual([[{ insight: 'A and B go together', evidence: [1, 2] }], [{ insight: 'C follows B', evidence: [2, 1] }]]);
    expect(err(readReply('reflectionInsights', { questions: [{ insights: [] }, { insights: [{ insight: 'y', evidence: [1] }] }] }, ctx, groups, 5))).toMatch(/question 2 insight 1 cites statement 1, which is not one of that question's statements \(2–3\)/);
    expect(err(readReply('reflectionInsights', { questions: [{ insights: [] }] }, ctx, groups, 5))).toMatch(/exactly 2 entries/);
  });
});

describe('packed call fallbacks: the offline brain’s answer to the same call, counted', () => {
  const personas = loadTownPersonas();
  const offline = new OfflineBrain(1, personas);
  offline.knowTown(loadTownWorld());
  const packed: BrainCall[] = ['planDay', 'reviseIdentity', 'actionDetails', 'poignancies', 'conversation', 'replanStretches', 'reflectionInsights'];
  /** A model that fails every packed call. */
  const failing = new Proxy(offline, {
    get(target, prop, recv) {
      if (prop === 'name') return 'failing';
      if (packed.includes(prop as BrainCall)) return async () => Promise.reject(new Error('connection refused'));
      return Reflect.get(target, prop, recv);
    },
  }) as unknown as Brain;
  const args: Record<string, unknown[]> = {
    planDay: [0],
    reviseIdentity: [['February 12, 2023, 18:00:00: Tom Hartwell is repairing the fence']],
    actionDetails: [['cooking breakfast', 'working at the pharmacy (counting pills)'], places],
    poignancies: [[{ kind: 'event', description: 'Tom Hartwell is repairing the fence' }, { kind: 'thought', description: 'I will go to the party at Bramble Café at 5 pm' }]],
    conversation: [{ target: tom, initMemories: [], targetMemories: [] }],
    replanStretches: [[{ persona: nora, input: stretch }, { persona: tom, input: stretch }]],
    reflectionInsights: [[{ focal: 'Tom', statements: ['Tom Hartwell is repairing the fence', 'Tom Hartwell is painting the fence'] }], 5],
  };

  for (const call of packed) {
    it(`${call}: a failed call gives the offline brain's answer (the guard's fallback brain on a model), and one fallback is counted`, async () => {
      const g = new GuardedBrain({ ...failing, standIn: offline });
      const run = (b: Brain | GuardedBrain) => (b[call] as unknown as (...a: unknown[]) => Promise<unknown>).call(b, ctx, ...args[call]!);
      const got = await run(g);
      const expected = await run(offline);
      expect(got).toEqual(expected);
      expect(g.stats.get(call)).toMatchObject({ calls: 1, fallbacks: 1, errors: 1 });
      expect(g.fallbackTotal).toBe(1);
    });
  }

  it('without a fallback brain, the one-question calls’ documented defaults stand in', async () => {
    const g = new GuardedBrain(failing);
    expect((await g.planDay(ctx, 0)).wakeUpHour).toBe(8);
    expect(await g.poignancies(ctx, [{ kind: 'event', description: 'x' }])).toEqual([4]);
    expect((await g.conversation(ctx, { target: tom, initMemories: [], targetMemories: [] })).talk).toBe(false);
    const [d] = await g.actionDetails(ctx, ['cooking'], places);
    expect([d!.emoji, d!.object]).toEqual(['🙂', '<random>']);
    expect(g.fallbackTotal).toBe(4);
  });
});

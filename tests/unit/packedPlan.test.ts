import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { Brain } from '../../src/sim/brain/port';
import { GuardedBrain } from '../../src/sim/brain/guard';
import { RANDOM_OBJECT, mapAddressOf, parseAddress } from '../../src/sim/world/actionAddress';
import { determineAction, fitSubtasks, longTermPlanning } from '../../src/sim/cognition/plan';
import { knownPlaces } from '../../src/sim/cognition/actionDetails';
import { CHAT_BUFFER_STEPS, chatReact, shouldReact } from '../../src/sim/cognition/react';
import { scheduleMinutes } from '../../src/sim/persona/schedule';
import { addScored, expectedPoignancy, mayReachTrigger, POIGNANCY_BATCH, PROVISIONAL_POIGNANCY, SCORE_EVERY_HOURS, scoreDue } from '../../src/sim/cognition/poignancy';
import { reflect } from '../../src/sim/cognition/reflect';
import type { Retrieved } from '../../src/sim/cognition/retrieve';
import type { ConceptNode } from '../../src/sim/persona/memory';
import { THIRTY_DAYS } from '../../src/sim/persona/memory';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { at, HOUR, MIN, MONDAY, plannedTown, scriptedTown } from '../fixtures/scriptedTown';

/**
 * The plan module's rules under the packed call plan (docs/plan-module.md#under-the-packed-call-plan): the same
 * rules as tests/unit/plan.test.ts checks for faithful, where the packed flow asks differently.
 */

/** A town on the packed call plan. */
const town = (over: Partial<Brain> = {}) => scriptedTown(over, { callPlan: 'packed' });

const day24 = (f: (h: number) => string) => Array.from({ length: 24 }, (_, h) => f(h));
const varied = (h: number) => (h < 7 ? 'sleeping' : h < 9 ? 'morning routine' : h < 12 ? 'working at the café' : h === 12 ? 'having lunch' : h < 17 ? 'working at the café' : h < 20 ? 'relaxing at home' : h < 22 ? 'reading' : 'sleeping');

describe('packed long-term planning: one call for the wake-up hour, the plan and the hourly schedule', () => {
  it('first day: one plan_day call; the wake-up hour, daily_req and 24 hours come from it; hours before waking are sleeping whatever it says', async () => {
    const { sim, ann, names } = town({ planDay: async () => ({ wakeUpHour: 7, dailyPlan: ['wake up at 7:00 am', 'work from 9:00 am to 5:00 pm', 'read at 8:00 pm'], hourly: day24((h) => (h === 3 ? 'dancing' : varied(h))), subtasks: [] }) });
    await longTermPlanning(sim, ann, 'First day');
    expect(names()).toEqual(['planDay']);
    expect(ann.scratch.wakeUpHour).toBe(7);
    expect(ann.scratch.dailyReq).toEqual(['wake up at 7:00 am', 'work from 9:00 am to 5:00 pm', 'read at 8:00 pm']);
    // 3 am was "dancing" in the answer, but it is before waking.
    expect(ann.scratch.fDailyScheduleHourlyOrg[0]).toEqual(['sleeping', 420]);
    expect(scheduleMinutes(ann.scratch.fDailySchedule)).toBe(1440);
    // Merged runs in minutes, the hourly version kept apart.
    expect(ann.scratch.fDailyScheduleHourlyOrg.slice(1, 3)).toEqual([['morning routine', 120], ['working at the café', 180]]);
    expect(ann.scratch.fDailySchedule).not.toBe(ann.scratch.fDailyScheduleHourlyOrg);
    const plan = ann.memory.nodes.at(-1)!;
    expect([plan.type, plan.poignancy, plan.keywords, plan.expiration! - plan.created]).toEqual(['thought', 5, ['plan'], THIRTY_DAYS]);
  });

  it('asks again (up to 3 tries, the attempt number passed on) until the hours have at least 5 distinct activities', async () => {
    const dull = town({ planDay: async () => ({ wakeUpHour: 6, dailyPlan: ['work at 9:00 am'], hourly: day24((h) => (h < 6 ? 'sleeping' : h < 12 ? 'working' : 'reading')), subtasks: [] }) });
    await longTermPlanning(dull.sim, dull.ann, 'First day');
    expect(dull.calls.map((c) => c.args[0])).toEqual([0, 1, 2]);
    let n = 0;
    const better = town({ planDay: async () => ({ wakeUpHour: 7, dailyPlan: ['x at 7:00 am'], hourly: day24(n++ === 0 ? (h) => (h < 7 ? 'sleeping' : 'working') : varied), subtasks: [] }) });
    await longTermPlanning(better.sim, better.ann, 'First day');
    expect(better.calls).toHaveLength(2);
    expect(new Set(better.ann.scratch.fDailyScheduleHourlyOrg.map(([a]) => a)).size).toBeGreaterThanOrEqual(5);
  });

  it('new day: one revise_identity call (from the two focal points’ memories); currently, the plan requirement and today’s daily_req from it', async () => {
    const { sim, ann, names } = town({ reviseIdentity: async () => ({ planNote: 'I meet Bob at 5 pm.', thoughtNote: 'Fine.', currently: 'Ann is meeting Bob at 5 pm today.', dailyPlanReq: ['a at 7:00 am', 'b at 9:00 am', 'c at 1:00 pm', 'd at 6:00 pm'] }) });
    ann.scratch.dailyReq = ['yesterday at 7:00 am'];
    at(sim, 24 + 6);
    await longTermPlanning(sim, ann, 'New day');
    expect(names().filter((n) => n !== 'embed')).toEqual(['reviseIdentity', 'planDay']);
    expect(ann.scratch.dailyReq).toEqual(['a at 7:00 am', 'b at 9:00 am', 'c at 1:00 pm', 'd at 6:00 pm']);
    expect(ann.currently).toBe('Ann is meeting Bob at 5 pm today.');
    expect(ann.dailyPlanReq).toBe('a at 7:00 am; b at 9:00 am; c at 1:00 pm; d at 6:00 pm');
  });
});

describe('packed determining the action', () => {
  const planned = (over: Partial<Brain> = {}) => plannedTown(over, { callPlan: 'packed' });

  it('decomposes the block an hour ahead from the subtasks the plan came with, fitted to the block in 5-minute steps, without a task_decomp call', async () => {
    const t = planned();
    t.ann.scratch.preparedSubtasks = { 'working at the café': [{ task: 'opening up', minutes: 30 }, { task: 'serving', minutes: 200 }, { task: 'closing', minutes: 12 }] };
    at(t.sim, 7, 30);
    await determineAction(t.sim, t.ann);
    expect(t.names()).not.toContain('taskDecomp');
    const parts = t.ann.scratch.fDailySchedule.filter(([a]) => a.startsWith('working at the café ('));
    expect(parts.map(([a]) => a)).toEqual(['working at the café (opening up)', 'working at the café (serving)', 'working at the café (closing)']);
    expect(parts.every(([, m]) => m % 5 === 0)).toBe(true);
    expect(parts.reduce((s, [, m]) => s + m, 0)).toBe(360);
  });

  it('asks task_decomp for a block the plan has no subtasks for; never decomposes at or after 23:00; pads the day to 1440', async () => {
    const t = planned();
    at(t.sim, 7, 30);
    await determineAction(t.sim, t.ann);
    expect(t.calls.filter((c) => c.name === 'taskDecomp').map((c) => c.args[0])).toEqual(['working at the café']);
    const late = town();
    late.ann.scratch.fDailySchedule = [['sleeping', 60], ['day', 1320], ['reading before bed', 60]];
    late.ann.scratch.fDailyScheduleHourlyOrg = late.ann.scratch.fDailySchedule.map(([a, m]) => [a, m]);
    late.ann.scratch.preparedSubtasks = { 'reading before bed': [{ task: 'reading', minutes: 60 }], day: [{ task: 'x', minutes: 60 }] };
    at(late.sim, 23, 0);
    await determineAction(late.sim, late.ann);
    expect(late.ann.scratch.fDailySchedule.some(([a]) => a.startsWith('reading before bed ('))).toBe(false);
    const short = town();
    short.ann.scratch.fDailySchedule = [['sleeping', 420], ['working at the café', 45]];
    short.ann.scratch.fDailyScheduleHourlyOrg = short.ann.scratch.fDailySchedule.map(([a, m]) => [a, m]);
    at(short.sim, 7, 10);
    await determineAction(short.sim, short.ann);
    expect(short.ann.scratch.fDailySchedule.at(-1)).toEqual(['sleeping', 975]);
  });

  it('fits prepared subtasks to any block length: 5-minute increments summing exactly', () => {
    for (const minutes of [60, 95, 235, 360]) {
      const fitted = fitSubtasks([{ task: 'a', minutes: 40 }, { task: 'b', minutes: 160 }, { task: 'c', minutes: 40 }], minutes);
      expect(fitted.reduce((s, t) => s + t.minutes, 0)).toBe(minutes);
      expect(fitted.slice(0, -1).every((t) => t.minutes % 5 === 0 && t.minutes >= 5)).toBe(true);
    }
  });

  it('one action_details call among the places the persona knows; the actions after it in its block come with it and start without a call', async () => {
    const t = planned();
    t.ann.scratch.fDailySchedule = [['sleeping', 420], ['morning routine (showering)', 20], ['morning routine (dressing)', 20], ['morning routine (making tea)', 20], ['working at the café', 360], ['relaxing at home', 300], ['sleeping', 300]];
    at(t.sim, 7, 0);
    await determineAction(t.sim, t.ann);
    const asked = t.calls.filter((c) => c.name === 'actionDetails');
    expect(asked).toHaveLength(1);
    // The new action, the rest of its block, and what follows within 4 hours that will not be decomposed again
    // (the café block was just decomposed an hour ahead: its first subtask comes along).
    const batch = asked[0]!.args[0] as string[];
    expect(batch.slice(0, 3)).toEqual(['morning routine (showering)', 'morning routine (dressing)', 'morning routine (making tea)']);
    expect(batch.slice(3).every((a) => /^working at the café \(/.test(a))).toBe(true);
    const places = asked[0]!.args[1] as { sector: string }[];
    expect(places.map((p) => p.sector)).toEqual(t.ann.spatial.sectors());
    expect(t.ann.scratch.actEvent[0]).toBe('Ann Test');
    at(t.sim, 7, 20);
    await determineAction(t.sim, t.ann);
    expect(t.calls.filter((c) => c.name === 'actionDetails')).toHaveLength(1);
    expect(t.ann.scratch.actDescription).toBe('morning routine (dressing)');
  });

  it('details a block not decomposed yet by the subtasks the plan prepared for it, so they start without a call once decomposed', async () => {
    const t = planned();
    t.ann.scratch.fDailySchedule = [['sleeping', 420], ['morning routine (showering)', 30], ['morning routine (dressing)', 30], ['reading the paper', 60], ['working at the café', 300], ['relaxing at home', 300], ['sleeping', 300]];
    t.ann.scratch.fDailyScheduleHourlyOrg = [['sleeping', 420], ['morning routine', 60], ['reading the paper', 60], ['working at the café', 300], ['relaxing at home', 300], ['sleeping', 300]];
    t.ann.scratch.preparedSubtasks = { 'reading the paper': [{ task: 'skimming', minutes: 20 }, { task: 'crossword', minutes: 40 }], 'working at the café': [{ task: 'opening up', minutes: 60 }, { task: 'serving', minutes: 240 }] };
    at(t.sim, 7, 0);
    await determineAction(t.sim, t.ann);
    const asked = t.calls.filter((c) => c.name === 'actionDetails');
    expect(asked).toHaveLength(1);
    // 8 am's block is decomposed an hour ahead only later; its subtasks come along by the names decomposition gives them.
    expect(asked[0]!.args[0]).toEqual(['morning routine (showering)', 'morning routine (dressing)', 'reading the paper (skimming)', 'reading the paper (crossword)', 'working at the café (opening up)', 'working at the café (serving)']);
    for (const [h, m] of [[7, 30], [8, 0], [8, 20], [9, 0]] as const) {
      at(t.sim, h, m);
      await determineAction(t.sim, t.ann);
    }
    expect(t.ann.scratch.actDescription).toBe('working at the café (opening up)');
    expect(t.calls.filter((c) => c.name === 'actionDetails')).toHaveLength(1);
  });

  it('counts the look-ahead from the end of the new action: a night\'s sleep brings the morning along', async () => {
    const t = planned();
    t.ann.scratch.fDailySchedule = [['sleeping', 420], ['morning routine (showering)', 30], ['morning routine (dressing)', 30], ['working at the café', 360], ['relaxing at home', 300], ['sleeping', 300]];
    at(t.sim, 0, 0);
    await determineAction(t.sim, t.ann);
    expect(t.calls.filter((c) => c.name === 'actionDetails').map((c) => c.args[0])).toEqual([['sleeping', 'morning routine (showering)', 'morning routine (dressing)']]);
  });

  it('a cached answer stands while the options it chose among are the same: asked again once the chosen area gains a part, not for an area learned in passing', async () => {
    const t = planned();
    t.ann.scratch.fDailySchedule = [['sleeping', 420], ['morning routine (showering)', 20], ['morning routine (dressing)', 20], ['morning routine (tidying)', 20], ['working at the café', 360], ['relaxing at home', 300], ['sleeping', 240]];
    at(t.sim, 7, 0);
    await determineAction(t.sim, t.ann);
    const chosen = mapAddressOf(t.ann.scratch.actAddress!)!.sector!;
    // Passing by Little House (nobody's haunt, named by no action): the answers stand.
    t.ann.spatial.learn('Little House', 'kitchen', 'stove');
    at(t.sim, 7, 20);
    await determineAction(t.sim, t.ann);
    expect(t.calls.filter((c) => c.name === 'actionDetails')).toHaveLength(1);
    // The chosen area has a part it did not have: the next action is asked again.
    t.ann.spatial.learn(chosen, 'attic');
    at(t.sim, 7, 40);
    await determineAction(t.sim, t.ann);
    expect(t.calls.filter((c) => c.name === 'actionDetails')).toHaveLength(2);
  });

  it('offers the parts of home, workplace, haunts and where the persona is, other areas by name; an answer choosing one of those is asked again with its parts', async () => {
    const t = planned({
      actionDetails: async (ctx, actions, places) =>
        actions.map((a) => {
          // Visiting goes to Little House: among the names at first, then with its parts.
          const sector = /visiting/.test(a) ? 'Little House' : ctx.persona.spec.household;
          const arena = places.find((pl) => pl.sector === sector)?.arenas[0]?.arena ?? '';
          return { sector, arena, object: RANDOM_OBJECT, emoji: '🙂', event: [ctx.persona.name, 'is', a], objectState: '', objectEvent: ['', '', ''] };
        }),
    });
    t.ann.scratch.fDailySchedule = [['sleeping', 420], ['visiting cy (saying hello)', 20], ['morning routine (dressing)', 40], ['working at the café', 360], ['relaxing at home', 300], ['sleeping', 300]];
    t.ann.spatial.learn('Little House', 'kitchen', 'stove');
    t.ann.scratch.actAddress = parseAddress('Mini:Test House:bedroom:bed');
    at(t.sim, 7, 0);
    await determineAction(t.sim, t.ann);
    const asked = t.calls.filter((c) => c.name === 'actionDetails');
    expect(asked).toHaveLength(2);
    const first = asked[0]!.args[1] as { sector: string; arenas: unknown[]; unlisted?: boolean }[];
    // Home (where she is too) and the café (work, haunt) with their parts; Little House by name.
    expect(first.find((pl) => pl.sector === 'Little House')).toEqual({ sector: 'Little House', arenas: [], unlisted: true });
    expect(first.find((pl) => pl.sector === 'Test House')!.arenas.length).toBeGreaterThan(0);
    expect(first.find((pl) => pl.sector === 'Bramble Café')!.arenas.length).toBeGreaterThan(0);
    // Asked again for the visit alone, among Little House's parts.
    expect(asked[1]!.args[0]).toEqual(['visiting cy (saying hello)']);
    expect(asked[1]!.args[1]).toEqual([{ sector: 'Little House', arenas: [{ arena: 'kitchen', objects: ['stove'] }] }]);
    expect(t.ann.scratch.actDescription).toBe('visiting cy (saying hello)');
    expect(t.ann.scratch.actAddress).toMatchObject({ place: { sector: 'Little House', arena: 'kitchen' } });
    // An area an activity names is offered with its parts at once.
    const named = knownPlaces(t.ann, ['dropping by Little House']);
    expect(named.find((pl) => pl.sector === 'Little House')).toEqual({ sector: 'Little House', arenas: [{ arena: 'kitchen', objects: ['stove'] }] });
  });

  it('an answer naming an unknown place or an object the part lacks is refused: the offline brain answers the call, counted; "<random>" is accepted', async () => {
    const personas = miniPersonas();
    const offline = new OfflineBrain(1, personas);
    const answer = (entries: unknown[]) =>
      // The offline brain with these details, and the offline brain itself standing in (as for the LLM brain).
      new Proxy(offline, { get: (target, prop, recv) => (prop === 'actionDetails' ? async () => entries : prop === 'standIn' ? offline : Reflect.get(target, prop, recv)) }) as unknown as Brain;
    const moon = { sector: 'The Moon', arena: 'crater', object: 'rock', emoji: '🌙', event: ['x', 'walk', 'moon'], objectState: 'dusty', objectEvent: ['rock', 'is', 'dusty'] };
    const piano = { sector: 'Test House', arena: 'kitchen', object: 'piano', emoji: '🎹', event: ['x', 'play', 'piano'], objectState: 'played', objectEvent: ['piano', 'is', 'played'] };
    const hum = { sector: 'Test House', arena: 'kitchen', object: RANDOM_OBJECT, emoji: '🎵', event: ['x', 'hum', 'a tune'], objectState: '', objectEvent: ['', '', ''] };
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: offline, seed: 1, start: '2023-02-13T07:00:00', callPlan: 'packed' });
    const ann = sim.personas[0]!;
    const places = ann.spatial.sectors().map((sector) => ({ sector, arenas: ann.spatial.arenas(sector).map((arena) => ({ arena, objects: ann.spatial.objects(sector, arena) })) }));
    const ctx = { persona: ann, now: sim.now };
    const expected = await offline.actionDetails(ctx, ['cooking breakfast', 'humming'], places);
    for (const bad of [moon, piano]) {
      const g = new GuardedBrain(answer([bad, hum]));
      expect(await g.actionDetails(ctx, ['cooking breakfast', 'humming'], places)).toEqual(expected);
      expect(g.stats.get('actionDetails')).toMatchObject({ calls: 1, fallbacks: 1 });
    }
    const g = new GuardedBrain(answer([hum]));
    const [d] = await g.actionDetails(ctx, ['humming'], places);
    // The subject is always the persona; <random> has no object state.
    expect([d!.sector, d!.arena, d!.object, d!.objectState, d!.event]).toEqual(['Test House', 'kitchen', RANDOM_OBJECT, '', ['Ann Test', 'hum', 'a tune']]);
    expect(g.fallbackTotal).toBe(0);
  });
});

describe('packed poignancy: a persona’s new memories scored together', () => {
  const event = (sim: Simulation, p: Simulation['personas'][number], what: string) =>
    addScored(sim, p, 'event', { created: sim.now, subject: 'Bob Test', predicate: 'is', object: what, description: `Bob Test is ${what}`, keywords: [] }, { kind: 'event', text: `Bob Test is ${what}`, trigger: true });

  it(`stores with a provisional score, then one call scores all waiting memories at the turn of every ${SCORE_EVERY_HOURS} game hours; the reflection trigger counts them then`, async () => {
    const { sim, ann, calls } = town({ poignancies: async (_c, ms) => ms.map((m) => (m.description.includes('fire') ? 9 : 2)) });
    at(sim, 10, 30);
    ann.scratch.actDescription = 'reading the paper';
    const before = ann.scratch.importanceTriggerCurr;
    const fire = await addScored(sim, ann, 'event', { created: sim.now, subject: 'Bob Test', predicate: 'see', object: 'fire', description: 'Bob Test sees a fire', keywords: [] }, { kind: 'event', text: 'Bob Test sees a fire', trigger: true });
    const tea = await addScored(sim, ann, 'thought', { created: sim.now, subject: 'Ann Test', predicate: 'want', object: 'tea', description: 'I want tea', keywords: [] }, { kind: 'thought', text: 'I want tea', trigger: false });
    expect([fire.poignancy, tea.poignancy]).toEqual([PROVISIONAL_POIGNANCY, PROVISIONAL_POIGNANCY]);
    expect(ann.scratch.importanceTriggerCurr).toBe(before);
    await scoreDue(sim, sim.personas);
    // 11 am is an hour's turn, not a scoring one (12 is).
    at(sim, 10, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(0);
    at(sim, 11, 59, 50);
    await scoreDue(sim, sim.personas);
    const asked = calls.filter((c) => c.name === 'poignancies');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.args[0]).toEqual([{ kind: 'event', description: 'Bob Test sees a fire' }, { kind: 'thought', description: 'I want tea' }]);
    expect([fire.poignancy, tea.poignancy]).toEqual([9, 2]);
    // Only the event counts toward the reflection trigger (as in faithful).
    expect(ann.scratch.importanceTriggerCurr).toBe(before - 9);
    expect(ann.waitingPoignancy).toEqual([]);
  });

  it('lets a sleeper’s turn wait until it wakes (nothing of its own retrieves meanwhile), but still scores at once for the reflection trigger', async () => {
    const { sim, ann, calls } = town({ poignancies: async (_c, ms) => ms.map(() => 3) });
    at(sim, 3, 10);
    ann.scratch.actDescription = 'sleeping';
    await event(sim, ann, 'snoring');
    at(sim, 3, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(0);
    expect(ann.waitingPoignancy).toHaveLength(1);
    // Awake at the next turn: scored then.
    ann.scratch.actDescription = 'waking up and getting ready';
    at(sim, 7, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(1);
    // Asleep again, close to the trigger: scored at once, turn or not.
    ann.scratch.actDescription = 'sleeping';
    at(sim, 22, 10);
    ann.scratch.importanceTriggerCurr = 5;
    await event(sim, ann, 'dreaming');
    await event(sim, ann, 'turning over');
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(2);
    expect(ann.scratch.importanceTriggerCurr).toBe(5 - 2 * 3);
  });

  it('asks a memory seen again once and gives every copy its score (each counts toward the trigger)', async () => {
    const { sim, ann, calls } = town({ poignancies: async (_c, ms) => ms.map((m) => (m.description.includes('fire') ? 9 : 2)) });
    at(sim, 10, 30);
    ann.scratch.actDescription = 'reading the paper';
    const before = ann.scratch.importanceTriggerCurr;
    const fires = [await event(sim, ann, 'watching a fire'), await event(sim, ann, 'sweeping'), await event(sim, ann, 'watching a fire')];
    at(sim, 11, 59, 50);
    await scoreDue(sim, sim.personas);
    const asked = calls.filter((c) => c.name === 'poignancies');
    expect(asked.map((c) => c.args[0])).toEqual([[{ kind: 'event', description: 'Bob Test is watching a fire' }, { kind: 'event', description: 'Bob Test is sweeping' }]]);
    expect(fires.map((n) => n.poignancy)).toEqual([9, 2, 9]);
    expect(ann.scratch.importanceTriggerCurr).toBe(before - 20);
  });

  it('does not ask again for an event rated earlier the same day (the same question), but does the next day', async () => {
    const { sim, ann, calls } = town({ poignancies: async (_c, ms) => ms.map(() => 6) });
    ann.scratch.actDescription = 'reading the paper';
    at(sim, 10, 30);
    const first = await event(sim, ann, 'painting the fence');
    at(sim, 11, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(first.poignancy).toBe(6);
    at(sim, 13, 0);
    const again = await event(sim, ann, 'painting the fence');
    const other = await event(sim, ann, 'feeding the cat');
    const before = ann.scratch.importanceTriggerCurr;
    at(sim, 15, 59, 50);
    await scoreDue(sim, sim.personas);
    const asked = calls.filter((c) => c.name === 'poignancies').map((c) => c.args[0]);
    expect(asked).toEqual([[{ kind: 'event', description: 'Bob Test is painting the fence' }], [{ kind: 'event', description: 'Bob Test is feeding the cat' }]]);
    // The repeat has today's score and counts toward the trigger like any scored memory.
    expect([again.poignancy, other.poignancy]).toEqual([6, 6]);
    expect(ann.scratch.importanceTriggerCurr).toBe(before - 12);
    // Tomorrow the question is asked again.
    at(sim, 24 + 11, 30);
    const tomorrow = await event(sim, ann, 'painting the fence');
    at(sim, 24 + 11, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies').at(-1)!.args[0]).toEqual([{ kind: 'event', description: 'Bob Test is painting the fence' }]);
    expect(tomorrow.poignancy).toBe(6);
  });

  it('asks a sighting once whatever step it was seen at: every step of it gets that score (and a thought or chat that looks alike is asked as it is)', async () => {
    const { sim, ann, calls } = town({ poignancies: async (_c, ms) => ms.map((m, i) => 3 + i) });
    ann.scratch.actDescription = 'reading the paper';
    at(sim, 10, 30);
    const steps = [await event(sim, ann, 'cooking dinner (chopping onions)'), await event(sim, ann, 'cooking dinner (stirring the pot)')];
    const thought = await addScored(sim, ann, 'thought', { created: sim.now, subject: 'Ann Test', predicate: 'thinks', object: 'x', description: 'I liked it (a lot)', keywords: [] }, { kind: 'thought', text: 'I liked it (a lot)', trigger: true });
    at(sim, 11, 59, 50);
    await scoreDue(sim, sim.personas);
    const asked = calls.filter((c) => c.name === 'poignancies').map((c) => c.args[0]);
    expect(asked).toEqual([[{ kind: 'event', description: 'Bob Test is cooking dinner' }, { kind: 'thought', description: 'I liked it (a lot)' }]]);
    expect([...steps.map((n) => n.poignancy), thought.poignancy]).toEqual([3, 3, 4]);
    // Later that day another step of it is not asked at all.
    at(sim, 13, 0);
    const later = await event(sim, ann, 'cooking dinner (washing up)');
    at(sim, 15, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(1);
    expect(later.poignancy).toBe(3);
  });

  it(`scores early once ${POIGNANCY_BATCH} memories wait`, async () => {
    const { sim, ann, calls } = town();
    at(sim, 10, 10);
    // Thoughts after a chat do not count toward the trigger, so only the batch's size can call.
    const thought = (i: number) => addScored(sim, ann, 'thought', { created: sim.now, subject: 'Ann Test', predicate: 'thinks', object: `x${i}`, description: `I think of thing ${i}`, keywords: [] }, { kind: 'thought', text: `I think of thing ${i}`, trigger: false });
    for (let i = 0; i < POIGNANCY_BATCH - 1; i++) await thought(i);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(0);
    await thought(POIGNANCY_BATCH);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies').map((c) => (c.args[0] as unknown[]).length)).toEqual([POIGNANCY_BATCH]);
  });

  it('scores at once when the waiting memories, at the persona’s usual score, would reach the reflection trigger, so it reflects at that step', async () => {
    const { sim, ann, calls } = town({ poignancies: async (_c, ms) => ms.map(() => 3) });
    at(sim, 10, 10);
    ann.scratch.actDescription = 'reading the paper';
    // Scored memories set the expectation: this persona's events score 3 (an "is idle" 1 does not count: it is never asked).
    for (let i = 0; i < 4; i++) await event(sim, ann, `warming up ${i}`);
    ann.memory.add('event', { created: sim.now, subject: 'Bob Test', predicate: 'is', object: 'idle', description: 'Bob Test is idle', keywords: [], poignancy: 1 });
    at(sim, 11, 59, 50);
    await scoreDue(sim, sim.personas);
    expect(expectedPoignancy(ann)).toBe(3);
    at(sim, 12, 30);
    ann.scratch.importanceTriggerCurr = 10;
    calls.length = 0;
    for (let i = 0; i < 3; i++) await event(sim, ann, `doing thing ${i}`);
    // 3 × 3 = 9 < 10: not yet.
    expect(mayReachTrigger(ann)).toBe(false);
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(0);
    await event(sim, ann, 'doing thing 4');
    await scoreDue(sim, sim.personas);
    expect(calls.filter((c) => c.name === 'poignancies')).toHaveLength(1);
    expect(ann.scratch.importanceTriggerCurr).toBe(10 - 4 * 3);
    // …and the reflection follows in the same step (perceive counts the new memories).
    ann.scratch.importanceEleN = 4;
    expect((await reflect(sim, ann)).length).toBeGreaterThan(0);
    expect(ann.scratch.importanceTriggerCurr).toBe(ann.scratch.importanceTriggerMax);
  });

  it('reflection: the focal points and insights prompts get each thing seen once, without its step; evidence still names a memory of it', async () => {
    const { sim, ann, calls } = town({ focalPoints: async () => ['What is Bob up to?'], reflectionInsights: async (_c, groups) => groups.map(() => [{ insight: 'Bob cooks a lot', evidence: [1] }]) });
    at(sim, 18, 0);
    for (const step of ['chopping onions', 'stirring the pot']) ann.memory.add('event', { created: sim.now, subject: 'Bob Test', predicate: 'cook', object: 'dinner', description: `Bob Test is cooking dinner (${step})`, keywords: ['Bob Test'], poignancy: 5 });
    ann.memory.add('thought', { created: sim.now, subject: 'Ann Test', predicate: 'thinks', object: 'x', description: 'Dinner smells good (really)', keywords: ['Bob Test'], poignancy: 5 });
    ann.scratch.importanceTriggerCurr = 0;
    ann.scratch.importanceEleN = 3;
    const insights = await reflect(sim, ann);
    expect(calls.find((c) => c.name === 'focalPoints')!.args[0]).toEqual(['Bob Test is cooking dinner', 'Bob Test is cooking dinner', 'Dinner smells good (really)']);
    const statements = (calls.find((c) => c.name === 'reflectionInsights')!.args[0] as { statements: string[] }[])[0]!.statements;
    expect(statements).toContain('Bob Test is cooking dinner');
    expect(statements).toContain('Dinner smells good (really)');
    expect(statements.some((x) => x.includes('('))).toBe(statements.includes('Dinner smells good (really)'));
    expect(insights[0]!.evidence.length).toBe(1);
  });
});

describe('packed reactions: a conversation in one call', () => {
  const awake = (over: Partial<Brain> = {}) => {
    const t = town(over);
    at(t.sim, 10);
    for (const p of [t.ann, t.bob]) {
      p.scratch.actAddress = parseAddress('Mini:Bramble Café:café:counter');
      p.scratch.actDescription = 'drinking coffee';
      p.scratch.actEvent = [p.name, 'drink', 'coffee'];
      p.scratch.plannedPath = [{ x: 1, y: 1 }];
      p.scratch.fDailyScheduleHourlyOrg = [['sleeping', 600], ['drinking coffee', 120], ['rest', 720]];
      p.scratch.fDailySchedule = p.scratch.fDailyScheduleHourlyOrg.map(([a, m]) => [a, m]);
    }
    return t;
  };
  const node = (subject: string, description: string): ConceptNode => ({ id: 1, type: 'event', typeCount: 1, depth: 0, created: MONDAY, expiration: null, lastAccessed: MONDAY, subject, predicate: 'is', object: 'x', description, embeddingKey: description, poignancy: 3, keywords: [], evidence: [], transcript: [] });
  const focus = (t: ReturnType<typeof awake>): Retrieved => ({ currEvent: node(t.bob.name, `${t.bob.name} is drinking coffee`), events: [], thoughts: [] });

  it('decide_to_talk and the lines come from one call; lets_talk’s conditions are checked before it is asked', async () => {
    const t = awake({
      conversation: async (ctx, input) => ({ talk: true, lines: [{ speaker: ctx.persona.name, text: 'Hi!' }, { speaker: input.target.name, text: 'Bye!' }], summary: 'conversing about hellos', takeaways: {} }),
    });
    const reaction = await shouldReact(t.sim, t.ann, focus(t));
    expect(reaction?.kind).toBe('chat');
    expect(t.names()).not.toContain('decideToTalk');
    expect(t.names().filter((n) => n === 'conversation')).toHaveLength(1);
    // A positive chat buffer (lets_talk) means no call at all.
    const u = awake({ conversation: async () => ({ talk: true, lines: [], summary: '', takeaways: {} }) });
    u.ann.scratch.chattingWithBuffer[u.bob.name] = 5;
    await shouldReact(u.sim, u.ann, focus(u));
    expect(u.names()).not.toContain('conversation');
  });

  it('a "no" goes on to decide_to_react (lets_react), as in faithful, shown what bears on the other (at most 4, as the conversation call)', async () => {
    const shown: string[][] = [];
    const t = awake({ conversation: async () => ({ talk: false, lines: [], summary: '', takeaways: {} }), decideToReact: async (_c, _t, ms) => (shown.push(ms.map((m) => m.description)), 1) });
    const seen = (subject: string, description: string, type: ConceptNode['type'] = 'event') => ({ ...node(subject, description), type });
    const focused: Retrieved = {
      ...focus(t),
      events: [seen('Ann Test', 'Ann Test is drinking coffee'), seen('counter', 'counter is in use'), seen('Bob Test', 'Bob Test is reading'), seen('Bob Test', 'Bob Test is reading'), seen('Cy Test', 'Cy Test is singing')],
      thoughts: ['Bob owes me a book', 'Bob is moving away', 'Bob likes jazz', 'Bob has a cat'].map((d) => seen('Ann Test', d, 'thought')),
    };
    const reaction = await shouldReact(t.sim, t.ann, focused);
    expect(reaction?.kind).toBe('wait');
    expect(t.names()).toEqual(expect.arrayContaining(['conversation', 'decideToReact']));
    expect(shown).toEqual([['Bob Test is reading', 'Bob owes me a book', 'Bob is moving away', 'Bob likes jazz']]);
  });

  it('chat reaction: both stretches re-planned in one call; <persona> other, chat with, buffer 800, end on a whole minute; takeaways from the same call', async () => {
    const t = awake();
    at(t.sim, 10, 3, 40);
    const held = { lines: [{ speaker: t.ann.name, text: 'Would you like to come to the party at Bramble Café on February 14 at 5:00 pm?' }, { speaker: t.bob.name, text: "Yes, I'd love to come!" }], summary: 'conversing about the party', takeaways: { [t.ann.name]: { planning: '', memo: 'Bob is coming.' }, [t.bob.name]: { planning: 'I will go to the party at Bramble Café on February 14 at 5:00 pm.', memo: '' } } };
    await chatReact(t.sim, t.ann, t.bob, held);
    expect(t.names().filter((n) => n === 'replanStretches')).toHaveLength(1);
    expect(t.names()).not.toContain('newDecompSchedule');
    expect(t.names()).not.toContain('planningThought');
    for (const [self, other] of [[t.ann, t.bob], [t.bob, t.ann]] as const) {
      const s = self.scratch;
      expect(s.actAddress).toEqual({ kind: 'persona', name: other.name });
      expect(s.actEvent).toEqual([self.name, 'chat with', other.name]);
      expect(s.chattingWithBuffer[other.name]).toBe(CHAT_BUFFER_STEPS);
      expect(s.chattingEndTime! % MIN).toBe(0);
      expect(scheduleMinutes(s.fDailySchedule)).toBe(1440);
      expect(s.fDailySchedule.some(([a]) => a === 'conversing about the party')).toBe(true);
    }
    expect(t.bob.memory.nodes.some((n) => n.description.includes('I will go to the party'))).toBe(true);
    expect(t.bob.commitments).toHaveLength(1);
    expect(t.ann.memory.nodes.some((n) => n.predicate === 'plans')).toBe(false);
  });
});

describe('packed chat: the stretches re-planned with the conversation', () => {
  it('offers each side its plan ahead; its "after" re-plans the stretch (what happened and the chat kept, the rest fitted), with no replan_stretches call', async () => {
    const t = town();
    at(t.sim, 10, 3, 40);
    for (const p of [t.ann, t.bob]) {
      p.scratch.actAddress = parseAddress('Mini:Bramble Café:café:counter');
      p.scratch.actDescription = 'drinking coffee (sipping)';
      p.scratch.actEvent = [p.name, 'drink', 'coffee'];
      p.scratch.plannedPath = [{ x: 1, y: 1 }];
      p.scratch.fDailyScheduleHourlyOrg = [['sleeping', 600], ['drinking coffee', 120], ['rest', 720]];
      p.scratch.fDailySchedule = [['sleeping', 600], ['drinking coffee (sipping)', 60], ['drinking coffee (paying)', 60], ['rest', 720]];
    }
    const lines = [{ speaker: t.ann.name, text: 'Hi Bob, lovely morning for a coffee, is it not?' }, { speaker: t.bob.name, text: 'It is, Ann. I was about to pay and go.' }];
    // Ann proposes to pay sooner (two tasks, 3:1); Bob carries on as planned ([]).
    const answer = { talk: true, lines, summary: 'conversing about coffee', takeaways: {}, after: [[{ task: 'drinking coffee (sipping)', minutes: 30 }, { task: 'drinking coffee (paying)', minutes: 10 }], []], aheadFor: [t.ann, t.bob] };
    await chatReact(t.sim, t.ann, t.bob, answer);
    expect(t.names()).not.toContain('replanStretches');
    expect(t.names()).not.toContain('newDecompSchedule');
    const chatMinutes = t.ann.scratch.actDuration!;
    // Ann: 10:00–10:03 sipping, the chat (minutes from its length), then her 3:1 proposal stretched over what is left of 10:00–12:00.
    const annStretch = t.ann.scratch.fDailySchedule.slice(1, -1);
    expect(annStretch[0]).toEqual(['drinking coffee (sipping)', 3]);
    expect(annStretch[1]).toEqual(['drinking coffee (conversing about coffee)', chatMinutes]);
    const left = 120 - 3 - chatMinutes;
    expect(annStretch.slice(2)).toEqual([['drinking coffee (sipping)', Math.round((left * 3) / 4)], ['drinking coffee (paying)', left - Math.round((left * 3) / 4)]]);
    // Bob carries on as planned: the plan resumes where the chat ends (Smallville's fail-safe).
    expect(t.bob.scratch.fDailySchedule.slice(1, -1)).toEqual([['drinking coffee (sipping)', 3], ['drinking coffee (conversing about coffee)', chatMinutes], ['drinking coffee (sipping)', 57 - chatMinutes], ['drinking coffee (paying)', 60]]);
    for (const p of [t.ann, t.bob]) expect(scheduleMinutes(p.scratch.fDailySchedule)).toBe(1440);
  });

  it('the conversation call is offered both sides’ plans from now to the end of the stretch', async () => {
    let offered: { persona: string; from: number; until: number; items: [string, number][] }[] = [];
    const t = town({
      conversation: async (_ctx, input) => {
        offered = (input.ahead ?? []).map((a) => ({ persona: a.persona.name, from: a.from, until: a.until, items: a.items }));
        return { talk: false, lines: [], summary: '', takeaways: {} };
      },
    });
    at(t.sim, 10, 20);
    for (const p of [t.ann, t.bob]) {
      p.scratch.actAddress = parseAddress('Mini:Bramble Café:café:counter');
      p.scratch.actDescription = 'drinking coffee';
      p.scratch.actEvent = [p.name, 'drink', 'coffee'];
      p.scratch.fDailyScheduleHourlyOrg = [['sleeping', 600], ['drinking coffee', 60], ['reading', 60], ['rest', 720]];
      p.scratch.fDailySchedule = p.scratch.fDailyScheduleHourlyOrg.map(([a, m]) => [a, m]);
    }
    const focused: Retrieved = { currEvent: { id: 1, type: 'event', typeCount: 1, depth: 0, created: MONDAY, expiration: null, lastAccessed: MONDAY, subject: t.bob.name, predicate: 'is', object: 'x', description: `${t.bob.name} is drinking coffee`, embeddingKey: '', poignancy: 3, keywords: [], evidence: [], transcript: [] }, events: [], thoughts: [] };
    await shouldReact(t.sim, t.ann, focused);
    // The stretch: the hourly block we are in (1 h) and the next, 10:00–12:00; from 10:20 on.
    expect(offered).toEqual([t.ann, t.bob].map((p) => ({ persona: p.name, from: 620, until: 720, items: [['drinking coffee', 40], ['reading', 60]] })));
  });
});

describe('the call plan can be switched between steps', () => {
  it('takes effect at the next step, and the packed town asks packed calls from then on', async () => {
    const { sim, names } = town();
    expect(sim.callPlan).toBe('packed');
    sim.setCallPlan('faithful');
    expect(sim.callPlan).toBe('packed');
    expect(sim.nextCallPlan).toBe('faithful');
    await sim.tick();
    expect(sim.callPlan).toBe('faithful');
    expect(names()).toContain('wakeUpHour');
    expect(names()).not.toContain('planDay');
    expect(() => sim.setCallPlan('cheap' as 'packed')).toThrow(/packed or faithful/);
  });
});

void HOUR;

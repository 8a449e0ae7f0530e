import { describe, expect, it } from 'vitest';
import { GuardedBrain, type FallbackEvent } from '../../src/sim/brain/guard';
import { FALLBACK_EMOJI, INTERVIEW_FALLBACK, splitPlanReq } from '../../src/sim/brain/fallbacks';
import { RANDOM_OBJECT } from '../../src/sim/world/actionAddress';
import type { Brain, TownPulseInput, TownPulseReply } from '../../src/sim/brain/port';
import { Persona } from '../../src/sim/persona/persona';
import { miniPersonas } from '../fixtures/miniTown';
import { at } from '../../src/sim/checked';
import { measurePulseSnapshot } from '../../src/llm/pulseSnapshot';

/** A brain whose every answer is wrong in some way a model's could be. */
const broken: Brain = {
  name: 'broken',
  measurePulse: measurePulseSnapshot,
  wakeUpHour: async () => 27,
  dailyPlan: async () => [],
  hourlySchedule: async () => '',
  taskDecomp: async () => [{ task: 'x', minutes: -5 }],
  actionSector: async () => 'The Moon',
  actionArena: async () => 'nowhere',
  actionObject: async () => 'unicorn',
  pronunciatio: async () => 'smiling face',
  eventTriple: async () => ['a', 'b'] as unknown as [string, string, string],
  actObjDesc: async () => '',
  actObjEventTriple: async () => { throw new Error('connection refused'); },
  decideToTalk: async () => 'yes' as unknown as boolean,
  decideToReact: async () => 7 as unknown as 1,
  conversationTurn: async () => ({ line: '', end: false }),
  summarizeConversation: async () => 42 as unknown as string,
  poignancy: async () => 11,
  focalPoints: async () => [],
  insights: async () => [{ insight: 'x', evidence: ['a'] }] as unknown as [],
  embed: async () => [[1, 2], [3]],
  newDecompSchedule: async () => [{ task: 'something else entirely', minutes: 45 }],
  planNote: async () => '',
  thoughtNote: async () => 42 as unknown as string,
  reviseCurrently: async () => '   ',
  dailyPlanReq: async () => ['only one item at 9:00 am'],
  whisperInnerThought: async () => '',
  planningThought: async () => { throw new Error('timeout'); },
  memoAfterConvo: async () => null as unknown as string,
  interview: async () => '',
  diaryEntry: async () => '',
  chooseAction: async () => 'burn the café' as unknown as { action: string; target: string; reason: string },
  townPlan: async () => ({ title: 'x', steps: [] }),
  townPulse: async () => 'I think everyone should rest' as unknown as TownPulseReply,
  startDay: async () => ({ wakeUpHour: 7, activity: 'sleeping in', place: null }),
  planDay: async () => ({ wakeUpHour: 30, dailyPlan: [], hourly: [], subtasks: [] }),
  reviseIdentity: async () => ({ planNote: '', thoughtNote: '', currently: '', dailyPlanReq: [] }),
  actionDetails: async () => [],
  poignancies: async () => [11],
  conversation: async () => ({ talk: true, lines: [], summary: '', takeaways: {} }),
  replanStretches: async () => [],
  reflectionInsights: async () => [],
};

const PULSE_INPUT: TownPulseInput = { now: 0, minute: 540, residents: [], jobs: [], items: [], chat: [], lastRound: null, budget: 20_000 };

describe('the guard around every brain', () => {
  const p = new Persona(at(miniPersonas(), 0, 'mini persona'), 'Mini', { x: 3, y: 3 });
  const ctx = { persona: p, now: Date.UTC(2023, 1, 13, 8) };
  const g = new GuardedBrain(broken);

  it("applies each call's documented fallback and counts it", async () => {
    expect(await g.wakeUpHour(ctx)).toBe(8);
    expect((await g.dailyPlan(ctx, 8)).length).toBeGreaterThan(3);
    expect(await g.hourlySchedule(ctx, 9, [], 0)).toBe('asleep');
    expect(await g.taskDecomp(ctx, 'working', 60)).toEqual([{ task: 'working', minutes: 60 }]);
    expect(await g.actionSector(ctx, 'x', ['Test House', 'Bramble Café'])).toBe('Test House');
    expect(await g.actionArena(ctx, 'x', 'Test House', ['bedroom', 'kitchen'])).toBe('bedroom');
    expect(await g.actionObject(ctx, 'x', 'Mini:Test House:bedroom', ['bed'])).toBe(RANDOM_OBJECT);
    expect(await g.pronunciatio(ctx, 'x')).toBe(FALLBACK_EMOJI);
    expect(await g.eventTriple(ctx, 'reading')).toEqual(['Ann Test', 'is', 'reading']);
    expect(await g.actObjEventTriple(ctx, 'bed', 'bed is used')).toEqual(['bed', 'is', 'idle']);
    expect(await g.decideToTalk(ctx, p, [])).toBe(false);
    expect(await g.decideToReact(ctx, p, [])).toBe(2);
    expect((await g.conversationTurn(ctx, { listener: p, convo: [], memories: [] })).end).toBe(true);
    expect(await g.poignancy(ctx, 'event', 'x')).toBe(4);
    expect(await g.insights(ctx, ['a'], 5)).toEqual([]);
    // A plan with no steps: the director's default plan will stand in.
    expect(await g.townPlan(ctx, { request: 'a party', residents: [], places: [] })).toEqual({ title: '', steps: [], fallback: true });
    // Not a list of decisions (docs/economy.md#faults: invalid JSON): no decisions, marked, so the pulse skips the round; the reason is kept for its log.
    expect(await g.townPulse(ctx, PULSE_INPUT)).toEqual({ decisions: [], fallback: true });
    expect(g.lastFallbackReason.get('townPulse')).toMatch(/invalid answer/);
    // Ragged vectors: the local embedding instead, one vector per text.
    const vectors = await g.embed(ctx, ['coffee at the café', 'sleeping']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]).toHaveLength(vectors[1]!.length);
    // A re-plan that lost the inserted chat: Smallville's fail-safe keeps what happened, then the rest of the plan.
    const stretch = await g.newDecompSchedule(ctx, {
      main: [['working (counting pills)', 60], ['working (serving customers)', 60]],
      doneSoFar: [['working (counting pills)', 20], ['working (chatting with Tom)', 15]],
      startHour: 9,
      endHour: 11,
      inserted: 'chatting with Tom',
      insertedMinutes: 15,
    });
    expect(stretch).toEqual([
      { task: 'working (counting pills)', minutes: 20 },
      { task: 'working (chatting with Tom)', minutes: 15 },
      { task: 'working (counting pills)', minutes: 25 },
      { task: 'working (serving customers)', minutes: 60 },
    ]);
    expect(await g.planNote(ctx, ['x'])).toBe('');
    expect(await g.thoughtNote(ctx, ['x'])).toBe('');
    expect(await g.reviseCurrently(ctx, '', '')).toBe(p.currently);
    expect(await g.dailyPlanReq(ctx)).toEqual(splitPlanReq(p.dailyPlanReq));
    expect(await g.whisperInnerThought(ctx, 'You want to throw a party at the café on Tuesday at 5 pm')).toBe('Ann Test wants to throw a party at the café on Tuesday at 5 pm.');
    expect(await g.whisperInnerThought(ctx, 'You should call your sister')).toBe('Ann Test should call their sister.');
    expect(await g.planningThought(ctx, p, [])).toBe('');
    expect(await g.memoAfterConvo(ctx, p, [])).toBe('');
    expect(await g.interview(ctx, 'How are you?', [], [])).toBe(INTERVIEW_FALLBACK);
    // An empty diary entry: a plain line, not an invented day.
    const seen = p.memory.add('event', { created: ctx.now, subject: 'Tom', predicate: 'is', object: 'reading', description: 'Tom is reading', poignancy: 2, keywords: [] });
    expect(await g.diaryEntry(ctx, [seen])).toBe("I'm too tired to write much today.");
    expect(g.fallbackTotal).toBe(29);
    expect(g.stats.get('actObjEventTriple')).toEqual({ calls: 1, fallbacks: 1, errors: 1 });
  });

  it('accepts a valid answer as it is, case-insensitively for options', async () => {
    const ok = new GuardedBrain({ ...broken, actionSector: async () => 'bramble café', poignancy: async () => 7 });
    expect(await ok.actionSector(ctx, 'x', ['Test House', 'Bramble Café'])).toBe('Bramble Café');
    expect(await ok.poignancy(ctx, 'event', 'x')).toBe(7);
    expect(ok.fallbackTotal).toBe(0);
  });

  it('lets an injected fallback brain answer a failed call, through the same contract, counted', async () => {
    const events: FallbackEvent[] = [];
    const backup: Brain = { ...broken, name: 'backup', wakeUpHour: async () => 6, poignancy: async () => 99 };
    const guarded = new GuardedBrain({ ...broken, standIn: backup });
    guarded.onFallback = (e) => events.push(e);
    expect(await guarded.wakeUpHour(ctx)).toBe(6);
    // The fallback brain's answer is checked too: an out-of-range rating gives way to the documented default.
    expect(await guarded.poignancy(ctx, 'event', 'x')).toBe(4);
    expect(guarded.fallbackTotal).toBe(2);
    expect(events.map((e) => [e.call, e.answeredBy])).toEqual([
      ['wakeUpHour', 'backup'],
      ['poignancy', 'default'],
    ]);
    expect(events[0]!.reason).toMatch(/"hour"|at most 23/);
    // The pulse is the exception (docs/economy.md#faults: a failed round is skipped): the fallback brain does not answer it.
    const answered = new GuardedBrain({ ...broken, standIn: { ...backup, townPulse: async () => ({ decisions: [{ agent_id: 1, action: 'rest', params: {}, reason: '' }] }) } });
    expect(await answered.townPulse(ctx, PULSE_INPUT)).toEqual({ decisions: [], fallback: true });
  });

  it('asks nothing and counts nothing when the answer is known (no objects to choose from)', async () => {
    const guarded = new GuardedBrain(broken);
    expect(await guarded.actionObject(ctx, 'x', 'Mini:Test House:bedroom', [])).toBe(RANDOM_OBJECT);
    expect(await guarded.embed(ctx, [])).toEqual([]);
    expect(await guarded.diaryEntry(ctx, [])).toBe('Nothing to write about yet today.');
    expect(guarded.stats.size).toBe(0);
  });
});

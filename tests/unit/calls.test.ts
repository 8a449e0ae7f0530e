import { describe, expect, it } from 'vitest';
import { promptNameFor } from '../../src/llm/calls';
import { readReply } from '../../src/sim/brain/contracts';
import { hamletPersona as persona, ok, err } from '../fixtures/hamletPersona';

const nora = persona('nora-hartwell');
const tom = persona('tom-hartwell');
const ctx = { persona: nora, now: Date.parse('2023-02-13T09:05:00Z') };


describe('wakeUpHour', () => {
  it('accepts 0–23 and explains an hour out of range', () => {
    expect(ok(readReply('wakeUpHour', { hour: 7 }, ctx))).toBe(7);
    expect(err(readReply('wakeUpHour', { hour: 27 }, ctx))).toBe('"hour" must be at most 23, got 27');
    expect(err(readReply('wakeUpHour', { hour: 6.5 }, ctx))).toBe('"hour" must be an integer, got 6.5');
    expect(err(readReply('wakeUpHour', { wake: 7 }, ctx))).toBe('"hour" must be a number (it is missing)');
  });
});

describe('dailyPlan', () => {
  const plan = ['wake up and complete the morning routine at 7:00 am', 'open the pharmacy from 9:00 am to 12:00 pm', 'have lunch at 12:30 pm', 'walk the dog at 6 pm', 'go to bed at 10 pm'];
  it('accepts timed items and strips numbering', () => {
    expect(ok(readReply('dailyPlan', { plan: plan.map((s, i) => `${i + 1}) ${s}.`) }, ctx, 7))).toEqual(plan);
  });
  it('rejects a plan that is too short or has an item without a time', () => {
    // The limits the model is asked for (5 to 8 items) are the ones its reply is held to.
    expect(err(readReply('dailyPlan', { plan: plan.slice(0, 2) }, ctx, 7))).toBe('"plan" needs at least 5 items, got 2');
    expect(err(readReply('dailyPlan', { plan: [...plan, ...plan] }, ctx, 7))).toBe('"plan" has too many items; give at most 8, got 10');
    expect(err(readReply('dailyPlan', { plan: [...plan, 'read a book'] }, ctx, 7))).toMatch(/"read a book" has no time/);
  });
});

describe('hourlySchedule', () => {
  it('returns the activity without the name or a trailing period', () => {
    expect(ok(readReply('hourlySchedule', { activity: 'Nora is serving customers at the pharmacy.' }, ctx, 10, [], 0))).toBe('serving customers at the pharmacy');
    expect(ok(readReply('hourlySchedule', { activity: 'Sleeping' }, ctx, 3, [], 0))).toBe('sleeping');
    expect(ok(readReply('hourlySchedule', { activity: '[10:00 am] She is taking a break.' }, ctx, 10, [], 0))).toBe('taking a break');
  });
  it('rejects an empty or rambling activity', () => {
    expect(err(readReply('hourlySchedule', { activity: '  ' }, ctx, 10, [], 0))).toMatch(/must not be empty/);
    expect(err(readReply('hourlySchedule', { activity: 'x'.repeat(300) }, ctx, 10, [], 0))).toMatch(/keep it under 150/);
  });
});

describe('taskDecomp', () => {
  it('accepts positive durations (the guard repairs the arithmetic)', () => {
    const subtasks = [
      { task: 'counting pills', minutes: 45 },
      { task: 'answering the phone', minutes: 7 },
    ];
    // The reply passes the guard's acceptance too: 5-minute steps that fill the hour exactly.
    expect(ok(readReply('taskDecomp', { subtasks }, ctx, 'working', 60))).toEqual([
      { task: 'counting pills', minutes: 45 },
      { task: 'answering the phone', minutes: 15 },
    ]);
  });
  it('rejects a negative duration and an empty list, saying which subtask', () => {
    expect(err(readReply('taskDecomp', { subtasks: [{ task: 'counting pills', minutes: 30 }, { task: 'walking', minutes: -5 }] }, ctx, 'working', 60))).toBe('"subtasks.1.minutes" must be at least 1, got -5');
    expect(err(readReply('taskDecomp', { subtasks: [] }, ctx, 'working', 60))).toBe('"subtasks" needs at least 1 item, got 0');
  });
});

describe('places', () => {
  const sectors = ['Hartwell House', 'Willow Grocery & Pharmacy', 'Hamlet Supply Co.'];
  it('returns the option as spelled, matching case-insensitively', () => {
    expect(ok(readReply('actionSector', { sector: 'willow grocery & pharmacy' }, ctx, 'work', sectors))).toBe('Willow Grocery & Pharmacy');
    expect(ok(readReply('actionSector', { sector: 'Hamlet Supply Co.' }, ctx, 'shop', sectors))).toBe('Hamlet Supply Co.');
    expect(ok(readReply('actionArena', { arena: 'Hartwell House:Kitchen' }, ctx, 'cook', 'Hartwell House', ['kitchen', 'main bedroom']))).toBe('kitchen');
    expect(ok(readReply('actionObject', { object: '"stove".' }, ctx, 'cook', 'Hamlet:Hartwell House:kitchen', ['stove', 'fridge']))).toBe('stove');
  });
  it('names the options when the answer is not one of them', () => {
    expect(err(readReply('actionSector', { sector: 'The Moon' }, ctx, 'work', ['A', 'B', 'C']))).toBe('"The Moon" is not one of: A, B, C');
    expect(err(readReply('actionArena', { arena: 'garage' }, ctx, 'cook', 'Hartwell House', ['kitchen', 'main bedroom']))).toBe('"garage" is not one of: kitchen, main bedroom');
    expect(err(readReply('actionObject', { object: 'unicorn' }, ctx, 'cook', 'Hamlet:Hartwell House:kitchen', ['stove']))).toMatch(/not one of: stove/);
  });
});

describe('pronunciatio', () => {
  it('accepts 1–3 emoji', () => {
    expect(ok(readReply('pronunciatio', { emoji: '💊' }, ctx, 'working'))).toBe('💊');
    expect(ok(readReply('pronunciatio', { emoji: '🚶 🌳' }, ctx, 'walking'))).toBe('🚶🌳');
    expect(ok(readReply('pronunciatio', { emoji: '👩‍⚕️☕' }, ctx, 'coffee'))).toBe('👩‍⚕️☕');
  });
  it('rejects words and too many emoji', () => {
    expect(err(readReply('pronunciatio', { emoji: 'smiling face' }, ctx, 'x'))).toMatch(/contains letters or digits; reply with 1 to 3 emoji/);
    expect(err(readReply('pronunciatio', { emoji: '💊 pills' }, ctx, 'x'))).toMatch(/letters/);
    expect(err(readReply('pronunciatio', { emoji: '🍳🥓☕🍊' }, ctx, 'x'))).toMatch(/1 to 3 emoji, got 4/);
    expect(err(readReply('pronunciatio', { emoji: '' }, ctx, 'x'))).toMatch(/must not be empty/);
  });
});

describe('triples and object state', () => {
  it('fixes the subject to whoever acts', () => {
    expect(ok(readReply('eventTriple', { subject: 'Nora', predicate: 'eat', object: 'lunch' }, ctx, 'eating lunch'))).toEqual(['Nora Hartwell', 'eat', 'lunch']);
    expect(ok(readReply('actObjEventTriple', { subject: 'the stove', predicate: 'heat', object: 'a pan' }, ctx, 'stove', 'stove is heating a pan'))).toEqual(['stove', 'heat', 'a pan']);
  });
  it('rejects an empty or missing part', () => {
    expect(err(readReply('eventTriple', { subject: 'Nora', predicate: '', object: 'lunch' }, ctx, 'x'))).toMatch(/"predicate" must not be empty/);
    expect(err(readReply('eventTriple', { subject: 'Nora', predicate: 'eat' }, ctx, 'x'))).toMatch(/"object" must be a string/);
  });
  it('makes the object description a sentence about the object', () => {
    expect(ok(readReply('actObjDesc', { state: 'heating a pan' }, ctx, 'stove', 'cooking'))).toBe('stove is heating a pan');
    expect(ok(readReply('actObjDesc', { state: 'The stove is heating a pan.' }, ctx, 'stove', 'cooking'))).toBe('stove is heating a pan');
  });
});

describe('decisions', () => {
  it('decide_to_talk: "yes" or "no", as the schema says', () => {
    expect(ok(readReply('decideToTalk', { reason: 'r', answer: 'yes' }, ctx, tom, []))).toBe(true);
    expect(ok(readReply('decideToTalk', { reason: 'r', answer: 'no' }, ctx, tom, []))).toBe(false);
    expect(err(readReply('decideToTalk', { talk: true }, ctx, tom, []))).toMatch(/"reason" must be a string \(it is missing\)/);
    expect(err(readReply('decideToTalk', { reason: 'r', answer: 'maybe' }, ctx, tom, []))).toBe('"answer" must be "yes" or "no", got "maybe"');
  });
  it('decide_to_react: 1 or 2', () => {
    expect(ok(readReply('decideToReact', { reason: 'r', option: 1 }, ctx, tom, []))).toBe(1);
    expect(ok(readReply('decideToReact', { reason: 'r', option: 2 }, ctx, tom, []))).toBe(2);
    expect(err(readReply('decideToReact', { reason: 'r', option: 3 }, ctx, tom, []))).toBe('"option" must be 1 or 2, got 3');
  });
});

describe('conversation', () => {
  const input = { listener: tom, convo: [], memories: [] };
  it('conversation_turn: a line and whether it ends', () => {
    expect(ok(readReply('conversationTurn', { line: 'Nora Hartwell: "Home by six?"', end: false }, ctx, input))).toEqual({ line: 'Home by six?', end: false });
    expect(ok(readReply('conversationTurn', { line: 'See you tonight!', end: true }, ctx, input))).toEqual({ line: 'See you tonight!', end: true });
    expect(err(readReply('conversationTurn', { line: '', end: true }, ctx, input))).toMatch(/"line" must not be empty/);
    expect(err(readReply('conversationTurn', { line: 'x'.repeat(500), end: true }, ctx, input))).toMatch(/keep it under 400/);
  });
  it('summarize_conversation: "conversing about …"', () => {
    expect(ok(readReply('summarizeConversation', { about: 'dinner plans for tonight.' }, ctx, []))).toBe('conversing about dinner plans for tonight');
    expect(ok(readReply('summarizeConversation', { about: 'This is a conversation about the fence' }, ctx, []))).toBe('conversing about the fence');
  });
});

describe('poignancy', () => {
  it('picks its template by kind and accepts 1–10', () => {
    expect(promptNameFor('poignancy', ['chat', 'x'])).toBe('poignancy_chat');
    expect(promptNameFor('poignancy', ['thought', 'x'])).toBe('poignancy_thought');
    expect(promptNameFor('wakeUpHour', [])).toBe('wake_up_hour');
    expect(ok(readReply('poignancy', { rating: 8 }, ctx, 'event', 'x'))).toBe(8);
    expect(err(readReply('poignancy', { rating: 0 }, ctx, 'event', 'x'))).toBe('"rating" must be at least 1, got 0');
  });
});

describe('reflection', () => {
  const statements = ['a', 'b', 'c'];
  it('focal_points: n questions (extra ones dropped)', () => {
    expect(ok(readReply('focalPoints', { questions: ['q1', 'q2', 'q3', 'q4'] }, ctx, statements, 3))).toEqual(['q1', 'q2', 'q3']);
    expect(err(readReply('focalPoints', { questions: ['q1'] }, ctx, statements, 3))).toMatch(/exactly 3 questions, got 1/);
  });
  it('insights: evidence within the statements given', () => {
    expect(ok(readReply('insights', { insights: [{ insight: 'Nora worries (because of 1, 3)', evidence: [1, 3, 3] }] }, ctx, statements, 5))).toEqual([{ insight: 'Nora worries', evidence: [1, 3] }]);
    expect(err(readReply('insights', { insights: [{ insight: 'x', evidence: [2] }, { insight: 'y', evidence: [99] }] }, ctx, statements, 5))).toBe(
      'insight 2 cites statement 99, but only 3 statements were given: use numbers 1 to 3',
    );
    expect(err(readReply('insights', { insights: [{ insight: 'x', evidence: [] }] }, ctx, statements, 5))).toMatch(/cites no statements/);
  });
});

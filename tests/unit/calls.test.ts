import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALLS, promptNameFor } from '../../src/llm/calls';
import type { Checked } from '../../src/llm/callSpec';
import { Persona } from '../../src/sim/persona/persona';
import { PersonaSchema } from '../../src/sim/persona/schema';

function persona(id: string): Persona {
  const json = JSON.parse(readFileSync(fileURLToPath(new URL(`../../personas/hamlet/${id}.json`, import.meta.url)), 'utf8'));
  return new Persona(PersonaSchema.parse(json), 'Hamlet', { x: 1, y: 1 });
}

const nora = persona('nora-hartwell');
const tom = persona('tom-hartwell');
const ctx = { persona: nora, now: Date.parse('2023-02-13T09:05:00Z') };

function ok<R>(r: Checked<R>): R {
  if (!r.ok) throw new Error(`expected ok, got error: ${r.error}`);
  return r.value;
}

function err(r: Checked<unknown>): string {
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value)}`);
  return r.error;
}

describe('wakeUpHour', () => {
  it('accepts 0–23 and explains an hour out of range', () => {
    expect(ok(CALLS.wakeUpHour.toResult({ hour: 7 }, ctx))).toBe(7);
    expect(err(CALLS.wakeUpHour.toResult({ hour: 27 }, ctx))).toBe('hour must be between 0 and 23, got 27');
    expect(err(CALLS.wakeUpHour.toResult({ hour: 6.5 }, ctx))).toMatch(/whole number/);
    expect(err(CALLS.wakeUpHour.toResult({ wake: 7 }, ctx))).toMatch(/"hour" must be an integer/);
  });
});

describe('dailyPlan', () => {
  const plan = ['wake up and complete the morning routine at 7:00 am', 'open the pharmacy from 9:00 am to 12:00 pm', 'have lunch at 12:30 pm', 'go to bed at 10 pm'];
  it('accepts timed items and strips numbering', () => {
    expect(ok(CALLS.dailyPlan.toResult({ plan: plan.map((s, i) => `${i + 1}) ${s}.`) }, ctx, 7))).toEqual(plan);
  });
  it('rejects a plan that is too short or has an item without a time', () => {
    expect(err(CALLS.dailyPlan.toResult({ plan: plan.slice(0, 2) }, ctx, 7))).toMatch(/5 to 8 items, got 2/);
    expect(err(CALLS.dailyPlan.toResult({ plan: [...plan, 'read a book'] }, ctx, 7))).toMatch(/"read a book" has no time/);
  });
});

describe('hourlySchedule', () => {
  it('returns the activity without the name or a trailing period', () => {
    expect(ok(CALLS.hourlySchedule.toResult({ activity: 'Nora is serving customers at the pharmacy.' }, ctx, 10, [], 0))).toBe('serving customers at the pharmacy');
    expect(ok(CALLS.hourlySchedule.toResult({ activity: 'Sleeping' }, ctx, 3, [], 0))).toBe('sleeping');
    expect(ok(CALLS.hourlySchedule.toResult({ activity: '[10:00 am] She is taking a break.' }, ctx, 10, [], 0))).toBe('taking a break');
  });
  it('rejects an empty or rambling activity', () => {
    expect(err(CALLS.hourlySchedule.toResult({ activity: '  ' }, ctx, 10, [], 0))).toMatch(/must not be empty/);
    expect(err(CALLS.hourlySchedule.toResult({ activity: 'x'.repeat(300) }, ctx, 10, [], 0))).toMatch(/keep it under 150/);
  });
});

describe('taskDecomp', () => {
  it('accepts positive durations (the guard repairs the arithmetic)', () => {
    const subtasks = [
      { task: 'counting pills', minutes: 45 },
      { task: 'answering the phone', minutes: 7 },
    ];
    expect(ok(CALLS.taskDecomp.toResult({ subtasks }, ctx, 'working', 60))).toEqual(subtasks);
  });
  it('rejects a negative duration and an empty list, saying which subtask', () => {
    expect(err(CALLS.taskDecomp.toResult({ subtasks: [{ task: 'counting pills', minutes: 30 }, { task: 'walking', minutes: -5 }] }, ctx, 'working', 60))).toBe(
      'subtask 2 ("walking") has duration -5: every duration must be a positive number of minutes',
    );
    expect(err(CALLS.taskDecomp.toResult({ subtasks: [] }, ctx, 'working', 60))).toMatch(/at least one subtask/);
  });
});

describe('places', () => {
  const sectors = ['Hartwell House', 'Willow Grocery & Pharmacy', 'Hamlet Supply Co.'];
  it('returns the option as spelled, matching case-insensitively', () => {
    expect(ok(CALLS.actionSector.toResult({ sector: 'willow grocery & pharmacy' }, ctx, 'work', sectors))).toBe('Willow Grocery & Pharmacy');
    expect(ok(CALLS.actionSector.toResult({ sector: 'Hamlet Supply Co.' }, ctx, 'shop', sectors))).toBe('Hamlet Supply Co.');
    expect(ok(CALLS.actionArena.toResult({ arena: 'Hartwell House:Kitchen' }, ctx, 'cook', 'Hartwell House', ['kitchen', 'main bedroom']))).toBe('kitchen');
    expect(ok(CALLS.actionObject.toResult({ object: '"stove".' }, ctx, 'cook', 'Hamlet:Hartwell House:kitchen', ['stove', 'fridge']))).toBe('stove');
  });
  it('names the options when the answer is not one of them', () => {
    expect(err(CALLS.actionSector.toResult({ sector: 'The Moon' }, ctx, 'work', ['A', 'B', 'C']))).toBe('"The Moon" is not one of: A, B, C');
    expect(err(CALLS.actionArena.toResult({ arena: 'garage' }, ctx, 'cook', 'Hartwell House', ['kitchen', 'main bedroom']))).toBe('"garage" is not one of: kitchen, main bedroom');
    expect(err(CALLS.actionObject.toResult({ object: 'unicorn' }, ctx, 'cook', 'Hamlet:Hartwell House:kitchen', ['stove']))).toMatch(/not one of: stove/);
  });
});

describe('pronunciatio', () => {
  it('accepts 1–3 emoji', () => {
    expect(ok(CALLS.pronunciatio.toResult({ emoji: '💊' }, ctx, 'working'))).toBe('💊');
    expect(ok(CALLS.pronunciatio.toResult({ emoji: '🚶 🌳' }, ctx, 'walking'))).toBe('🚶🌳');
    expect(ok(CALLS.pronunciatio.toResult({ emoji: '👩‍⚕️☕' }, ctx, 'coffee'))).toBe('👩‍⚕️☕');
  });
  it('rejects words and too many emoji', () => {
    expect(err(CALLS.pronunciatio.toResult({ emoji: 'smiling face' }, ctx, 'x'))).toMatch(/contains letters or digits; reply with 1 to 3 emoji/);
    expect(err(CALLS.pronunciatio.toResult({ emoji: '💊 pills' }, ctx, 'x'))).toMatch(/letters/);
    expect(err(CALLS.pronunciatio.toResult({ emoji: '🍳🥓☕🍊' }, ctx, 'x'))).toMatch(/1 to 3 emoji, got 4/);
    expect(err(CALLS.pronunciatio.toResult({ emoji: '' }, ctx, 'x'))).toMatch(/must not be empty/);
  });
});

describe('triples and object state', () => {
  it('fixes the subject to whoever acts', () => {
    expect(ok(CALLS.eventTriple.toResult({ subject: 'Nora', predicate: 'eat', object: 'lunch' }, ctx, 'eating lunch'))).toEqual(['Nora Hartwell', 'eat', 'lunch']);
    expect(ok(CALLS.actObjEventTriple.toResult({ subject: 'the stove', predicate: 'heat', object: 'a pan' }, ctx, 'stove', 'stove is heating a pan'))).toEqual(['stove', 'heat', 'a pan']);
  });
  it('rejects an empty or missing part', () => {
    expect(err(CALLS.eventTriple.toResult({ subject: 'Nora', predicate: '', object: 'lunch' }, ctx, 'x'))).toMatch(/"predicate" must not be empty/);
    expect(err(CALLS.eventTriple.toResult({ subject: 'Nora', predicate: 'eat' }, ctx, 'x'))).toMatch(/"object" must be a string/);
  });
  it('makes the object description a sentence about the object', () => {
    expect(ok(CALLS.actObjDesc.toResult({ state: 'heating a pan' }, ctx, 'stove', 'cooking'))).toBe('stove is heating a pan');
    expect(ok(CALLS.actObjDesc.toResult({ state: 'The stove is heating a pan.' }, ctx, 'stove', 'cooking'))).toBe('stove is heating a pan');
  });
});

describe('decisions', () => {
  it('decide_to_talk: yes/no (or a boolean "talk")', () => {
    expect(ok(CALLS.decideToTalk.toResult({ reason: 'r', answer: 'yes' }, ctx, tom, []))).toBe(true);
    expect(ok(CALLS.decideToTalk.toResult({ reason: 'r', answer: 'No' }, ctx, tom, []))).toBe(false);
    expect(ok(CALLS.decideToTalk.toResult({ talk: true }, ctx, tom, []))).toBe(true);
    expect(err(CALLS.decideToTalk.toResult({ answer: 'maybe' }, ctx, tom, []))).toMatch(/"answer" must be "yes" or "no"/);
  });
  it('decide_to_react: 1 or 2', () => {
    expect(ok(CALLS.decideToReact.toResult({ reason: 'r', option: 1 }, ctx, tom, []))).toBe(1);
    expect(ok(CALLS.decideToReact.toResult({ reason: 'r', option: 'Option 2' }, ctx, tom, []))).toBe(2);
    expect(err(CALLS.decideToReact.toResult({ reason: 'r', option: 3 }, ctx, tom, []))).toMatch(/1 \(wait\) or 2 \(carry on\), got 3/);
  });
});

describe('conversation', () => {
  const input = { listener: tom, convo: [], memories: [] };
  it('conversation_turn: a line and whether it ends', () => {
    expect(ok(CALLS.conversationTurn.toResult({ line: 'Nora Hartwell: "Home by six?"', end: false }, ctx, input))).toEqual({ line: 'Home by six?', end: false });
    expect(ok(CALLS.conversationTurn.toResult({ line: 'See you tonight!', end: true }, ctx, input))).toEqual({ line: 'See you tonight!', end: true });
    expect(err(CALLS.conversationTurn.toResult({ line: '', end: true }, ctx, input))).toMatch(/"line" must not be empty/);
    expect(err(CALLS.conversationTurn.toResult({ line: 'x'.repeat(500), end: true }, ctx, input))).toMatch(/keep it under 400/);
  });
  it('summarize_conversation: "conversing about …"', () => {
    expect(ok(CALLS.summarizeConversation.toResult({ about: 'dinner plans for tonight.' }, ctx, []))).toBe('conversing about dinner plans for tonight');
    expect(ok(CALLS.summarizeConversation.toResult({ about: 'This is a conversation about the fence' }, ctx, []))).toBe('conversing about the fence');
  });
});

describe('poignancy', () => {
  it('picks its template by kind and accepts 1–10', () => {
    expect(promptNameFor('poignancy', ['chat', 'x'])).toBe('poignancy_chat');
    expect(promptNameFor('poignancy', ['thought', 'x'])).toBe('poignancy_thought');
    expect(promptNameFor('wakeUpHour', [])).toBe('wake_up_hour');
    expect(ok(CALLS.poignancy.toResult({ rating: 8 }, ctx, 'event', 'x'))).toBe(8);
    expect(err(CALLS.poignancy.toResult({ rating: 0 }, ctx, 'event', 'x'))).toBe('rating must be between 1 and 10, got 0');
  });
});

describe('reflection', () => {
  const statements = ['a', 'b', 'c'];
  it('focal_points: n questions (extra ones dropped)', () => {
    expect(ok(CALLS.focalPoints.toResult({ questions: ['q1', 'q2', 'q3', 'q4'] }, ctx, statements, 3))).toEqual(['q1', 'q2', 'q3']);
    expect(err(CALLS.focalPoints.toResult({ questions: ['q1'] }, ctx, statements, 3))).toMatch(/exactly 3 questions, got 1/);
  });
  it('insights: evidence within the statements given', () => {
    expect(ok(CALLS.insights.toResult({ insights: [{ insight: 'Nora worries (because of 1, 3)', evidence: [1, 3, 3] }] }, ctx, statements, 5))).toEqual([{ insight: 'Nora worries', evidence: [1, 3] }]);
    expect(err(CALLS.insights.toResult({ insights: [{ insight: 'x', evidence: [2] }, { insight: 'y', evidence: [99] }] }, ctx, statements, 5))).toBe(
      'insight 2 cites statement 99, but only 3 statements were given: use numbers 1 to 3',
    );
    expect(err(CALLS.insights.toResult({ insights: [{ insight: 'x', evidence: [] }] }, ctx, statements, 5))).toMatch(/cites no statements/);
  });
});

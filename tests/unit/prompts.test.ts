import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadPromptsFromRecord, parseTemplate, render, type Template } from '../../src/llm/prompts';
import { loadPromptsNode, PROMPTS_DIR } from '../../src/llm/promptsNode';
import { PROMPT_NAMES, PROMPT_VARS, promptNameFor } from '../../src/llm/calls';
import { CALLS, type CallArgs } from '../../src/sim/brain/calls';
import { describeReply } from '../../src/sim/brain/reply';
import type { BrainCall, CallContext } from '../../src/sim/brain/port';
import { Persona } from '../../src/sim/persona/persona';
import { parseAddress } from '../../src/sim/world/actionAddress';
import { hamletPersona as persona } from '../fixtures/hamletPersona';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';

const NOW = Date.parse('2023-02-13T09:05:00Z');

/** Nora mid-morning: a plan, a schedule, places she knows, and a few memories. */
function nora(): Persona {
  const p = persona('nora-hartwell');
  p.spatial.learn('Hartwell House', 'kitchen', 'stove');
  p.spatial.learn('Hartwell House', 'main bedroom', 'bed');
  p.spatial.learn('Willow Grocery & Pharmacy', 'pharmacy', 'pharmacy counter');
  p.spatial.learn('Bramble Café', 'café', 'coffee machine');
  p.scratch.dailyReq = ['wake up and complete the morning routine at 7:00 am', 'work at the pharmacy from 9:00 am to 5:30 pm', 'go to bed at 10:00 pm'];
  p.scratch.fDailyScheduleHourlyOrg = [
    ['sleeping', 420],
    ['waking up and getting ready', 60],
    ['walking to work', 60],
    ['working at the pharmacy counter', 180],
  ];
  p.scratch.actAddress = parseAddress('Hamlet:Willow Grocery & Pharmacy:pharmacy:pharmacy counter');
  p.scratch.actDescription = 'working at the pharmacy counter (counting pills)';
  p.memory.add('event', { created: NOW - 600_000, subject: 'Tom Hartwell', predicate: 'repair', object: 'fence', description: 'Tom Hartwell is repairing the fence', poignancy: 3, keywords: ['Tom Hartwell', 'fence'] });
  p.memory.add('thought', { created: NOW - 300_000, subject: 'Nora Hartwell', predicate: 'worry', object: 'Lily', description: 'Nora worries that Lily is drifting in her biology classes', poignancy: 6, keywords: ['Lily Hartwell'] });
  return p;
}

/** Sample arguments for every call, so each CallSpec's vars can be rendered. */
function sampleArgs(ctx: CallContext, tom: Persona): { [K in BrainCall]: CallArgs<K> } {
  const memories = ctx.persona.memory.nodes.slice();
  return {
    wakeUpHour: [],
    dailyPlan: [7],
    hourlySchedule: [9, ['sleeping', 'sleeping', 'sleeping', 'sleeping', 'sleeping', 'sleeping', 'sleeping', 'waking up', 'walking to work'], 1],
    taskDecomp: ['working at the pharmacy counter', 180],
    actionSector: ['eating lunch', ['Hartwell House', 'Willow Grocery & Pharmacy', 'Bramble Café']],
    actionArena: ['eating lunch', 'Hartwell House', ['kitchen', 'main bedroom']],
    actionObject: ['cooking lunch', 'Hamlet:Hartwell House:kitchen', ['stove', 'fridge']],
    pronunciatio: ['eating lunch'],
    eventTriple: ['eating lunch'],
    actObjDesc: ['stove', 'cooking lunch'],
    actObjEventTriple: ['stove', 'stove is heating a pan'],
    decideToTalk: [tom, memories],
    decideToReact: [tom, memories],
    conversationTurn: [{ listener: tom, convo: [{ speaker: 'Tom Hartwell', text: 'Morning, love.' }], memories }],
    summarizeConversation: [[{ speaker: 'Nora Hartwell', text: 'Are you home for dinner?' }, { speaker: 'Tom Hartwell', text: 'By six, promise.' }]],
    poignancy: ['event', 'Tom Hartwell is repairing the fence'],
    focalPoints: [['Tom Hartwell is repairing the fence', 'Lily is drifting'], 3],
    insights: [['Tom Hartwell is repairing the fence', 'Lily is drifting'], 5],
    newDecompSchedule: [
      {
        main: [['working at the pharmacy (counting pills)', 60], ['working at the pharmacy (serving customers)', 60]],
        doneSoFar: [['working at the pharmacy (counting pills)', 20], ['working at the pharmacy (conversing about the flu shots)', 10]],
        startHour: 9,
        endHour: 11,
        inserted: 'conversing about the flu shots',
        insertedMinutes: 10,
      },
    ],
    planNote: [['February 13, 2023, 09:00:00: Tom Hartwell is repairing the fence']],
    thoughtNote: [['February 13, 2023, 09:00:00: Tom Hartwell is repairing the fence']],
    reviseCurrently: ['I should call the plumber at 10 am.', 'I have been tired.'],
    dailyPlanReq: [],
    whisperInnerThought: ['You want to throw a Valentine\'s Day party at Bramble Café on February 14 from 5 pm to 7 pm'],
    planningThought: [tom, [{ speaker: 'Tom Hartwell', text: 'Would you like to come to the party at 5 pm?' }, { speaker: 'Nora Hartwell', text: "I'd love to come!" }]],
    memoAfterConvo: [tom, [{ speaker: 'Tom Hartwell', text: 'Did you hear? The market opens Saturday.' }]],
    interview: ['Are you going to the party?', memories, []],
    diaryEntry: [memories],
    chooseAction: [
      {
        scene: 'TOWN',
        here: 'Town Square',
        home: 'Hartwell House',
        situation: 'It is 9:05 am on Mon (scene TOWN).',
        options: [{ id: 'GO_TO', description: 'go to a place', targets: ['Bramble Café'] }, { id: 'IDLE', description: 'take it easy', targets: [] }],
        recent: ['8:00 am — WAKE_UP: time to get up'],
        heard: ['Tom Hartwell: see you at dinner'],
        mind: ["Plan: going to the Valentine's Day party at Bramble Café — on Tuesday February 14 at 5:00 pm (agreed with Isabel Reyes)."],
        due: { event: "the Valentine's Day party", sector: 'Bramble Café', host: false, when: '5:00 pm–7:00 pm' },
        rejection: null,
        fallback: 'IDLE',
      },
    ],
    startDay: [],
    planDay: [1],
    reviseIdentity: [['February 13, 2023, 09:00:00: Tom Hartwell is repairing the fence']],
    actionDetails: [
      ['eating lunch', 'working at the pharmacy counter (counting pills)'],
      [
        { sector: 'Hartwell House', arenas: [{ arena: 'kitchen', objects: ['stove'] }, { arena: 'main bedroom', objects: ['bed'] }] },
        { sector: 'Bramble Café', arenas: [{ arena: 'café', objects: [] }] },
        { sector: 'Town Square', arenas: [] },
      ],
    ],
    poignancies: [[{ kind: 'event', description: 'Tom Hartwell is repairing the fence' }, { kind: 'thought', description: 'I will go to the party' }]],
    conversation: [{ target: tom, initMemories: memories, targetMemories: [] }],
    replanStretches: [
      [
        {
          persona: ctx.persona,
          input: {
            main: [['working at the pharmacy (counting pills)', 60], ['working at the pharmacy (serving customers)', 60]],
            doneSoFar: [['working at the pharmacy (counting pills)', 20], ['conversing about the flu shots', 10]],
            startHour: 9,
            endHour: 11,
            inserted: 'conversing about the flu shots',
            insertedMinutes: 10,
          },
        },
        { persona: tom, input: { main: [['repairing the fence', 120]], doneSoFar: [['repairing the fence', 20], ['conversing about the flu shots', 10]], startHour: 9, endHour: 11, inserted: 'conversing about the flu shots', insertedMinutes: 10 } },
      ],
    ],
    reflectionInsights: [[{ focal: 'What is Tom busy with?', statements: ['Tom Hartwell is repairing the fence'] }, { focal: 'How is Lily?', statements: ['Lily is drifting', 'Lily likes biology'] }], 5],
    townPlan: [
      {
        request: "Hold a Valentine's party at Bramble Café tomorrow at 5 pm",
        residents: [
          { name: 'Sofia Moreno', job: { title: 'café owner', workplace: 'Bramble Café' }, home: 'Moreno House' },
          { name: 'Luis Moreno', job: { title: 'baker', workplace: 'Crumb & Crust Bakery' }, home: 'Moreno House' },
        ],
        places: [
          { name: 'Bramble Café', kind: 'cafe' },
          { name: 'Town Square', kind: 'square' },
        ],
      },
    ],
    townPulse: [
      {
        now: Date.parse('2023-02-13T09:05:00'),
        minute: 545,
        residents: [
          { agentId: 1, id: 'nora-hartwell', name: 'Nora Hartwell', traits: 'meticulous, warm', occupation: 'pharmacist at Willow Grocery & Pharmacy, 09:00–17:30 today, 55 credits a shift', job: null, student: false, classes: null, credits: 100, checkedInToday: false, holdings: {}, food: 0, state: 'free', doing: 'walking to work' },
        ],
        jobs: [{ id: 3, title: 'library assistant', sector: 'Hamlet College', wage: 25, free: 2, start: '15:00', end: '19:00' }],
        items: [{ id: 1, name: 'bread', sector: 'Crumb & Crust Bakery', price: 4, food: true, drink: false, open: true }],
        chat: [{ time: Date.parse('2023-02-13T08:50:00'), speaker: 'Tom Hartwell', text: 'Morning, love.' }],
        lastRound: null,
        budget: 20_000,
      },
    ],
  };
}

type AnyVars = (ctx: CallContext, ...args: unknown[]) => Record<string, string>;

describe('prompt templates on disk', () => {
  const templates = loadPromptsNode();

  it('loads every file in prompts/', () => {
    const files = readdirSync(PROMPTS_DIR).filter((f) => f.endsWith('.txt'));
    expect(files.length).toBeGreaterThanOrEqual(29);
    expect([...templates.keys()].sort()).toEqual(files.map((f) => f.replace(/\.txt$/, '')).sort());
    for (const t of templates.values()) {
      expect(t.version).toMatch(/^\d/);
      expect(t.purpose.length).toBeGreaterThan(10);
      expect(t.body).toContain('Reply with JSON only');
    }
  });

  it("names no resident or place of the Hamlet town in what it sends (a model copies example names)", () => {
    const personas = loadTownPersonas();
    const names = [...personas.flatMap((p) => [p.name, p.firstName]), ...loadTownWorld().sectors.map((x) => x.name)];
    for (const t of templates.values()) {
      for (const n of names) expect(new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(t.body), `${t.name}: "${n}"`).toBe(false);
    }
  });

  it('has a template for every name the code uses, and no orphan', () => {
    for (const name of PROMPT_NAMES) expect(templates.has(name), name).toBe(true);
    for (const name of templates.keys()) expect(PROMPT_NAMES, name).toContain(name);
  });

  it('renders every call with its vars, with no placeholder left', () => {
    const p = nora();
    const tom = persona('tom-hartwell');
    tom.scratch.actDescription = 'repairing the fence';
    tom.scratch.actAddress = parseAddress('Hamlet:Hartwell House:garden:fence');
    const ctx = { persona: p, now: NOW };
    const args = sampleArgs(ctx, tom);
    for (const call of Object.keys(PROMPT_VARS) as BrainCall[]) {
      const vars = (PROMPT_VARS[call] as AnyVars)(ctx, ...args[call]);
      const kinds = call === 'poignancy' ? ['event', 'chat', 'thought'] : [null];
      for (const kind of kinds) {
        const a = kind ? [kind, ...args[call].slice(1)] : args[call];
        const name = promptNameFor(call, a);
        const text = render(templates.get(name)!, vars);
        expect(text, name).not.toContain('{{');
        expect(text, name).not.toMatch(/undefined|null|\[object Object\]/);
      }
    }
  });

  it('puts the places options in the prompt verbatim and asks for exactly one', () => {
    const p = nora();
    const options = ['Hartwell House', 'Willow Grocery & Pharmacy', 'Hamlet Supply Co.'];
    const text = render(templates.get('action_sector')!, PROMPT_VARS.actionSector({ persona: p, now: NOW }, 'eating lunch', options));
    for (const o of options) expect(text.split('\n')).toContain(`- ${o}`);
    expect(text).toMatch(/exactly one/);
    expect(text).toContain('Nora is currently in Willow Grocery & Pharmacy');
  });

  it('gives task_decomp a worked example whose durations add up', () => {
    const body = templates.get('task_decomp')!.body;
    const json = /\{"subtasks": \[\{"task": "setting.*\}\]\}/.exec(body)![0];
    const sum = (JSON.parse(json) as { subtasks: { minutes: number }[] }).subtasks.reduce((s, t) => s + t.minutes, 0);
    expect(sum).toBe(120);
    expect(body).toContain('minutes left: 0');
  });

  it("derives each call's declared output and JSON schema from its contract, and the template agrees with it", () => {
    for (const call of Object.keys(PROMPT_VARS) as BrainCall[]) {
      const reply = CALLS[call].reply!;
      const js = z.toJSONSchema(reply) as { type: string; additionalProperties: boolean; properties: Record<string, { minItems?: number; maxItems?: number }> };
      expect(js.type, call).toBe('object');
      expect(js.additionalProperties, call).toBe(false);
      const names = call === 'poignancy' ? ['poignancy_event', 'poignancy_chat', 'poignancy_thought'] : [promptNameFor(call, [])];
      for (const name of names) {
        const body = templates.get(name)!.body;
        // The example reply at the end names exactly the contract's fields …
        const example = body.slice(body.lastIndexOf('Reply with JSON only'));
        for (const key of Object.keys(js.properties)) expect(example, `${name}: "${key}"`).toContain(`"${key}"`);
        // … and a list's size in the prose is the contract's.
        for (const [key, prop] of Object.entries(js.properties)) {
          if (prop.minItems !== undefined && prop.maxItems !== undefined && prop.minItems > 1) expect(body, `${name}.${key}`).toContain(prop.minItems === prop.maxItems ? `exactly ${prop.minItems}` : `${prop.minItems} to ${prop.maxItems}`);
        }
      }
    }
    expect(describeReply(CALLS.dailyPlan.reply!)).toBe('{"plan": [5 to 8 × an activity with its time]}');
    expect(describeReply(CALLS.wakeUpHour.reply!)).toBe('{"hour": integer 0-23}');
    expect(describeReply(CALLS.decideToTalk.reply!)).toBe('{"reason": one sentence, "answer": "yes" or "no"}');
  });

  it('refuses an "# output:" header: the reply format is the call module\'s', () => {
    expect(() => parseTemplate('# name: greet\n# version: 1\n# output: {"x": 1}\n---\nHello.', 'prompts/greet.txt')).toThrow(/reply format comes from the call's module/);
  });
});

describe('template errors', () => {
  const good = '# name: greet\n# version: 1\n# input who: a name\n---\nHello {{who}}.';

  it('parses header, version, inputs and body', () => {
    const t = parseTemplate(good, 'prompts/greet.txt');
    expect(t).toMatchObject({ name: 'greet', version: '1', inputs: { who: 'a name' }, body: 'Hello {{who}}.' });
    expect(render(t, { who: 'Nora' })).toBe('Hello Nora.');
  });

  it('rejects an undeclared placeholder at load time, naming it and the template', () => {
    expect(() => loadPromptsFromRecord({ 'prompts/greet.txt': `${good} {{mood}}` })).toThrow(/greet\.txt.*\{\{mood\}\}.*not declared/);
  });

  it('rejects a declared input that is not used', () => {
    expect(() => loadPromptsFromRecord({ 'prompts/greet.txt': good.replace('---', '# input mood: unused\n---') })).toThrow(/greet\.txt.*input "mood" is declared but/);
  });

  it('rejects missing name or version, a name that is not the file name, and malformed placeholders', () => {
    expect(() => loadPromptsFromRecord({ 'greet.txt': good.replace('# name: greet\n', '') })).toThrow(/greet\.txt: missing "# name:"/);
    expect(() => loadPromptsFromRecord({ 'greet.txt': good.replace('# version: 1\n', '') })).toThrow(/missing "# version:"/);
    expect(() => loadPromptsFromRecord({ 'prompts/hello.txt': good })).toThrow(/"# name: greet" does not match the file name "hello"/);
    expect(() => loadPromptsFromRecord({ greet: `${good} {{ who }}` })).toThrow(/malformed placeholder/);
    expect(() => loadPromptsFromRecord({ greet: good.replace('---\n', '') })).toThrow(/no "---" line/);
  });

  it('refuses to render with a missing or an unknown variable', () => {
    const t: Template = parseTemplate(good, 'greet');
    expect(() => render(t, {})).toThrow(/template "greet": missing variable \{\{who\}\}/);
    expect(() => render(t, { who: 'Nora', mood: 'glad' })).toThrow(/template "greet": unknown variable "mood"/);
  });

  it('never expands placeholders inside a value', () => {
    const t = parseTemplate(good, 'greet');
    expect(render(t, { who: '{{who}}' })).toBe('Hello {{who}}.');
  });
});

describe('the focal points prompt', () => {
  it('numbers each statement once (the questions cite none)', () => {
    const vars = PROMPT_VARS.focalPoints({ persona: nora(), now: NOW }, ['Tom is at work', 'bed is in use', 'Tom is at work', 'Lily is reading'], 3);
    expect(vars.statements).toBe('1. Tom is at work\n2. bed is in use\n3. Lily is reading');
  });
});

describe('the packed poignancies prompt', () => {
  it('marks a chat or a thought, not an event (most of them), and asks for exactly as many ratings, in order', () => {
    const memories = [
      { kind: 'event' as const, description: 'Tom Hartwell is repairing the fence' },
      { kind: 'chat' as const, description: 'conversing about dinner' },
      { kind: 'thought' as const, description: 'Lily seems tired' },
    ];
    const text = render(loadPromptsNode().get('poignancies')!, PROMPT_VARS.poignancies({ persona: nora(), now: NOW }, memories));
    expect(text).toContain("Nora Hartwell's memories (events seen, unless marked):\n1. Tom Hartwell is repairing the fence\n2. (chat) conversing about dinner\n3. (thought) Lily seems tired\n");
    expect(text).toMatch(/exactly 3, in order/);
  });
});

describe('the packed action prompt: the places offered', () => {
  it('lists every known area, with parts for home, workplace and haunts in the stable part, and the other areas offered this time after it', () => {
    const p = nora();
    const home = { sector: p.spec.household, arenas: [{ arena: 'kitchen', objects: ['stove', 'sink'] }, { arena: 'bathroom', objects: [] }] };
    const work = { sector: p.spec.occupation!.workplace, arenas: [{ arena: 'pharmacy', objects: ['counter'] }] };
    const townHall = { sector: 'Town Hall', arenas: [], unlisted: true };
    const visited = { sector: 'Moreno House', arenas: [{ arena: 'kitchen', objects: ['stove'] }] };
    const vars = PROMPT_VARS.actionDetails({ persona: p, now: NOW }, ['visiting Sofia'], [home, townHall, work, visited]);
    expect((vars.places ?? '').split('\n')).toEqual([`- ${home.sector}: kitchen (stove, sink); bathroom`, '- Town Hall', `- ${work.sector}: pharmacy (counter)`, '- Moreno House']);
    expect(vars.more_places).toBe('Parts of other areas:\n- Moreno House: kitchen (stove)\n\n');
    const text = render(loadPromptsNode().get('action_details')!, vars);
    // The instructions and the persona's places come before what changes (the other areas, where it is, the activities).
    expect(text.indexOf('- Town Hall')).toBeLessThan(text.indexOf('Parts of other areas'));
    expect(text.indexOf('Parts of other areas')).toBeLessThan(text.indexOf('Activities:'));
    expect(PROMPT_VARS.actionDetails({ persona: p, now: NOW }, ['reading'], [home]).more_places).toBe('');
  });
});

describe('the packed conversation prompt: each fact once, only the facts there are', () => {
  it('leaves out memories its brief identity already says and those that do not bear on the other, each text once; gives only the notes, chats and plans that exist, and each side’s plan ahead on one line, steps grouped', () => {
    const p = nora();
    const sofia = persona('sofia-moreno');
    const tom = persona('tom-hartwell');
    // Nora's "currently" is among her memories too (the persona file seeds them): said once, in her identity.
    const said = p.memory.add('thought', { created: NOW, subject: p.name, predicate: 'is', object: 'busy', description: p.currently, poignancy: 5, keywords: [] });
    const fence = p.memory.nodes.find((n) => n.description === 'Tom Hartwell is repairing the fence')!;
    const own = p.memory.add('event', { created: NOW, subject: p.name, predicate: 'is', object: 'counting pills', description: 'Nora Hartwell is counting pills', poignancy: 2, keywords: [] });
    const counter = p.memory.add('event', { created: NOW, subject: 'counter', predicate: 'is', object: 'in use', description: 'counter is in use', poignancy: 1, keywords: [] });
    const news = p.memory.add('thought', { created: NOW, subject: p.name, predicate: 'heard', object: 'Sofia Moreno', description: 'Sofia is launching an open-mic night', poignancy: 5, keywords: [] });
    const again = p.memory.add('thought', { created: NOW, subject: p.name, predicate: 'heard', object: 'Sofia Moreno', description: 'Sofia is launching an open-mic night', poignancy: 5, keywords: [] });
    const ahead = [{ persona: p, from: 545, until: 780, items: [['working at the pharmacy counter (counting pills)', 55], ['working at the pharmacy counter (serving)', 120], ['having lunch', 60]] as [string, number][] }];
    const vars = PROMPT_VARS.conversation({ persona: p, now: NOW }, { target: sofia, initMemories: [said, fence, own, counter, news, again], targetMemories: [], ahead });
    // With Sofia: neither Tom at his fence, nor Nora's own doings, nor the counter; the news about Sofia once.
    expect(vars.memories).toBe('1. Sofia is launching an open-mic night');
    expect(vars.target_memories).toBe('(nothing in particular)');
    // With Tom: what she saw him do, by first name (the identities above name both in full).
    expect(PROMPT_VARS.conversation({ persona: p, now: NOW }, { target: tom, initMemories: [said, fence, own], targetMemories: [] }).memories).toBe('1. Tom is repairing the fence');
    expect(vars.identity).toContain(p.currently);
    expect(vars.identity).toMatch(/^Nora Hartwell, \d+: /);
    // Nora and Sofia: no notes on each other, no chat, no plans: one line says so.
    expect(vars.context).toBe('Nora and Sofia have no particular relationship, have not talked recently and have no special plans coming up.');
    expect(vars.plans_ahead).toBe('Nora, until 1:00 pm: 9:05 am working at the pharmacy counter (counting pills 55, serving 120 min); 12:00 pm having lunch');
    // Nora and Tom: both notes (each from its own file), nothing about chats or plans that are not there.
    const withTom = (PROMPT_VARS.conversation({ persona: p, now: NOW }, { target: tom, initMemories: [], targetMemories: [], ahead: [] }).context ?? '').split('\n');
    expect(withTom).toHaveLength(2);
    expect(withTom[0] ?? '').toMatch(/^Nora on Tom \(/);
    expect(withTom[1] ?? '').toMatch(/^Tom on Nora \(/);
    expect(PROMPT_VARS.conversation({ persona: p, now: NOW }, { target: tom, initMemories: [], targetMemories: [] }).plans_ahead).toMatch(/none to re-plan/);
  });

  it('shows each sighting once, without its step, and not the one the situation line says; today’s plan as "… plan for today"; at most 4 memories a side; full names when both have the same first name', () => {
    const p = nora();
    const tom = persona('tom-hartwell');
    tom.scratch.actDescription = 'repairing the fence (fetching nails)';
    const ev = (description: string, subject = 'Tom Hartwell') => p.memory.add('event', { created: NOW, subject, predicate: 'is', object: 'x', description, poignancy: 2, keywords: [] });
    const thought = (description: string) => p.memory.add('thought', { created: NOW, subject: p.name, predicate: 'is', object: 'x', description, poignancy: 5, keywords: [] });
    const now = ev('Tom Hartwell is repairing the fence (fetching nails)');
    const earlier = [ev('Tom Hartwell is cooking dinner (chopping onions)'), ev('Tom Hartwell is cooking dinner (stirring the pot)')];
    const plan = thought(`This is Nora Hartwell's plan for Monday February 13, 2023: work at the pharmacy from 9:00 am to 5:30 pm, go to bed at 10:00 pm.`);
    const old = thought(`This is Nora Hartwell's plan for Sunday February 12, 2023: rest.`);
    const more = [thought('Tom promised to fix the gate'), thought('Tom forgot our anniversary'), thought('Tom wants a dog')];
    const vars = PROMPT_VARS.conversation({ persona: p, now: NOW }, { target: tom, initMemories: [now, ...earlier, plan, old, ...more], targetMemories: [] });
    expect(vars.memories).toBe(
      ["1. Tom is cooking dinner", "2. Nora's plan for today: work at the pharmacy from 9:00 am to 5:30 pm, go to bed at 10:00 pm.", "3. This is Nora's plan for Sunday February 12, 2023: rest.", '4. Tom promised to fix the gate'].join('\n'),
    );
    // Two Noras: the prompt keeps their full names everywhere.
    const twin = persona('tom-hartwell');
    twin.spec.firstName = 'Nora';
    const two = PROMPT_VARS.conversation({ persona: p, now: NOW }, { target: twin, initMemories: [], targetMemories: [] });
    expect([two.short_name, two.target_short_name]).toEqual(['Nora Hartwell', 'Tom Hartwell']);
  });
});

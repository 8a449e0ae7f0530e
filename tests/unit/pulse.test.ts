import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmBrain } from '../../src/llm/llmBrain';
import { LlmClient } from '../../src/llm/client';
import { DEFAULT_CONFIG } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { GuardedBrain } from '../../src/sim/brain/guard';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import type { Brain, PulseDecision, TownPulseInput, TownPulseReply } from '../../src/sim/brain/port';
import { buildPulseSnapshot, executeDecisions, pulseDue, pulseJitterMs, runPulse, PULSE_TOKEN_BUDGET } from '../../src/sim/town/pulse';
import { resolvePlannerAction } from '../../src/sim/actions/resolve';
import { actionWorldOf } from '../../src/sim/actions/validate';
import { readReply } from '../../src/sim/brain/contracts';
import { DAY, HOUR } from '../../src/sim/clock';
import { commitmentTask } from '../../src/sim/cognition/commitments';
import type { Persona } from '../../src/sim/persona/persona';
import { parseAddress, printAddress } from '../../src/sim/world/actionAddress';
import { defined } from '../../src/sim/checked';
import { execute } from '../../src/sim/cognition/execute';
import { arrived } from '../../src/sim/persona/currentAction';
import { settleArrivals } from '../../src/sim/actions/payOnArrival';
import { placeAt } from '../../src/sim/world/address';

/** Walk each persona to its action's place (a tile a step), then settle what waits for arrival: money changes hands there. */
function arrive(sim: Simulation, ...ps: Persona[]): void {
  for (const p of ps) {
    for (let i = 0; i < 500 && !arrived(p); i++) execute(sim, p);
    expect(arrived(p)).toBe(true);
  }
  settleArrivals(sim);
}

type Json = Record<string, any>;

/** The mini town with an economy on its café: the residents' barista job, a part-time job, and three items. */
function economyMap(): Json {
  const m = miniMap() as Json;
  const cafe = m.layers.find((l: Json) => l.name === 'sectors').objects.find((o: Json) => o.name === 'Bramble Café');
  cafe.properties.push(
    { name: 'jobs', type: 'string', value: 'barista | 40 | 3 | 09:00-15:00 | café\ndish washer | 25 | 1 | 15:00-19:00 | café' },
    { name: 'items', type: 'string', value: 'coffee | 3 | food\nbread | 4 | food\nmug | 50 | goods' },
  );
  return m;
}

/** A brain that answers the pulse with the given decisions (or throws), and everything else offline. */
function pulseBrain(answer: (input: TownPulseInput) => unknown): Brain {
  const offline = new OfflineBrain(1, miniPersonas());
  return new Proxy(offline, {
    get(target, prop, receiver) {
      if (prop === 'townPulse') return async (_ctx: unknown, input: TownPulseInput) => answer(input);
      return Reflect.get(target, prop, receiver);
    },
  }) as Brain;
}

function town(start = '2023-02-13T09:30:00', brain?: Brain): Simulation {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(economyMap()), personas, brain: brain ?? new OfflineBrain(1, personas), seed: 1, start, pulse: false });
}

/** Stand a persona awake on a tile of the street, free (no action under way). */
function awake(p: Persona, x = 12, y = 7): Persona {
  p.scratch.currTile = { x, y };
  p.scratch.actionId = 'IDLE';
  p.scratch.actDescription = 'taking it easy';
  p.scratch.chattingWith = null;
  return p;
}

const d = (agent_id: unknown, action: string, params: Record<string, unknown> = {}, reason = 'because'): PulseDecision => ({ agent_id, action, params, reason });

describe('the world snapshot (docs/economy.md#the-snapshot): facts only, the brain writes them (tests/unit/pulseSnapshot.test.ts)', () => {
  it('holds every resident with credits, check-in and holdings, the last 10 chat lines, free jobs and priced items, and the budget (25 personas)', () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T10:00:00', pulse: false });
    const nora = sim.byId.get('nora-hartwell')!;
    nora.agent.wallet = { credits: 87, checkedInDay: Math.floor(sim.now / (24 * HOUR)), jobId: sim.economy.jobOf('nora-hartwell')!.id, holdings: { bread: 2 }, lastPurchase: null };
    // Drinks held (a save from before drinks were drunk where bought) are no meals: Tom counts as holding no food.
    const tom = sim.byId.get('tom-hartwell')!;
    tom.agent.wallet = { ...tom.agent.wallet, holdings: { coffee: 2, cider: 1, book: 1 } };
    for (const p of sim.personas) if (p.id !== 'hans-becker') awake(p);
    sim.byId.get('hans-becker')!.scratch.actionId = 'SLEEP';
    for (let i = 0; i < 14; i++) sim.conversations.push({ step: i, time: sim.now - (14 - i) * 60_000, participants: ['Tom Hartwell', 'Nora Hartwell'], lines: [{ speaker: 'Tom Hartwell', text: `line ${i}` }], summary: 's' });
    const snap = buildPulseSnapshot(sim);
    const r = (id: string) => snap.residents.find((x) => x.id === id)!;
    expect(snap.residents).toHaveLength(25);
    expect(snap.residents.map((x) => x.agentId)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(r('tom-hartwell').food).toBe(0);
    expect(r('nora-hartwell')).toMatchObject({ food: 2, credits: 87, checkedInToday: true, holdings: { bread: 2 }, state: 'committed', doing: 'at work until 17:30' });
    // Today's work only (Monday: Nora's shift; Fiona's bar opens Tuesday).
    expect(r('nora-hartwell').occupation).toBe('pharmacist at Willow Grocery & Pharmacy, 09:00–17:30 today, 55 credits a shift');
    expect(r('fiona-walsh').occupation).toBe('bar owner at The Copper Kettle, not working today');
    expect(r('ana-moreno')).toMatchObject({ occupation: 'student at Hamlet College, classes 09:00–15:00 today', state: 'committed', doing: 'in class until 15:00', classes: { start: '09:00', end: '15:00' } });
    expect(r('hans-becker')).toMatchObject({ state: 'asleep', doing: 'asleep' });
    expect(snap.chat).toEqual(Array.from({ length: 10 }, (_, i) => ({ time: sim.now - (10 - i) * 60_000, speaker: 'Tom Hartwell', text: `line ${i + 4}` })));
    expect(snap.lastRound).toBeNull();
    expect(snap.jobs).toContainEqual(expect.objectContaining({ title: 'library assistant', sector: 'Hamlet College', start: '15:00', end: '19:00', wage: 25, free: 2 }));
    expect(snap.jobs.some((j) => j.title === 'pharmacist')).toBe(false); // a staff job's slots are its staff's: not offered to others
    expect(snap.items.filter((it) => it.sector === 'Crumb & Crust Bakery').map((it) => [it.name, it.price, it.food, it.drink])).toEqual([
      ['bread', 4, true, false],
      ['pastry', 3, true, false],
    ]);
    expect(snap.items.find((it) => it.name === 'cider')).toMatchObject({ drink: true, price: 4 });
    expect({ now: snap.now, minute: snap.minute, budget: snap.budget }).toEqual({ now: sim.now, minute: 600, budget: PULSE_TOKEN_BUDGET });
    expect(buildPulseSnapshot(sim, 500).budget).toBe(500);
  });

  it("holds the last round's outcomes by the residents' numbers, or why it was skipped", async () => {
    const sim = town('2023-02-13T09:30:00', pulseBrain(() => ({ decisions: [d(2, 'purchase', { item: 'bread' }, 'hungry'), d(3, 'juggle')] })));
    sim.personas.forEach((p) => awake(p));
    await runPulse(sim);
    expect(buildPulseSnapshot(sim).lastRound).toEqual({
      time: sim.now,
      skipped: null,
      outcomes: [
        { agentId: 2, name: 'Bob Test', action: 'purchase', result: 'done', note: expect.stringContaining('bread') },
        { agentId: 3, name: 'Cy Test', action: 'rest', result: 'rest', note: 'unknown action "juggle", taken as rest' },
      ],
    });
    const failing = town('2023-02-13T09:30:00', pulseBrain(() => 'not a reply'));
    await runPulse(failing);
    expect(buildPulseSnapshot(failing).lastRound).toMatchObject({ skipped: expect.stringMatching(/^the town simulator gave no usable answer/), outcomes: [] });
  });
});

describe('the town simulator reply (docs/economy.md#the-decisions)', () => {
  const persona = () => town().personas[0]!;
  const input = { now: 0, minute: 600, residents: [], jobs: [], items: [], chat: [], lastRound: null, budget: PULSE_TOKEN_BUDGET };
  const read = (json: unknown) => readReply('townPulse', json, { persona: persona(), now: 0 }, input);

  it('parses a valid reply, and a bare array; params of 0 mean none', () => {
    const one = { agent_id: 2, action: 'purchase', params: { job: 0, item_id: 1 }, reason: 'out of coffee' };
    const parsed = { agent_id: 2, action: 'purchase', params: { item_id: 1 }, reason: 'out of coffee' };
    expect(read({ decisions: [one] })).toEqual({ ok: true, value: { decisions: [parsed] } });
    expect(read([one])).toEqual({ ok: true, value: { decisions: [parsed] } });
    // An action outside the four is read as it is: executing it makes it a rest (docs/economy.md#faults), it is not refused.
    expect(read([{ ...one, action: 'dance' }])).toMatchObject({ ok: true, value: { decisions: [{ action: 'dance' }] } });
  });

  it('refuses garbage with a message for the model; the guard then skips the round, logged, and the loop goes on', async () => {
    expect(read('the residents should rest')).toMatchObject({ ok: false, error: expect.stringMatching(/JSON object/) });
    expect(read({ decisions: 'all rest' })).toMatchObject({ ok: false, error: expect.stringMatching(/decisions/) });
    const sim = town('2023-02-13T09:30:00', pulseBrain(() => '}{ not json'));
    const round = await runPulse(sim);
    expect(round.skipped).toMatch(/the town simulator gave no usable answer \(invalid answer/);
    expect(round.outcomes).toEqual([]);
    expect(sim.economy.state).toMatchObject({ rounds: 1, skippedRounds: 1, lastRound: round });
    expect(sim.brain.stats.get('townPulse')).toMatchObject({ calls: 1, fallbacks: 1 });
  });

  it('a timeout or network error skips the round; an exception anywhere too; the next hour runs as usual', async () => {
    let mode: 'network' | 'ok' = 'network';
    const sim = town('2023-02-13T09:00:00', pulseBrain(() => {
      if (mode === 'network') throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      return { decisions: [d(1, 'checkin')] };
    }));
    sim.setPulse(true);
    for (const p of sim.personas) awake(p);
    const rounds: (string | null)[] = [];
    await sim.run(2 * 360 + 30, (r) => {
      if (r.pulse) rounds.push(r.pulse.skipped);
      if (r.pulse) mode = 'ok';
    });
    expect(rounds).toHaveLength(3); // 9:00, 10:00, 11:00
    expect(rounds[0]).toMatch(/ECONNREFUSED/);
    expect(rounds[1]).toBeNull();
    // An exception outside the brain (a corrupt conversation record) skips that round only.
    (sim.conversations as unknown[]).push({ step: 0, time: 0, participants: ['x', 'y'], lines: null, summary: '' });
    sim.economy.state.lastPulseHour = null;
    const broken = await runPulse(sim);
    expect(broken.skipped).toMatch(/^error: /);
    sim.conversations.pop();
    sim.economy.state.lastPulseHour = null;
    expect((await runPulse(sim)).skipped).toBeNull();
  });

  it('runs once per game hour, 0–120 game seconds after it (seeded), and not at all when switched off', async () => {
    const jitters = Array.from({ length: 200 }, (_, h) => pulseJitterMs(7, 400_000 + h));
    expect(Math.min(...jitters)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...jitters)).toBeLessThanOrEqual(120_000);
    expect(new Set(jitters).size).toBeGreaterThan(20); // it varies
    expect(pulseJitterMs(7, 400_123)).toBe(pulseJitterMs(7, 400_123)); // and is a function of seed and hour
    const sim = town('2023-02-13T09:00:00');
    sim.setPulse(true);
    const times: number[] = [];
    await sim.run(3 * 360, (r) => r.pulse && times.push(r.time));
    expect(times).toHaveLength(3);
    times.forEach((t, i) => {
      const hour = Math.floor(t / HOUR);
      expect(hour).toBe(Math.floor(sim.clock.startMs / HOUR) + i);
      expect(t - hour * HOUR).toBeGreaterThanOrEqual(pulseJitterMs(1, hour));
      expect(t - hour * HOUR).toBeLessThan(pulseJitterMs(1, hour) + 10_000); // the first step at or after it
    });
    sim.setPulse(false); // taken in at the next step, like every input
    expect(sim.pulseOn).toBe(false);
    let more = 0;
    await sim.run(2 * 360, (r) => r.pulse && more++);
    expect(more).toBe(0);
    expect(pulseDue(sim.economy, 1, sim.now + HOUR)).toBe(false);
  });
});

describe('executing decisions (docs/economy.md#the-decisions and #fault-table)', () => {
  it('checkin: the persona goes to its workplace, is paid the wage once, fills a slot; it enters schedule and memory, and the feed', () => {
    const sim = town('2023-02-13T09:30:00');
    const ann = awake(sim.byId.get('ann-test')!);
    ann.scratch.fDailySchedule = [['sleeping', 540], ['going for a walk', 120], ['sleeping', 780]];
    const before = ann.agent.wallet.credits;
    const r = executeDecisions(sim, [d('1', 'checkin', {}, 'start of her shift')]);
    expect(r).toMatchObject({ success: 1, failed: 0, rested: 0 });
    // Decided on the street: paid only at the café.
    expect(ann.agent.wallet.credits).toBe(before);
    expect(sim.economy.drainEvents()).toEqual([]);
    arrive(sim, ann);
    expect(ann.agent.wallet.credits).toBe(before + 40);
    expect(ann.scratch.actionId).toBe('CHECK_IN');
    expect(printAddress(defined(ann.scratch.actAddress ?? undefined, 'address'))).toMatch(/^Mini:Bramble Café:café:/);
    expect(sim.economy.filledToday(sim.economy.jobOf('ann-test')!, sim.now)).toEqual(['ann-test']);
    // The check-in at 9:30, then the shift itself (paid for, so worked) to its end at 15:00.
    expect(ann.scratch.fDailySchedule).toEqual([['sleeping', 540], ['going for a walk', 30], ['checking in for work at Bramble Café', 30], ['working as a barista at Bramble Café', 300], ['sleeping', 540]]);
    expect(ann.memory.nodes.at(-1)!.description).toBe('Ann Test decided to check in for work at Bramble Café: start of her shift');
    expect(sim.economy.drainEvents()).toEqual([expect.objectContaining({ personaId: 'ann-test', action: 'checkin', what: 'checked in as barista at Bramble Café (+40 credits)', reason: 'start of her shift', source: 'pulse' })]);
    expect(ann.agent.recent.at(-1)).toMatchObject({ action: 'CHECK_IN', source: 'pulse' });
  });

  it('checkin for a part-time shift: the shift enters the schedule around the dinner and the event already planned, and is worked there', () => {
    // Bob without a job of his own (the café is not his workplace) takes the afternoon's dish washing.
    const personas = miniPersonas().map((p) => (p.id === 'bob-test' ? { ...p, occupation: null } : p));
    const sim = new Simulation({ world: loadWorld(economyMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-18T14:30:00', pulse: false });
    const bob = awake(sim.byId.get('bob-test')!);
    const picnic = { event: 'the picnic', sector: 'Little House', day: Math.floor(sim.now / DAY), start: 16 * 60, minutes: 30, host: false, source: 'Cy Test', scheduledOn: null };
    bob.commitments.push(picnic);
    const going = commitmentTask(picnic);
    bob.scratch.fDailySchedule = [['sleeping', 420], ['reading at home', 540], [going, 30], ['reading at home', 90], ['cooking and eating dinner at home (cooking dinner at the stove)', 30], ['cooking and eating dinner at home (eating dinner at the kitchen table)', 30], ['relaxing at home', 180], ['sleeping', 120]];
    const w = actionWorldOf(sim);
    const shiftTask = 'working as a dish washer at Bramble Café (washing up at the sink)';
    // Before the check-in, that task is only a walk to the café (nobody pays for it).
    expect(resolvePlannerAction(w, bob, shiftTask, parseAddress('Mini:Bramble Café:café')).action).toBe('GO_TO');
    const r = executeDecisions(sim, [d(2, 'checkin', {}, 'a few credits more')]);
    expect(r.success).toBe(1);
    arrive(sim, bob);
    expect(bob.agent.wallet.credits).toBe(125);
    expect(bob.scratch.fDailySchedule).toEqual([
      ['sleeping', 420],
      ['reading at home', 450],
      ['checking in for work at Bramble Café', 30],
      ['working as a dish washer at Bramble Café', 60],
      [going, 30],
      ['working as a dish washer at Bramble Café', 90],
      ['cooking and eating dinner at home (cooking dinner at the stove)', 30],
      ['cooking and eating dinner at home (eating dinner at the kitchen table)', 30],
      ['relaxing at home', 180],
      ['sleeping', 120],
    ]);
    // Paid for, the shift is work at the café: WORK, not a walk.
    expect(resolvePlannerAction(actionWorldOf(sim), bob, shiftTask, parseAddress('Mini:Bramble Café:café')).action).toBe('WORK');
  });

  it('checkin for a shift that overlaps one’s own work or classes that day is refused with the reason', () => {
    const personas = miniPersonas().map((p) => (p.id === 'cy-test' ? { ...p, occupation: { ...p.occupation!, end: '17:00' } } : p));
    const sim = new Simulation({ world: loadWorld(economyMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T14:30:00', pulse: false });
    const cy = awake(sim.byId.get('cy-test')!);
    const r = executeDecisions(sim, [d(3, 'checkin', { job: 'dish washer at Bramble Café' }, 'extra money')]);
    expect(r.outcomes[0]).toMatchObject({ result: 'skipped', note: 'Cy works at Bramble Café 09:00–17:00 today, which the dish washer shift (15:00–19:00) overlaps' });
    expect(cy.agent.wallet.credits).toBe(100);
  });

  it('purchase: credits go down by the price, the item is held, the shop’s sale counted; eating uses it', () => {
    const sim = town('2023-02-13T10:00:00');
    const bob = awake(sim.byId.get('bob-test')!);
    const bread = sim.economy.items.find((i) => i.name === 'bread')!;
    const r = executeDecisions(sim, [d(2, 'purchase', { item_id: bread.id }, 'out of bread')]);
    expect(r.success).toBe(1);
    expect(bob.agent.wallet.credits).toBe(100);
    arrive(sim, bob);
    expect(bob.agent.wallet.credits).toBe(96);
    expect(bob.agent.wallet.holdings).toEqual({ bread: 1 });
    expect(bob.scratch.actAddress).toEqual(parseAddress('Mini:Bramble Café:café:counter'));
    expect(sim.economy.salesToday(sim.now)).toEqual({ 'Bramble Café': 1 });
    expect(sim.economy.drainEvents()[0]).toMatchObject({ action: 'purchase', what: 'bought bread at Bramble Café (−4 credits)' });
  });

  it('chat: collected and started after the others, with the nearest free neighbour; with nobody near, that chat is skipped', () => {
    const sim = town('2023-02-13T10:00:00');
    const [ann, bob, cy] = sim.personas.map((p) => awake(p));
    bob!.scratch.currTile = { x: 13, y: 7 };
    cy!.scratch.currTile = { x: 0, y: 0 };
    cy!.scratch.actionId = 'SLEEP'; // asleep: not a partner
    const r = executeDecisions(sim, [d(1, 'chat', {}, 'feels like a chat'), d(2, 'rest')]);
    expect(r).toMatchObject({ success: 1, rested: 1 });
    expect(ann!.scratch.actionId).toBe('CHAT');
    expect(ann!.scratch.actAddress).toEqual(parseAddress('<persona> Bob Test'));
    const alone = town('2023-02-13T10:00:00');
    const [a2, b2, c2] = alone.personas.map((p) => awake(p));
    b2!.scratch.currTile = { x: 1, y: 11 + 0 };
    b2!.scratch.currTile = { x: 23, y: 0 };
    c2!.scratch.currTile = { x: 23, y: 11 };
    a2!.scratch.currTile = { x: 0, y: 0 };
    const skipped = executeDecisions(alone, [d(1, 'chat')]);
    expect(skipped.outcomes[0]).toMatchObject({ result: 'skipped', note: 'nobody awake within 10 tiles to chat with' });
    expect(a2!.scratch.actionId).toBe('IDLE');
  });

  it('rest: nothing happens, counted as rest; an unknown action is a rest too', () => {
    const sim = town();
    sim.personas.forEach((p) => awake(p));
    const r = executeDecisions(sim, [d(1, 'rest'), d(2, 'dance on the tables')]);
    expect(r).toMatchObject({ success: 0, failed: 0, rested: 2 });
    expect(r.outcomes[1]).toMatchObject({ action: 'rest', note: 'unknown action "dance on the tables", taken as rest' });
    expect(sim.personas.map((p) => p.scratch.actionId)).toEqual(['IDLE', 'IDLE', 'IDLE']);
  });

  it('failure isolation: an unknown resident, a second check-in, too little money, an unknown item and a broken decision are each skipped with a reason, and the others still run', () => {
    const sim = town('2023-02-13T09:30:00');
    const [ann, , cy] = sim.personas.map((p) => awake(p));
    ann!.agent.wallet.checkedInDay = Math.floor(sim.now / (24 * HOUR)); // already checked in
    const evil = { get agent_id(): unknown { throw new Error('boom'); }, action: 'checkin', params: {}, reason: '' } as PulseDecision;
    const r = executeDecisions(sim, [
      d(9, 'checkin'),
      d('Zed Nobody', 'purchase', { item_id: 1 }),
      evil,
      d(1, 'checkin'),
      d('cy-test', 'checkin', {}, 'after the others'),
      d(2, 'purchase', { item_id: 99 }),
      d(3, 'purchase', { item_id: 1 }),
    ]);
    expect(r.outcomes.map((o) => [o.result, o.note])).toEqual([
      ['skipped', 'no resident 9'],
      ['skipped', 'no resident "Zed Nobody"'],
      ['skipped', 'error: boom'],
      ['skipped', 'CHECK_IN: Ann has already checked in today'],
      ['done', 'checked in as barista at Bramble Café (+40 credits)'],
      ['skipped', 'no item 99'],
      ['skipped', 'a second decision for the same resident'],
    ]);
    expect(r).toMatchObject({ success: 1, failed: 6 });
    arrive(sim, cy!);
    expect(cy!.agent.wallet.credits).toBe(140);
    // Too little money: that purchase is skipped, the next one runs.
    const money = executeDecisions(town('2023-02-13T10:00:00'), []);
    expect(money.outcomes).toEqual([]);
    const sim2 = town('2023-02-13T10:00:00');
    const [a2, b2] = sim2.personas.map((p) => awake(p));
    b2!.agent.wallet.credits = 2;
    const r2 = executeDecisions(sim2, [d(2, 'purchase', { item_id: 1 }), d(1, 'purchase', { item_id: 2 })]);
    expect(r2.outcomes.map((o) => [o.result, o.note])).toEqual([
      ['skipped', 'BUY: Bob has 2 credits and the coffee costs 3: not enough money'],
      ['done', 'bought bread at Bramble Café (−4 credits)'],
    ]);
    arrive(sim2, a2!);
    expect([a2!.agent.wallet.credits, b2!.agent.wallet.credits]).toEqual([96, 2]);
  });

  it('a persona asleep, in a conversation or due elsewhere is not sent shopping: refused with the reason, logged', () => {
    const sim = town('2023-02-13T10:00:00');
    const [ann, bob, cy] = sim.personas.map((p) => awake(p));
    ann!.scratch.actionId = 'SLEEP';
    bob!.scratch.chattingWith = 'Cy Test';
    cy!.commitments.push({ event: 'the picnic', sector: 'Little House', day: Math.floor(sim.now / (24 * HOUR)), start: 10 * 60, minutes: 60, host: true, source: 'test', text: 'picnic' } as never);
    const r = executeDecisions(sim, [d(1, 'purchase', { item_id: 1 }), d(2, 'purchase', { item_id: 1 }), d(3, 'purchase', { item_id: 1 })]);
    expect(r.outcomes.map((o) => o.note)).toEqual(['Ann is asleep', 'Bob is in a conversation with Cy Test', 'Cy is committed elsewhere (the picnic at Little House)']);
    expect(sim.personas.every((p) => p.agent.wallet.credits === 100)).toBe(true);
    expect(sim.economy.state.events).toEqual([]);
  });

  it('a generative plan that says "buying bread" is the same BUY the pulse makes', () => {
    const a = town('2023-02-13T10:00:00');
    const b = town('2023-02-13T10:00:00');
    const planned = awake(a.byId.get('bob-test')!);
    const pulsed = awake(b.byId.get('bob-test')!);
    const resolved = resolvePlannerAction(actionWorldOf(a), planned, 'buying bread for the week (paying at the counter)', parseAddress('Mini:Bramble Café:café:counter'));
    expect(resolved).toMatchObject({ action: 'BUY', target: 'Bramble Café:bread' });
    const bread = b.economy.items.find((i) => i.name === 'bread')!;
    executeDecisions(b, [d(2, 'purchase', { item_id: bread.id })]);
    expect(pulsed.scratch.actionTarget).toBe(resolved.target);
    // Executed the generative way (checkNewActions), the plan pays and holds the same.
    planned.scratch.actAddress = parseAddress('Mini:Bramble Café:café:counter');
    planned.scratch.actDescription = 'buying bread for the week (paying at the counter)';
    planned.scratch.actStartTime = a.now;
    planned.scratch.actionAt = null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return import('../../src/sim/actions/generative').then(({ checkNewActions }) => {
      checkNewActions(a, [planned]);
      expect(planned.scratch.actionId).toBe('BUY');
      arrive(a, planned);
      arrive(b, pulsed);
      expect(planned.agent.wallet).toEqual(pulsed.agent.wallet);
      expect(planned.agent.wallet.holdings).toEqual({ bread: 1 });
    });
  });
});

describe('one purchase, whoever decides it', () => {
  /** The generative way: the planner's action as the persona's current action, checked as a new action. */
  async function planBuys(sim: Simulation, p: Persona, description: string, address: string): Promise<void> {
    const { checkNewActions } = await import('../../src/sim/actions/generative');
    p.scratch.actAddress = parseAddress(address);
    p.scratch.actDescription = description;
    p.scratch.actStartTime = sim.now;
    p.scratch.actionAt = null;
    checkNewActions(sim, [p]);
  }

  it('the pulse buys bread, a chat interrupts, then the plan says "buying bread": one purchase, not two; an hour later it is a new one', async () => {
    const sim = town('2023-02-13T10:00:00');
    const bob = awake(sim.byId.get('bob-test')!, 2, 7);
    const bread = sim.economy.items.find((i) => i.name === 'bread')!;
    executeDecisions(sim, [d(2, 'purchase', { item_id: bread.id }, 'out of bread')]);
    arrive(sim, bob);
    expect(bob.agent.wallet).toMatchObject({ credits: 96, holdings: { bread: 1 } });
    // A neighbour stops Bob for a word after he has paid; then his plan goes on.
    bob.scratch.actionId = 'CHAT';
    await planBuys(sim, bob, 'buying bread for the week (paying at the counter)', 'Mini:Bramble Café:café:counter');
    expect(bob.scratch.actionId).toBe('BUY');
    arrive(sim, bob);
    expect(bob.agent.wallet).toMatchObject({ credits: 96, holdings: { bread: 1 } });
    // The planner's next subtask at the same till is the same purchase too.
    await planBuys(sim, bob, 'buying bread for the week (chatting with the barista)', 'Mini:Bramble Café:café:counter');
    arrive(sim, bob);
    expect(bob.agent.wallet.credits).toBe(96);
    expect(sim.economy.salesToday(sim.now)).toEqual({ 'Bramble Café': 1 });
    expect(sim.economy.drainEvents().filter((e) => e.action === 'purchase')).toHaveLength(1);
    // More than an hour after it, buying there again is a new purchase.
    bob.agent.wallet.lastPurchase = { sector: 'Bramble Café', at: sim.now - 61 * 60_000 };
    await planBuys(sim, bob, 'buying bread for the week (paying at the counter)', 'Mini:Bramble Café:café:counter');
    arrive(sim, bob);
    expect(bob.agent.wallet).toMatchObject({ credits: 92, holdings: { bread: 2 } });
    expect(sim.economy.salesToday(sim.now)).toEqual({ 'Bramble Café': 2 });
  });

  it('a day of the offline town has no purchase at the same shop by the same persona within the hour, and every wage and price is paid where the payer stands (seed 7)', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(7, personas), seed: 7, start: '2023-02-13T07:00:00' });
    const last = new Map<string, { sector: string; time: number; what: string }>();
    const repeats: string[] = [];
    const elsewhere: string[] = [];
    let purchases = 0;
    let checkins = 0;
    for (let i = 0; i < 14 * 360; i++) {
      const r = await sim.tick();
      for (const e of r.economyEvents.filter((x) => x.action === 'purchase' || x.action === 'checkin')) {
        // The sector named in the line ("bought apples at Willow Grocery & Pharmacy (−3 credits)", "checked in as … at Town Hall (+45 credits)").
        const place = / at ([^(]+) \([−+]\d+ credits\)$/.exec(e.what)![1]!.trim();
        const frame = r.personas.find((f) => f.id === e.personaId)!;
        const standsIn = placeAt(sim.world, frame.tile.x, frame.tile.y).sector ?? 'the street';
        if (standsIn !== place) elsewhere.push(`${e.name} in ${standsIn}: ${e.what}`);
        if (e.action === 'checkin') checkins++;
      }
      for (const e of r.economyEvents.filter((x) => x.action === 'purchase')) {
        purchases++;
        const sector = / at (.+) \(−\d+ credits\)$/.exec(e.what)![1]!;
        const prev = last.get(e.personaId);
        if (prev && prev.sector === sector && e.time - prev.time < HOUR) repeats.push(`${e.name}: ${prev.what} then ${e.what} ${(e.time - prev.time) / 60_000} min later`);
        last.set(e.personaId, { sector, time: e.time, what: e.what });
      }
    }
    expect(purchases).toBeGreaterThan(25);
    expect(checkins).toBeGreaterThan(10);
    expect(repeats).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 120_000);
});

describe('the offline town simulator', () => {
  it('works in work hours, buys food when it has none and can pay, rests at night', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T08:00:00', pulse: false });
    sim.personas.forEach((p) => awake(p, 60, 50));
    const morning = buildPulseSnapshot(sim);
    const decide = (input: TownPulseInput) => sim.brain.townPulse({ persona: sim.personas[0]!, now: sim.now }, input);
    const m = await decide(morning);
    const of = (reply: TownPulseReply, id: string) => reply.decisions[sim.personas.findIndex((p) => p.id === id)]!;
    expect(of(m, 'ada-quinn')).toMatchObject({ action: 'checkin' }); // her shop opens at 8
    expect(of(m, 'elena-petrova')).toMatchObject({ action: 'checkin' }); // 08:00–16:00
    const hungry = { ...morning, residents: morning.residents.map((r) => (r.id === 'ravi-kumar' ? { ...r, food: 0, holdings: {}, credits: 60 } : r)) };
    const seen = new Set<string>();
    for (let k = 0; k < 6; k++) seen.add((await sim.brain.townPulse({ persona: sim.personas[0]!, now: sim.now + k * 1000 }, hungry)).decisions.find((x) => x.agent_id === hungry.residents.find((r) => r.id === 'ravi-kumar')!.agentId)!.action);
    expect(seen.has('purchase')).toBe(true);
    const broke = { ...morning, residents: morning.residents.map((r) => ({ ...r, food: 0, holdings: {}, credits: 2 })) };
    expect((await decide(broke)).decisions.filter((x) => x.action === 'purchase')).toEqual([]); // nobody buys what they cannot pay for
    const night = { ...morning, minute: 23 * 60 };
    expect((await decide(night)).decisions.every((x) => x.action === 'rest')).toBe(true);
  });

  it('three rounds give different decisions for personas of different personalities', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T10:00:00', pulse: false });
    const rows = new Map<string, string[]>();
    for (let round = 0; round < 3; round++) {
      sim.personas.forEach((p) => awake(p, 60, 50));
      const input = buildPulseSnapshot(sim);
      const reply = await sim.brain.townPulse({ persona: sim.personas[0]!, now: sim.now + round * HOUR }, { ...input, minute: input.minute + round * 60 });
      reply.decisions.forEach((x, i) => rows.set(personas[i]!.id, [...(rows.get(personas[i]!.id) ?? []), x.action]));
    }
    const patterns = new Set([...rows.values()].map((r) => r.join(',')));
    console.log('three offline rounds (10:00–12:00):', Object.fromEntries([...rows].map(([id, r]) => [id, r.join(' ')])));
    expect(patterns.size).toBeGreaterThanOrEqual(4);
    // The sociable chat more than the reserved.
    const chats = (re: RegExp) => personas.filter((p) => re.test(p.innate)).flatMap((p) => rows.get(p.id)!).filter((a) => a === 'chat').length;
    expect(chats(/sociable|talkative|bubbly|charming|cheerful/)).toBeGreaterThan(chats(/^(?!.*(sociable|talkative|bubbly|charming|cheerful|friendly|affable|easy-going|funny|outgoing|warm|enterprising)).*$/) / 3);
  });
});

describe('the pulse on a model (fake OpenAI-compatible server, real openai client)', () => {
  let fake: FakeLlm;
  let reply = '';
  beforeAll(async () => {
    fake = await startFakeLlm((_body, task) => (task === 'town_pulse' ? { kind: 'content', content: reply } : { kind: 'content', content: '{}' }));
  });
  afterAll(async () => {
    await fake.close();
  });

  function modelTown(): Simulation {
    const personas = miniPersonas();
    const offline = new OfflineBrain(1, personas);
    const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake-model', apiKey: 'sk-fake', timeoutMs: 5_000 });
    // The offline brain stands by for every other call; the pulse's contract keeps it out of a failed round.
    const brain = new GuardedBrain(new LlmBrain(client, loadPromptsNode(), { offline }));
    return new Simulation({ world: loadWorld(economyMap()), personas, brain, seed: 1, start: '2023-02-13T10:00:00', pulse: false, stepMode: 'lockstep' });
  }

  it('sends the snapshot in the prompt, reads the decisions and carries them out', async () => {
    const sim = modelTown();
    sim.personas.forEach((p) => awake(p));
    const bread = sim.economy.items.find((i) => i.name === 'bread')!;
    reply = JSON.stringify({
      decisions: [
        { agent_id: 1, action: 'checkin', params: { job: 0, item_id: 0 }, reason: 'her shift' },
        { agent_id: 2, action: 'purchase', params: { job: 0, item_id: bread.id }, reason: 'out of bread' },
        { agent_id: 3, action: 'juggle', params: { job: 0, item_id: 0 }, reason: 'why not' },
      ],
    });
    const round = await runPulse(sim);
    expect(round.skipped).toBeNull();
    expect(round.outcomes.map((o) => [o.name, o.action, o.result])).toEqual([
      ['Ann Test', 'checkin', 'done'],
      ['Bob Test', 'purchase', 'done'],
      ['Cy Test', 'rest', 'rest'],
    ]);
    arrive(sim, sim.byId.get('bob-test')!);
    expect(sim.byId.get('bob-test')!.agent.wallet.holdings).toEqual({ bread: 1 });
    const asked = fake.requests.find((r) => r.messages.some((m) => m.content.includes('Task: town_pulse')))!;
    const user = asked.messages.map((m) => m.content).join('\n');
    expect(user).toContain('#2 Bob Test (kind, curious, calm): barista at Bramble Café');
    expect(user).toMatch(/- Bramble Café: .*\d+ bread \(4, food\)/);
    expect(user).toContain('- job 2: dish washer at Bramble Café, 15:00–19:00, 25 credits, 1 free');
    expect(asked.response_format?.type).toBeDefined();
  }, 60_000);

  it("sends the last round and the latest chat, the oldest lines left out to stay within the budget, and records the size", async () => {
    const sim = modelTown();
    sim.personas.forEach((p) => awake(p));
    reply = JSON.stringify({ decisions: [{ agent_id: 1, action: 'checkin', params: { job: 0, item_id: 0 }, reason: 'her shift' }] });
    await runPulse(sim);
    // Twelve long lines (about 2,250 tokens each): the last 10 are the snapshot's, more than its 20,000 tokens.
    for (let i = 0; i < 12; i++) sim.conversations.push({ step: i, time: sim.now - (12 - i) * 60_000, participants: ['Ann Test', 'Bob Test'], lines: [{ speaker: `Speaker ${i}`, text: `said ${i}: ${'word '.repeat(1800)}` }], summary: 's' });
    const facts = buildPulseSnapshot(sim);
    const before = fake.requests.length;
    const round = await runPulse(sim);
    const asked = fake.requests.slice(before).find((r) => r.messages.some((m) => m.content.includes('Task: town_pulse')))!;
    const user = asked.messages.map((m) => m.content).join('\n');
    const left = Number(/\((\d+) older chat lines left out to stay within 20000 tokens\)/.exec(user)?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(round.trimmed).toBe(`${left} oldest chat line(s) left out`);
    // The newest lines stay, with their time and speaker; the oldest of the ten went first.
    expect(user).toMatch(/\n\d\d:\d\d Speaker 11: said 11: word /);
    expect(user).not.toContain(`Speaker ${2 + left - 1}:`);
    expect(user).toContain(`Speaker ${2 + left}: said`);
    expect(user).toContain('== Last round ==\n#1 Ann Test: checkin — done');
    expect(round.tokens).toBeGreaterThan(15_000);
    expect(round.tokens).toBeLessThanOrEqual(20_000);
    // An offline run records the size of what a model would have been sent.
    expect(new OfflineBrain(1, miniPersonas()).measurePulse(facts)).toEqual({ tokens: round.tokens, trimmed: round.trimmed });
  }, 60_000);

  it('a reply that is no JSON, three times: the round is skipped with the reason; the offline brain does not stand in', async () => {
    const sim = modelTown();
    sim.personas.forEach((p) => awake(p));
    reply = 'Everyone should go to the café!';
    const before = fake.requests.length;
    const round = await runPulse(sim);
    expect(fake.requests.length - before).toBe(3); // asked, then 2 retries with the error
    expect(round.skipped).toMatch(/^the town simulator gave no usable answer \(.*not valid JSON/);
    expect(round.outcomes).toEqual([]);
    expect(sim.personas.every((p) => p.scratch.actionId === 'IDLE')).toBe(true);
    expect(sim.economy.state.skippedRounds).toBe(1);
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation, type StepMode } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { Recorder } from '../../src/replay/recorder';
import { encodeReplay } from '../../src/replay/codec';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { remoteBrain, type RemoteBrain } from '../support/remoteBrain';
import { mapAddressOf, printAddress } from '../../src/sim/world/actionAddress';

/**
 * Point 1 of issue 15: the simulation step never waits on a remote brain. A persona whose answer is
 * pending keeps doing what it was doing; the answer takes effect at the first step after it
 * arrives; lock-step waits for every call; with the offline brain both modes are the same run.
 */

const macrotask = () => new Promise((r) => setTimeout(r, 1));

function town(brain: (offline: OfflineBrain) => OfflineBrain | RemoteBrain, stepMode: StepMode = 'async', start = '2023-02-13T07:00:00') {
  const personas = miniPersonas();
  const b = brain(new OfflineBrain(1, personas));
  const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: b, seed: 1, start, stepMode });
  return { sim, brain: b };
}

describe('asynchronous steps on a remote brain', () => {
  it('runs steps while every answer is still pending: personas stay put and think', async () => {
    const { sim, brain } = town((o) => remoteBrain(o));
    const tiles = sim.personas.map((p) => ({ ...p.scratch.currTile }));
    for (let i = 0; i < 12; i++) {
      const r = await sim.tick();
      expect(r.personas.every((f) => !f.moved)).toBe(true);
    }
    expect(sim.step).toBe(12);
    expect((brain as RemoteBrain).held).toBeGreaterThan(0);
    // Each persona asked once (its wake-up hour) and waits for it: no second call piles up behind it.
    const asked = (brain as RemoteBrain).asked;
    expect(asked.filter((c) => c === 'wakeUpHour')).toHaveLength(sim.personas.length);
    expect(asked.filter((c) => c !== 'wakeUpHour' && c !== 'embed' && c !== 'townPulse')).toEqual([]);
    // The town's hourly pulse (docs/economy.md#the-hourly-round) asked once, and waits too: no second round piles up behind it.
    expect(asked.filter((c) => c === 'townPulse').length).toBeLessThanOrEqual(1);
    expect(sim.personas.every((p) => sim.thinking.has(p))).toBe(true);
    expect(sim.personas.map((p) => p.scratch.currTile)).toEqual(tiles);
  });

  it('an answer takes effect at the first step after it arrives, and the step says so', async () => {
    const { sim, brain } = town((o) => remoteBrain(o));
    const before = sim.personas.map((p) => p.scratch.wakeUpHour);
    await sim.tick();
    await sim.tick();
    (brain as RemoteBrain).release();
    await macrotask();
    // Arrived, but not yet in effect: between steps the town does not change.
    expect(sim.personas.map((p) => p.scratch.wakeUpHour)).toEqual(before);
    const arrived = (brain as RemoteBrain).asked.length;
    expect(sim.gate.waiting).toBe(arrived);
    const r = await sim.tick();
    expect(r.answers).toHaveLength(arrived);
    expect(r.answers?.filter((a) => a.call === 'wakeUpHour').map((a) => a.persona)).toEqual(sim.personas.map((p) => p.id));
    expect(r.answers?.every((a) => a.asked === 0)).toBe(true);
    expect(r.step).toBe(2);
    const wake = sim.personas.map((p) => p.scratch.wakeUpHour);
    const offline = new OfflineBrain(1, miniPersonas());
    const expected = await Promise.all(sim.personas.map((p) => offline.wakeUpHour({ persona: p, now: sim.clock.startMs })));
    expect(wake).toEqual(expected);
    // Their thinking went on to the next call (the daily plan), which waits again.
    expect((brain as RemoteBrain).asked.slice(arrived).filter((c) => c === 'dailyPlan')).toHaveLength(sim.personas.length);
  });

  it('a town on a fast remote brain lives its morning like the offline town', async () => {
    const { sim } = town((o) => remoteBrain(o, { auto: true }), 'async', '2023-02-13T06:00:00');
    let late = 0;
    let moved = 0;
    for (let i = 0; i < 3 * 360; i++) {
      const r = await sim.tick();
      late += r.answers?.length ?? 0;
      moved += r.personas.filter((f) => f.moved).length;
      await macrotask();
    }
    expect(late).toBeGreaterThan(100);
    expect(moved).toBeGreaterThan(0);
    for (const p of sim.personas) {
      expect(p.scratch.fDailySchedule.length).toBeGreaterThan(0);
      expect(p.scratch.actDescription ?? '').not.toMatch(/sleeping/);
    }
  });

  it('lock-step waits for every call before the step ends', async () => {
    const { sim, brain } = town((o) => remoteBrain(o), 'lockstep');
    let done = false;
    const step = sim.tick().then((r) => {
      done = true;
      return r;
    });
    await macrotask();
    expect(done).toBe(false);
    let rounds = 0;
    while (!done) {
      (brain as RemoteBrain).release();
      await macrotask();
      rounds++;
    }
    const r = await step;
    expect(rounds).toBeGreaterThan(5);
    expect(r.answers).toBeUndefined();
    // The whole morning was planned inside that one step.
    for (const p of sim.personas) expect(p.scratch.fDailySchedule.length).toBeGreaterThan(0);
  });
});

describe('the quick start of a packed day on a remote brain', () => {
  function packedTown(stepMode: StepMode) {
    const personas = miniPersonas();
    const offline = new OfflineBrain(1, personas);
    const brain = remoteBrain(offline);
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain, seed: 1, start: '2023-02-13T07:00:00', stepMode, callPlan: 'packed' });
    /** Let every answer asked so far arrive, then step. */
    const answerAndStep = async () => {
      brain.release();
      await macrotask();
      return sim.tick();
    };
    return { sim, brain, offline, answerAndStep };
  }

  it('asks the wake-up hour and what to do now first; the persona acts on a provisional day, then its whole plan comes with that wake-up hour', async () => {
    const { sim, brain, offline, answerAndStep } = packedTown('async');
    await sim.tick();
    // The first call of each persona's day is the short one; no day plan yet.
    expect(brain.asked.filter((c) => c === 'startDay')).toHaveLength(sim.personas.length);
    expect(brain.asked).not.toContain('planDay');
    await answerAndStep();
    const ann = sim.personas[0]!;
    const start = await offline.startDay({ persona: ann, now: sim.clock.startMs });
    expect(ann.scratch.planPending).toBe('First day');
    expect(ann.scratch.wakeUpHour).toBe(start.wakeUpHour);
    // Sleeping before the wake-up hour, then the activity in hour-long blocks, not decomposed.
    expect(ann.scratch.fDailySchedule[0]).toEqual(['sleeping', start.wakeUpHour * 60]);
    expect(ann.scratch.fDailySchedule.slice(1).every(([t, m]) => t === start.activity && m === 60)).toBe(true);
    // Its new action's details were asked at once, before any day plan.
    expect(brain.asked.filter((c) => c !== 'embed' && c !== 'townPulse').slice(sim.personas.length, 2 * sim.personas.length)).toEqual(sim.personas.map(() => 'actionDetails'));
    expect(brain.asked).not.toContain('planDay');
    const saved = JSON.stringify(sim.snapshot());
    expect(saved).toContain('"planPending":"First day"');
    await answerAndStep();
    // Up and acting (the start's activity, or the scene's default where the registry refuses it), and its whole plan is asked now.
    expect(ann.scratch.actDescription).toBeTruthy();
    expect(ann.scratch.actDescription).not.toMatch(/sleep/);
    await answerAndStep();
    expect(brain.asked.filter((c) => c === 'planDay')).toHaveLength(sim.personas.length);
    await answerAndStep();
    expect(ann.scratch.planPending).toBeNull();
    expect(ann.scratch.wakeUpHour).toBe(start.wakeUpHour);
    expect(ann.scratch.fDailyScheduleHourlyOrg.reduce((a, [, m]) => a + m, 0)).toBe(1440);
    expect(ann.memory.nodes.some((n) => n.predicate === 'plan')).toBe(true);
    // A provisional day no longer: the snapshot is written as before (no planPending).
    expect(JSON.stringify(sim.snapshot())).not.toContain('planPending');
    // The whole plan is the day the brain plans for its wake-up hour: the hour now is the same activity.
    const day = await offline.planDay({ persona: ann, now: sim.clock.startMs }, 0);
    expect(ann.scratch.fDailyScheduleHourlyOrg.map(([t]) => t)).toContain(day.hourly[7]);
  });

  it("sets off for the place the day's start named before its action's details come; the details refine the action under way", async () => {
    const personas = miniPersonas();
    const offline = new OfflineBrain(1, personas);
    const brain = remoteBrain(offline);
    // 9:00 on a Monday: the baristas' shift at Bramble Café begins.
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain, seed: 1, start: '2023-02-13T09:00:00', stepMode: 'async', callPlan: 'packed' });
    const bob = sim.personas.find((p) => p.spec.occupation)!;
    const start = await offline.startDay({ persona: bob, now: sim.clock.startMs });
    expect(start.place).toBe('Bramble Café');
    await sim.tick();
    brain.release();
    await macrotask();
    const at = sim.now;
    await sim.tick();
    // The start's answer took effect: Bob is on his way to the café, his action's details asked and not yet answered.
    expect(bob.scratch.actDescription).toBe(start.activity);
    expect(bob.scratch.actStartTime).toBe(at);
    expect(printAddress(bob.scratch.actAddress!)).toBe('Mini:Bramble Café');
    expect(brain.held).toBeGreaterThan(0);
    expect(sim.thinking.has(bob)).toBe(true);
    const from = { ...bob.tile };
    for (let i = 0; i < 3; i++) await sim.tick();
    expect(bob.tile).not.toEqual(from);
    // The details come: the same action (started when it did) at the part and object they name, with their emoji.
    const details = bob.detailsCache[start.activity];
    expect(details).toBeUndefined();
    brain.release();
    await macrotask();
    await sim.tick();
    const d = bob.detailsCache[start.activity]!.details;
    expect(d.sector).toBe('Bramble Café');
    expect(bob.scratch.actStartTime).toBe(at);
    expect(bob.scratch.actDescription).toBe(start.activity);
    expect(mapAddressOf(bob.scratch.actAddress!)?.arena).toBe(d.arena);
    expect(bob.scratch.actPronunciatio).toBe(d.emoji);
  });

  it("when the details put the action in another area than the day's start named, the persona turns there", async () => {
    const personas = miniPersonas();
    const offline = new OfflineBrain(1, personas);
    // A start that names home for the shift; the details (the offline brain's) put it at the café.
    const inner = new Proxy(offline, {
      get(target, key, receiver) {
        if (key === 'startDay') return async (ctx: Parameters<OfflineBrain['startDay']>[0]) => ({ ...(await target.startDay(ctx)), place: ctx.persona.spec.household });
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const brain = remoteBrain(inner);
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain, seed: 1, start: '2023-02-13T09:00:00', stepMode: 'async', callPlan: 'packed' });
    const bob = sim.personas.find((p) => p.spec.occupation)!;
    await sim.tick();
    brain.release();
    await macrotask();
    await sim.tick();
    expect(printAddress(bob.scratch.actAddress!)).toBe(`Mini:${bob.spec.household}`);
    brain.release();
    await macrotask();
    const turned = sim.now;
    await sim.tick();
    expect(mapAddressOf(bob.scratch.actAddress!)?.sector).toBe('Bramble Café');
    expect(bob.scratch.actStartTime).toBe(turned);
  });

  it('lock-step on the same brain plans the day as before (one plan_day, no start_day)', async () => {
    const { sim, brain } = packedTown('lockstep');
    const step = sim.tick();
    while (brain.held > 0 || !(await Promise.race([step.then(() => true), macrotask().then(() => false)]))) {
      brain.release();
      await macrotask();
    }
    await step;
    expect(brain.asked).not.toContain('startDay');
    expect(brain.asked.filter((c) => c === 'planDay').length).toBeGreaterThanOrEqual(sim.personas.length);
    for (const p of sim.personas) expect(p.scratch.planPending).toBeNull();
  });
});

describe('the offline brain', () => {
  it('gives the same replay, byte for byte, in the asynchronous and the lock-step mode', async () => {
    const bytes = async (mode: StepMode) => {
      const { sim } = town((o) => o, mode, '2023-02-13T05:00:00');
      const rec = new Recorder(sim, { title: 'same' });
      for (let i = 0; i < 4 * 360; i++) rec.record(await sim.tick());
      return Buffer.from(await encodeReplay(rec.toReplay()));
    };
    const a = await bytes('async');
    const b = await bytes('lockstep');
    expect(a.equals(b)).toBe(true);
  });
});

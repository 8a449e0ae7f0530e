import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { isValidActionAddress } from '../../src/sim/world/address';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { LlmBrain } from '../../src/llm/llmBrain';
import { LlmClient } from '../../src/llm/client';
import { DEFAULT_CONFIG } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import type { CallPlan } from '../../src/sim/brain/callPlan';
import { CHAT_BUFFER_STEPS } from '../../src/sim/cognition/react';
import { scheduleMinutes } from '../../src/sim/persona/schedule';
import { registryModes } from '../../src/sim/persona/agentState';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { talkativeModel } from '../support/talkativeModel';
import { parseAddress } from '../../src/sim/world/actionAddress';

/**
 * A day of a mixed town (two generative personas, one on the registry brain) on each call plan, on
 * the talkative fake model through the real client: the day-level rules of docs/plan-module.md hold on
 * both, the packed plan asks far fewer calls, and the town does the same things.
 */

const templates = loadPromptsNode();
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm(talkativeModel());
});
afterAll(async () => {
  await fake.close();
});

interface DayRun {
  sim: Simulation;
  llm: LlmBrain;
  calls: Map<string, number>;
  /** Per persona, the subtasks in its schedule at 23:00 and at the end of the day. */
  subtasksAt23: Map<string, number>;
  activities: Map<string, Set<string>>;
}

async function day(plan: CallPlan): Promise<DayRun> {
  const personas = miniPersonas();
  const llm = new LlmBrain(new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake-model', apiKey: 'sk-fake', tokenBudgetPerDay: 0 }), templates, { offline: new OfflineBrain(1, personas) });
  const calls = new Map<string, number>();
  llm.log.listeners.add((r) => calls.set(r.module, (calls.get(r.module) ?? 0) + 1));
  const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: llm, seed: 1, start: '2023-02-13T00:00:00', callPlan: plan, brainModes: registryModes(personas.map((p) => p.id), 1), stepMode: 'lockstep' });
  const subtasksAt23 = new Map<string, number>();
  const activities = new Map(sim.personas.map((p) => [p.id, new Set<string>()]));
  await sim.run(sim.clock.stepsPerDay, (r) => {
    for (const f of r.personas) {
      expect(isValidActionAddress(sim.world, parseAddress(f.address)), `${f.id} at step ${r.step}: ${f.address}`).toBe(true);
      if (f.description && !f.chattingWith) activities.get(f.id)!.add(f.description.replace(/\s*\([^()]*\)$/, ''));
    }
    if (r.step === 23 * 360) for (const p of sim.personas) subtasksAt23.set(p.id, p.scratch.fDailySchedule.filter(([a]) => /\)$/.test(a)).length);
  });
  return { sim, llm, calls, subtasksAt23, activities };
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('a day of a mixed town on each call plan (talkative fake model)', () => {
  const runs = new Map<CallPlan, DayRun>();
  beforeAll(async () => {
    for (const plan of ['faithful', 'packed'] as const) runs.set(plan, await day(plan));
  }, 240_000);

  for (const plan of ['faithful', 'packed'] as const) {
    it(`${plan}: the seed rules hold over the whole day, with no fallback`, () => {
      const { sim, subtasksAt23 } = runs.get(plan)!;
      expect(sim.brain.fallbackTotal).toBe(0);
      const generative = sim.personas.filter((p) => p.agent.mode === 'generative');
      expect(generative).toHaveLength(2);
      for (const p of generative) {
        // The day sums to 1440 minutes; the hourly version has ≥ 5 distinct activities; sleeping before waking.
        expect(scheduleMinutes(p.scratch.fDailySchedule)).toBe(1440);
        expect(scheduleMinutes(p.scratch.fDailyScheduleHourlyOrg)).toBe(1440);
        expect(new Set(p.scratch.fDailyScheduleHourlyOrg.map(([a]) => a)).size).toBeGreaterThanOrEqual(5);
        expect(p.scratch.fDailyScheduleHourlyOrg[0]![0]).toBe('sleeping');
        expect(p.scratch.fDailyScheduleHourlyOrg[0]![1]).toBe(p.scratch.wakeUpHour * 60);
        // No decomposition at or after 23:00.
        expect(p.scratch.fDailySchedule.filter(([a]) => /\)$/.test(a)).length).toBe(subtasksAt23.get(p.id));
        // The day's plan is a thought: 30 days, poignancy 5, keyword "plan".
        const plans = p.memory.nodes.filter((n) => n.type === 'thought' && n.keywords.includes('plan') && n.description.startsWith(`This is ${p.name}'s plan for`));
        expect(plans).toHaveLength(1);
        expect(plans[0]!.poignancy).toBe(5);
      }
      // No pair talks again while its buffer is positive; nobody talks at 23:00.
      const last = new Map<string, number>();
      for (const c of sim.conversations) {
        const pair = [...c.participants].sort().join('&');
        if (last.has(pair)) expect(c.step - last.get(pair)!).toBeGreaterThan(CHAT_BUFFER_STEPS);
        last.set(pair, c.step);
        expect(new Date(c.time).getUTCHours()).not.toBe(23);
      }
      // The registry persona decides by the registry under either plan.
      const registry = sim.personas.find((p) => p.agent.mode === 'registry')!;
      expect(registry.agent.stats.decisions).toBeGreaterThan(5);
    });
  }

  it('packed asks a fraction of faithful’s calls, the same kinds of decisions, and the town does the same things', () => {
    const f = runs.get('faithful')!;
    const p = runs.get('packed')!;
    // The one-question calls are gone from packed, except those it keeps (task_decomp when no subtasks came with the plan, decide_to_react, focal points).
    // replan_stretches too: the model re-plans both sides with each conversation.
    for (const gone of ['wakeUpHour', 'hourlySchedule', 'actionSector', 'actionArena', 'actionObject', 'pronunciatio', 'eventTriple', 'poignancy', 'decideToTalk', 'conversationTurn', 'summarizeConversation', 'planningThought', 'memoAfterConvo', 'insights', 'replanStretches']) {
      expect(p.calls.get(gone) ?? 0, gone).toBe(0);
    }
    expect(p.calls.get('planDay')).toBe(2);
    expect(f.calls.get('wakeUpHour')).toBe(2);
    expect(total(p.calls)).toBeLessThan(total(f.calls) / 4);
    // Same conversations, same activities and places (the talkative model answers both plans alike).
    expect(p.sim.conversations.map((c) => c.participants.join('&'))).toEqual(f.sim.conversations.map((c) => c.participants.join('&')));
    expect(p.sim.conversations.length).toBeGreaterThan(0);
    for (const id of f.activities.keys()) expect([...p.activities.get(id)!].sort(), id).toEqual([...f.activities.get(id)!].sort());
  });
});

describe('the system line of each request (both days above)', () => {
  it('packed calls and the town pulse open with the short line, the one-question calls with Smallville’s; each names its task', () => {
    const short = new Set(['start_day', 'plan_day', 'revise_identity', 'action_details', 'poignancies', 'conversation', 'replan_stretches', 'reflection_insights', 'town_pulse']);
    const systems = fake.requests.map((r) => r.messages[0]!.content);
    const tasks = new Set(systems.map((sys) => /^Task: (\S+)$/m.exec(sys)?.[1] ?? '(none)'));
    for (const t of ['plan_day', 'conversation', 'action_details', 'poignancies', 'wake_up_hour', 'conversation_turn', 'decide_to_react']) expect(tasks, t).toContain(t);
    for (const sys of systems) {
      const task = /^Task: (\S+)$/m.exec(sys)?.[1] ?? '(none)';
      expect(sys.split('\n')[0], task).toBe(short.has(task) ? 'A small-town life simulation.' : 'You are simulating a person in a small town called Hamlet. Reply with JSON only, no prose.');
    }
  });
});

describe('the offline brain on the packed plan', () => {
  it('replays identically with the same seed, and plans, acts and talks', async () => {
    const run = async () => {
      const personas = miniPersonas();
      const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(7, personas), seed: 7, start: '2023-02-13T05:00:00', callPlan: 'packed' });
      const frames: string[] = [];
      await sim.run(360 * 14, (r) => frames.push(r.personas.map((f) => `${f.tile.x},${f.tile.y}|${f.description}|${f.chattingWith}`).join(';')));
      return { sim, frames };
    };
    const a = await run();
    const b = await run();
    expect(b.frames).toEqual(a.frames);
    expect(a.sim.brain.fallbackTotal).toBe(0);
    expect(a.sim.brain.stats.get('planDay')?.calls).toBe(3);
    expect(a.sim.brain.stats.get('actionDetails')?.calls ?? 0).toBeGreaterThan(0);
    for (const p of a.sim.personas) expect(scheduleMinutes(p.scratch.fDailySchedule)).toBe(1440);
    expect(a.sim.conversations.length).toBeGreaterThan(0);
    expect(a.sim.brain.stats.get('conversation')?.calls ?? 0).toBeGreaterThanOrEqual(a.sim.conversations.length);
  }, 120_000);
});

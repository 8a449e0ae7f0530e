import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import type { CallPlan } from '../sim/brain/callPlan';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { startFakeLlm, type Responder } from '../../tests/support/fakeLlm';
import { vllmLike } from '../../tests/support/fakeVllm';

/** Calls and tokens of one task (Brain call), summed over the run. */
interface TaskCost {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Prompt tokens a vLLM-like prefix cache served (the fake server reports them as vLLM does). */
  cachedTokens: number;
}

/** What the town did in the day: the figures a saving must not change. */
interface DayBehaviour {
  /** Mean over personas of the distinct activities (hourly blocks, subtasks folded into their block) they were seen doing. */
  activitiesPerPersona: number;
  conversations: number;
  /** Mean over personas of the distinct sectors they stood in. */
  placesPerPersona: number;
  /** Reflections (times a persona reflected and stored insights), town-wide. */
  reflections: number;
}

interface CallPlanDay {
  plan: CallPlan;
  personas: number;
  byTask: Map<string, TaskCost>;
  total: TaskCost;
  fallbacks: number;
  behaviour: DayBehaviour;
  seconds: number;
}

/**
 * One game day of a town on a fake OpenAI-compatible model (127.0.0.1, the real client), with the
 * given call plan, in lock-step (every step waits for its calls, so both plans see the same town): every call counted by task from the LLM brain's call log, and what the town did.
 */
export async function measureCallPlanDay(opts: { plan: CallPlan; model: Responder; world: WorldModel; personas: PersonaSpec[]; seed: number; start?: string }): Promise<CallPlanDay> {
  // Served like vLLM: its prefix cache reports the cached share of each prompt (docs/model-path.md).
  const fake = await startFakeLlm(vllmLike(opts.model).responder);
  try {
    const offline = new OfflineBrain(opts.seed, opts.personas);
    const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake', apiKey: 'sk-fake', tokenBudgetPerDay: 0, concurrency: 16 });
    const llm = new LlmBrain(client, loadPromptsNode(), { offline });
    const byTask = new Map<string, TaskCost>();
    const total: TaskCost = { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
    // Counted as the calls come (the log keeps only its last 5,000 records).
    llm.log.listeners.add((r) => {
      const t = byTask.get(r.module) ?? { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
      byTask.set(r.module, t);
      for (const x of [t, total]) {
        x.calls++;
        x.promptTokens += r.tokens.prompt;
        x.completionTokens += r.tokens.completion;
        x.cachedTokens += r.tokens.cached ?? 0;
      }
    });
    const sim = new Simulation({ world: opts.world, personas: opts.personas, brain: llm, seed: opts.seed, start: opts.start ?? '2023-02-13T00:00:00', callPlan: opts.plan, stepMode: 'lockstep' });
    const activities = new Map<string, Set<string>>(sim.personas.map((p) => [p.id, new Set()]));
    const sectors = new Map<string, Set<number>>(sim.personas.map((p) => [p.id, new Set()]));
    const t0 = performance.now();
    await sim.run(sim.clock.stepsPerDay, (r) => {
      for (const f of r.personas) {
        if (f.description && !f.chattingWith) activities.get(f.id)?.add(f.description.replace(/\s*\([^()]*\)$/, ''));
        const s = opts.world.sectorAt[f.tile.y * opts.world.width + f.tile.x] ?? -1;
        if (s >= 0) sectors.get(f.id)?.add(s);
      }
    });
    const seconds = (performance.now() - t0) / 1000;
    const mean = (m: Map<string, Set<unknown>>) => [...m.values()].reduce((a, s) => a + s.size, 0) / m.size;
    const reflections = sim.personas.reduce((n, p) => n + new Set(p.memory.nodes.filter((m) => m.type === 'thought' && m.predicate === 'reflects').map((m) => m.created)).size, 0);
    return {
      plan: opts.plan,
      personas: sim.personas.length,
      byTask,
      total,
      fallbacks: sim.brain.fallbackTotal,
      behaviour: { activitiesPerPersona: mean(activities), conversations: sim.conversations.length, placesPerPersona: mean(sectors), reflections },
      seconds,
    };
  } finally {
    await fake.close();
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

/**
 * The side-by-side table: per-persona-day calls and tokens by task, totals (also without the town's
 * hourly pulse, a town-wide call the same under both plans), then behaviour.
 */
export function formatComparison(days: CallPlanDay[]): string {
  const tasks = [...new Set(days.flatMap((d) => [...d.byTask.keys()]))].sort((a, b) => Math.max(...days.map((d) => d.byTask.get(b)?.calls ?? 0)) - Math.max(...days.map((d) => d.byTask.get(a)?.calls ?? 0)));
  const cell = (t: TaskCost | undefined, n: number) => (t ? `${pad((t.calls / n).toFixed(1), 6)} ${pad(Math.round(t.promptTokens / n), 7)} ${pad(Math.round(t.completionTokens / n), 6)}` : `${pad('-', 6)} ${pad('', 7)} ${pad('', 6)}`);
  const lines = [`${'per persona-day'.padEnd(24)}${days.map((d) => `  ${d.plan.padEnd(8)}${pad('calls', 6 - 8 + 8)} ${pad('prompt', 7)} ${pad('compl', 6)}`).join('')}`];
  for (const task of tasks) lines.push(`${task.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${cell(d.byTask.get(task), d.personas)}`).join('')}`);
  lines.push(`${'total'.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${cell(d.total, d.personas)}`).join('')}`);
  lines.push(`${'tokens (prompt+compl)'.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${pad(Math.round((d.total.promptTokens + d.total.completionTokens) / d.personas).toLocaleString('en'), 21)}`).join('')}`);
  // The town's hourly pulse (docs/economy.md#the-hourly-round) is one town-wide call, the same under both plans: the personas' own cost without it.
  const own = (d: CallPlanDay) => {
    const pulse = d.byTask.get('townPulse') ?? { calls: 0, promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
    return `${((d.total.calls - pulse.calls) / d.personas).toFixed(1)} / ${Math.round((d.total.promptTokens + d.total.completionTokens - pulse.promptTokens - pulse.completionTokens) / d.personas).toLocaleString('en')}`;
  };
  lines.push(`${'without pulse: calls/tok'.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${pad(own(d), 21)}`).join('')}`);
  const share = (t: TaskCost) => `${Math.round((100 * t.cachedTokens) / Math.max(1, t.promptTokens))} %`;
  lines.push(`${'prompt cached (vLLM-like)'.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${pad(share(d.total), 21)}`).join('')}`);
  lines.push(`${'fallbacks (town)'.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${pad(d.fallbacks, 21)}`).join('')}`);
  const behaviour: [string, (b: DayBehaviour) => number, number][] = [
    ['activities / persona', (b) => b.activitiesPerPersona, 1],
    ['conversations (town)', (b) => b.conversations, 0],
    ['places / persona', (b) => b.placesPerPersona, 1],
    ['reflections (town)', (b) => b.reflections, 0],
  ];
  lines.push('the day’s behaviour');
  for (const [label, get, digits] of behaviour) lines.push(`${label.padEnd(24)}${days.map((d) => `  ${''.padEnd(8)}${pad(get(d.behaviour).toFixed(digits), 21)}`).join('')}`);
  return lines.join('\n');
}

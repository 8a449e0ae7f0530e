import { loadTownPersonas, loadTownWorld } from '../src/node/town';
import { Simulation } from '../src/sim/simulation';
import { OfflineBrain } from '../src/llm/offline/offlineBrain';
import { LlmBrain } from '../src/llm/llmBrain';
import { LlmClient } from '../src/llm/client';
import { DEFAULT_CONFIG } from '../src/llm/config';
import { loadPromptsNode } from '../src/llm/promptsNode';
import { scaleTown } from '../src/cli/town';
import { startFakeLlm } from '../tests/support/fakeLlm';
import { goodModel } from "../tests/support/goodModel";
import { talkativeModel } from "../tests/support/talkativeModel";

const n = Number(process.argv[2] ?? 25);
const fake = await startFakeLlm(process.argv[3] === "good" ? goodModel() : talkativeModel());
const town = scaleTown(loadTownPersonas(), loadTownWorld(), n);
const offline = new OfflineBrain(1, town.personas);
const llm = new LlmBrain(new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake', apiKey: 'x', tokenBudgetPerDay: 0, concurrency: 16 }), loadPromptsNode(), { offline });
const sim = new Simulation({ world: town.world, personas: town.personas, brain: llm, seed: 1, start: '2023-02-13T00:00:00' });
const t0 = performance.now();
await sim.run(sim.clock.stepsPerDay);
console.log('secs', ((performance.now() - t0) / 1000).toFixed(1));
const by = new Map<string, { calls: number; p: number; c: number }>();
for (const r of llm.log.records) {
  const b = by.get(r.module) ?? { calls: 0, p: 0, c: 0 };
  b.calls++; b.p += r.tokens.prompt; b.c += r.tokens.completion; by.set(r.module, b);
}
const t = llm.log.totals;
console.log('records', llm.log.records.length, 'calls', t.calls, 'per persona', (t.calls / n).toFixed(1), 'tokens/persona', ((t.promptTokens + t.completionTokens) / n).toFixed(0), 'convos', sim.conversations.length, 'fallbacks', sim.brain.fallbackTotal);
for (const [k, b] of [...by].sort((a, b) => b[1].calls - a[1].calls)) console.log(k.padEnd(24), (b.calls / n).toFixed(1).padStart(7), ((b.p + b.c) / n).toFixed(0).padStart(8));
await fake.close();

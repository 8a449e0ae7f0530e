import { afterEach, describe, expect, it } from 'vitest';
import { loadTown } from '../../src/node/town';
import { scaleTown } from '../../src/cli/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { LlmBrain } from '../../src/llm/llmBrain';
import { LlmClient } from '../../src/llm/client';
import { DEFAULT_CONFIG } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { vllmLike, type VllmOptions } from '../support/fakeVllm';
import { goodModel } from '../support/goodModel';

/**
 * A big town on one vLLM-like server (issue 32, point 5): many calls in flight at once through the
 * real `openai` client, the server's cached prompt tokens in the call log, and a router's 429s
 * absorbed by fewer calls at once instead of falling back to the offline brain.
 */

const PERSONAS = 96;
let fake: FakeLlm | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function bigTownOn(server: VllmOptions, concurrency: number) {
  const vllm = vllmLike(goodModel(), server);
  fake = await startFakeLlm(vllm.responder);
  const pack = await loadTown(undefined);
  const town = scaleTown(pack.personas, pack.world, PERSONAS);
  const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'vllm-like', concurrency, tokenBudgetPerDay: 0, timeoutMs: 30_000 });
  const llm = new LlmBrain(client, loadPromptsNode(), { offline: new OfflineBrain(1, town.personas) });
  const sim = new Simulation({ world: town.world, personas: town.personas, brain: llm, seed: 1, start: '2023-02-13T06:00:00', stepMode: 'async', callPlan: 'packed' });
  /** Steps the town as the page does (a step, then real time passes) until every persona has `calls` answers. */
  const runUntilAnswered = async (calls: number, maxSeconds = 40) => {
    const answered = new Map<string, number>();
    llm.log.listeners.add((r) => answered.set(r.persona, (answered.get(r.persona) ?? 0) + 1));
    const t0 = performance.now();
    while (sim.personas.some((p) => (answered.get(p.id) ?? 0) < calls) && performance.now() - t0 < maxSeconds * 1000) {
      await sim.tick();
      await new Promise((r) => setTimeout(r, 10));
    }
    return sim.personas.filter((p) => (answered.get(p.id) ?? 0) >= calls).length;
  };
  return { vllm, client, llm, sim, runUntilAnswered };
}

describe('a 96-resident town on a vLLM-like server', () => {
  it('keeps 64+ calls in flight, stalls none, and counts the prompt tokens the server cached', async () => {
    const { vllm, client, llm, sim, runUntilAnswered } = await bigTownOn({ maxRunning: 256, baseMs: 400, msPerOutputToken: 1 }, 128);
    expect(await runUntilAnswered(2)).toBe(PERSONAS);
    // Every resident's first question went out together: the server held more than 64 at once.
    expect(vllm.stats.peakInFlight).toBeGreaterThanOrEqual(64);
    expect(client.slots.peak).toBeGreaterThanOrEqual(64);
    expect(sim.brain.fallbackTotal).toBe(0);
    // The calls still out finish (no step asks more meanwhile); then every answer is in the log.
    for (let i = 0; i < 300 && client.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 20));
    // What the server said it served from its prefix cache is what the call log and cost meter count.
    expect(vllm.stats.cachedTokens).toBeGreaterThan(0);
    expect(llm.log.totals.cachedTokens).toBe(vllm.stats.cachedTokens);
    expect(llm.log.totals.promptTokens).toBe(vllm.stats.promptTokens);
  });

  it('a router that turns calls away (429) gets fewer at once, and every call is still answered by the model', async () => {
    // vLLM decoding 16 at once behind a router that queues 16 more and answers 429 past that.
    const { vllm, client, sim, runUntilAnswered } = await bigTownOn({ maxRunning: 16, maxWaiting: 16, retryAfterSeconds: 0.2, baseMs: 150 }, 128);
    expect(await runUntilAnswered(2)).toBe(PERSONAS);
    expect(vllm.stats.rejected429).toBeGreaterThan(0);
    // The client halved its calls in flight on the 429s ...
    expect(client.slots.lowest).toBeLessThanOrEqual(32);
    // ... so no call used up its waits: the model answered every one, none fell back.
    expect(sim.brain.fallbackTotal).toBe(0);
    expect(vllm.stats.peakInFlight).toBeLessThanOrEqual(32);
  });
});

describe('cached prompt tokens, as each server reports them', () => {
  const completion = (extra: Record<string, unknown>) =>
    JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{"ok": true}' } }], ...extra });
  const ask = async (body: string) => {
    fake = await startFakeLlm(() => ({ kind: 'raw', status: 200, contentType: 'application/json', body }));
    const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'm', concurrency: 1 });
    return client.chat({ system: 's', user: 'u', schemaName: 'x', temperature: 0 });
  };
  it('reads OpenAI/vLLM usage.prompt_tokens_details and llama.cpp timings.cache_n, and none when neither says', async () => {
    expect((await ask(completion({ usage: { prompt_tokens: 900, completion_tokens: 5, total_tokens: 905, prompt_tokens_details: { cached_tokens: 768 } } }))).cachedTokens).toBe(768);
    await fake?.close();
    expect((await ask(completion({ usage: { prompt_tokens: 900, completion_tokens: 5, total_tokens: 905 }, timings: { cache_n: 512, prompt_n: 388 } }))).cachedTokens).toBe(512);
    await fake?.close();
    expect((await ask(completion({ usage: { prompt_tokens: 900, completion_tokens: 5, total_tokens: 905 } }))).cachedTokens).toBeUndefined();
  });
});

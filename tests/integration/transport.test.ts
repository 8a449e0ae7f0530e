import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmClient, MAX_REPLY_BYTES, BREAKER_THRESHOLD, probeEndpoint, TransportError, type EndpointHealth } from '../../src/llm/client';
import { DEFAULT_CONFIG, type LlmConfig } from '../../src/llm/config';
import { LlmBrain } from '../../src/llm/llmBrain';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { Simulation } from '../../src/sim/simulation';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { deadUrl, startFakeLlm, taskOf, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

/**
 * Transport bounds and endpoint health (issue 15, points 2 and 4), through the fake server and the
 * real `openai` client: one deadline for the whole call, the body included; a reply size cap; a 429
 * waited out without holding a concurrency slot; max_tokens on every call; a circuit breaker that
 * stops calling a dead endpoint and probes it again; "Test connection".
 */

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm(goodModel());
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.setResponder(goodModel());
});

const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake-model', apiKey: 'sk-fake', timeoutMs: 2_000, ...over });
const req = { system: 'Task: wake_up_hour', user: 'When?', schemaName: 'wake_up_hour', temperature: 0.5, maxTokens: 50 };
const noSleep = { sleep: async () => {} };

describe('transport bounds', () => {
  it('a reply body that trickles in is cut by the same timeout as a silent endpoint', { timeout: 20_000 }, async () => {
    fake.setResponder(() => ({ kind: 'trickle', everyMs: 50 }));
    const client = new LlmClient(config({ timeoutMs: 400 }), noSleep);
    await expect(client.chat(req)).rejects.toThrow(/timeout/i);
    // Three attempts (two transient retries), each cut at its deadline (else this test would time out).
    expect(fake.requests).toHaveLength(3);
  });

  it('a reply larger than the cap is refused unread, and not asked again', async () => {
    fake.setResponder(() => ({ kind: 'big', bytes: MAX_REPLY_BYTES * 3 }));
    const client = new LlmClient(config(), noSleep);
    const err = await client.chat(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as Error).message).toMatch(/larger than/);
    expect(fake.requests).toHaveLength(1);
  });

  it('a 429 is waited out without holding a slot: another call goes first', async () => {
    let n = 0;
    const good = goodModel();
    fake.setResponder((body, task, prompt) => (n++ === 0 ? { kind: 'status', status: 429, headers: { 'retry-after': '0.2' } } : good(body, task, prompt)));
    const client = new LlmClient(config({ concurrency: 1 }), { sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
    const a = client.chat({ ...req, user: 'first' });
    await new Promise((r) => setTimeout(r, 50));
    const b = client.chat({ ...req, user: 'second' });
    await Promise.all([a, b]);
    const order = fake.requests.map((r) => r.messages.find((m) => m.role === 'user')!.content);
    expect(order).toEqual(['first', 'second', 'first']);
  });

  it('a retry-after of an hour is capped', async () => {
    const waits: number[] = [];
    let n = 0;
    const good = goodModel();
    fake.setResponder((body, task, prompt) => (n++ === 0 ? { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } : good(body, task, prompt)));
    const client = new LlmClient(config(), { sleep: async (ms) => void waits.push(ms) });
    await client.chat(req);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
  });

  it('every call of the LLM brain sends max_tokens', async () => {
    const personas = miniPersonas();
    const llm = new LlmBrain(new LlmClient(config(), noSleep), loadPromptsNode(), { offline: new OfflineBrain(1, personas) });
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: llm, seed: 1, start: '2023-02-13T07:00:00', stepMode: 'lockstep' });
    await sim.run(3);
    expect(fake.requests.length).toBeGreaterThan(10);
    for (const r of fake.requests) expect(r.max_tokens, taskOf(r)).toBeGreaterThan(0);
    expect(new Set(fake.requests.map((r) => r.max_tokens)).size).toBeGreaterThan(1);
  });
});

describe('endpoint health', () => {
  it('after a few failed calls the breaker stops calling, then one probe brings the endpoint back', async () => {
    fake.setResponder(() => ({ kind: 'destroy' }));
    let now = 1_000_000;
    const health: EndpointHealth[] = [];
    const client = new LlmClient(config(), { ...noSleep, now: () => now, onHealth: (h) => health.push(h) });
    for (let i = 0; i < BREAKER_THRESHOLD; i++) await expect(client.chat(req)).rejects.toThrow(TransportError);
    expect(health.map((h) => h.state)).toEqual(['down']);
    expect(client.circuitOpen).toBe(true);
    const asked = fake.requests.length;
    // While it is open, calls fail at once and nothing goes out.
    await expect(client.chat(req)).rejects.toThrow(/not called: the endpoint is not answering .*retrying in 10 s/);
    expect(fake.requests).toHaveLength(asked);
    // The pause ends; the endpoint is back; one call probes it and the breaker closes.
    fake.setResponder(goodModel());
    now += 10_001;
    expect(client.circuitOpen).toBe(false);
    await client.chat(req);
    expect(health.map((h) => h.state)).toEqual(['down', 'ok']);
    expect(client.health).toEqual({ state: 'ok' });
  });

  it('a failed probe doubles the pause', async () => {
    fake.setResponder(() => ({ kind: 'status', status: 503 }));
    let now = 0;
    const health: EndpointHealth[] = [];
    const client = new LlmClient(config(), { ...noSleep, now: () => now, onHealth: (h) => health.push(h) });
    for (let i = 0; i < BREAKER_THRESHOLD; i++) await client.chat(req).catch(() => {});
    now += 10_001;
    await expect(client.chat(req)).rejects.toThrow(/503/);
    const last = health.at(-1)!;
    expect(last.state === 'down' && last.retryAt - now).toBe(20_000);
  });

  it('Test connection lists the models, or says exactly what is wrong', async () => {
    const ok = await probeEndpoint(config());
    expect(ok).toEqual({ ok: true, models: ['fake-model'] });
    const dead = await probeEndpoint(config({ baseURL: await deadUrl() }));
    expect(dead.ok).toBe(false);
    expect(!dead.ok && dead.error).toMatch(/cannot reach the endpoint/);
  });
});

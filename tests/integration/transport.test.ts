import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmClient, BREAKER_THRESHOLD, probeEndpoint, TransportError, type EndpointHealth } from '../../src/llm/client';
import { MAX_REPLY_BYTES } from '../../src/llm/boundedFetch';
import { DEFAULT_CONFIG, type LlmConfig } from '../../src/llm/config';
import { LlmBrain } from '../../src/llm/llmBrain';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { Simulation } from '../../src/sim/simulation';
import type { Persona } from '../../src/sim/persona/persona';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { deadUrl, startFakeLlm, taskOf, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { createHamletStore, type EndpointNotice } from '../../src/store/store';
import { useIfReachable } from '../../src/app/savedModel';
import { BrainSwitch } from '../../src/app/brainSwitch';

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
  fake.setModels(() => ({ kind: 'models', ids: ['fake-model'] }));
});

const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake-model', apiKey: 'sk-fake', timeoutMs: 2_000, ...over });
const req = { system: 'Task: wake_up_hour', user: 'When?', schemaName: 'wake_up_hour', temperature: 0.5, maxTokens: 50 };
const noSleep = { sleep: async () => {} };

describe('transport bounds', () => {
  it('a reply body that trickles in is cut by the same timeout as a silent endpoint, once: the timeout is the whole call', { timeout: 20_000 }, async () => {
    fake.setResponder(() => ({ kind: 'trickle', everyMs: 50 }));
    const health: EndpointHealth[] = [];
    const client = new LlmClient(config({ timeoutMs: 1500 }), { ...noSleep, onHealth: (h) => health.push(h) });
    const err = await client.chat(req).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as Error).message).toMatch(/did not answer within the call's timeout of 1\.5 s/);
    // No second attempt after the deadline (the old client sent three, each with a fresh timeout).
    expect(fake.requests).toHaveLength(1);
    // One call that used its whole deadline opens the breaker: the endpoint is named at once.
    expect(health.map((h) => h.state)).toEqual(['down']);
    expect(health[0]!.state === 'down' && health[0]!.reason).toMatch(/trickles/);
  });

  it('retries (5xx, refused connections) go only in what is left of the deadline', { timeout: 20_000 }, async () => {
    let n = 0;
    fake.setResponder(() => (n++ < 5 ? { kind: 'status', status: 503 } : { kind: 'content', content: '{}' }));
    const waits: number[] = [];
    const client = new LlmClient(config({ timeoutMs: 1200 }), { sleep: async (ms) => void waits.push(ms) });
    await expect(client.chat(req)).rejects.toThrow(/503/);
    // 500 ms, then 1000 ms would end past the 1.2 s deadline: not waited, not sent.
    expect(waits).toEqual([500]);
    expect(fake.requests).toHaveLength(2);
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

  it('a retry-after past the deadline is not waited: the call falls back now and says why', async () => {
    const waits: number[] = [];
    fake.setResponder(() => ({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } }));
    const client = new LlmClient(config(), { sleep: async (ms) => void waits.push(ms) });
    const err = await client.chat(req).catch((e: unknown) => e);
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect((err as Error).message).toMatch(/rate limited \(429\): the endpoint asks us to wait 60 min, past this call's timeout \(\d(\.\d)? s left\), so the offline brain answers now/);
    // Within the deadline, it is waited out as before.
    const good = goodModel();
    let n = 0;
    fake.setResponder((body, task, prompt) => (n++ === 0 ? { kind: 'status', status: 429, headers: { 'retry-after-ms': '300' } } : good(body, task, prompt)));
    await client.chat(req);
    expect(waits).toEqual([300]);
  });

  for (const [what, body, contentType, said] of [
    ['an HTML page', '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>', 'text/html', /the endpoint answered with a web page \(HTML\), not JSON — is the URL right\?/],
    ['an HTML page sent as JSON', '<html><body><h1>502 Bad Gateway</h1></body></html>', 'application/json', /web page \(HTML\), not JSON/],
    ['random bytes', String.fromCharCode(...Array.from({ length: 300 }, (_, i) => (i * 37 + 11) % 256)), 'application/octet-stream', /the endpoint answered with binary data, not JSON/],
    ['plain text', 'Service is up. Use /api/v2 instead.', 'text/plain', /text that is not JSON — is the URL right\?/],
  ] as const) {
    it(`a 200 with ${what} is named for what it is, in the call and in the probe`, async () => {
      fake.setResponder(() => ({ kind: 'raw', status: 200, contentType, body }));
      fake.setModels(() => ({ kind: 'raw', status: 200, contentType, body }));
      const client = new LlmClient(config(), noSleep);
      await expect(client.chat(req)).rejects.toThrow(said);
      const probed = await probeEndpoint(config());
      expect(!probed.ok && probed.error).toMatch(said);
    });
  }

  it('an error status with an HTML page is named, not quoted', async () => {
    fake.setResponder(() => ({ kind: 'raw', status: 502, contentType: 'text/html', body: '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>' }));
    const client = new LlmClient(config(), noSleep);
    const err = (await client.chat(req).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/^endpoint answered 502: a web page \(HTML\), not JSON — is the URL right\?$/);
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

describe('the order calls get a slot', () => {
  it('a call of higher priority (a persona in the middle of a thought) waits ahead of the others; ties keep their order', async () => {
    let open = () => {};
    const held = new Promise<void>((r) => (open = r));
    const seen: string[] = [];
    fake.setResponder((_b, _t, prompt) => {
      seen.push(prompt);
      return { kind: 'content', content: '{"ok": true}', after: seen.length === 1 ? held : undefined };
    });
    const client = new LlmClient(config({ concurrency: 1 }), noSleep);
    const ask = (user: string, priority?: number) => client.chat({ ...req, user, priority });
    const first = ask('first');
    await expect.poll(() => seen.length).toBe(1);
    const rest = [ask('a'), ask('b'), ask('follow-up', 0), ask('c')];
    open();
    await Promise.all([first, ...rest]);
    expect(seen).toEqual(['first', 'follow-up', 'a', 'b', 'c']);
  });
});

describe('the LLM brain orders its calls', () => {
  /** A town of three on one slot whose first reply (Ann's) waits for `open`; `order` lists whose call the server got, in order. */
  function oneSlot() {
    let open = () => {};
    const held = new Promise<void>((r) => (open = r));
    const order: string[] = [];
    const good = goodModel();
    fake.setResponder((body, task, prompt) => {
      order.push(['Ann', 'Bob', 'Cy'].find((n) => prompt.includes(n)) ?? '?');
      const r = good(body, task, prompt);
      return r.kind === 'content' && order.length === 1 ? { ...r, after: held } : r;
    });
    const personas = miniPersonas();
    const llm = new LlmBrain(new LlmClient(config({ concurrency: 1 }), noSleep), loadPromptsNode(), { offline: new OfflineBrain(1, personas) });
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: llm, seed: 1, start: '2023-02-13T07:00:00', stepMode: 'lockstep' });
    const [ann, bob, cy] = sim.personas as [Persona, Persona, Persona];
    return { open, order, llm, ann, bob, cy, ctx: (p: Persona) => ({ persona: p, now: sim.now }) };
  }

  it('a persona in the middle of a thought (its day just started) keeps the slot its answer freed: its next call goes before calls asked earlier', async () => {
    const { open, order, llm, ann, bob, cy, ctx } = oneSlot();
    const first = llm.startDay(ctx(ann));
    await expect.poll(() => order.length).toBe(1);
    const others = [llm.wakeUpHour(ctx(bob)), llm.wakeUpHour(ctx(cy))];
    open();
    await first;
    // Ann's next call, asked after Bob's and Cy's were queued, goes first.
    const next = llm.wakeUpHour(ctx(ann));
    await Promise.all([...others, next]);
    expect(order).toEqual(['Ann', 'Ann', 'Bob', 'Cy']);
  });

  it('a kept slot passes on when its persona asks nothing more; an answer that does not lead on keeps nothing', async () => {
    const kept = oneSlot();
    const first = kept.llm.startDay(kept.ctx(kept.ann));
    await expect.poll(() => kept.order.length).toBe(1);
    const others = [kept.llm.wakeUpHour(kept.ctx(kept.bob)), kept.llm.wakeUpHour(kept.ctx(kept.cy))];
    kept.open();
    await first;
    // Ann asks nothing more: the others are served all the same.
    await Promise.all(others);
    expect(kept.order).toEqual(['Ann', 'Bob', 'Cy']);

    fake.requests.length = 0;
    const { open, order, llm, ann, bob, cy, ctx } = oneSlot();
    // A poignancy score ends a thought: its slot goes to the next in line.
    const score = llm.poignancy(ctx(ann), 'event', 'Bob is reading');
    await expect.poll(() => order.length).toBe(1);
    const others2 = [llm.wakeUpHour(ctx(bob)), llm.wakeUpHour(ctx(cy))];
    open();
    await score;
    const next = llm.wakeUpHour(ctx(ann));
    await Promise.all([...others2, next]);
    expect(order).toEqual(['Ann', 'Bob', 'Cy', 'Ann']);
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

  it('calls already out or queued when the breaker opens neither go out nor lengthen its pause', async () => {
    fake.setResponder(() => ({ kind: 'destroy' }));
    const now = 5_000;
    const health: EndpointHealth[] = [];
    const client = new LlmClient(config({ concurrency: 2 }), { ...noSleep, now: () => now, onHealth: (h) => health.push(h) });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => client.chat(req)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    // One opening, with the first pause: no call that was under way counted as a failed probe.
    expect(health).toHaveLength(1);
    expect(health[0]!.state === 'down' && health[0]!.retryAt - now).toBe(10_000);
    // The calls still queued for a slot when it opened were never sent.
    expect(results.filter((r) => r.status === 'rejected' && /not called/.test(String(r.reason))).length).toBeGreaterThan(0);
    expect(fake.requests.length).toBeLessThan(12 * 3);
  });

  it('a probe of the models list closes the breaker at once, without waiting for a call; a failed one doubles the pause', async () => {
    fake.setResponder(() => ({ kind: 'status', status: 503 }));
    fake.setModels(() => ({ kind: 'status', status: 503 }));
    let now = 0;
    const health: EndpointHealth[] = [];
    const client = new LlmClient(config(), { ...noSleep, now: () => now, onHealth: (h) => health.push(h) });
    for (let i = 0; i < BREAKER_THRESHOLD; i++) await client.chat(req).catch(() => {});
    expect(client.circuitOpen).toBe(true);
    const probed = await client.probe();
    expect(probed.ok).toBe(false);
    const last = health.at(-1)!;
    expect(last.state === 'down' && last.retryAt - now).toBe(20_000);
    const chats = fake.requests.length;
    fake.setModels(() => ({ kind: 'models', ids: ['fake-model', 'other'] }));
    expect(await client.probe()).toEqual({ ok: true, models: ['fake-model', 'other'] });
    expect(health.map((h) => h.state)).toEqual(['down', 'down', 'ok']);
    expect(client.circuitOpen).toBe(false);
    // The probe asked for the models list only: no chat call was spent on it.
    expect(fake.requests).toHaveLength(chats);
  });

  it('a saved endpoint is probed before the town uses it: reachable, it is used; unreachable, it is named and not used', async () => {
    const store = createHamletStore();
    const seen: (EndpointNotice | null)[] = [];
    store.subscribe((s, p) => s.endpoint !== p.endpoint && seen.push(s.endpoint));
    const used: LlmConfig[] = [];
    expect(await useIfReachable(config(), store, (c) => used.push(c))).toBe(true);
    expect(seen).toEqual([{ state: 'checking', baseURL: fake.url }, null]);
    expect(used).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);

    const dead = await deadUrl();
    expect(await useIfReachable(config({ baseURL: dead }), store, (c) => used.push(c))).toBe(false);
    expect(used).toHaveLength(1);
    const e = store.getState().endpoint;
    expect(e?.state).toBe('unreachable');
    expect(e?.baseURL).toBe(dead);
    expect(e?.state === 'unreachable' && e.reason).toMatch(/cannot reach the endpoint/);
  });

  it('a probe overtaken by another choice (a model applied, the offline brain picked) changes nothing', async () => {
    const store = createHamletStore();
    let release = () => {};
    const slow = () => new Promise<{ ok: true; models: string[] }>((r) => (release = () => r({ ok: true, models: [] })));
    const used: LlmConfig[] = [];
    const pending = useIfReachable(config(), store, (c) => used.push(c), slow);
    expect(store.getState().endpoint?.state).toBe('checking');
    // The player picks the offline brain meanwhile (BrainSwitch.use(null) clears the banner).
    store.setState({ endpoint: null });
    release();
    expect(await pending).toBe(false);
    expect(used).toEqual([]);
    expect(store.getState().endpoint).toBeNull();
  });

  it('an endpoint that echoes the key in its 401 is named without the key', async () => {
    const key = 'sk-echo-this-key-0123456789abcdef';
    fake.setModels((h) => ({ kind: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${String(h.authorization).replace('Bearer ', '')}` } } }));
    const r = await probeEndpoint(config({ apiKey: key }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/401: Incorrect API key provided: \[key removed\]/);
    expect(JSON.stringify(r)).not.toContain(key);
  });

  it('Test connection lists the models, or says exactly what is wrong', async () => {
    const ok = await probeEndpoint(config());
    expect(ok).toEqual({ ok: true, models: ['fake-model'] });
    const dead = await probeEndpoint(config({ baseURL: await deadUrl() }));
    expect(dead.ok).toBe(false);
    expect(!dead.ok && dead.error).toMatch(/cannot reach the endpoint/);
  });
});

describe('the 429 notice', () => {
  it('stays while the endpoint limits us, survives a reply to a call sent before the 429, and goes once a call sent after it succeeds', async () => {
    let open = () => {};
    const held = new Promise<void>((r) => (open = r));
    let serve = () => {};
    const served = new Promise<void>((r) => (serve = r));
    let n = 0;
    fake.setResponder(() => {
      n++;
      // 1: a call already out, answered late; 2 and 3: rate limited; 4: the endpoint serves again (when the test says).
      if (n === 1) return { kind: 'content', content: '{"hour": 6}', after: held };
      if (n === 2 || n === 3) return { kind: 'status', status: 429, headers: { 'retry-after-ms': '20' } };
      return { kind: 'content', content: '{"hour": 7}', after: served };
    });
    const personas = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
    const store = createHamletStore();
    const notices: (string | null)[] = [];
    store.subscribe((s, p) => s.notice !== p.notice && notices.push(s.notice));
    const brains = new BrainSwitch(sim, store, 1, personas);
    await brains.use(config({ concurrency: 2 }));
    const client = brains.llm!.client;
    const before = client.chat({ ...req, user: 'sent before the 429' });
    await expect.poll(() => fake.requests.length).toBe(1);
    const limited = client.chat({ ...req, user: 'rate limited twice' });
    await expect.poll(() => store.getState().notice).toMatch(/rate limiting us \(429\)/);
    open();
    await before;
    // The late reply to the call sent before the 429 says nothing about the limit.
    expect(store.getState().notice).toMatch(/429/);
    expect(client.rateLimited).toBe(true);
    await expect.poll(() => fake.requests.length).toBe(4);
    expect(store.getState().notice).toMatch(/429/);
    serve();
    await limited;
    expect(store.getState().notice).toBeNull();
    expect(client.rateLimited).toBe(false);
    // Shown once per wait (two waits), cleared once.
    expect(notices.map((x) => (x === null ? null : '429'))).toEqual(['429', null]);
    expect(fake.requests).toHaveLength(4);
    brains.dispose();
  });

  it('another notice (a spent budget) is not cleared by the end of a rate limit', async () => {
    let n = 0;
    const good = goodModel();
    fake.setResponder((body, task, prompt) => (n++ === 0 ? { kind: 'status', status: 429, headers: { 'retry-after-ms': '20' } } : good(body, task, prompt)));
    const personas = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T07:00:00' });
    const store = createHamletStore();
    const brains = new BrainSwitch(sim, store, 1, personas);
    await brains.use(config());
    const client = brains.llm!.client;
    // The budget notice replaces the 429 one while the call waits out its retry-after.
    let seen = false;
    const unsubscribe = store.subscribe((s) => {
      if (!seen && s.notice?.includes('429')) {
        seen = true;
        store.setState({ notice: 'Token budget spent' });
      }
    });
    await client.chat(req);
    unsubscribe();
    expect(seen).toBe(true);
    expect(store.getState().notice).toBe('Token budget spent');
    brains.dispose();
  });
});

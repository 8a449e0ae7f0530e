import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { addressOf, isValidActionAddress } from '../../src/sim/world/address';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { LlmBrain, MAX_VALIDATION_RETRIES } from '../../src/llm/llmBrain';
import { LlmClient, MAX_RATE_LIMIT_WAITS } from '../../src/llm/client';
import { DEFAULT_CONFIG, type LlmConfig } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { deadUrl, startFakeLlm, type FakeLlm, type FakeReply, type Responder } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { LOCAL_EMBEDDING_DIMS } from '../../src/sim/brain/localEmbedding';
import { printAddress } from '../../src/sim/world/actionAddress';
import { defined } from '../../src/sim/checked';

/**
 * The LLM brain against a fake OpenAI-compatible server on 127.0.0.1, through the real `openai`
 * client: a good model drives the town; every way a model or endpoint misbehaves ends in a retry
 * or a counted fallback, and the town keeps running.
 */

const templates = loadPromptsNode();
let fake: FakeLlm;
let sleeps: number[];

function brainFor(url: string, over: Partial<LlmConfig> = {}) {
  const personas = miniPersonas();
  const config: LlmConfig = { ...DEFAULT_CONFIG, baseURL: url, model: 'fake-model', apiKey: 'sk-fake', timeoutMs: 2_000, ...over };
  // Waits (429 back-off, 5xx retry delays) are recorded instead of slept, so the test is quick.
  const client = new LlmClient(config, { sleep: async (ms) => void sleeps.push(ms) });
  const llm = new LlmBrain(client, templates, { offline: new OfflineBrain(1, personas) });
  const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: llm, seed: 1, start: '2023-02-13T00:00:00', stepMode: 'lockstep' });
  return { llm, sim, ctx: (i = 0) => ({ persona: sim.personas[i]!, now: sim.now }) };
}

/** Answer `bad` for the first `times` requests of `task`, then behave like the good model. */
function badFirst(task: string, bad: FakeReply | ((n: number) => FakeReply), times = 1): Responder {
  const good = goodModel();
  let n = 0;
  return (body, t, prompt) => {
    if (t === task && n < times) return typeof bad === 'function' ? bad(n++) : (n++, bad);
    return good(body, t, prompt);
  };
}

const content = (s: string): FakeReply => ({ kind: 'content', content: s });

beforeAll(async () => {
  fake = await startFakeLlm(goodModel());
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.embedRequests.length = 0;
  fake.setResponder(goodModel());
  sleeps = [];
});

describe('a good model drives the town', () => {
  it('plans the morning from the model’s answers with no fallbacks', async () => {
    const { llm, sim } = brainFor(fake.url);
    // Midnight to 7:00 am: wake-up hour, daily plan, hourly schedule, decompositions, places, emoji.
    await sim.run(7 * 360);
    const ann = sim.personas[0]!;
    expect(ann.scratch.dailyReq[0]).toBe('wake up and complete the morning routine at 6:00 am');
    // The model's hourly schedule: asleep until 6, then "waking up and getting ready".
    const hourly = ann.scratch.fDailyScheduleHourlyOrg.map(([t]) => t);
    expect(hourly[0]).toBe('sleeping');
    expect(hourly.join('|')).toContain('waking up and getting ready');
    expect(ann.scratch.actDescription).toMatch(/waking up and getting ready|getting started|carrying on/);
    expect(sim.brain.fallbackTotal).toBe(0);
    const outcomes = llm.log.records.map((r) => r.outcome);
    expect(outcomes.length).toBeGreaterThan(20);
    expect(outcomes.every((o) => o === 'ok')).toBe(true);
    // Each request names its task and asks for JSON by schema; the prompts are about the persona.
    expect(fake.requests[0]!.messages[0]!.content).toMatch(/Task: wake_up_hour/);
    // The declared output comes from the call's contract.
    expect(fake.requests[0]!.messages[0]!.content).toContain('Reply format: {"hour": integer 0-23}');
    expect(fake.requests[0]!.response_format?.type).toBe('json_schema');
    expect(fake.requests.some((r) => r.messages.some((m) => m.content.includes('Ann')))).toBe(true);
    // Tokens are counted per persona.
    expect(llm.log.byPersona.get(ann.id)!.calls).toBeGreaterThan(5);
  });

  it('runs a full day on the model: at work in work hours, home in bed at night, every action valid', async () => {
    const { llm, sim } = brainFor(fake.url);
    const at = new Map<number, string[]>();
    await sim.run(8640, (r) => {
      if (r.step % 360 === 0) at.set(r.step / 360, r.personas.map((f) => `${f.description}@${addressOf(sim.world, f.tile.x, f.tile.y)}`));
      for (const f of r.personas) expect(f.description, `${f.id} at step ${r.step}`).toBeTruthy();
    });
    // The model said: work from 9 to 12 and 1 to 5, asleep from 10 pm. Decompositions split each block.
    for (const p of sim.personas) {
      const hourly = p.scratch.fDailyScheduleHourlyOrg;
      expect(hourly.reduce((m, [, d]) => m + d, 0)).toBe(1440);
      expect(hourly.map(([t]) => t)).toEqual(['sleeping', 'waking up and getting ready', 'eating breakfast at home', 'working at the workplace', 'having lunch', 'working at the workplace', 'having dinner', 'reading a book at home', 'sleeping']);
    }
    expect(at.get(10)!.every((d) => /working at the workplace/.test(d))).toBe(true);
    at.get(23)!.forEach((d, i) => {
      expect(d).toMatch(/sleeping/);
      expect(d.split('@')[1]).toContain(sim.personas[i]!.spec.livingArea);
    });
    expect(sim.brain.fallbackTotal).toBe(0);
    expect(llm.log.totals.calls).toBeGreaterThan(100);
    // The plan module's day-level invariants hold on the model too.
    for (const p of sim.personas) {
      expect(p.scratch.fDailySchedule.reduce((m, [, d]) => m + d, 0)).toBe(1440);
      const address = defined(p.scratch.actAddress ?? undefined, `${p.name}'s action address`);
      expect(isValidActionAddress(sim.world, address), printAddress(address)).toBe(true);
    }
    const decomps = llm.log.records.filter((r) => r.module === 'taskDecomp');
    expect(decomps.length).toBeGreaterThan(3);
    expect(decomps.filter((r) => new Date(r.gameTime).getUTCHours() >= 23)).toEqual([]);
  });

  it('reads JSON wrapped in prose or a code fence without a retry', async () => {
    fake.setResponder(badFirst('wake_up_hour', content('Sure! Here is my answer:\n```json\n{"hour": 5}\n```\nHope that helps.')));
    const { llm, sim, ctx } = brainFor(fake.url);
    expect(await sim.brain.wakeUpHour(ctx())).toBe(5);
    expect(fake.requests).toHaveLength(1);
    expect(llm.log.records[0]!.outcome).toBe('ok');
  });
});

describe('a misbehaving model: retries with the error fed back, then a counted fallback', () => {
  const cases: { what: string; task: string; reply: FakeReply; call: (b: ReturnType<typeof brainFor>) => Promise<unknown>; good: unknown; feedback: RegExp }[] = [
    { what: 'malformed JSON', task: 'wake_up_hour', reply: content('{"hour": 7,,'), call: (b) => b.sim.brain.wakeUpHour(b.ctx()), good: 6, feedback: /not valid JSON/ },
    { what: 'an empty reply', task: 'wake_up_hour', reply: content(''), call: (b) => b.sim.brain.wakeUpHour(b.ctx()), good: 6, feedback: /empty/ },
    { what: 'hour 27', task: 'wake_up_hour', reply: content('{"hour": 27}'), call: (b) => b.sim.brain.wakeUpHour(b.ctx()), good: 6, feedback: /hour/ },
    { what: 'the wrong shape', task: 'daily_planning', reply: content('{"schedule": "busy"}'), call: (b) => b.sim.brain.dailyPlan(b.ctx(), 6), good: expect.arrayContaining(['have lunch at 12:00 pm']), feedback: /plan/ },
    {
      what: 'a negative duration',
      task: 'task_decomp',
      reply: content('{"subtasks": [{"task": "brushing teeth", "minutes": -10}, {"task": "showering", "minutes": 70}]}'),
      call: (b) => b.sim.brain.taskDecomp(b.ctx(), 'waking up and getting ready', 60),
      good: [
        { task: 'getting started', minutes: 5 },
        { task: 'carrying on steadily', minutes: 55 },
      ],
      feedback: /duration|minutes/,
    },
    {
      what: 'an arena that is not among the options',
      task: 'action_arena',
      reply: content('{"arena": "ballroom"}'),
      call: (b) => b.sim.brain.actionArena(b.ctx(), 'sleeping', 'Test House', ['kitchen', 'bedroom']),
      good: 'bedroom',
      feedback: /ballroom|one of/,
    },
  ];

  for (const c of cases) {
    it(`${c.what}: one retry recovers the model's answer`, async () => {
      fake.setResponder(badFirst(c.task, c.reply));
      const b = brainFor(fake.url);
      expect(await c.call(b)).toEqual(c.good);
      expect(fake.requests).toHaveLength(2);
      // The second request carries the bad reply and what was wrong with it.
      const retry = fake.requests[1]!.messages;
      expect(retry.at(-1)!.content).toMatch(c.feedback);
      expect(b.llm.log.records.at(-1)!.outcome).toBe('retried');
      expect(b.sim.brain.fallbackTotal).toBe(0);
    });

    it(`${c.what} every time: ${MAX_VALIDATION_RETRIES + 1} attempts, then the documented fallback, counted`, async () => {
      fake.setResponder(badFirst(c.task, c.reply, Infinity));
      const b = brainFor(fake.url);
      const value = await c.call(b);
      expect(value).toBeDefined();
      expect(fake.requests).toHaveLength(MAX_VALIDATION_RETRIES + 1);
      expect(b.llm.log.records.at(-1)!.outcome).toBe('fallback');
      expect(b.sim.brain.fallbackTotal).toBe(1);
    });
  }

  it('a call that fails for good is answered by the offline brain for that same call, counted as a fallback', async () => {
    fake.setResponder(() => content('I am not sure.'));
    const b = brainFor(fake.url);
    const offline = new OfflineBrain(1, miniPersonas());
    offline.knowTown(b.sim.world);
    const answeredBy: string[] = [];
    b.sim.brain.onFallback = (e) => answeredBy.push(e.answeredBy);
    const ctx = b.ctx();
    const wake = await b.sim.brain.wakeUpHour(ctx);
    expect(wake).toBe(await offline.wakeUpHour(ctx));
    expect(wake).not.toBe(8); // not the contract's fixed default
    // An hour of the day is the offline schedule's, never "asleep" for a waking hour.
    const hour = await b.sim.brain.hourlySchedule(ctx, 10, [], 0);
    expect(hour).toBe(await offline.hourlySchedule(ctx, 10));
    expect(hour).not.toMatch(/asleep|sleeping/);
    // A place: the offline brain's choice among the options, not the first one listed.
    const arenas = ['bathroom', 'kitchen', 'bedroom'];
    const arena = await b.sim.brain.actionArena(ctx, 'having breakfast', 'Test House', arenas);
    expect(arena).toBe(await offline.actionArena(ctx, 'having breakfast', 'Test House', arenas));
    expect(arena).not.toBe('bathroom');
    expect(b.sim.brain.stats.get('wakeUpHour')).toMatchObject({ calls: 1, fallbacks: 1 });
    expect(b.sim.brain.fallbackTotal).toBe(3);
    expect(answeredBy).toEqual([offline.name, offline.name, offline.name]);
  });
});

describe('embeddings for memory relevance', () => {
  // A toy embeddings model: 8 numbers from the text, different per text.
  const toy = (t: string) => Array.from({ length: 8 }, (_, i) => ((t.charCodeAt(i % t.length) * (i + 1)) % 17) / 17 + 0.01);

  it('come from the endpoint’s embeddings model, batched, each text once, placed by index', async () => {
    fake.setEmbeddings(toy);
    try {
      const b = brainFor(fake.url, { embeddingModel: 'fake-embed' });
      await b.sim.run(30);
      expect(fake.embedRequests.length).toBeGreaterThan(0);
      expect(fake.embedRequests.every((r) => r.model === 'fake-embed')).toBe(true);
      const texts = fake.embedRequests.flatMap((r) => r.input);
      expect(new Set(texts).size).toBe(texts.length);
      const key = b.sim.personas[0]!.memory.nodes.at(-1)!.embeddingKey;
      expect(Array.from(b.sim.embeddings.get(key)!)).toEqual(toy(key).map((x) => Math.fround(x)));
      expect(b.llm.log.records.some((r) => r.module === 'embed' && r.outcome === 'ok')).toBe(true);
      expect(b.sim.brain.stats.get('embed')?.fallbacks ?? 0).toBe(0);
    } finally {
      fake.setEmbeddings(null);
      fake.embedRequests.length = 0;
    }
  });

  it('fall back to the local embedding, counted, when the endpoint has no embeddings model', async () => {
    const b = brainFor(fake.url, { embeddingModel: 'missing-model' });
    await b.sim.run(3);
    const stats = b.sim.brain.stats.get('embed')!;
    // Only the batches already in flight when the 404 came back fail (counted); then the brain stops asking.
    expect(stats.fallbacks).toBeGreaterThan(0);
    expect(stats.fallbacks).toBeLessThanOrEqual(b.sim.personas.length);
    expect(fake.embedRequests).toHaveLength(stats.fallbacks);
    expect(b.llm.embeddingsUnavailable).toMatch(/404/);
    await b.sim.run(30);
    expect(fake.embedRequests).toHaveLength(stats.fallbacks);
    const key = b.sim.personas[0]!.memory.nodes.at(-1)!.embeddingKey;
    expect(b.sim.embeddings.get(key)!.length).toBe(LOCAL_EMBEDDING_DIMS);
    fake.embedRequests.length = 0;
  });

  it('are local when no embeddings model is configured: no request is made', async () => {
    const b = brainFor(fake.url);
    await b.sim.run(3);
    expect(fake.embedRequests).toHaveLength(0);
    expect(b.sim.embeddings.size).toBeGreaterThan(0);
  });
});

describe('a misbehaving endpoint', () => {
  it('429 with retry-after: waits as told, then succeeds', async () => {
    fake.setResponder(badFirst('wake_up_hour', { kind: 'status', status: 429, headers: { 'retry-after': '2' } }, 2));
    // Both waits fit in the call's one deadline (a longer wait falls back at once: transport.test.ts).
    const b = brainFor(fake.url, { timeoutMs: 10_000 });
    expect(await b.sim.brain.wakeUpHour(b.ctx())).toBe(6);
    expect(sleeps).toEqual([2000, 2000]);
    expect(b.llm.log.records.at(-1)!.outcome).toBe('retried');
  });

  it('429 forever: gives up after a bounded number of waits and falls back', async () => {
    fake.setResponder(() => ({ kind: 'status', status: 429 }));
    // Back-offs of 1, 2 and 4 s, all inside the deadline.
    const b = brainFor(fake.url, { timeoutMs: 20_000 });
    expect(await b.sim.brain.wakeUpHour(b.ctx())).toBe(await b.llm.standIn.wakeUpHour(b.ctx()));
    expect(fake.requests).toHaveLength(MAX_RATE_LIMIT_WAITS + 1);
    expect(b.sim.brain.fallbackTotal).toBe(1);
    expect(b.llm.log.records.at(-1)!.error).toMatch(/429/);
  });

  it('500 then good: retried transparently', async () => {
    fake.setResponder(badFirst('wake_up_hour', { kind: 'status', status: 500 }));
    const b = brainFor(fake.url);
    expect(await b.sim.brain.wakeUpHour(b.ctx())).toBe(6);
    expect(fake.requests).toHaveLength(2);
    expect(b.sim.brain.fallbackTotal).toBe(0);
  });

  it('a hung request times out and falls back', async () => {
    fake.setResponder(() => ({ kind: 'hang', ms: 10_000 }));
    const b = brainFor(fake.url, { timeoutMs: 150 });
    expect(await b.sim.brain.wakeUpHour(b.ctx())).toBe(await b.llm.standIn.wakeUpHour(b.ctx()));
    expect(b.sim.brain.fallbackTotal).toBe(1);
    expect(b.llm.log.records.at(-1)!.error).toMatch(/time/i);
  });

  it('a provider that rejects response_format is asked again more simply', async () => {
    const good = goodModel();
    fake.setResponder((body, task, prompt) =>
      body.response_format?.type === 'json_schema' ? { kind: 'status', status: 400, body: { error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model." } } } : good(body, task, prompt),
    );
    const b = brainFor(fake.url);
    expect(await b.sim.brain.wakeUpHour(b.ctx())).toBe(6);
    expect(b.llm.client.structuredOutput).toBe('json_object');
    expect(fake.requests.at(-1)!.response_format?.type).toBe('json_object');
  });

  it('a dead endpoint: the town keeps running on fallbacks, every persona acting', async () => {
    const b = brainFor(await deadUrl(), { timeoutMs: 500 });
    await b.sim.run(360 * 8); // to 8:00 am
    for (const p of b.sim.personas) {
      expect(p.scratch.actAddress, p.id).toBeTruthy();
      expect(p.scratch.actDescription, p.id).toBeTruthy();
      expect(b.sim.world.walkable[p.tile.y * b.sim.world.width + p.tile.x]).toBe(1);
    }
    expect(b.sim.brain.fallbackTotal).toBeGreaterThan(10);
    expect(b.llm.log.records.every((r) => r.outcome === 'fallback')).toBe(true);
    expect(b.llm.log.records[0]!.error).toMatch(/connect|ECONNREFUSED|Connection/i);
  });
});

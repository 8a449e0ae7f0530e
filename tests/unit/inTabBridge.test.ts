import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_CONFIG, type LlmConfig } from '../../src/llm/config';
import { BREAKER_THRESHOLD, LlmClient, probeEndpoint, TransportError } from '../../src/llm/client';
import { IN_TAB_BASE_URL } from '../../src/llm/inTab/inTab';

/**
 * The bridge that puts a model in this tab behind the routes `LlmClient` uses (src/llm/inTab/inTab.ts),
 * with the real client and the real `openai` SDK in front of it and the runtime (wllama, which needs a
 * browser) replaced by a scripted one: what the client sends reaches the runtime as asked, what the
 * runtime answers comes back as an endpoint's reply, and the client's own bounds (its deadline, the
 * breaker) hold for it as for any endpoint. tests/browser/inTab.test.ts runs the real runtime.
 */
type Req = { messages: { role: string; content: string }[]; maxTokens: number; temperature: number; responseFormat?: unknown; signal?: AbortSignal };
const runtime = vi.hoisted(() => ({
  loaded: [] as string[],
  ready: { ok: true } as { ok: true } | { ok: false; error: string },
  asked: [] as Req[],
  answer: (_req: Req): Promise<unknown> => Promise.resolve({ text: '{}', finish: 'stop', promptTokens: 1, completionTokens: 1 }),
}));
vi.mock('../../src/llm/inTab/runtime', () => ({
  runtimeApi: {
    ensureLoaded: async (url: string) => {
      runtime.loaded.push(url);
      return runtime.ready;
    },
    complete: (req: Req) => {
      runtime.asked.push(req);
      return runtime.answer(req);
    },
  },
}));

const MODEL = 'https://example.invalid/models/small-instruct-q4_k_m.gguf';
const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({ ...DEFAULT_CONFIG, baseURL: IN_TAB_BASE_URL, model: MODEL, concurrency: 1, ...over });
const noSleep = { sleep: () => Promise.resolve() };
const schema = z.toJSONSchema(z.object({ ratings: z.array(z.number().int().min(1).max(10)).min(1) })) as Record<string, unknown>;

beforeEach(() => {
  runtime.loaded.length = 0;
  runtime.asked.length = 0;
  runtime.ready = { ok: true };
  runtime.answer = () => Promise.resolve({ text: '{"ratings":[4]}', finish: 'stop', promptTokens: 120, completionTokens: 9 });
});

describe('a model in this tab behind the client', () => {
  it('is probed by loading it from the cache: the model it names, or why it cannot', async () => {
    expect(await probeEndpoint(config())).toEqual({ ok: true, models: [MODEL] });
    expect(runtime.loaded).toEqual([MODEL]);
    runtime.ready = { ok: false, error: 'cannot load small-instruct-q4_k_m.gguf: it is not downloaded in this browser' };
    const probe = await probeEndpoint(config());
    expect(probe.ok).toBe(false);
    expect(!probe.ok && probe.error).toContain('not downloaded in this browser');
  });

  it('gets each call as asked: the messages with a retry\'s history, max_tokens, temperature and the JSON schema', async () => {
    const client = new LlmClient(config({ temperature: 0.3 }), noSleep);
    const reply = await client.chat({
      system: 'A small-town life simulation.',
      user: 'Rate these.',
      schemaName: 'poignancies',
      jsonSchema: schema,
      temperature: 0.3,
      maxTokens: 300,
      history: [
        { role: 'assistant', content: '{"ratings":[]}' },
        { role: 'user', content: 'That reply was not usable: "ratings" needs at least 1 item.' },
      ],
    });
    expect(reply).toEqual({ text: '{"ratings":[4]}', promptTokens: 120, completionTokens: 9, transportRetries: 0 });
    const asked = runtime.asked[0];
    expect(asked?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(asked?.messages[3]?.content).toContain('needs at least 1 item');
    expect(asked?.maxTokens).toBe(300);
    expect(asked?.temperature).toBe(0.3);
    // The grammar is made from this schema in the runtime (grammar.test.ts checks the conversion).
    expect(asked?.responseFormat).toEqual({ type: 'json_schema', json_schema: { name: 'poignancies', schema, strict: false } });
  });

  it('is cut at the client\'s deadline: the runtime sees the abort, the call fails as a timeout, and the breaker opens', async () => {
    let aborted = 0;
    runtime.answer = (req) =>
      new Promise((_, reject) =>
        req.signal?.addEventListener('abort', () => {
          aborted++;
          reject(new DOMException('cut at its deadline', 'AbortError'));
        }),
      );
    const client = new LlmClient(config({ timeoutMs: 400 }), noSleep);
    const ask = () => client.chat({ system: 's', user: 'u', schemaName: 'x', jsonSchema: schema, temperature: 0.7, maxTokens: 10 });
    await expect(ask()).rejects.toThrow("the model did not answer within the call's timeout");
    // The generation was stopped in the runtime, not left running behind the next call.
    expect(aborted).toBe(runtime.asked.length);
    expect(aborted).toBeGreaterThanOrEqual(1);
    // A call with no answer in its whole deadline opens the breaker, as for any endpoint.
    expect(client.health.state).toBe('down');
    await expect(ask()).rejects.toThrow(/not called: the endpoint is not answering/);
  });

  it('passes on what the runtime refuses as an endpoint\'s answer: a prompt too long for the context is the call\'s failure, not the model\'s absence', async () => {
    runtime.answer = () => Promise.resolve({ status: 400, error: "the prompt does not fit the model's context of 8192 tokens" });
    const client = new LlmClient(config(), noSleep);
    for (let i = 0; i < BREAKER_THRESHOLD + 1; i++) {
      const err = await client.chat({ system: 's', user: 'u'.repeat(10), schemaName: 'x', temperature: 0.7 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).status).toBe(400);
      expect((err as Error).message).toContain("does not fit the model's context");
    }
    expect(client.health.state).toBe('ok');
  });

  it('answers nothing but the routes the client uses', async () => {
    const client = new LlmClient(config(), noSleep);
    await expect(client.embed(['a'], 'any')).rejects.toThrow(/no route/);
  });
});

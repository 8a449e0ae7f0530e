/**
 * A model in this tab: llama.cpp compiled to WebAssembly (@wllama/wllama, in its own Web Worker)
 * runs a GGUF model on the visitor's CPU, with no server and no key. This module is in the page's
 * first load and stays small: the bridge that
 * makes the runtime look like an OpenAI-compatible endpoint to `LlmClient`, so a call in the tab
 * goes through the same client (one deadline, bounded retries, breaker, queue and priorities) and
 * the same LLM brain (contracts, validation, fallbacks, call log, budget) as any endpoint. The
 * runtime itself (`./runtime`, with wllama and its 10 MB wasm) is imported only when first used.
 */

/** The "endpoint" of a model in this tab: no request ever leaves the page for it. */
export const IN_TAB_BASE_URL = 'in-tab://this-tab/v1';

export function isInTab(baseURL: string): boolean {
  return baseURL === IN_TAB_BASE_URL;
}

type Runtime = typeof import('./runtime').runtimeApi;
let runtime: Promise<Runtime> | null = null;

async function importRuntime(): Promise<Runtime> {
  const { runtimeApi } = await import('./runtime');
  return runtimeApi;
}

/** The runtime, imported on first use (a chunk of its own, with wllama and its wasm). */
export function inTabRuntime(): Promise<Runtime> {
  runtime ??= importRuntime();
  return runtime;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function failure(status: number, message: string): Response {
  return json(status, { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error' } });
}

/**
 * A `fetch` for `LlmClient` that answers the OpenAI routes the client uses from the model in this
 * tab: GET /models (the probe: loads the model from the browser's cache, never downloads it) and
 * POST /chat/completions (the call's JSON schema becomes a GBNF grammar). The client's abort signal
 * (its one deadline) stops the generation in the worker.
 */
export function inTabFetch(modelUrl: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url).pathname;
    const rt = await inTabRuntime();
    if (path.endsWith('/models')) {
      const ready = await rt.ensureLoaded(modelUrl);
      return ready.ok ? json(200, { object: 'list', data: [{ id: modelUrl, object: 'model', owned_by: 'this tab' }] }) : failure(503, ready.error);
    }
    if (!path.endsWith('/chat/completions') || init?.method !== 'POST') return failure(404, `the model in this tab has no route ${path}`);
    const body = JSON.parse(String(init.body)) as { messages: { role: 'system' | 'user' | 'assistant'; content: string }[]; max_tokens?: number; temperature?: number; response_format?: unknown };
    const ready = await rt.ensureLoaded(modelUrl);
    if (!ready.ok) return failure(503, ready.error);
    const reply = await rt.complete({ messages: body.messages, maxTokens: body.max_tokens ?? 300, temperature: body.temperature ?? 0.7, responseFormat: body.response_format, signal: init.signal ?? undefined });
    if ('error' in reply) return failure(reply.status, reply.error);
    return json(200, {
      id: 'in-tab',
      object: 'chat.completion',
      created: 0,
      model: modelUrl,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.text }, finish_reason: reply.finish }],
      usage: { prompt_tokens: reply.promptTokens, completion_tokens: reply.completionTokens, total_tokens: reply.promptTokens + reply.completionTokens },
    });
  };
}

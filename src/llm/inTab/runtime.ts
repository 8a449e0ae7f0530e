import { ModelManager, Wllama, WllamaAbortError, WllamaError } from '@wllama/wllama';
// The wasm is served as a file of the build (Vite copies it and gives its URL), fetched only when a model loads.
import wasmUrl from '@wllama/wllama/esm/wasm/wllama.wasm?url';
import { formatBytes, inTabState, modelLabel, CATALOGUE, type InTabPhase } from './models';
import { schemaToGbnf } from './grammar';
import type { Speed } from './speed';

/**
 * The in-tab runtime (loaded lazily by `inTabRuntime()`): one wllama instance — llama.cpp in
 * WebAssembly, in wllama's own Web Worker, so the town and the drawing never wait on it — holding
 * one model, loaded from the browser's Cache Storage (wllama's cache manager) once downloaded.
 * Calls go one at a time (one context slot); llama.cpp uses several threads when the page is
 * cross-origin isolated, one otherwise.
 */

/** Context length asked for: a packed call's prompt and reply fit, with room for a retry's history. */
const CONTEXT_TOKENS = 8192;

const quiet = { debug: () => {}, log: () => {}, warn: () => {}, error: (...a: unknown[]) => console.warn('[in-tab model]', ...a) };
const models = new ModelManager({ logger: quiet, allowOffline: true });

let current: { url: string; wllama: Wllama } | null = null;
let loading: { url: string; done: Promise<Ready> } | null = null;
let download: AbortController | null = null;

type Ready = { ok: true } | { ok: false; error: string };

function setPhase(phase: InTabPhase): void {
  inTabState.setState({ phase });
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The models in this browser's cache, with their size (bytes). */
async function cachedModels(): Promise<{ url: string; bytes: number }[]> {
  const list = await models.getModels();
  return list.map((m) => ({ url: m.url, bytes: m.size }));
}

/** Delete a model from the cache (unloading it first if it is the one loaded). */
async function removeModel(url: string): Promise<void> {
  if (current?.url === url) await unload();
  const m = (await models.getModels({ includeInvalid: true })).find((x) => x.url === url);
  await m?.remove();
}

/**
 * The file's size as its host answers a HEAD request (content-length, or the x-linked-size a
 * Hugging Face redirect carries), or the catalogue's figure, or null when neither says.
 */
async function sizeOf(url: string): Promise<{ bytes: number; from: 'host' | 'catalogue' } | null> {
  try {
    const res = await fetch(url, { method: 'HEAD' });
    const n = Number(res.headers.get('x-linked-size') ?? res.headers.get('content-length') ?? NaN);
    if (res.ok && Number.isFinite(n) && n > 0) return { bytes: n, from: 'host' };
  } catch {
    // no answer: the catalogue's figure, if any
  }
  const known = CATALOGUE.find((m) => m.url === url);
  return known ? { bytes: known.bytes, from: 'catalogue' } : null;
}

async function unload(): Promise<void> {
  const was = current;
  current = null;
  inTabState.setState({ phase: { state: 'idle' } });
  await was?.wllama.exit().catch(() => {});
}

/** A short warm-up: one token, then a prompt read and a short JSON reply written, timed by llama.cpp. */
async function measure(w: Wllama): Promise<Speed> {
  const messages = [
    { role: 'system' as const, content: 'A small-town life simulation.\nTask: start_day\nReply format: {"wake_up_hour": integer 0-23, "activity": string}' },
    { role: 'user' as const, content: `Ann Lee is a baker at the Corner Café who opens the shop at 6 am, bakes bread and pastries, chats with her regulars and walks by the river after work. It is Monday February 13, 2023, 7:00 am. When does Ann wake up, and what does she do first? Reply with JSON only: {"wake_up_hour": …, "activity": "…"}` },
  ];
  const grammar = schemaToGbnf({ type: 'object', properties: { wake_up_hour: { type: 'integer', minimum: 0, maximum: 23 }, activity: { type: 'string', maxLength: 60 } }, required: ['wake_up_hour', 'activity'] });
  await w.createChatCompletion({ messages, max_tokens: 1, temperature: 0 });
  const t0 = performance.now();
  const r = (await w.createChatCompletion({ messages, max_tokens: 32, temperature: 0, grammar, cache_prompt: false })) as { usage: { prompt_tokens: number; completion_tokens: number }; timings?: { prompt_per_second: number; predicted_per_second: number } };
  const wall = Math.max(1, performance.now() - t0) / 1000;
  // llama.cpp's own timings when it gives them; else the wall time over all tokens (an underestimate of both).
  return r.timings && r.timings.prompt_per_second > 0 && r.timings.predicted_per_second > 0
    ? { promptPerSec: r.timings.prompt_per_second, genPerSec: r.timings.predicted_per_second }
    : { promptPerSec: r.usage.prompt_tokens / wall, genPerSec: Math.max(1, r.usage.completion_tokens) / wall };
}

async function load(url: string): Promise<Ready> {
  await unload();
  setPhase({ state: 'loading', url });
  const make = () => new Wllama({ default: wasmUrl }, { logger: quiet, suppressNativeLog: true, allowOffline: true });
  let wllama = make();
  try {
    const model = (await models.getModels()).find((m) => m.url === url);
    if (!model) throw new Error(`${modelLabel(url)} is not downloaded in this browser: download it in ⚙ Brain → A model in this tab`);
    const params = { n_ctx: CONTEXT_TOKENS, n_parallel: 1 };
    try {
      // wllama offloads to WebGPU where the browser has it (untested on our GPU-less machines) …
      await wllama.loadModel(model, params);
    } catch (err) {
      if (!('gpu' in navigator)) throw err;
      // … and a GPU that cannot take the model leaves the CPU, as everywhere else.
      await wllama.exit().catch(() => {});
      wllama = make();
      await wllama.loadModel(model, { ...params, n_gpu_layers: 0 });
    }
    setPhase({ state: 'measuring', url });
    const speed = await measure(wllama);
    current = { url, wllama };
    setPhase({ state: 'ready', url, speed, threads: wllama.getNumThreads() });
    return { ok: true };
  } catch (err) {
    await wllama.exit().catch(() => {});
    const text = `cannot load ${modelLabel(url)}: ${message(err)}`;
    setPhase({ state: 'error', url, message: text });
    return { ok: false, error: text };
  }
}

/** The model loaded and measured, from the cache (never downloaded here). */
function ensureLoaded(url: string): Promise<Ready> {
  if (current?.url === url) return Promise.resolve({ ok: true });
  if (loading?.url === url) return loading.done;
  const done = load(url).finally(() => {
    if (loading?.done === done) loading = null;
  });
  loading = { url, done };
  return done;
}

/** Download the model into the cache (progress in `inTabState`), then load and measure it. Cancel with `cancelDownload`. */
async function downloadModel(url: string): Promise<Ready> {
  download?.abort();
  const abort = new AbortController();
  download = abort;
  setPhase({ state: 'downloading', url, loaded: 0, total: 0 });
  try {
    await models.downloadModel(url, {
      signal: abort.signal,
      progressCallback: ({ loaded, total }) => {
        if (download === abort) setPhase({ state: 'downloading', url, loaded, total });
      },
    });
  } catch (err) {
    const cancelled = abort.signal.aborted;
    // A cancelled or broken download leaves no usable file: what was written is removed.
    await (await models.getModels({ includeInvalid: true })).find((m) => m.url === url)?.remove().catch(() => {});
    const text = cancelled ? 'download cancelled' : `download of ${modelLabel(url)} failed: ${message(err)}`;
    setPhase(cancelled ? { state: 'idle' } : { state: 'error', url, message: text });
    return { ok: false, error: text };
  } finally {
    if (download === abort) download = null;
  }
  return ensureLoaded(url);
}

function cancelDownload(): void {
  download?.abort();
}

/** The grammar for a request's response_format: the call's schema, any JSON object, or none. */
function grammarFor(format: unknown): string | undefined {
  const f = format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (f?.type === 'json_schema' && f.json_schema?.schema && typeof f.json_schema.schema === 'object') return schemaToGbnf(f.json_schema.schema as Record<string, unknown>);
  if (f?.type === 'json_object') return schemaToGbnf({ type: 'object' });
  return undefined;
}

/** One chat completion under the grammar of its response_format; an aborted one (the client's deadline) rejects as fetch does. */
async function complete(req: { messages: { role: 'system' | 'user' | 'assistant'; content: string }[]; maxTokens: number; temperature: number; responseFormat?: unknown; signal?: AbortSignal }): Promise<{ text: string; finish: 'stop' | 'length'; promptTokens: number; completionTokens: number } | { status: number; error: string }> {
  const w = current?.wllama;
  if (!w) return { status: 503, error: 'no model is loaded in this tab' };
  const grammar = grammarFor(req.responseFormat);
  try {
    const r = await w.createChatCompletion({ messages: req.messages, max_tokens: req.maxTokens, temperature: req.temperature, ...(grammar ? { grammar } : {}), abortSignal: req.signal });
    const choice = r.choices[0];
    return { text: choice?.message.content ?? '', finish: choice?.finish_reason === 'length' ? 'length' : 'stop', promptTokens: r.usage.prompt_tokens, completionTokens: r.usage.completion_tokens };
  } catch (err) {
    if (err instanceof WllamaAbortError || req.signal?.aborted) throw new DOMException('the call was cut at its deadline', 'AbortError');
    if (err instanceof WllamaError && err.type === 'kv_cache_full') return { status: 400, error: `the prompt does not fit the model's context of ${CONTEXT_TOKENS} tokens` };
    // Anything else may have left the wasm unusable: the next call (or the page's probe) loads the model again from the cache.
    if (current?.wllama === w) {
      current = null;
      void w.exit().catch(() => {});
    }
    return { status: 500, error: `the model in this tab failed: ${message(err)}` };
  }
}

/** "386 MB in this browser" for the picker. */
function describeCached(list: { bytes: number }[]): string {
  const total = list.reduce((s, m) => s + m.bytes, 0);
  return list.length === 0 ? 'No model is stored in this browser.' : `${list.length} model${list.length === 1 ? '' : 's'} stored in this browser: ${formatBytes(total)}.`;
}

/** What the page may ask of the runtime (`inTabRuntime()` in ./inTab resolves to this). */
export const runtimeApi = { cachedModels, removeModel, sizeOf, ensureLoaded, downloadModel, cancelDownload, complete, describeCached };

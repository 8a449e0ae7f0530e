import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  temperature?: number;
  max_tokens?: number;
}

/** What the fake model does for one request. */
export type FakeReply =
  /** A chat completion; `delayMs` or `after` (a promise) holds it back, like a slow model. */
  | { kind: 'content'; content: string; promptTokens?: number; completionTokens?: number; cachedTokens?: number; delayMs?: number; after?: Promise<unknown> }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang'; ms: number }
  /** Headers at once, then the body a few bytes at a time, forever (or until the client gives up). */
  | { kind: 'trickle'; everyMs: number }
  /** A 200 whose body is `bytes` long (JSON that never ends in time to matter). */
  | { kind: 'big'; bytes: number }
  | { kind: 'destroy' }
  /** Any body with any content type (an HTML error page from a proxy in front of the model). */
  | { kind: 'raw'; status: number; contentType: string; body: string };

export type Responder = (body: ChatBody, task: string, prompt: string, headers?: IncomingMessage['headers']) => FakeReply;

/** What GET /models answers: a list of model ids, or a reply like a chat call's (a 401, a hang). */
export type ModelsReply = { kind: 'models'; ids: string[] } | Exclude<FakeReply, { kind: 'content' }>;

/** What the fake embeddings model returns for one text (null: the endpoint answers 404). */
export type Embedder = (text: string) => number[];

export interface FakeLlm {
  url: string;
  requests: ChatBody[];
  /** Chat requests received and not yet answered (or closed). */
  readonly inFlight: number;
  /** GET /models requests received. */
  readonly modelRequests: number;
  embedRequests: { model: string; input: string[] }[];
  setResponder(r: Responder): void;
  setEmbeddings(e: Embedder | null): void;
  setModels(m: (headers: IncomingMessage['headers']) => ModelsReply): void;
  close(): Promise<void>;
}

/** The task name the LLM brain puts in its system message ("Task: wake_up_hour"). */
export function taskOf(body: ChatBody): string {
  const sys = body.messages.find((m) => m.role === 'system')?.content ?? '';
  return /Task: (\S+)/.exec(sys)?.[1] ?? '';
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
  // Echo whatever headers the page asks to send (the openai SDK adds several x-stainless-* ones).
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('access-control-expose-headers', 'retry-after');
}

/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests, driven through the real `openai`
 * client from Node or from the page. Answers CORS preflights.
 */
export async function startFakeLlm(responder: Responder, opts: { embeddings?: Embedder } = {}): Promise<FakeLlm> {
  let respond = responder;
  let embeddings = opts.embeddings ?? null;
  let models: (headers: IncomingMessage['headers']) => ModelsReply = () => ({ kind: 'models', ids: ['fake-model'] });
  let inFlight = 0;
  let modelRequests = 0;
  const requests: ChatBody[] = [];
  const embedRequests: { model: string; input: string[] }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url?.endsWith('/models')) {
        modelRequests++;
        const m = models(req.headers);
        if (m.kind === 'models') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: m.ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })) }));
        else answer(req, res, m, () => {});
        return;
      }
      if (req.url?.endsWith('/embeddings')) {
        const body = JSON.parse(raw) as { model: string; input: string | string[] };
        const inputs = Array.isArray(body.input) ? body.input : [body.input];
        embedRequests.push({ model: body.model, input: inputs });
        const embed = embeddings;
        if (!embed) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `model "${body.model}" not found` } }));
          return;
        }
        // Returned in reverse order on purpose: clients must place vectors by their index.
        const data = inputs.map((t, index) => ({ object: 'embedding', index, embedding: embed(t) })).reverse();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: inputs.join(' ').length, total_tokens: 0 } }));
        return;
      }
      if (!req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as ChatBody;
      requests.push(body);
      const user = body.messages.filter((m) => m.role === 'user').map((m) => m.content)[0] ?? '';
      // Prompt tokens as a provider bills them: every message sent (system, prompt, a retry's history), about 4 characters a token.
      const sent = body.messages.reduce((n, m) => n + m.content.length, 0);
      const reply = respond(body, taskOf(body), user, req.headers);
      inFlight++;
      let counted = true;
      const done = () => {
        if (counted) inFlight--;
        counted = false;
      };
      res.on('close', done);
      answer(req, res, reply, done, () => ({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.kind === 'content' ? reply.content : '' } }],
        usage: reply.kind === 'content' ? { prompt_tokens: reply.promptTokens ?? Math.ceil(sent / 4), completion_tokens: reply.completionTokens ?? Math.ceil(reply.content.length / 4), total_tokens: 0, ...(reply.cachedTokens === undefined ? {} : { prompt_tokens_details: { cached_tokens: reply.cachedTokens } }) } : undefined,
      }));
    });
  });

  /** Send one fake reply (`completion` builds a content reply's body). */
  function answer(req: IncomingMessage, res: ServerResponse, reply: FakeReply, done: () => void, completion?: () => unknown): void {
    if (reply.kind === 'hang') {
      const t = setTimeout(() => res.writeHead(200).end('{}'), reply.ms);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (reply.kind === 'trickle') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id": "x", "choices": [');
      const t = setInterval(() => res.write(' '), reply.everyMs);
      res.on('close', () => clearInterval(t));
      return;
    }
    if (reply.kind === 'big') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = ' '.repeat(64 * 1024);
      let left = reply.bytes;
      const pump = () => {
        while (left > 0) {
          left -= chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('{}');
      };
      res.on('error', () => {});
      pump();
      return;
    }
    if (reply.kind === 'destroy') {
      req.socket.destroy();
      return;
    }
    if (reply.kind === 'raw') {
    res.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
    done();
    return;
  }
  if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) }).end(JSON.stringify(reply.body ?? { error: { message: `fake ${reply.status}` } }));
      done();
      return;
    }
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion?.() ?? {}));
      done();
    };
    const wait: Promise<unknown>[] = [];
    if (reply.delayMs) wait.push(new Promise((r) => setTimeout(r, reply.delayMs)));
    if (reply.after) wait.push(reply.after);
    if (wait.length === 0) send();
    else void Promise.all(wait).then(send);
  }
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get modelRequests() {
      return modelRequests;
    },
    embedRequests,
    setModels: (m) => (models = m),
    setResponder: (r) => (respond = r),
    setEmbeddings: (e) => (embeddings = e),
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** A free port with nothing listening (for "connection refused"). */
export async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const addr = s.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}/v1`;
}

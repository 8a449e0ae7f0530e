import { createServer as createHttpServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import OpenAI from 'openai';
import { holdsKey, keySpellings } from '../support/keyForms';

// The dev server's /llm-proxy, started from vite.config.ts as `npm start` starts it, in front of a fake
// endpoint that records what reaches it and echoes the key in its 401s as some providers do.
// Not shaped like an "sk-" key: found because it is the key, not by its look.
const KEY = 'devproxy-Key/0123456789abcdefXYZ';
const ROOT = resolve(__dirname, '../..');

describe('dev proxy', () => {
  let upstream: Server;
  let vite: ViteDevServer;
  let base = '';
  const seen: { method: string; path: string; auth: string | undefined }[] = [];

  beforeAll(async () => {
    upstream = createHttpServer((req, res) => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization });
      if (req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'tiny' }] }));
        return;
      }
      if (req.url === '/v1/embeddings') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}` } }));
        return;
      }
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        if (raw.includes('echo')) {
          // A model (or a provider's error text) repeating the key in every spelling, written into the JSON by hand.
          const key = req.headers.authorization?.slice(7) ?? '';
          const spelled = Object.entries(keySpellings(key)).map(([k, v]) => `${k}: ${v}`).join(' | ');
          res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":"c1","object":"chat.completion","created":0,"model":"tiny","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"${spelled.replace(/\\/g, '\\\\').replace(/\\\\u/g, '\\u')}"}}]}`);
          return;
        }
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' }).end('{"error":{"message":"slow down"}}');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const addr = upstream.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${port}/v1`;
    process.env.OPENAI_API_KEY = KEY;
    vite = await createServer({ root: ROOT, configFile: resolve(ROOT, 'vite.config.ts'), logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
    await vite.listen();
    const a = vite.httpServer?.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    await vite?.close();
    await new Promise((r) => upstream?.close(r));
  });

  const own = () => ({ origin: base, 'content-type': 'application/json' });

  it('relays the page’s own calls with the server’s key, and never sends the key back', async () => {
    const models = await fetch(`${base}/llm-proxy/models`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(models.status).toBe(200);
    expect(await models.json()).toEqual({ data: [{ id: 'tiny' }] });
    expect(seen.at(-1)).toEqual({ method: 'GET', path: '/v1/models', auth: `Bearer ${KEY}` });

    const echoed = await fetch(`${base}/llm-proxy/embeddings`, { method: 'POST', headers: { ...own(), authorization: 'Bearer from-the-page' }, body: '{"input":"hi"}' });
    expect(echoed.status).toBe(401);
    const text = await echoed.text();
    expect(text).toContain('Incorrect API key provided');
    expect(text).not.toContain(KEY);
    expect(seen.at(-1)?.auth).toBe(`Bearer ${KEY}`);

    const busy = await fetch(`${base}/llm-proxy/chat/completions`, { method: 'POST', headers: own(), body: '{}' });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('2');
  });

  it('scrubs the key from what the page reads, in every spelling: the decoded body, not only the raw text (through the real openai client)', async () => {
    const client = new OpenAI({ baseURL: `${base}/llm-proxy`, apiKey: 'page-has-no-key', defaultHeaders: { origin: base }, maxRetries: 0 });
    const res = await client.chat.completions.create({ model: 'tiny', messages: [{ role: 'user', content: 'echo the key' }] });
    const content = res.choices[0]?.message.content ?? '';
    expect(content).toContain('plain: [key removed]');
    expect(content).toContain('jsonOneEscaped: [key removed]');
    expect(holdsKey(content, KEY)).toBe(false);
    expect(holdsKey(JSON.stringify(res), KEY)).toBe(false);
    expect(seen.at(-1)?.auth).toBe(`Bearer ${KEY}`);
  });

  it('refuses other paths, methods and origins without calling the endpoint', async () => {
    const before = seen.length;
    const cases: [string, RequestInit, number][] = [
      ['/llm-proxy/files', { headers: { 'sec-fetch-site': 'same-origin' } }, 404],
      ['/llm-proxy/models', { method: 'DELETE', headers: own() }, 405],
      ['/llm-proxy/chat/completions', { method: 'GET', headers: { 'sec-fetch-site': 'same-origin' } }, 405],
      ['/llm-proxy/chat/completions', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' }, 403],
      ['/llm-proxy/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body: '{}' }, 403],
      ['/llm-proxy/models', { headers: { 'sec-fetch-site': 'cross-site' } }, 403],
    ];
    for (const [path, init, status] of cases) {
      const r = await fetch(`${base}${path}`, init);
      expect(r.status, `${init.method ?? 'GET'} ${path}`).toBe(status);
      expect(await r.text()).not.toContain(KEY);
    }
    expect(seen.length).toBe(before);
  });
});

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readAtMost } from '../io/bounded';
import { rememberSecret, scrubDeep, scrubSecrets } from '../llm/secrets';

/**
 * The dev server's LLM proxy: the page calls /llm-proxy/… on its own origin and this forwards the call
 * to the configured endpoint with the server's key. It is a relay for exactly what the page needs —
 * POST chat/completions and embeddings, GET models — from the page's own origin, and nothing else:
 * any other path, method or origin is refused, so another site open in the same browser cannot spend
 * the key, and no reply carries the key back (a provider's 401 may echo it).
 */
const PROXY_PREFIX = '/llm-proxy';

const ROUTES: Record<string, 'GET' | 'POST'> = {
  '/chat/completions': 'POST',
  '/embeddings': 'POST',
  '/models': 'GET',
};

/** Bounds: a request body and a reply the page would ever need, and a call's time. */
const MAX_REQUEST_BYTES = 2 * 1024 * 1024;
const MAX_REPLY_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 120_000;

interface DevProxyOptions {
  /** The endpoint's base URL, e.g. https://api.openai.com/v1. */
  target: string;
  key?: string;
  fetchImpl?: typeof fetch;
}

type Next = () => void;

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: `Hamlet dev proxy: ${message}` } }));
}

/** Whether the request comes from a page on this server's own origin. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (origin !== undefined) return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
  // A same-origin GET carries no Origin header; the browser still says where it comes from.
  return req.headers['sec-fetch-site'] === 'same-origin';
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_REQUEST_BYTES) return null;
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

async function readReply(reply: Response): Promise<string | null> {
  if (!reply.body) return '';
  const read = await readAtMost(reply.body, MAX_REPLY_BYTES);
  return 'over' in read ? null : Buffer.from(read.bytes).toString('utf8');
}

/**
 * A reply with the key taken out of what the page will read, not only of the raw text: a JSON body
 * is decoded and every string in it scrubbed (a key with one character written as \u0068 is whole
 * again once decoded), then written back; any other body is scrubbed as text (every spelling of the key).
 */
function scrubBody(text: string, scrub: (t: string) => string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return scrub(text);
  }
  return scrub(JSON.stringify(scrubDeep(doc)));
}

/** A connect-style middleware for Vite's dev server (see vite.config.ts). */
export function devProxy(opts: DevProxyOptions): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  const base = opts.target.replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  rememberSecret(opts.key);
  const scrub = (text: string): string => (opts.key && opts.key.length >= 4 ? scrubSecrets(text.split(opts.key).join('[key removed]')) : scrubSecrets(text));
  return (req, res, next) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== PROXY_PREFIX && !url.pathname.startsWith(`${PROXY_PREFIX}/`)) return next();
    void (async () => {
      const path = url.pathname.slice(PROXY_PREFIX.length);
      const method = ROUTES[path];
      if (!method) return refuse(res, 404, `${path || '/'} is not relayed (only /chat/completions, /embeddings and /models)`);
      if (req.method !== method) return refuse(res, 405, `${req.method} ${path} is not relayed (only ${method})`);
      if (!sameOrigin(req)) return refuse(res, 403, 'only the page served by this dev server may use the proxy');
      const body = method === 'POST' ? await readBody(req) : null;
      if (method === 'POST' && body === null) return refuse(res, 413, `request body over ${MAX_REQUEST_BYTES} bytes`);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (method === 'POST') headers['content-type'] = 'application/json';
      if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      let reply: Response;
      try {
        reply = await doFetch(`${base}${path}`, { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (e) {
        return refuse(res, 502, `the endpoint did not answer (${scrub(e instanceof Error ? e.message : String(e))})`);
      }
      const text = await readReply(reply);
      if (text === null) return refuse(res, 502, `the endpoint's reply is over ${MAX_REPLY_BYTES} bytes`);
      const out: Record<string, string> = { 'content-type': reply.headers.get('content-type') ?? 'application/json' };
      // The client waits out a 429 as the server says.
      for (const h of ['retry-after', 'retry-after-ms']) {
        const v = reply.headers.get(h);
        if (v !== null) out[h] = v;
      }
      res.writeHead(reply.status, out);
      res.end(scrubBody(text, scrub));
    })().catch((e: unknown) => {
      if (!res.headersSent) refuse(res, 500, scrub(e instanceof Error ? e.message : String(e)));
      else res.end();
    });
  };
}

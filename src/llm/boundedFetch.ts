import { readAtMost } from '../io/bounded';
import { inTabFetch, isInTab } from './inTab/inTab';
import type { LlmConfig } from './config';

/*
 * The fetch under the OpenAI client: a reply's body is read inside the call's deadline and under a
 * size cap, and a 2xx that is not JSON is refused with what it was (docs/model-path.md, "Other
 * transport bounds").
 */

/** Replies larger than this are refused unread (a model's JSON answer is a few KB). */
export const MAX_REPLY_BYTES = 1_000_000;

export class ReplyTooLarge extends Error {
  constructor(bytes: number) {
    super(`the reply was larger than ${Math.round(MAX_REPLY_BYTES / 1000)} KB (${bytes} bytes read); refused`);
  }
}

/** A 2xx reply that is not JSON (an HTML page, bytes): refused with what it was. */
export class NotJson extends Error {}

/**
 * What a reply that should have been JSON was instead, in words: a web page (a proxy's error or
 * login page, a wrong URL), binary data, or other text.
 */
export function notJsonReason(body: string): string {
  const head = body.replace(/^\uFEFF/, '').trimStart().slice(0, 512);
  if (/^<(!doctype\s+html|html|head|body|\?xml|!--)/i.test(head) || /<(html|body|title|div|p)\b[^>]*>/i.test(head)) return 'the endpoint answered with a web page (HTML), not JSON — is the URL right?';
  // Control characters other than white space, or the replacement character of undecodable bytes.
  let odd = 0;
  for (const ch of head) {
    const c = ch.charCodeAt(0);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) odd++;
  }
  if (head.length > 0 && odd / head.length > 0.05) return 'the endpoint answered with binary data, not JSON — is the URL right?';
  return head.trim() === '' ? 'the reply was empty' : 'the endpoint answered with text that is not JSON — is the URL right?';
}

/**
 * fetch with the body read inside the call's deadline and under the size cap, so a reply that
 * trickles in or never ends is cut by the same timeout as one that never starts.
 */
function boundedFetch(maxBytes: number): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body) return res;
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await res.body.cancel().catch(() => {});
      throw new ReplyTooLarge(declared);
    }
    const read = await readAtMost(res.body, maxBytes);
    if ('over' in read) throw new ReplyTooLarge(read.over);
    const body = read.bytes;
    // A 2xx whose body is no JSON at all (whatever its content type says): named for what it is.
    if (res.ok && body.length > 0) {
      const text = new TextDecoder().decode(body.subarray(0, 4096));
      if (!/^\uFEFF?\s*[{[]/.test(text)) throw new NotJson(notJsonReason(text));
    }
    const headers = new Headers(res.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, statusText: res.statusText, headers });
  };
}

/** How a client reaches its model: over HTTP, bounded; or the model in this tab (src/llm/inTab/), behind the same routes. */
export function transportFor(config: LlmConfig): typeof fetch {
  return isInTab(config.baseURL) ? inTabFetch(config.model) : boundedFetch(MAX_REPLY_BYTES);
}

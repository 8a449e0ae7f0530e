/**
 * Reading files someone else made, within bounds: size on disk, size once inflated (counted while
 * inflating, so a gzip bomb stops early), JSON nesting depth and string length (checked on the text
 * before JSON.parse, so nothing downstream recurses without end). Every failure is an InputError whose
 * message names the file and the limit. Used by replays, Smallville imports, maps and saves; it runs in
 * the page, the CLI and the tests (Compression Streams exist in browsers and Node ≥ 18).
 */

type InputErrorKind = 'empty' | 'not-gzip' | 'truncated' | 'json' | 'too-large' | 'too-deep' | 'invalid';

/** A file that cannot be read, with a message for a person: which file, what is wrong. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly kind: InputErrorKind | (string & {}),
  ) {
    super(message);
    this.name = 'InputError';
  }
}

export interface ReadLimits {
  /** Bytes of the file as given (compressed or not). */
  maxFileBytes: number;
  /** Bytes once inflated (the JSON text). */
  maxTextBytes: number;
  /** Nesting of JSON objects and arrays. */
  maxDepth: number;
  /** Characters of any one JSON string. */
  maxStringLength: number;
}

const MB = 1024 * 1024;

/**
 * Default bounds. A recorded day of 25 personas is about 5 MB of JSON (a day with a model's calls,
 * cut to 4,000 characters each, a few tens of MB); nothing Hamlet writes nests deeper than about 20.
 */
export const DEFAULT_LIMITS: ReadLimits = { maxFileBytes: 200 * MB, maxTextBytes: 160 * MB, maxDepth: 64, maxStringLength: 1 * MB };

function formatBytes(n: number): string {
  if (n >= MB) return `${(n / MB).toFixed(n >= 10 * MB ? 0 : 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** gzip data starts with the magic bytes 1f 8b. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** A file's size against the limit, before reading it (a File's `size` is known without reading). */
export function checkFileSize(size: number, what: string, limits: ReadLimits = DEFAULT_LIMITS): void {
  if (size > limits.maxFileBytes) throw new InputError(`${what} is ${formatBytes(size)}; Hamlet opens files up to ${formatBytes(limits.maxFileBytes)} (limit: file size).`, 'too-large');
}

/**
 * Read a stream whole, stopping (and cancelling it) as soon as it passes `maxBytes`: the bytes, or how
 * many had come when it stopped. One loop for every bounded read (inflating, model replies, the dev proxy).
 */
export async function readAtMost(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { over: number }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void reader.cancel().catch(() => {});
      return { over: total };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes };
}

/** Inflate gzip data, stopping as soon as the output passes `maxBytes`. */
export async function gunzipBounded(bytes: Uint8Array, what: string, maxBytes: number = DEFAULT_LIMITS.maxTextBytes): Promise<Uint8Array> {
  let read: Awaited<ReturnType<typeof readAtMost>>;
  try {
    read = await readAtMost(new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip')), maxBytes);
  } catch {
    throw new InputError(`${what} is truncated or damaged: its gzip data ends early or is corrupt. Download it again.`, 'truncated');
  }
  if ('over' in read) throw new InputError(`${what} inflates to more than ${formatBytes(maxBytes)}; Hamlet opens files up to ${formatBytes(maxBytes)} once uncompressed (limit: inflated size).`, 'too-large');
  return read.bytes;
}

/** Bytes → text: inflated when gzip, taken as is when it looks like JSON; bounded either way. */
export async function readText(bytes: Uint8Array, what: string, limits: ReadLimits = DEFAULT_LIMITS, notJson = `${what} is neither gzip-compressed (.gz) nor JSON.`): Promise<string> {
  if (bytes.length === 0) throw new InputError(`${what} is empty.`, 'empty');
  checkFileSize(bytes.length, what, limits);
  if (isGzip(bytes)) return decodeUtf8(await gunzipBounded(bytes, what, limits.maxTextBytes), what);
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart();
  if (!(head.startsWith('{') || head.startsWith('['))) throw new InputError(notJson, 'not-gzip');
  if (bytes.length > limits.maxTextBytes) throw new InputError(`${what} is ${formatBytes(bytes.length)} of JSON; Hamlet opens up to ${formatBytes(limits.maxTextBytes)} (limit: inflated size).`, 'too-large');
  return decodeUtf8(bytes, what);
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new InputError(`${what} could not be read as text.`, 'invalid');
  }
}

/**
 * Check JSON text against the depth and string-length limits without parsing it (one pass over
 * the characters, no recursion), then parse it. Syntax errors name the file and say where.
 */
export function parseJsonBounded(text: string, what: string, limits: Pick<ReadLimits, 'maxDepth' | 'maxStringLength'> & { maxTextBytes?: number } = DEFAULT_LIMITS): unknown {
  if (limits.maxTextBytes !== undefined && text.length > limits.maxTextBytes) {
    throw new InputError(`${what} is ${formatBytes(text.length)} of text; Hamlet reads up to ${formatBytes(limits.maxTextBytes)} (limit: text size).`, 'too-large');
  }
  let depth = 0;
  let inString = false;
  let strStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) {
        inString = false;
        if (i - strStart > limits.maxStringLength) throw new InputError(`${what} has a text of ${(i - strStart).toLocaleString('en')} characters; Hamlet reads texts of up to ${limits.maxStringLength.toLocaleString('en')} (limit: string length).`, 'too-large');
      }
    } else if (c === 34) {
      inString = true;
      strStart = i + 1;
    } else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > limits.maxDepth) throw new InputError(`${what} nests JSON more than ${limits.maxDepth} levels deep (limit: nesting depth).`, 'too-deep');
    } else if (c === 125 || c === 93) depth--;
  }
  if (inString && text.length - strStart > limits.maxStringLength) throw new InputError(`${what} has a text of more than ${limits.maxStringLength.toLocaleString('en')} characters (limit: string length).`, 'too-large');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const cut = depth > 0 || inString || /end of (JSON|data) input|Unterminated/i.test(reason);
    throw new InputError(`${what} is ${cut ? 'cut off (it ends in the middle of the JSON)' : 'not JSON'}: ${reason}.`, 'json');
  }
}

/** Read a file's bytes (gzip or plain) as bounded JSON. */
export async function readJson(bytes: Uint8Array, what: string, limits: ReadLimits = DEFAULT_LIMITS): Promise<unknown> {
  return parseJsonBounded(await readText(bytes, what, limits), what, limits);
}

/** gzip through the Compression Streams API. */
export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip')));
  return new Uint8Array(await out.arrayBuffer());
}

/**
 * gzip through the Compression Streams API, which browsers and Node ≥ 18 both have: the replay
 * code stays the same in the page, the CLI and the tests. Files from elsewhere are inflated with a
 * bound (src/io/bounded.ts, which also checks JSON depth and string length); `gunzip` is for Hamlet's
 * own bytes.
 */
import { gunzipBounded as inflateBounded, InputError } from '../io/bounded';

export { gzip, isGzip } from '../io/bounded';

export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip')));
  return new Uint8Array(await out.arrayBuffer());
}

/** Uncompressed data that would pass `limit` bytes (a gzip bomb, or a file far larger than any real one). */
export class InflateLimitError extends Error {
  constructor(readonly limit: number) {
    super(`it unpacks to more than ${Math.round(limit / 1_000_000)} MB`);
    this.name = 'InflateLimitError';
  }
}

/**
 * gunzip that stops as soon as the output passes `limit` bytes (throws InflateLimitError): a few KB
 * of gzip can unpack to gigabytes, and nothing should hold them before looking. Damaged gzip data
 * throws an InputError ('truncated').
 */
export async function gunzipBounded(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  try {
    return await inflateBounded(bytes, 'The file', limit);
  } catch (err) {
    if (err instanceof InputError && err.kind === 'too-large') throw new InflateLimitError(limit);
    throw err;
  }
}

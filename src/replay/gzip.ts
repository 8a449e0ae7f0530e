/**
 * gzip through the Compression Streams API, which browsers and Node ≥ 18 both have: the replay
 * code stays the same in the page, the CLI and the tests.
 */
async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  return pipe(bytes, new CompressionStream('gzip'));
}

export function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  return pipe(bytes, new DecompressionStream('gzip'));
}

/** gzip data starts with the magic bytes 1f 8b. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
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
 * of gzip can unpack to gigabytes, and nothing should hold them before looking.
 */
export async function gunzipBounded(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new InflateLimitError(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

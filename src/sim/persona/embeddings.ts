/**
 * The town's embedding cache: embedding key (a memory's description) → vector. Shared by all
 * personas, since many remember the same event text; filled through the Brain's embed call.
 */
export class EmbeddingStore {
  private readonly vectors = new Map<string, Float32Array>();

  has(key: string): boolean {
    return this.vectors.has(key);
  }

  get(key: string): Float32Array | undefined {
    return this.vectors.get(key);
  }

  set(key: string, vector: readonly number[]): void {
    this.vectors.set(key, Float32Array.from(vector));
  }

  get size(): number {
    return this.vectors.size;
  }

  /** Every entry, for saves. */
  entries(): IterableIterator<[string, Float32Array]> {
    return this.vectors.entries();
  }
}

/**
 * Cosine similarity; 0 when either is missing or their sizes differ (a model's vector against a
 * local fallback vector cannot be compared).
 */
export function cosine(a: ArrayLike<number> | undefined, b: ArrayLike<number> | undefined): number {
  if (!a || !b || a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * The town's embedding cache: embedding key (a memory's description) → vector. Shared by all
 * personas, since many remember the same event text; filled through the Brain's embed call.
 */
export class EmbeddingStore {
  private readonly vectors = new Map<string, Float32Array>();
  /** 1 / |v| per key (0 for a zero vector), so a similarity is one dot product. */
  private readonly inverseNorms = new Map<string, number>();

  has(key: string): boolean {
    return this.vectors.has(key);
  }

  get(key: string): Float32Array | undefined {
    return this.vectors.get(key);
  }

  set(key: string, vector: readonly number[]): void {
    const v = Float32Array.from(vector);
    let sq = 0;
    for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
    this.vectors.set(key, v);
    this.inverseNorms.set(key, sq > 0 ? 1 / Math.sqrt(sq) : 0);
  }

  /**
   * Cosine similarity of every key against one query key (as `cosine`, with the norms computed once
   * per vector instead of once per comparison): the hot loop of retrieval. 0 for a missing vector or
   * vectors of different sizes.
   */
  similarityTo(query: string): (key: string) => number {
    const q = this.vectors.get(query);
    if (!q || q.length === 0) return () => 0;
    const qInv = this.inverseNorms.get(query)!;
    return (key) => {
      const v = this.vectors.get(key);
      if (!v || v.length !== q.length) return 0;
      let dot = 0;
      for (let i = 0; i < q.length; i++) dot += q[i]! * v[i]!;
      return dot * qInv * this.inverseNorms.get(key)!;
    };
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

/** How many recent queries keep their row of similarities (each row: the texts compared with it so far). */
const CACHED_QUERIES = 64;

interface Entry {
  /** Insertion order: the entry's place in a cached row of similarities. */
  id: number;
  vector: Float32Array;
  /** 1 / |v| (0 for a zero vector), so a similarity is one dot product. */
  inverseNorm: number;
  /** For a mostly-zero vector (the local embedding has ~60 of 256 set): its non-zero places and values, ascending. */
  sparseIndex: Uint16Array | null;
  sparseValue: Float32Array | null;
}

/**
 * The town's embedding cache: embedding key (a memory's description) → vector. Shared by all
 * personas, since many remember the same event text; filled through the Brain's embed call.
 */
export class EmbeddingStore {
  private readonly entries_ = new Map<string, Entry>();
  /**
   * Similarities already computed against recent queries (query → entry id → similarity), least
   * recently used first. Conversations ask about the same listener turn after turn, so most of a
   * turn's cosines were computed a few seconds of game time earlier. A row holds only the texts a
   * query was compared with (one persona's memories), not one place per text of the whole town.
   */
  private readonly rows = new Map<string, Map<number, number>>();

  has(key: string): boolean {
    return this.entries_.has(key);
  }

  get(key: string): Float32Array | undefined {
    return this.entries_.get(key)?.vector;
  }

  set(key: string, vector: readonly number[]): void {
    const v = Float32Array.from(vector);
    let sq = 0;
    let nonZero = 0;
    for (const x of v) {
      sq += x * x;
      if (x !== 0) nonZero++;
    }
    let sparseIndex: Uint16Array | null = null;
    let sparseValue: Float32Array | null = null;
    if (nonZero * 2 < v.length && v.length <= 65536) {
      const index = new Uint16Array(nonZero);
      const value = new Float32Array(nonZero);
      let k = 0;
      v.forEach((x, i) => {
        if (x === 0) return;
        index[k] = i;
        value[k++] = x;
      });
      sparseIndex = index;
      sparseValue = value;
    }
    const old = this.entries_.get(key);
    // A changed vector makes every cached similarity suspect; new keys only extend the rows.
    if (old) this.rows.clear();
    this.entries_.set(key, { id: old?.id ?? this.entries_.size, vector: v, inverseNorm: sq > 0 ? 1 / Math.sqrt(sq) : 0, sparseIndex, sparseValue });
  }

  /**
   * Cosine similarity of every key against one query key (as `cosine`, with the norms computed once
   * per vector instead of once per comparison): the hot loop of retrieval. 0 for a missing vector or
   * vectors of different sizes. A sparse vector is multiplied over its non-zero places only, in
   * ascending order: the skipped terms are exact zeros, so the sum is the same number.
   */
  similarityTo(query: string): (key: string) => number {
    const e = this.entries_.get(query);
    if (!e || e.vector.length === 0) return () => 0;
    const q = e.vector;
    const qInv = e.inverseNorm;
    const row = this.rowFor(query);
    return (key) => {
      const k = this.entries_.get(key);
      if (!k || k.vector.length !== q.length) return 0;
      const cached = row.get(k.id);
      if (cached !== undefined) return cached;
      let dot = 0;
      const idx = k.sparseIndex;
      const val = k.sparseValue;
      // The hot loop of retrieval: indices run within the arrays' bounds (same length, checked above),
      // so the reads are asserted rather than checked one by one.
      if (idx && val) {
        // oxlint-disable-next-line typescript/no-non-null-assertion
        for (let j = 0; j < idx.length; j++) dot += q[idx[j]!]! * val[j]!;
      } else {
        const v = k.vector;
        // oxlint-disable-next-line typescript/no-non-null-assertion
        for (let i = 0; i < q.length; i++) dot += q[i]! * v[i]!;
      }
      const similarity = dot * qInv * k.inverseNorm;
      row.set(k.id, similarity);
      return similarity;
    };
  }

  /** The cached row for a query, made most recently used (a new one if it has none; the oldest of CACHED_QUERIES is dropped). */
  private rowFor(query: string): Map<number, number> {
    let row = this.rows.get(query);
    if (row) this.rows.delete(query);
    else {
      row = new Map();
      const oldest = this.rows.keys().next();
      if (this.rows.size >= CACHED_QUERIES && !oldest.done) this.rows.delete(oldest.value);
    }
    this.rows.set(query, row);
    return row;
  }

  get size(): number {
    return this.entries_.size;
  }

  /** Every entry, for saves. */
  *entries(): IterableIterator<[string, Float32Array]> {
    for (const [key, e] of this.entries_) yield [key, e.vector];
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
  // Same length, checked above: the reads are in bounds (a hot loop, asserted rather than checked).
  for (let i = 0; i < a.length; i++) {
    // oxlint-disable-next-line typescript/no-non-null-assertion
    const x = a[i]!, y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Deterministic noise. Everything is seeded by integers, never Math.random, so `npm run art` is
 * reproducible. Periodic variants wrap at the tile size, which is what makes ground tiles seamless.
 */

/** Integer hash of (x, y, seed) → [0, 1). */
export function hash01(x: number, y: number, seed = 0): number {
  let h = (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263) + Math.imul(seed | 0, 1442695041)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/**
 * Value noise on a lattice of `cell` pixels that wraps every `period` pixels (period must be a
 * multiple of cell). Returns [0, 1).
 */
export function periodicNoise(x: number, y: number, cell: number, period: number, seed = 0): number {
  const n = period / cell;
  const gx = Math.floor(x / cell);
  const gy = Math.floor(y / cell);
  const fx = smooth((x - gx * cell) / cell);
  const fy = smooth((y - gy * cell) / cell);
  const v = (i: number, j: number) => hash01(mod(gx + i, n), mod(gy + j, n), seed);
  const top = v(0, 0) + (v(1, 0) - v(0, 0)) * fx;
  const bottom = v(0, 1) + (v(1, 1) - v(0, 1)) * fx;
  return top + (bottom - top) * fy;
}

/** A small deterministic PRNG (mulberry32) for scattering details. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

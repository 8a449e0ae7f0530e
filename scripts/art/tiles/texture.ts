/**
 * Seamless ground textures. Every pattern here is periodic in 32 px (noise lattices wrap, scattered
 * details are drawn with wrapped coordinates), so a field of identical tiles shows no seams.
 */
import type { Canvas } from '../canvas';
import type { Color } from '../color';
import { hash01, periodicNoise, rng } from '../noise';
import { T, wrap } from './painter';
import { at } from '../../../src/sim/checked';

/**
 * Fill the tile with soft clumps: two octaves of periodic noise pick among the given shades
 * (darkest first), with a little per-pixel jitter so clump borders break up like dithering.
 */
export function mottle(c: Canvas, shades: readonly Color[], seed: number, cell = 8, jitter = 0.14, spread = 2): void {
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const n =
        periodicNoise(x, y, cell, T, seed) * 0.65 +
        periodicNoise(x, y, cell / 2, T, seed + 1) * 0.35 +
        (hash01(x, y, seed + 2) - 0.5) * jitter;
      // Noise sums bunch around 0.5; stretch them so every shade gets used.
      const t = Math.max(0, Math.min(0.999, (n - 0.5) * spread + 0.5));
      const i = Math.floor(t * shades.length);
      c.set(x, y, at(shades, i, 'shades'));
    }
  }
}

/** Set a pixel with wrap-around. */
export function setW(c: Canvas, x: number, y: number, col: Color): void {
  c.set(wrap(x), wrap(y), col);
}

/** Scatter single pixels of `col` with probability p per pixel (deterministic). */
export function speckle(c: Canvas, col: Color, p: number, seed: number): void {
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) if (hash01(x, y, seed) < p) c.set(x, y, col);
}

/** Deterministic scatter positions, spread out on a jittered grid so details never clump. */
export function scatter(count: number, seed: number): Array<[number, number]> {
  const r = rng(seed);
  const side = Math.ceil(Math.sqrt(count));
  const step = T / side;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < side * side && out.length < count; i++) {
    const gx = i % side;
    const gy = Math.floor(i / side);
    // Stagger alternate rows so scattered details do not line up into a visible grid.
    const ox = gy % 2 ? step / 2 : 0;
    out.push([Math.floor(gx * step + ox + r() * step * 0.7), Math.floor(gy * step + r() * step * 0.7)]);
  }
  return out;
}

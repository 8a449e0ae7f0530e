import { at } from '../../src/sim/checked';
/**
 * Colours are packed 0xRRGGBBAA numbers (unsigned). Shading helpers shift hue as they go: shadows
 * lean towards a cool purple and highlights towards a warm cream, the usual pixel-art trick that
 * keeps shaded areas from looking muddy.
 */
export type Color = number;

export const CLEAR: Color = 0;

export function rgba(r: number, g: number, b: number, a = 255): Color {
  return (((r & 255) << 24) | ((g & 255) << 16) | ((b & 255) << 8) | (a & 255)) >>> 0;
}

/** '#rrggbb' → colour, with optional alpha 0..255. */
export function hex(s: string, a = 255): Color {
  const m = /^#([0-9a-f]{6})$/i.exec(s);
  if (!m) throw new Error(`bad colour ${s}`);
  const v = parseInt(at(m, 1, 'colour digits'), 16);
  return rgba((v >> 16) & 255, (v >> 8) & 255, v & 255, a);
}

export function channels(c: Color): [number, number, number, number] {
  return [(c >>> 24) & 255, (c >>> 16) & 255, (c >>> 8) & 255, c & 255];
}

export function alphaOf(c: Color): number {
  return c & 255;
}

export function withAlpha(c: Color, a: number): Color {
  return ((c & 0xffffff00) | (a & 255)) >>> 0;
}

/** Linear mix of two colours (alpha mixed too); t = 0 gives a, t = 1 gives b. */
export function mix(a: Color, b: Color, t: number): Color {
  const ca = channels(a);
  const cb = channels(b);
  const m = (i: 0 | 1 | 2 | 3) => Math.round(ca[i] + (cb[i] - ca[i]) * t);
  return rgba(m(0), m(1), m(2), m(3));
}

const SHADOW_HUE = hex('#2a1f3d');
const LIGHT_HUE = hex('#fff6dc');

/** Darker, slightly cooler version of c (t in 0..1), alpha preserved. */
export function shade(c: Color, t: number): Color {
  return withAlpha(mix(c, SHADOW_HUE, t), alphaOf(c));
}

/** Lighter, slightly warmer version of c (t in 0..1), alpha preserved. */
export function light(c: Color, t: number): Color {
  return withAlpha(mix(c, LIGHT_HUE, t), alphaOf(c));
}

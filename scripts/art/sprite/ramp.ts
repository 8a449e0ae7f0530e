/** Four-step colour ramps for sprite parts: highlight, base, mid shadow, deep shadow. */
import { type Color, hex, light, shade } from '../color';

export interface Ramp {
  hi: Color;
  base: Color;
  lo: Color;
  dark: Color;
}

export function ramp(color: string | Color): Ramp {
  const base = typeof color === 'string' ? hex(color) : color;
  return { hi: light(base, 0.28), base, lo: shade(base, 0.22), dark: shade(base, 0.45) };
}

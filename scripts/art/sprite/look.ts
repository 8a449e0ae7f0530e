/** An appearance resolved into colour ramps, ready for the part painters. */
import { hex, mix } from '../color';
import type { Appearance } from '../characters';
import { type Ramp, ramp } from './ramp';

export interface Look {
  a: Appearance;
  skin: Ramp;
  hair: Ramp;
  top: Ramp;
  /** Shirt under a jacket, coat or waistcoat (defaults to the top colour). */
  inner: Ramp;
  bottom: Ramp;
  shoes: Ramp;
  apron?: Ramp;
  hat?: Ramp;
  tie?: Ramp;
  scarf?: Ramp;
}

export function resolveLook(a: Appearance): Look {
  const hair = ramp(a.hair.color);
  // Buzz cuts show scalp through the hair, so they sit between hair and skin.
  const shownHair = a.hair.style === 'buzz' ? ramp(mix(hex(a.hair.color), hex(a.skin), 0.3)) : hair;
  return {
    a,
    skin: ramp(a.skin),
    hair: shownHair,
    top: ramp(a.top.color),
    inner: ramp(a.top.inner ?? a.top.color),
    bottom: ramp(a.bottom.color),
    shoes: ramp(a.shoes),
    apron: a.apron ? ramp(a.apron) : undefined,
    hat: a.hat ? ramp(a.hat.color) : undefined,
    tie: a.tie ? ramp(a.tie) : undefined,
    scarf: a.scarf ? ramp(a.scarf) : undefined,
  };
}

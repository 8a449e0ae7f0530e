/**
 * Legs, skirts and shoes. Walk phase −1/+1 lifts one foot (front/back views) or spreads the legs
 * in a stride (side view); phase 0 is standing.
 */
import type { Canvas } from '../canvas';
import { Mask } from './mask';
import type { Look } from './look';
import type { Ramp } from './ramp';

export type Phase = -1 | 0 | 1;

function shoe(c: Canvas, m: Mask, r: Ramp): void {
  m.paint(c, (x, y) => (m.has(x, y + 1) ? (m.has(x - 1, y) ? r.base : r.hi) : r.lo));
}

/** Front or back view: two legs side by side. */
export function legsFrontBack(c: Canvas, look: Look, phase: Phase): void {
  const { bottom, skin } = look;
  const style = look.a.bottom.style;
  const legTop = style === 'skirt' ? 26 : style === 'long-skirt' ? 28 : 24;
  for (const left of [true, false]) {
    const lift = (phase === 1 && !left) || (phase === -1 && left) ? 1 : 0;
    const x0 = left ? 12 : 17;
    const legBottom = 26 - lift;
    const leg = new Mask();
    for (let y = legTop; y <= legBottom; y++) leg.span(y, x0, x0 + 2);
    leg.paint(c, (x, y) => {
      const bare = style === 'skirt' || (style === 'shorts' && y >= 25);
      const r = bare ? skin : bottom;
      return x === (left ? x0 + 2 : x0) ? r.lo : r.base;
    });
    const s = new Mask();
    const sx = left ? 11 : 17;
    if (style === 'long-skirt') s.span(28 - lift, sx, sx + 3);
    else s.span(27 - lift, sx, sx + 3).span(28 - lift, sx, sx + 3);
    shoe(c, s, look.shoes);
  }
  // Hips (and the skirt, which hides the upper legs).
  const hips = new Mask().span(23, 12, 19);
  if (style === 'skirt') hips.spans([[24, 11, 20], [25, 10, 21]]);
  if (style === 'long-skirt') hips.spans([[24, 11, 20], [25, 11, 20], [26, 10, 21], [27, 10, 21]]);
  hips.paint(c, (x, y) => (hips.has(x, y + 1) ? (x <= 12 ? bottom.hi : bottom.base) : bottom.lo));
}

/** Side view (facing left). */
export function legsSide(c: Canvas, look: Look, phase: Phase): void {
  const { bottom, skin } = look;
  const style = look.a.bottom.style;
  const paintLeg = (leg: Mask, shoeMask: Mask, far: boolean) => {
    leg.paint(c, (_x, y) => {
      const bare = style === 'skirt' || (style === 'shorts' && y >= 25);
      const r = bare ? skin : bottom;
      return far ? r.lo : r.base;
    });
    shoe(c, shoeMask, far ? { ...look.shoes, base: look.shoes.lo, hi: look.shoes.base } : look.shoes);
  };
  const top = style === 'skirt' ? 26 : 24;
  if (phase === 0) {
    const leg = new Mask();
    for (let y = top; y <= 26; y++) leg.span(y, 14, 17);
    paintLeg(leg, new Mask().span(27, 13, 17).span(28, 13, 17), false);
  } else {
    const forward = new Mask();
    const back = new Mask();
    const fwdRows: Array<[number, number, number]> = [[24, 13, 16], [25, 12, 15], [26, 11, 14]];
    const backRows: Array<[number, number, number]> = [[24, 16, 18], [25, 17, 19], [26, 18, 20]];
    for (const [y, a, b] of fwdRows) if (y >= top) forward.span(y, a, b);
    for (const [y, a, b] of backRows) if (y >= top) back.span(y, a, b);
    const fwdShoe = new Mask().span(27, 10, 14).span(28, 10, 14);
    const backShoe = new Mask().span(27, 18, 21).span(28, 19, 21);
    // Phase −1 puts the near leg forward, +1 the near leg back; the far leg is drawn darker first.
    if (phase === -1) {
      paintLeg(back, backShoe, true);
      paintLeg(forward, fwdShoe, false);
    } else {
      paintLeg(forward, fwdShoe, true);
      paintLeg(back, backShoe, false);
    }
  }
  const hips = new Mask().span(23, 13, 18);
  if (style === 'skirt') hips.spans([[24, 12, 19], [25, 11, 20]]);
  if (style === 'long-skirt') hips.spans([[24, 12, 19], [25, 12, 19], [26, 11, 20], [27, 11, 20]]);
  hips.paint(c, (x, y) => (hips.has(x, y + 1) ? (x <= 13 ? bottom.hi : bottom.base) : bottom.lo));
}

/**
 * Torso, arms and the clothes worn on them (shirts, coats, waistcoats, aprons, hoods), for the
 * three facings. Arms swing opposite to the legs while walking.
 */
import type { Canvas } from '../canvas';
import { Mask } from './mask';
import type { Look } from './look';
import type { Phase } from './legs';
import type { Ramp } from './ramp';

const LONG_TOPS = new Set(['coat', 'dress']);

/** The torso silhouette for front/back views, including a coat's or tunic's skirt. */
function torsoFrontMask(look: Look, front: boolean): Mask {
  const m = new Mask().span(16, 12, 19).rect(11, 17, 10, 6);
  const style = look.a.top.style;
  if (style === 'jacket') m.span(23, 11, 20);
  if (LONG_TOPS.has(style)) m.spans([[23, 11, 20], [24, 11, 20], [25, 10, 21]]);
  // A coat hangs open below the waist at the front.
  if (style === 'coat' && front) for (let y = 23; y <= 25; y++) m.remove(15, y).remove(16, y);
  return m;
}

function shadeBody(m: Mask, r: Ramp, x: number, y: number, front: boolean): number {
  if (!m.has(x, y + 1)) return r.lo; // hem
  if (front ? x <= 11 : x >= 20) return r.hi;
  if (front ? x >= 20 : x <= 11) return r.lo;
  return r.base;
}

/** Front view torso with the top's details. */
export function torsoFront(c: Canvas, look: Look): void {
  const { top, inner, skin } = look;
  const style = look.a.top.style;
  const m = torsoFrontMask(look, true);
  m.paint(c, (x, y) => shadeBody(m, top, x, y, true));
  switch (style) {
    case 'shirt':
      c.set(15, 16, skin.lo);
      c.set(16, 16, skin.lo);
      c.set(14, 16, top.hi);
      c.set(17, 16, top.hi);
      break;
    case 'tshirt':
    case 'dress':
      c.hline(14, 17, 16, skin.base);
      c.hline(15, 16, 17, skin.lo);
      if (style === 'dress') c.hline(11, 20, 21, top.lo); // waist tie
      break;
    case 'sweater':
      c.hline(13, 18, 16, top.lo);
      for (let x = 11; x <= 20; x += 2) c.set(x, 22, top.dark);
      break;
    case 'hoodie':
      c.hline(12, 19, 16, top.lo);
      c.vline(14, 17, 19, top.hi);
      c.vline(17, 17, 19, top.hi);
      c.hline(13, 18, 20, top.lo);
      c.set(13, 21, top.lo);
      c.set(18, 21, top.lo);
      break;
    case 'jacket':
    case 'coat':
      c.hline(14, 17, 16, inner.base);
      c.vline(15, 17, 19, inner.base);
      c.vline(16, 17, 19, inner.lo);
      c.set(14, 17, top.lo);
      c.set(17, 17, top.lo);
      c.set(14, 20, top.lo);
      c.set(17, 20, top.lo);
      if (style === 'coat') {
        c.hline(12, 13, 21, top.lo);
        c.hline(18, 19, 21, top.lo);
        c.set(15, 22, top.lo);
        c.set(16, 22, top.lo);
      }
      break;
    case 'vest':
      c.hline(14, 17, 16, inner.base);
      c.hline(15, 16, 17, inner.base);
      c.hline(15, 16, 18, inner.lo);
      c.set(15, 19, top.hi);
      c.set(15, 21, top.hi);
      break;
  }
}

/** Back view torso. */
export function torsoBack(c: Canvas, look: Look): void {
  const { top } = look;
  const style = look.a.top.style;
  const m = torsoFrontMask(look, false);
  m.paint(c, (x, y) => shadeBody(m, top, x, y, true));
  if (style === 'coat') c.vline(15, 22, 25, top.lo);
  if (style === 'hoodie') {
    const hood = new Mask().spans([[16, 12, 19], [17, 12, 19], [18, 13, 18]]);
    hood.paint(c, (x, y) => (hood.has(x, y + 1) ? (x === 12 ? top.hi : top.base) : top.dark));
  }
  if (style === 'sweater') for (let x = 11; x <= 20; x += 2) c.set(x, 22, top.dark);
}

/** Side view torso (facing left: the front is at low x). */
export function torsoSide(c: Canvas, look: Look): void {
  const { top, inner } = look;
  const style = look.a.top.style;
  const m = new Mask().span(16, 13, 18).rect(12, 17, 8, 6);
  if (style === 'jacket') m.span(23, 12, 19);
  if (LONG_TOPS.has(style)) m.spans([[23, 12, 19], [24, 12, 19], [25, 11, 20]]);
  m.paint(c, (x, y) => (!m.has(x, y + 1) ? top.lo : x <= 12 ? top.hi : x >= 19 ? top.lo : top.base));
  if (style === 'jacket' || style === 'coat' || style === 'vest') {
    c.vline(12, 16, 19, inner.base);
    c.set(13, 16, inner.base);
    c.set(13, 17, top.lo);
  }
  if (style === 'hoodie') {
    const hood = new Mask().spans([[15, 18, 20], [16, 18, 20], [17, 19, 20]]);
    hood.paint(c, top.lo);
  }
}

/** Arm masks for the front/back view; swing +1 brings the arm forward (longer), −1 back. */
function armFront(left: boolean, swing: Phase): { sleeve: Mask; hand: Mask } {
  const x0 = left ? 9 : 21;
  const sleeveEnd = 20 + swing;
  const sleeve = new Mask();
  for (let y = 17; y <= sleeveEnd; y++) sleeve.span(y, x0, x0 + 1);
  const hand = new Mask().span(sleeveEnd + 1, x0, x0 + 1);
  if (swing >= 0) hand.span(sleeveEnd + 2, x0, x0 + 1);
  return { sleeve, hand };
}

function sleeveRamp(look: Look): Ramp {
  return look.a.top.style === 'vest' ? look.inner : look.top;
}

function paintArm(c: Canvas, look: Look, sleeve: Mask, hand: Mask, innerX: number): void {
  const r = sleeveRamp(look);
  const short = look.a.top.style === 'tshirt';
  sleeve.paint(c, (x, y) => {
    const bare = short && y >= 19;
    const rr = bare ? look.skin : r;
    if (!bare && look.a.top.style === 'sweater' && !sleeve.has(x, y + 1)) return r.lo; // cuff
    return x === innerX ? rr.lo : rr.base;
  });
  hand.paint(c, (x, y) => (hand.has(x, y + 1) ? look.skin.base : look.skin.lo));
}

/** Both arms in the front (or back) view. */
export function armsFrontBack(c: Canvas, look: Look, phase: Phase): void {
  for (const left of [true, false]) {
    const swing = (left ? phase : -phase) as Phase;
    const { sleeve, hand } = armFront(left, swing);
    paintArm(c, look, sleeve, hand, left ? 10 : 21);
  }
}

/** The near arm in the side view, drawn over the torso with a dark rim so it stands out. */
export function armSide(c: Canvas, look: Look, phase: Phase): void {
  const sleeve = new Mask();
  const hand = new Mask();
  if (phase === 0) {
    sleeve.rect(15, 17, 3, 4);
    hand.rect(15, 21, 2, 2);
  } else if (phase === 1) {
    sleeve.spans([[17, 15, 17], [18, 14, 16], [19, 13, 15]]);
    hand.rect(12, 20, 2, 2);
  } else {
    sleeve.spans([[17, 15, 17], [18, 16, 18], [19, 17, 19]]);
    hand.rect(19, 20, 2, 2);
  }
  const r = sleeveRamp(look);
  // Rim: the arm's outline where it overlaps the torso.
  const rim = new Mask();
  for (const m of [sleeve, hand]) {
    m.forEach((x, y) => {
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1]] as const) {
        if (!sleeve.has(x + dx, y + dy) && !hand.has(x + dx, y + dy) && c.filled(x + dx, y + dy)) rim.add(x + dx, y + dy);
      }
    });
  }
  rim.paint(c, r.dark);
  paintArm(c, look, sleeve, hand, -1);
  sleeve.forEach((x, y) => {
    if (!sleeve.has(x - 1, y) && !(look.a.top.style === 'tshirt' && y >= 19)) c.set(x, y, r.hi);
  });
}

/** Apron over the front of the clothes: a bib with neck strap and a skirt with a pocket. */
export function apronFront(c: Canvas, look: Look): void {
  const r = look.apron;
  if (!r) return;
  const m = new Mask().rect(13, 17, 6, 3).rect(12, 20, 8, 6);
  m.paint(c, (x, y) => (!m.has(x, y + 1) ? r.lo : x === 12 || x === 13 ? r.hi : r.base));
  c.set(12, 16, r.base);
  c.set(19, 16, r.base);
  c.hline(14, 17, 23, r.lo);
  c.hline(12, 19, 20, r.lo);
}

export function apronBack(c: Canvas, look: Look): void {
  const r = look.apron;
  if (!r) return;
  c.hline(11, 20, 21, r.base);
  c.hline(14, 17, 20, r.hi);
  c.hline(14, 17, 22, r.lo);
  c.set(15, 23, r.lo);
  c.set(16, 23, r.lo);
}

export function apronSide(c: Canvas, look: Look): void {
  const r = look.apron;
  if (!r) return;
  const m = new Mask().rect(12, 17, 2, 3).rect(11, 20, 3, 6);
  m.paint(c, (x, y) => (!m.has(x, y + 1) ? r.lo : x === 11 ? r.hi : r.base));
  c.hline(12, 19, 20, r.base);
}

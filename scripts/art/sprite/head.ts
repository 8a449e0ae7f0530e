/**
 * Head, face and everything worn on it: eyes, mouth, blush, beards, glasses, hats, and the
 * neckwear that overlaps the chin (tie, scarf, stethoscope).
 */
import type { Canvas } from '../canvas';
import { hex, mix } from '../color';
import { type Facing, hairExtras, hairMask, headMask, paintHair } from './hair';
import { Mask } from './mask';
import type { Look } from './look';

const EYE = hex('#2b2030');
const BLUSH = hex('#e88a8a');
const FRECKLE = hex('#b0704a');
const STETHOSCOPE = hex('#4a4e5a');
const METAL = hex('#c8ced6');

/** Skin of the head and ears, softly shaded on the right and under the chin. */
function paintHeadSkin(c: Canvas, look: Look, facing: Facing): void {
  const { skin } = look;
  const head = headMask();
  head.paint(c, (x, y) => (y === 15 || x === 21 || (y === 14 && x === 20) ? skin.lo : skin.base));
  if (facing === 'down') {
    c.vline(9, 10, 11, skin.base);
    c.vline(22, 10, 11, skin.lo);
  }
  if (facing === 'side') c.set(9, 11, skin.base); // nose
}

function paintFace(c: Canvas, look: Look, facing: Facing): void {
  const { skin, a } = look;
  const mouth = mix(skin.lo, hex('#8a3f3f'), 0.35);
  const cheek = mix(skin.base, BLUSH, 0.45);
  if (facing === 'down') {
    for (const x of [13, 18]) c.vline(x, 10, 11, EYE);
    c.hline(15, 16, 13, mouth);
    if (a.blush) {
      c.set(12, 12, cheek);
      c.set(19, 12, cheek);
    }
    if (a.freckles) for (const [x, y] of [[12, 12], [14, 13], [17, 13], [19, 12]] as const) c.set(x, y, mix(skin.base, FRECKLE, 0.5));
  } else if (facing === 'side') {
    c.vline(12, 10, 11, EYE);
    c.set(11, 13, mouth);
    c.vline(17, 10, 11, skin.lo); // ear
    c.set(18, 11, skin.lo);
    if (a.blush) c.set(13, 12, cheek);
    if (a.freckles) c.set(13, 12, mix(skin.base, FRECKLE, 0.5));
  }
}

function paintFacialHair(c: Canvas, look: Look, facing: Facing): void {
  const kind = look.a.facialHair;
  if (!kind || facing === 'up') return;
  const r = look.hair;
  const m = new Mask();
  if (kind === 'beard') {
    if (facing === 'down') {
      m.spans([[12, 10, 11], [12, 20, 21], [13, 10, 14], [13, 17, 21], [14, 11, 20], [15, 12, 19], [16, 13, 18]]);
      m.span(12, 14, 17);
    } else {
      m.spans([[12, 13, 16], [13, 12, 16], [14, 11, 17], [15, 11, 17], [16, 12, 16]]);
      m.span(12, 10, 11);
    }
    m.paint(c, (x, y) => (y >= 15 || x === 21 ? r.lo : y === 12 ? r.hi : r.base));
    if (facing === 'down') c.hline(15, 16, 13, mix(look.skin.lo, r.dark, 0.5));
  } else if (kind === 'moustache') {
    if (facing === 'down') m.span(12, 14, 17).add(13, 13).add(18, 13);
    else m.span(12, 10, 12);
    m.paint(c, r.base);
  } else {
    const head = headMask();
    head.forEach((x, y) => {
      const lower = facing === 'down' ? y >= 12 && !(y === 12 && x > 11 && x < 20) : y >= 12 && x <= 16;
      if (lower && (x + y) % 2 === 0) c.set(x, y, mix(look.skin.base, r.base, 0.45));
    });
  }
}

function paintGlasses(c: Canvas, look: Look, facing: Facing): void {
  const frame = look.a.glasses ? hex(look.a.glasses) : undefined;
  if (!frame || facing === 'up') return;
  const lens = mix(look.skin.base, hex('#ffffff'), 0.45);
  const rim = mix(frame, look.skin.base, 0.45);
  if (facing === 'down') {
    for (const x0 of [12, 17]) {
      c.hline(x0, x0 + 2, 9, frame);
      c.set(x0 === 12 ? x0 : x0 + 2, 10, lens); // glint on the outer lens
      c.set(x0 === 12 ? x0 + 2 : x0, 10, rim);
      c.hline(x0, x0 + 2, 12, rim);
    }
    c.hline(15, 16, 10, frame);
  } else {
    c.hline(11, 13, 9, frame);
    c.set(11, 10, lens);
    c.hline(11, 13, 12, rim);
    c.hline(14, 16, 10, frame);
  }
}

function paintHat(c: Canvas, look: Look, facing: Facing): void {
  const hat = look.a.hat;
  const r = look.hat;
  if (!hat || !r) return;
  const cx = facing === 'side' ? 15.5 : 16;
  if (hat.style === 'straw') {
    const brim = new Mask().ellipse(cx, 7, facing === 'side' ? 10.5 : 11.5, 2.4);
    const crown = new Mask().spans([[1, 12, 19], [2, 11, 20], [3, 11, 20], [4, 11, 20], [5, 11, 20], [6, 11, 20]]);
    brim.paint(c, (x, y) => (y <= 6 ? r.hi : (x + y) % 3 === 0 ? r.lo : r.base));
    crown.paint(c, (x, y) => (y === 1 ? r.hi : (x + y) % 3 === 0 ? r.lo : x > 17 ? r.lo : r.base));
    c.hline(11, 20, 5, hex('#8a4a3a'));
    c.hline(11, 20, 6, hex('#6e3a2e'));
    // Brim shade across the brow.
    if (facing !== 'up') for (let x = 10; x <= 21; x++) if (headMask().has(x, 9)) c.set(x, 9, mix(c.get(x, 9), look.skin.dark, 0.4));
  } else if (hat.style === 'beret') {
    const m = new Mask().ellipse(facing === 'side' ? 15 : 17, 4, 8.5, facing === 'side' ? 2.8 : 3).add(16, 0).add(16, 1);
    m.paint(c, (x, y) => (y <= 2 ? r.hi : !m.has(x, y + 1) ? r.lo : r.base));
  } else if (hat.style === 'baker') {
    const puff = new Mask().ellipse(cx, 2.8, 6.8, 3.3);
    const band = new Mask().rect(10, 5, 12, 2);
    puff.paint(c, (x, y) => (y <= 1 || x <= 12 ? r.hi : x >= 20 ? r.lo : r.base));
    band.paint(c, (_x, y) => (y === 6 ? r.lo : r.base));
  } else {
    // Headband: across the hair just above the forehead.
    const hair = hairMask(look.a.hair.style, facing);
    for (let x = 0; x < 32; x++) if (hair.has(x, 7)) c.set(x, 7, x < 16 ? r.hi : r.base);
  }
}

/** Tie, scarf and stethoscope: drawn after the head because they overlap the chin line. */
function paintNeckwear(c: Canvas, look: Look, facing: Facing): void {
  const { tie, scarf, a } = look;
  if (tie && facing !== 'up') {
    if (facing === 'down') {
      c.hline(15, 16, 16, tie.dark);
      c.rect(15, 17, 2, 4, tie.base);
      c.set(16, 18, tie.lo);
      c.set(16, 20, tie.lo);
      c.hline(15, 16, 21, tie.lo);
    } else {
      c.vline(12, 17, 20, tie.base);
    }
  }
  if (a.stethoscope && facing === 'down') {
    for (const [x, y] of [[12, 16], [12, 17], [13, 18], [13, 19], [19, 16], [19, 17], [18, 18], [18, 19]] as const) c.set(x, y, STETHOSCOPE);
    c.set(18, 20, METAL);
  }
  if (a.stethoscope && facing === 'side') c.vline(13, 16, 19, STETHOSCOPE);
  if (scarf) {
    const m = new Mask();
    if (facing === 'side') m.spans([[15, 12, 18], [16, 12, 19], [17, 17, 18], [18, 17, 18], [19, 17, 18]]);
    else if (facing === 'down') m.spans([[15, 12, 19], [16, 11, 20], [17, 18, 19], [18, 18, 19], [19, 18, 19]]);
    else m.spans([[15, 11, 20], [16, 11, 20], [17, 13, 14], [18, 13, 14]]);
    m.paint(c, (x, y) => (y === 15 ? scarf.hi : !m.has(x, y + 1) ? scarf.lo : (x + y) % 4 === 0 ? scarf.lo : scarf.base));
  }
}

/** Paint the whole head for a facing: skin, face, facial hair, hair, glasses, hat, neckwear. */
export function paintHead(c: Canvas, look: Look, facing: Facing): void {
  paintHeadSkin(c, look, facing);
  paintFace(c, look, facing);
  paintFacialHair(c, look, facing);
  const style = look.a.hair.style;
  paintHair(c, hairMask(style, facing), look.hair, style);
  for (const extra of hairExtras(style, facing)) {
    paintHair(c, extra, look.hair, style);
    // A dark seam where the extra meets the head, so buns and tails read as separate shapes.
    extra.forEach((x, y) => {
      if (!extra.has(x, y + 1) && c.filled(x, y + 1) && !extra.has(x, y + 1)) c.set(x, y, look.hair.dark);
    });
  }
  if (style === 'bald' && facing !== 'side') c.set(12, 5, mix(look.skin.base, hex('#ffffff'), 0.5)); // scalp shine
  paintGlasses(c, look, facing);
  paintHat(c, look, facing);
  paintNeckwear(c, look, facing);
}



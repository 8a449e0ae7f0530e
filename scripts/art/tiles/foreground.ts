/**
 * Foreground tiles, drawn above the personas: the 2×2 tree canopy, the lantern of the lamp post,
 * the eave strip over doors; plus the editor-only collision marker.
 */
import { Canvas } from '../canvas';
import { hex, mix, withAlpha } from '../color';
import { hash01 } from '../noise';
import { INK, LEAF, ROOF } from '../palette';
import type { TilePainter } from './painter';
import { at } from '../../../src/sim/checked';

/** Leaf clumps (centre x, centre y, radius) in a 64×64 box, drawn back (bottom) to front (top). */
const CLUMPS: ReadonlyArray<readonly [number, number, number]> = [
  [12, 41, 10], [26, 43, 9], [39, 40, 10],
  [9, 29, 8], [21, 31, 11], [34, 30, 11], [44, 29, 8],
  [15, 18, 10], [28, 16, 11], [39, 20, 9],
  [23, 9, 8], [33, 8, 6],
];

/**
 * The whole canopy as one 64×64 image. Its visual centre is x ≈ 26 (over the trunk drawn on the
 * left tile) and its lowest leaves stop at y ≈ 52, leaving the lower trunk visible.
 */
export function paintCanopy(): Canvas {
  const c = new Canvas(64, 64);
  const ramp = [LEAF.glint, LEAF.light, LEAF.base, LEAF.mid, LEAF.dark, LEAF.deep];
  CLUMPS.forEach(([cx, cy, r], k) => {
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        const dx = (x + 0.5 - cx) / r;
        const dy = (y + 0.5 - cy) / r;
        const d2 = dx * dx + dy * dy;
        if (d2 > 1) continue;
        // Lit from the upper left; the lower canopy sits in its own shade.
        let t = (dx + dy) * 0.55 + d2 * 0.35 + (y - 26) / 70 + (hash01(x, y, 601 + k) - 0.5) * 0.35;
        if (d2 > 0.78 && dx + dy > 0.2) t += 0.35; // clump rim in shadow
        const i = Math.max(0, Math.min(ramp.length - 1, Math.floor((t + 0.7) * 2.6)));
        c.set(x, y, at(ramp, i, 'ramp'));
      }
    }
  });
  c.outline(hex('#203828'));
  // A few sky glints on the sunny side.
  for (let i = 0; i < 14; i++) {
    const x = 6 + Math.floor(hash01(i, 0, 611) * 34);
    const y = 4 + Math.floor(hash01(i, 1, 611) * 26);
    if (c.get(x, y) === LEAF.light || c.get(x, y) === LEAF.base) c.set(x, y, LEAF.glint);
  }
  return c;
}

function canopyQuarter(qx: 0 | 1, qy: 0 | 1): TilePainter {
  return (c) => c.draw(paintCanopy().crop(qx * 32, qy * 32, 32, 32), 0, 0);
}

/** Lantern on the upper pole; the pole continues at the bottom into lamp_post below. */
function lampTop(c: Canvas): void {
  const iron = hex('#3e4a4a');
  const ironLight = hex('#5f6f6b');
  const glow = hex('#ffe39a');
  c.ellipse(16, 15, 12, 11, withAlpha(hex('#ffe9a8'), 36), true);
  c.ellipse(16, 15, 8, 8, withAlpha(hex('#ffe9a8'), 40), true);
  c.rect(14, 22, 4, 10, INK);
  c.vline(15, 22, 31, ironLight);
  c.vline(16, 22, 31, iron);
  // Cap and finial.
  c.rect(15, 3, 2, 2, INK);
  c.rect(10, 5, 12, 4, INK);
  c.hline(11, 20, 6, ironLight);
  c.hline(12, 19, 7, iron);
  c.rect(8, 8, 16, 2, INK);
  // Glass box with a warm flame.
  c.rect(10, 10, 12, 10, INK);
  c.rect(11, 10, 10, 9, glow);
  c.rect(12, 11, 8, 7, hex('#fff6d0'));
  c.rect(15, 13, 2, 3, hex('#f6b04a'));
  c.vline(15, 10, 18, INK);
  c.vline(16, 10, 18, INK);
  c.set(12, 11, hex('#ffffff'));
  c.rect(11, 19, 10, 3, INK);
  c.hline(12, 19, 20, iron);
}

/** Eave strip along the top of the tile with a soft shadow below it; the rest is transparent. */
function roofLip(c: Canvas): void {
  c.hline(0, 31, 0, ROOF.deep);
  c.rect(0, 1, 32, 2, ROOF.base);
  c.hline(0, 31, 1, ROOF.light);
  for (let x = 0; x < 32; x += 4) c.set(x, 2, ROOF.dark);
  c.hline(0, 31, 3, INK);
  [96, 64, 40, 20].forEach((a, i) => c.blendRect(0, 4 + i, 32, 1, withAlpha(INK, a)));
}

function collision(c: Canvas): void {
  const red = hex('#e03a3a');
  c.rect(0, 0, 32, 32, withAlpha(red, 90));
  c.frame(0, 0, 32, 32, withAlpha(red, 200));
  for (let i = 2; i < 30; i++) {
    c.set(i, i, withAlpha(mix(red, hex('#ffffff'), 0.2), 230));
    c.set(31 - i, i, withAlpha(mix(red, hex('#ffffff'), 0.2), 230));
  }
}

export const foregroundPainters: Record<string, TilePainter> = {
  canopy_tl: canopyQuarter(0, 0),
  canopy_tr: canopyQuarter(1, 0),
  canopy_bl: canopyQuarter(0, 1),
  canopy_br: canopyQuarter(1, 1),
  lamp_top: lampTop,
  roof_lip: roofLip,
  collision,
};

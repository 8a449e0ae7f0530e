/**
 * Walls. `wall_top` is a wall seen from above (the dark cap used for side and back walls);
 * `wall_front*` is the face of a wall turned to the viewer. Opaque and seamless sideways.
 * Fences and hedges have transparent backgrounds and repeat seamlessly along their run.
 */
import type { Canvas } from '../canvas';
import { type Color, hex, light, mix, shade, withAlpha } from '../color';
import { hash01, periodicNoise } from '../noise';
import { BRICK, GLASS, INK, LEAF, PLASTER, ROOF, STONE, WOOD } from '../palette';
import { type TilePainter, T } from './painter';

/** Wall cap: staggered slate courses, 8 px each, tiling both ways. */
function wallTop(c: Canvas): void {
  for (let y = 0; y < T; y++) {
    const row = Math.floor(y / 8);
    const sy = y % 8;
    for (let x = 0; x < T; x++) {
      const ux = (x + (row % 2) * 8) % T;
      const slate = Math.floor(ux / 16);
      const tint = hash01(slate, row, 201);
      const base = tint < 0.35 ? ROOF.dark : tint < 0.85 ? ROOF.base : mix(ROOF.base, ROOF.light, 0.5);
      let col = base;
      if (sy === 0) col = light(base, 0.1);
      if (sy >= 6) col = mix(base, ROOF.deep, sy === 7 ? 0.9 : 0.4);
      if (ux % 16 === 0 && sy < 7) col = ROOF.deep;
      c.set(x, y, col);
    }
  }
}

/** Shared frame of a front wall: dark cap at the top, skirting board at the bottom. */
function wallFrame(c: Canvas, body: (c: Canvas) => void, plinth: 'wood' | 'stone'): void {
  body(c);
  // Cap: the wall's top edge in shadow under the roof line.
  c.hline(0, T - 1, 0, ROOF.deep);
  c.hline(0, T - 1, 1, ROOF.dark);
  c.hline(0, T - 1, 2, mix(ROOF.base, PLASTER.shadow, 0.3));
  c.blendRect(0, 3, T, 2, withAlpha(INK, 40));
  if (plinth === 'wood') {
    c.hline(0, T - 1, 26, WOOD.light);
    c.rect(0, 27, T, 4, WOOD.base);
    c.hline(0, T - 1, 31, WOOD.dark);
    for (let x = 0; x < T; x += 16) c.vline(x, 27, 30, WOOD.dark);
  } else {
    for (let y = 27; y < T; y++) for (let x = 0; x < T; x++) {
      const sx = (x + (y > 29 ? 5 : 0)) % 11;
      c.set(x, y, y === 27 ? STONE.light : y === 31 || sx === 0 ? STONE.dark : hash01(x, y, 211) < 0.15 ? STONE.dark : STONE.base);
    }
  }
}

/** Smooth plaster: nearly flat, with sparse grain so large façades are not dead flat. */
function plaster(c: Canvas): void {
  c.fill(PLASTER.base);
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) {
    const h = hash01(x, y, 221);
    if (h < 0.035) c.set(x, y, mix(PLASTER.base, PLASTER.shadow, 0.6));
    else if (h > 0.97) c.set(x, y, PLASTER.light);
  }
}

/** Running-bond bricks, 16×6 with 1-px mortar. */
function bricks(c: Canvas): void {
  for (let y = 0; y < T; y++) {
    const course = Math.floor((y - 3) / 6);
    const sy = (((y - 3) % 6) + 6) % 6;
    for (let x = 0; x < T; x++) {
      const ux = (x + (course % 2 ? 8 : 0)) % T;
      const brick = Math.floor(ux / 16);
      const sx = ux % 16;
      const tint = hash01(brick, course, 231);
      const base = tint < 0.3 ? BRICK.dark : tint < 0.85 ? BRICK.base : BRICK.light;
      let col = hash01(x, y, 232) < 0.1 ? shade(base, 0.1) : base;
      if (sy === 1) col = light(base, 0.15);
      if (sy === 5) col = shade(base, 0.12);
      if (sy === 0 || sx === 0) col = BRICK.mortar;
      c.set(x, y, col);
    }
  }
}

/** A window with a cross bar, glass reflections, sill and two soft curtains. */
function windowOn(c: Canvas, frame: Color, curtain: Color): void {
  const x0 = 7, y0 = 6, w = 18, h = 16;
  c.rect(x0 - 1, y0 - 1, w + 2, h + 2, INK);
  c.rect(x0, y0, w, h, frame);
  c.rect(x0 + 2, y0 + 2, w - 4, h - 4, GLASS.base);
  // Sky reflection: lighter top, darker bottom, two diagonal glints.
  c.rect(x0 + 2, y0 + 2, w - 4, 3, GLASS.light);
  c.rect(x0 + 2, y0 + h - 5, w - 4, 3, GLASS.dark);
  for (let i = 0; i < 4; i++) {
    c.set(x0 + 4 + i, y0 + 8 - i, GLASS.light);
    c.set(x0 + 11 + i, y0 + 9 - i, GLASS.light);
  }
  c.vline(x0 + w / 2 - 1, y0 + 2, y0 + h - 3, frame);
  c.vline(x0 + w / 2, y0 + 2, y0 + h - 3, shade(frame, 0.25));
  c.hline(x0 + 2, x0 + w - 3, y0 + 7, frame);
  c.hline(x0 + 2, x0 + w - 3, y0 + 8, shade(frame, 0.25));
  // Curtains gathered at the sides.
  for (let y = y0 + 2; y < y0 + h - 2; y++) {
    const spread = y < y0 + 9 ? 3 : 2;
    c.hline(x0 + 2, x0 + 1 + spread, y, curtain);
    c.hline(x0 + w - 2 - spread, x0 + w - 3, y, curtain);
    c.set(x0 + 1 + spread, y, shade(curtain, 0.2));
    c.set(x0 + w - 2 - spread, y, shade(curtain, 0.2));
  }
  // Sill.
  c.rect(x0 - 2, y0 + h + 1, w + 4, 2, INK);
  c.hline(x0 - 1, x0 + w, y0 + h + 1, light(frame, 0.2));
  c.blendRect(x0 - 1, y0 + h + 3, w + 2, 1, withAlpha(INK, 60));
}

/** Picket fence along a horizontal run: two rails and four pointed pickets per tile. */
function fenceH(c: Canvas): void {
  const paint = hex('#efe6d2');
  const paintShade = hex('#cbbfa8');
  c.blendRect(0, 28, T, 2, withAlpha(INK, 50));
  for (const ry of [15, 23]) {
    c.hline(0, T - 1, ry, INK);
    c.hline(0, T - 1, ry + 1, paintShade);
    c.hline(0, T - 1, ry + 2, shade(paintShade, 0.2));
    c.hline(0, T - 1, ry + 3, INK);
  }
  for (let px = 2; px < T; px += 8) {
    c.rect(px - 1, 9, 7, 19, INK);
    c.rect(px, 10, 5, 17, paint);
    c.vline(px + 4, 10, 26, paintShade);
    c.vline(px, 10, 26, light(paint, 0.4));
    // Pointed top.
    c.set(px - 1, 9, 0);
    c.set(px + 5, 9, 0);
    c.hline(px, px + 4, 9, INK);
    c.hline(px + 1, px + 3, 8, INK);
    c.set(px, 9, 0);
    c.set(px + 4, 9, 0);
    c.set(px, 10, INK);
    c.set(px + 4, 10, INK);
    c.set(px + 2, 9, paint);
    c.hline(px + 1, px + 3, 10, paint);
  }
}

/**
 * Fence along a vertical run. Seen from above the pickets overlap into one narrow strip: its side
 * face, with a notch and a lit picket top every 8 px, matching fence_h's paint and rhythm.
 */
function fenceV(c: Canvas): void {
  const paint = hex('#efe6d2');
  const paintShade = hex('#cbbfa8');
  c.blendRect(19, 0, 2, T, withAlpha(INK, 50));
  c.rect(13, 0, 6, T, INK);
  c.rect(14, 0, 4, T, paint);
  c.vline(14, 0, T - 1, light(paint, 0.4));
  c.vline(17, 0, T - 1, paintShade);
  for (let y = 0; y < T; y += 8) {
    c.hline(14, 17, y + 7, shade(paintShade, 0.25)); // gap between pickets
    c.hline(14, 16, y, light(paint, 0.5)); // picket top catching the light
    c.set(12, y + 3, INK); // rail stubs showing on both sides
    c.set(19, y + 3, INK);
  }
}

/** Clipped hedge: leafy lit top, darker front face; full width so runs join. */
function hedge(c: Canvas): void {
  const top = 4;
  for (let y = top; y < T; y++) {
    for (let x = 0; x < T; x++) {
      // Bumpy upper edge (periodic so neighbours join).
      const edge = top + Math.round(periodicNoise(x, 0, 8, T, 241) * 3);
      if (y < edge) continue;
      const n = periodicNoise(x, y, 4, T, 242) + (hash01(x, y, 243) - 0.5) * 0.3;
      const face = y >= 20;
      let col: Color;
      if (!face) col = n > 0.62 ? LEAF.light : n > 0.38 ? LEAF.base : LEAF.mid;
      else col = n > 0.6 ? LEAF.mid : n > 0.35 ? LEAF.dark : LEAF.deep;
      if (!face && hash01(x, y, 244) < 0.04) col = LEAF.glint;
      if (y === edge) col = INK;
      else if (y === edge + 1) col = LEAF.light;
      if (y === 20) col = mix(col, LEAF.deep, 0.5);
      if (y >= 29) col = y === 31 ? INK : LEAF.deep;
      c.set(x, y, col);
    }
  }
}

export const wallPainters: Record<string, TilePainter> = {
  wall_top: wallTop,
  wall_front: (c) => wallFrame(c, plaster, 'wood'),
  wall_front_window: (c) => {
    wallFrame(c, plaster, 'wood');
    windowOn(c, WOOD.light, hex('#d98c7e'));
  },
  wall_front_brick: (c) => wallFrame(c, bricks, 'stone'),
  wall_front_window_brick: (c) => {
    wallFrame(c, bricks, 'stone');
    windowOn(c, hex('#efe6d2'), hex('#e9cf86'));
  },
  fence_h: fenceH,
  fence_v: fenceV,
  hedge,
};

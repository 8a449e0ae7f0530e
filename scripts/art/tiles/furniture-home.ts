/**
 * Household furniture: beds, tables, seating, kitchen and bathroom fittings. Transparent
 * backgrounds; light comes from the upper left; every object carries the ink outline.
 */
import type { Canvas } from '../canvas';
import { CLEAR, hex, light, mix, shade, withAlpha } from '../color';
import { hash01 } from '../noise';
import { GLASS, INK, LEAF, METAL, RED, ROSE, TEAL, WHITE, WOOD } from '../palette';
import type { TilePainter } from './painter';
import { block, dropShadow, knob, legs, panel, roundCorners } from './shapes';
import { at } from '../../../src/sim/checked';

const QUILT = { dark: hex('#a35560'), base: hex('#c06a70'), light: hex('#d88a88'), check: hex('#ecc2b0') };
const SOFA = TEAL;
const MUSTARD = hex('#d6a845');
const MUSTARD_PEN = hex('#e0b04a');
const COUNTER_TOP = { base: hex('#d9cfc0'), edge: hex('#b8ab98') };
const CABINET = { base: hex('#8fae98'), dark: hex('#6f8f7a') };

/** Quilt texture: a soft check stitched every 6 px, used by both bed tiles so they line up. */
function quilt(c: Canvas, x0: number, x1: number, y0: number, y1: number, yOffset: number): void {
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const gy = y + yOffset;
      let col = QUILT.base;
      if ((x - x0) % 6 === 0 || gy % 6 === 0) col = QUILT.dark;
      else if ((x - x0) % 6 === 3 && gy % 6 === 3) col = QUILT.check;
      if (x === x0) col = light(QUILT.base, 0.15);
      if (x === x1) col = QUILT.dark;
      c.set(x, y, col);
    }
  }
}

function bedHead(c: Canvas): void {
  // Headboard block.
  block(c, 3, 1, 26, 9, 3, WOOD.light, WOOD.base, { noShadow: true });
  for (const x of [9, 15, 21]) c.vline(x, 5, 8, WOOD.dark);
  // Mattress sides run to the bottom edge so the foot tile continues them.
  c.rect(3, 10, 26, 22, INK);
  c.rect(4, 10, 24, 22, WHITE.base);
  c.vline(4, 10, 31, WHITE.light);
  c.vline(27, 10, 31, WHITE.shadow);
  c.hline(4, 27, 10, WHITE.shadow); // headboard shadow on the sheet
  // Pillow.
  c.roundRect(7, 12, 18, 8, 2, WHITE.shadow);
  c.roundRect(7, 12, 18, 7, 2, WHITE.light);
  c.hline(9, 22, 18, WHITE.shadow);
  c.set(8, 13, WHITE.base);
  // Folded sheet edge, then the quilt.
  c.rect(4, 21, 24, 2, WHITE.light);
  c.hline(4, 27, 23, WHITE.shadow);
  quilt(c, 4, 27, 24, 31, 24);
  c.blendRect(29, 11, 1, 21, withAlpha(INK, 60));
}

function bedFoot(c: Canvas): void {
  c.rect(3, 0, 26, 23, INK);
  quilt(c, 4, 27, 0, 19, 32);
  // Quilt drapes over the foot of the mattress.
  c.hline(4, 27, 20, QUILT.dark);
  c.rect(4, 21, 24, 1, shade(QUILT.base, 0.3));
  // Footboard.
  block(c, 3, 22, 26, 8, 3, WOOD.light, WOOD.base, { noShadow: true });
  for (const x of [9, 15, 21]) c.vline(x, 26, 27, WOOD.dark);
  dropShadow(c, 4, 30, 25);
  c.blendRect(29, 0, 1, 30, withAlpha(INK, 60));
}

/** Wooden table with plank top, apron and four legs (two visible at the front). */
function table(c: Canvas): void {
  dropShadow(c, 4, 28, 26, 2);
  block(c, 2, 5, 28, 17, 13, WOOD.light, WOOD.base, { noShadow: true });
  for (const y of [9, 13]) c.hline(3, 28, y, mix(WOOD.light, WOOD.base, 0.6));
  c.set(8, 7, light(WOOD.light, 0.4));
  c.set(9, 7, light(WOOD.light, 0.4));
  legs(c, [4, 25], 21, 27, WOOD.dark);
}

function chair(c: Canvas): void {
  dropShadow(c, 9, 29, 16);
  // Back rest with two rails.
  c.rect(9, 2, 14, 13, INK);
  c.rect(10, 3, 12, 3, WOOD.light);
  c.hline(10, 21, 3, light(WOOD.light, 0.3));
  c.rect(10, 9, 12, 2, WOOD.base);
  c.rect(10, 6, 2, 9, WOOD.base);
  c.rect(20, 6, 2, 9, WOOD.dark);
  c.rect(12, 6, 8, 3, CLEAR);
  c.rect(12, 11, 8, 4, CLEAR);
  roundCorners(c, 9, 2, 14, 13);
  // Seat.
  block(c, 8, 14, 16, 9, 6, WOOD.light, WOOD.base, { noShadow: true });
  legs(c, [9, 20], 22, 27, WOOD.dark);
}

/** Desk with papers; drawers on the right, open knee space on the left. */
function deskBase(c: Canvas): void {
  dropShadow(c, 2, 29, 29);
  block(c, 1, 7, 30, 22, 10, WOOD.light, WOOD.base, { noShadow: true });
  c.rect(3, 18, 12, 10, shade(WOOD.base, 0.55)); // knee space
  c.hline(3, 14, 18, INK);
  panel(c, 17, 18, 12, 5, WOOD.base, WOOD.dark);
  panel(c, 17, 22, 12, 6, WOOD.base, WOOD.dark);
  c.hline(21, 24, 20, WOOD.deep);
  c.hline(21, 24, 25, WOOD.deep);
}

function desk(c: Canvas): void {
  deskBase(c);
  // Papers and a mug on the top.
  c.rect(6, 9, 9, 7, WHITE.shadow);
  c.rect(5, 8, 9, 7, WHITE.light);
  for (const y of [10, 12]) c.hline(7, 12, y, hex('#9aa3b5'));
  c.line(17, 14, 22, 9, INK);
  c.line(18, 14, 23, 9, MUSTARD_PEN);
  c.rect(24, 9, 4, 5, INK);
  c.rect(25, 10, 2, 3, RED.base);
  c.set(28, 11, INK);
}

function computerDesk(c: Canvas): void {
  deskBase(c);
  // Monitor on a stand, overhanging the top edge of the tile like a real object would.
  c.rect(6, 0, 20, 14, INK);
  c.rect(7, 1, 18, 11, hex('#34404f'));
  c.rect(8, 2, 16, 9, hex('#4f86a8'));
  c.rect(8, 2, 16, 2, hex('#7fb4cc'));
  for (const [y, w] of [[5, 9], [7, 12], [9, 6]] as const) c.hline(10, 9 + w, y, hex('#cde6ee'));
  c.rect(14, 14, 4, 2, INK);
  c.hline(12, 19, 15, INK);
  // Keyboard.
  c.rect(8, 15, 13, 2, WHITE.shadow);
  c.hline(8, 20, 15, WHITE.light);
  c.rect(23, 14, 3, 2, WHITE.light);
}

function bookshelf(c: Canvas): void {
  dropShadow(c, 3, 30, 28);
  block(c, 2, 0, 28, 30, 3, WOOD.light, WOOD.base, { noShadow: true });
  const bookColors = [RED.base, hex('#5673a8'), MUSTARD, hex('#5e8a5e'), ROSE.base, hex('#7a527a'), WHITE.base, TEAL.base];
  for (const [sy, sh] of [[4, 8], [13, 8], [22, 6]] as const) {
    c.rect(4, sy, 24, sh, shade(WOOD.base, 0.55));
    let x = 4;
    let k = Math.floor(sy / 3);
    while (x < 27) {
      const w = 2 + Math.floor(hash01(x, sy, 301) * 2);
      const h = sh - Math.floor(hash01(x, sy, 302) * 3);
      if (hash01(x, sy, 303) < 0.12) {
        x += 2;
        continue;
      }
      const col = at(bookColors, k++ % bookColors.length, 'bookColors');
      const ww = Math.min(w, 28 - x);
      c.rect(x, sy + sh - h, ww, h, col);
      c.vline(x, sy + sh - h, sy + sh - 1, light(col, 0.25));
      if (ww > 2) c.vline(x + ww - 1, sy + sh - h, sy + sh - 1, shade(col, 0.25));
      c.hline(x, x + ww - 1, sy + sh - h + 2, light(col, 0.45));
      x += ww;
    }
    c.hline(3, 28, sy + sh, WOOD.light);
  }
}

/** Two-seat sofa; `side` picks the half. The cushion seam sits on the left half's right edge. */
function sofa(side: 'left' | 'right'): TilePainter {
  return (c) => {
    dropShadow(c, 0, 29, 32);
    // Back rest, full width so the halves join.
    c.rect(0, 4, 32, 13, INK);
    c.rect(0, 5, 32, 3, light(SOFA.base, 0.2));
    c.rect(0, 8, 32, 8, SOFA.base);
    c.hline(0, 31, 15, SOFA.dark);
    // Seat cushion.
    c.rect(0, 16, 32, 13, INK);
    c.rect(0, 17, 32, 6, SOFA.light);
    c.hline(0, 31, 17, light(SOFA.light, 0.3));
    c.rect(0, 23, 32, 5, SOFA.dark);
    c.hline(0, 31, 23, shade(SOFA.dark, 0.2));
    if (side === 'left') {
      c.vline(31, 5, 22, SOFA.dark);
      c.vline(31, 17, 22, INK);
    }
    // Arm rest on the outer end.
    const ax = side === 'left' ? 0 : 24;
    c.rect(ax, 9, 8, 20, INK);
    c.rect(ax + 1, 10, 6, 5, light(SOFA.base, 0.25));
    c.rect(ax + 1, 15, 6, 13, SOFA.base);
    c.hline(ax + 1, ax + 6, 15, SOFA.dark);
    c.vline(side === 'left' ? ax + 6 : ax + 1, 16, 27, SOFA.dark);
    // Outline the outer end of the back rest.
    const ox = side === 'left' ? 0 : 31;
    c.vline(ox, 4, 28, INK);
    c.set(ox, 4, CLEAR);
    c.set(ox, 28, CLEAR);
    // A throw cushion on the left seat.
    if (side === 'left') {
      c.rect(9, 10, 8, 8, INK);
      c.rect(10, 11, 6, 6, hex('#e9cf86'));
      c.rect(10, 15, 6, 2, hex('#cda95c'));
      roundCorners(c, 9, 10, 8, 8);
    }
  };
}

function tv(c: Canvas): void {
  // Low cabinet.
  block(c, 2, 19, 28, 11, 4, WOOD.light, WOOD.base);
  c.vline(15, 23, 28, WOOD.dark);
  knob(c, 13, 25, WOOD.pale);
  knob(c, 18, 25, WOOD.pale);
  // Screen.
  c.rect(4, 3, 24, 16, INK);
  c.rect(5, 4, 22, 13, hex('#2d3440'));
  c.rect(6, 5, 20, 11, hex('#3d5670'));
  for (let i = 0; i < 6; i++) c.hline(8 + i, 10 + i, 5 + i, hex('#5f7f9c'));
  c.hline(6, 25, 5, hex('#51708e'));
  c.rect(14, 18, 4, 1, INK);
  c.set(25, 16, hex('#9be07a')); // standby light
}

function fridge(c: Canvas): void {
  dropShadow(c, 7, 30, 19);
  block(c, 6, 0, 20, 30, 4, WHITE.light, WHITE.base, { noShadow: true });
  c.hline(7, 24, 12, WHITE.shadow);
  c.hline(7, 24, 13, INK);
  c.vline(24, 5, 28, WHITE.shadow);
  c.rect(21, 6, 2, 5, METAL.dark);
  c.rect(21, 15, 2, 8, METAL.dark);
  c.set(21, 6, METAL.light);
  c.set(21, 15, METAL.light);
  // Fridge magnets and a note.
  c.rect(9, 16, 4, 5, hex('#f3e6a0'));
  c.set(10, 16, RED.base);
  c.rect(15, 7, 2, 2, hex('#5673a8'));
  c.rect(10, 8, 2, 2, hex('#5e8a5e'));
}

function stove(c: Canvas): void {
  const body = hex('#efe2c6');
  block(c, 2, 3, 28, 27, 12, hex('#4a4550'), body);
  // Burners.
  for (const [bx, by] of [[9, 7], [22, 7], [9, 11], [22, 11]] as const) {
    c.ellipse(bx, by, 4, 2, INK);
    c.ellipse(bx, by, 3, 1.5, hex('#6d6673'));
  }
  // A little pot on the back burner.
  c.rect(18, 2, 9, 7, INK);
  c.rect(19, 3, 7, 5, METAL.base);
  c.hline(19, 25, 3, METAL.shine);
  c.hline(17, 18, 4, INK);
  // Knobs row and oven door with window.
  for (const x of [6, 11, 16, 21, 26]) c.set(x, 17, INK);
  panel(c, 5, 19, 22, 9, body, INK);
  c.rect(8, 21, 16, 4, hex('#3a3036'));
  c.rect(9, 22, 14, 2, hex('#8a4a2f'));
  c.hline(8, 23, 20, METAL.dark);
}

/** Worktop over painted cupboards. Full width with no end caps, so counters join into runs. */
export function counter(c: Canvas, doors = true): void {
  c.blendRect(0, 30, 32, 2, withAlpha(INK, 64));
  c.rect(0, 6, 32, 24, INK);
  c.rect(0, 7, 32, 8, COUNTER_TOP.base);
  c.hline(0, 31, 7, light(COUNTER_TOP.base, 0.4));
  c.hline(0, 31, 14, COUNTER_TOP.edge);
  c.rect(0, 16, 32, 13, CABINET.base);
  c.hline(0, 31, 16, light(CABINET.base, 0.25));
  c.hline(0, 31, 28, CABINET.dark);
  if (doors) {
    for (const x of [1, 16]) {
      c.frame(x + 1, 18, 13, 9, CABINET.dark);
      c.set(x === 1 ? 12 : 18, 21, METAL.light);
      c.set(x === 1 ? 12 : 18, 22, METAL.dark);
    }
  }
  // Speckle in the stone worktop.
  for (let x = 0; x < 32; x++) for (let y = 8; y < 14; y++) if (hash01(x, y, 311) < 0.08) c.set(x, y, COUNTER_TOP.edge);
}

function sink(c: Canvas): void {
  counter(c);
  c.rect(7, 8, 18, 7, INK);
  c.rect(8, 9, 16, 5, METAL.base);
  c.rect(8, 9, 16, 1, METAL.dark);
  c.hline(9, 22, 13, METAL.light);
  c.set(16, 11, METAL.dark);
  // Tap.
  c.rect(15, 3, 3, 6, INK);
  c.rect(16, 4, 1, 4, METAL.shine);
  c.rect(13, 3, 7, 2, INK);
  c.hline(14, 18, 3, METAL.light);
}

function toilet(c: Canvas): void {
  dropShadow(c, 10, 29, 14);
  // Cistern against the wall.
  block(c, 9, 2, 14, 10, 4, WHITE.light, WHITE.base, { noShadow: true });
  c.rect(15, 3, 2, 1, METAL.base);
  // Bowl and seat.
  c.ellipse(16, 18, 8, 7, INK);
  c.ellipse(16, 18, 7, 6, WHITE.light);
  c.ellipse(16, 18, 4.5, 3.8, WHITE.shadow);
  c.ellipse(16, 18.5, 3.5, 2.8, GLASS.light);
  c.rect(11, 24, 10, 5, INK);
  c.rect(12, 24, 8, 4, WHITE.base);
  c.hline(12, 19, 27, WHITE.shadow);
}

function shower(c: Canvas): void {
  const tileA = hex('#cfe3e6');
  const tileB = hex('#b7d1d6');
  c.rect(1, 1, 30, 30, INK);
  for (let y = 2; y < 30; y++) for (let x = 2; x < 30; x++) {
    const grout = (x - 2) % 7 === 6 || (y - 2) % 7 === 6;
    c.set(x, y, grout ? tileB : tileA);
  }
  c.frame(2, 2, 28, 28, WHITE.light);
  c.hline(3, 28, 3, shade(tileA, 0.15)); // back wall shadow
  c.ellipse(16, 18, 2, 2, METAL.dark);
  c.set(16, 17, METAL.base);
  // Shower head on the back wall, and a curtain bunched at the left.
  c.rect(14, 2, 4, 4, INK);
  c.rect(15, 3, 2, 2, METAL.light);
  for (let y = 2; y < 29; y++) {
    c.hline(3, 7, y, y % 2 ? ROSE.base : ROSE.light);
    c.set(7, y, ROSE.dark);
    c.set(8, y, INK);
  }
  c.hline(2, 29, 2, METAL.base);
  c.blendRect(9, 3, 2, 26, withAlpha(INK, 40));
}

function wardrobe(c: Canvas): void {
  dropShadow(c, 4, 30, 25);
  block(c, 3, 0, 26, 30, 4, WOOD.light, WOOD.base, { noShadow: true });
  panel(c, 5, 6, 11, 21, WOOD.base, WOOD.dark);
  panel(c, 16, 6, 11, 21, WOOD.base, WOOD.dark);
  c.frame(7, 8, 7, 17, mix(WOOD.base, WOOD.dark, 0.5));
  c.frame(18, 8, 7, 17, mix(WOOD.base, WOOD.dark, 0.5));
  knob(c, 14, 15, WOOD.pale);
  knob(c, 17, 15, WOOD.pale);
  c.rect(4, 28, 24, 1, WOOD.dark);
}

function plantPot(c: Canvas): void {
  dropShadow(c, 10, 30, 14);
  // Leaves first (behind the pot rim).
  const leaves: Array<[number, number, number, number]> = [
    [10, 12, 5, 4], [22, 12, 5, 4], [16, 7, 5, 5], [11, 5, 4, 3], [21, 5, 4, 3], [16, 14, 6, 4],
  ];
  for (const [x, y, rx, ry] of leaves) c.ellipse(x, y, rx + 1, ry + 1, INK);
  for (const [x, y, rx, ry] of leaves) {
    c.ellipse(x, y, rx, ry, LEAF.mid);
    c.ellipse(x - 1, y - 1, rx - 1.5, ry - 1.5, LEAF.light);
    c.line(x - rx + 2, y, x + rx - 2, y, LEAF.dark);
  }
  // Terracotta pot with rim.
  const pot = hex('#c0704a');
  c.rect(9, 19, 14, 4, INK);
  c.rect(10, 20, 12, 2, light(pot, 0.2));
  c.rect(10, 22, 12, 8, INK);
  c.rect(11, 23, 10, 6, pot);
  c.vline(11, 23, 28, light(pot, 0.2));
  c.vline(20, 23, 28, shade(pot, 0.25));
  c.set(10, 29, CLEAR);
  c.set(21, 29, CLEAR);
}

function rug(c: Canvas): void {
  const body = hex('#c98b58');
  const border = hex('#8f4650');
  const motif = hex('#f0d9a8');
  c.roundRect(2, 5, 28, 22, 2, shade(border, 0.3));
  c.roundRect(3, 6, 26, 20, 2, border);
  c.rect(5, 8, 22, 16, body);
  for (let y = 8; y < 24; y++) for (let x = 5; x < 27; x++) {
    const d = Math.abs(x - 15.5) / 10 + Math.abs(y - 15.5) / 7;
    if (Math.abs(d - 0.7) < 0.09) c.set(x, y, motif);
    else if (d < 0.25) c.set(x, y, border);
  }
  for (let y = 7; y < 25; y += 2) {
    c.set(1, y, motif);
    c.set(30, y, motif);
  }
}

export const homeFurniture: Record<string, TilePainter> = {
  bed_head: bedHead,
  bed_foot: bedFoot,
  table,
  chair,
  desk,
  bookshelf,
  sofa_left: sofa('left'),
  sofa_right: sofa('right'),
  tv,
  fridge,
  stove,
  kitchen_counter: (c) => counter(c),
  sink,
  toilet,
  shower,
  wardrobe,
  plant_pot: plantPot,
  rug,
  computer_desk: computerDesk,
};

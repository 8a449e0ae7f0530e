/**
 * Outdoor furniture: park benches and playground, fountain, flower beds, tree trunk, lamp post,
 * garden shed. Trunk and lamp post pair with foreground tiles drawn on the tile above (see
 * generate.ts for the arrangement).
 */
import type { Canvas } from '../canvas';
import { type Color, hex, light, shade, withAlpha } from '../color';
import { hash01 } from '../noise';
import { BLUE, INK, LEAF, METAL, MUSTARD, RED, ROSE, SAND, STONE, WATER, WHITE, WOOD } from '../palette';
import type { TilePainter } from './painter';
import { dropShadow, roundCorners } from './shapes';
import { at } from '../../../src/sim/checked';

const IRON = { base: hex('#3e4a4a'), light: hex('#5f6f6b') };
const BARK = { dark: hex('#4f3526'), base: hex('#6e4a33'), light: hex('#8c6243') };

function bench(c: Canvas): void {
  dropShadow(c, 2, 28, 29, 2);
  // Iron ends.
  for (const x of [2, 26]) {
    c.rect(x, 8, 4, 20, INK);
    c.vline(x + 1, 9, 26, IRON.light);
    c.vline(x + 2, 9, 26, IRON.base);
  }
  // Back rest: two slats.
  for (const y of [6, 11]) {
    c.rect(1, y, 30, 4, INK);
    c.hline(2, 29, y + 1, WOOD.light);
    c.hline(2, 29, y + 2, WOOD.base);
  }
  // Seat: three slats seen from above, then the front edge.
  c.rect(0, 15, 32, 9, INK);
  for (const y of [16, 18, 20]) {
    c.hline(1, 30, y, WOOD.pale);
    c.hline(1, 30, y + 1, WOOD.light);
  }
  c.hline(1, 30, 22, WOOD.dark);
  roundCorners(c, 0, 15, 32, 9);
}

function picnicTable(c: Canvas): void {
  dropShadow(c, 2, 29, 29);
  const benchAt = (y: number) => {
    c.rect(2, y, 28, 5, INK);
    c.hline(3, 28, y + 1, WOOD.light);
    c.hline(3, 28, y + 2, WOOD.base);
    c.hline(3, 28, y + 3, WOOD.dark);
    roundCorners(c, 2, y, 28, 5);
  };
  benchAt(2);
  // Table top: planks running lengthwise.
  c.rect(1, 8, 30, 14, INK);
  for (let y = 9; y < 20; y++) c.hline(2, 29, y, (y - 9) % 4 === 3 ? WOOD.base : (y - 9) % 4 === 0 ? WOOD.pale : WOOD.light);
  c.hline(2, 29, 20, WOOD.dark);
  roundCorners(c, 1, 8, 30, 14);
  benchAt(23);
  // A checked cloth corner and a basket.
  c.rect(19, 10, 7, 6, INK);
  c.rect(20, 11, 5, 4, hex('#c9924f'));
  c.hline(20, 24, 12, hex('#a8763f'));
  c.rect(21, 9, 3, 1, INK);
}

function fountain(c: Canvas): void {
  c.ellipse(16, 23, 16, 8.5, withAlpha(INK, 60), true);
  // Outer basin: stone rim around a water surface.
  c.ellipse(16, 21, 15.5, 9, INK);
  c.ellipse(16, 21, 14.5, 8, STONE.light);
  c.ellipse(16, 22, 14.5, 7.5, STONE.base);
  c.ellipse(16, 21, 12, 5.5, INK);
  c.ellipse(16, 21, 11.5, 5, WATER.base);
  c.ellipse(16, 20, 10, 3.5, WATER.light);
  c.ellipse(16, 20.5, 8, 2.5, WATER.base);
  // Pedestal and upper bowl.
  c.rect(14, 11, 4, 10, INK);
  c.rect(15, 11, 2, 9, STONE.base);
  c.ellipse(16, 11, 7, 3, INK);
  c.ellipse(16, 10.5, 6, 2.2, STONE.light);
  c.ellipse(16, 10.5, 4, 1.2, WATER.light);
  // Spray and falling droplets.
  c.vline(16, 2, 9, WATER.foam);
  c.vline(15, 4, 8, withAlpha(WATER.foam, 180));
  c.set(16, 1, WHITE.light);
  for (const [x, y] of [[12, 5], [20, 5], [10, 8], [22, 8], [9, 13], [23, 13], [8, 17], [24, 17]] as const) {
    c.set(x, y, WATER.foam);
  }
  c.set(11, 21, WATER.foam);
  c.set(21, 22, WATER.foam);
}

function flowerBed(c: Canvas): void {
  dropShadow(c, 2, 29, 29);
  c.rect(1, 8, 30, 21, INK);
  c.rect(2, 9, 28, 16, hex('#6b4a35'));
  for (let i = 0; i < 40; i++) c.set(2 + Math.floor(hash01(i, 0, 501) * 28), 9 + Math.floor(hash01(i, 1, 501) * 16), hex('#58392a'));
  // Wooden edging (front face).
  c.rect(2, 25, 28, 3, WOOD.base);
  c.hline(2, 29, 25, WOOD.light);
  for (const x of [9, 16, 23]) c.vline(x, 25, 27, WOOD.dark);
  // Plants: leafy clumps with blooms, in rows.
  const blooms: Color[] = [RED.light, MUSTARD.light, hex('#b9a6e0'), WHITE.light, ROSE.light, hex('#e07a3c')];
  let k = 0;
  for (const y of [11, 16, 21]) {
    for (let x = 5 + (y % 2) * 2; x < 29; x += 6) {
      c.ellipse(x, y + 1, 3, 2.5, LEAF.dark);
      c.ellipse(x - 0.5, y + 0.5, 2, 1.5, LEAF.base);
      const b = at(blooms, k++ % blooms.length, 'blooms');
      c.set(x - 1, y - 1, b);
      c.set(x + 1, y - 1, b);
      c.set(x, y - 2, b);
      c.set(x, y, b);
      c.set(x, y - 1, MUSTARD.base);
    }
  }
  // Blooms overhang the back edge a little.
  for (const x of [6, 18]) {
    c.set(x, 7, at(blooms, x % 5, 'blooms'));
    c.set(x, 8, LEAF.base);
  }
}

/**
 * Tree trunk, drawn at (x, y) under canopy_bl. The trunk sits towards the right of its tile
 * because the canopy (2 tiles wide) is centred on the seam between x and x+1; the canopy covers
 * the upper part of this tile, so only the lower trunk and roots show.
 */
function treeTrunk(c: Canvas): void {
  c.ellipse(24, 28, 9, 3.5, withAlpha(INK, 70), true);
  c.rect(20, 4, 11, 24, INK);
  c.rect(21, 4, 9, 24, BARK.base);
  c.vline(21, 4, 27, BARK.light);
  c.vline(22, 4, 27, BARK.light);
  c.vline(28, 4, 27, BARK.dark);
  c.vline(29, 4, 27, BARK.dark);
  // Bark: broken vertical grooves.
  for (const [x, y0, y1] of [[24, 5, 11], [26, 9, 17], [23, 15, 22], [25, 20, 26], [27, 4, 7]] as const) c.vline(x, y0, y1, BARK.dark);
  c.set(22, 9, light(BARK.light, 0.2));
  c.set(22, 18, light(BARK.light, 0.2));
  // Root flare.
  c.rect(17, 25, 4, 4, INK);
  c.rect(18, 26, 3, 2, BARK.base);
  c.set(18, 26, BARK.light);
  c.rect(29, 25, 3, 4, INK);
  c.rect(30, 26, 2, 2, BARK.dark);
  c.hline(20, 30, 28, INK);
  c.hline(21, 29, 27, BARK.dark);
}

/** Lamp post base and lower pole; the lantern is lamp_top on the tile above. */
function lampPost(c: Canvas): void {
  c.ellipse(16, 29, 6, 2, withAlpha(INK, 70), true);
  c.rect(14, 0, 4, 24, INK);
  c.vline(15, 0, 23, IRON.light);
  c.vline(16, 0, 23, IRON.base);
  c.rect(13, 6, 6, 2, INK); // collar
  c.rect(11, 22, 10, 7, INK);
  c.rect(12, 23, 8, 5, IRON.base);
  c.hline(12, 19, 23, IRON.light);
  c.vline(12, 23, 27, IRON.light);
  roundCorners(c, 11, 22, 10, 7);
}

function swing(c: Canvas): void {
  dropShadow(c, 9, 27, 14);
  // A-frame posts and top bar.
  for (const [x0, x1] of [[3, 6], [28, 25]] as const) {
    c.line(x0, 29, x1, 2, INK);
    c.line(x0 + 1, 29, x1 + 1, 2, INK);
    c.line(x0 + (x0 < x1 ? 1 : 0), 28, x1 + (x0 < x1 ? 1 : 0), 3, hex('#c0704a'));
  }
  c.rect(4, 1, 24, 3, INK);
  c.hline(5, 26, 2, hex('#d98f5f'));
  // Chains and seat.
  for (const x of [11, 20]) for (let y = 4; y < 21; y++) c.set(x, y, y % 2 ? METAL.light : METAL.dark);
  c.rect(9, 20, 14, 4, INK);
  c.hline(10, 21, 21, hex('#e0b04a'));
  c.hline(10, 21, 22, hex('#b1842f'));
}

function slide(c: Canvas): void {
  dropShadow(c, 3, 29, 27);
  // Ladder on the left.
  for (const x of [3, 9]) {
    c.rect(x, 4, 3, 25, INK);
    c.vline(x + 1, 5, 28, METAL.light);
  }
  for (let y = 8; y < 28; y += 4) c.hline(5, 8, y, METAL.base);
  // Platform.
  c.rect(2, 2, 14, 5, INK);
  c.rect(3, 3, 12, 2, BLUE.light);
  c.hline(3, 14, 5, BLUE.base);
  // Chute, descending to the lower right.
  for (let i = 0; i < 22; i++) {
    const x = 12 + Math.floor(i * 0.8);
    const y = 5 + i;
    c.hline(x, x + 8, y, INK);
    c.hline(x + 1, x + 7, y, RED.base);
    c.set(x + 2, y, RED.light);
    c.set(x + 7, y, RED.dark);
  }
  c.hline(29, 31, 27, INK);
  c.hline(29, 30, 26, RED.base);
}

function sandbox(c: Canvas): void {
  dropShadow(c, 2, 29, 29);
  c.rect(1, 4, 30, 25, INK);
  c.rect(2, 5, 28, 23, WOOD.base);
  c.hline(2, 29, 5, WOOD.light);
  c.rect(4, 7, 24, 17, SAND.light);
  for (let i = 0; i < 40; i++) c.set(4 + Math.floor(hash01(i, 0, 511) * 24), 7 + Math.floor(hash01(i, 1, 511) * 17), i % 3 ? SAND.base : SAND.dark);
  c.hline(4, 27, 7, SAND.dark);
  c.vline(4, 7, 23, SAND.dark);
  c.rect(2, 24, 28, 3, WOOD.dark);
  c.hline(2, 29, 24, WOOD.light);
  // Bucket and spade.
  c.rect(8, 10, 6, 6, INK);
  c.rect(9, 11, 4, 4, RED.base);
  c.hline(9, 12, 11, RED.light);
  c.line(19, 18, 24, 11, INK);
  c.rect(17, 17, 4, 3, BLUE.base);
  // A sand castle.
  c.rect(20, 18, 5, 4, SAND.dark);
  c.hline(20, 24, 17, SAND.dark);
  c.set(21, 16, SAND.dark);
  c.set(23, 16, SAND.dark);
}

function gardenShed(c: Canvas): void {
  const plank = { base: hex('#7f9a7a'), dark: hex('#62806a'), light: hex('#9bb593') };
  dropShadow(c, 2, 30, 29);
  // Walls of vertical planks.
  c.rect(2, 11, 28, 19, INK);
  c.rect(3, 12, 26, 17, plank.base);
  for (let x = 6; x < 29; x += 4) c.vline(x, 12, 28, plank.dark);
  c.vline(3, 12, 28, plank.light);
  // Door with a heart cut-out.
  c.rect(11, 15, 10, 15, INK);
  c.rect(12, 16, 8, 14, WOOD.base);
  c.vline(12, 16, 29, WOOD.light);
  c.set(15, 19, INK);
  c.set(16, 19, INK);
  c.set(18, 22, MUSTARD.base);
  // Gable roof seen from the front.
  for (let i = 0; i < 11; i++) {
    c.hline(15 - i - 2, 16 + i + 2, 1 + i, INK);
    c.hline(15 - i - 1, 16 + i + 1, 1 + i, i % 3 === 2 ? shade(RED.dark, 0.2) : RED.dark);
    c.hline(15 - i, 15 - i + Math.min(3, i), 1 + i, RED.base);
  }
  c.hline(1, 30, 11, INK);
  c.hline(2, 29, 12, withAlpha(INK, 80));
  c.rect(14, 6, 4, 3, INK);
  c.rect(15, 7, 2, 1, WHITE.light);
}

export const outdoorFurniture: Record<string, TilePainter> = {
  bench,
  picnic_table: picnicTable,
  fountain,
  flower_bed: flowerBed,
  tree_trunk: treeTrunk,
  lamp_post: lampPost,
  swing,
  slide,
  sandbox,
  garden_shed: gardenShed,
};


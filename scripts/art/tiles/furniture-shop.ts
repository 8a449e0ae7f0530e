/**
 * Shop, café, bar and bakery fittings. Counter-based pieces (coffee machine, cash register) sit on
 * the same counter as `kitchen_counter`, so they slot into a run of counters.
 */
import type { Canvas } from '../canvas';
import { type Color, CLEAR, hex, light, mix, shade, withAlpha } from '../color';
import { hash01 } from '../noise';
import { BLUE, GLASS, INK, METAL, MUSTARD, RED, ROSE, WHITE, WOOD } from '../palette';
import { counter } from './furniture-home';
import type { TilePainter } from './painter';
import { block, dropShadow, roundCorners } from './shapes';
import { at } from '../../../src/sim/checked';

const DARK_WOOD = { dark: hex('#4a2c22'), base: hex('#6b4030'), light: hex('#8a5640'), shine: hex('#a87258') };
const BRASS = { dark: hex('#a07a2c'), base: hex('#d0a447'), light: hex('#f0d27a') };
const CRUST = { dark: hex('#a7652e'), base: hex('#cf8c45'), light: hex('#e8b56a') };

/** Polished bar counter with panelled front and brass foot rail; full width for runs. */
function barCounter(c: Canvas): void {
  c.blendRect(0, 30, 32, 2, withAlpha(INK, 64));
  c.rect(0, 6, 32, 24, INK);
  c.rect(0, 7, 32, 7, DARK_WOOD.light);
  c.hline(0, 31, 7, DARK_WOOD.shine);
  c.hline(3, 12, 9, light(DARK_WOOD.shine, 0.3)); // gloss
  c.hline(0, 31, 13, DARK_WOOD.dark);
  c.rect(0, 14, 32, 15, DARK_WOOD.base);
  for (const x of [2, 17]) {
    c.frame(x, 16, 13, 9, DARK_WOOD.dark);
    c.hline(x + 1, x + 11, 17, DARK_WOOD.light);
  }
  c.hline(0, 31, 26, BRASS.light);
  c.hline(0, 31, 27, BRASS.dark);
  // A glass on the bar.
  c.rect(22, 4, 5, 6, INK);
  c.rect(23, 5, 3, 4, MUSTARD.light);
  c.hline(23, 25, 5, WHITE.light);
}

function barStool(c: Canvas): void {
  c.ellipse(16, 28, 7, 2, withAlpha(INK, 64), true);
  c.ellipse(16, 27, 6, 2, INK);
  c.ellipse(16, 26.5, 5, 1.3, METAL.base);
  c.rect(14, 13, 4, 14, INK);
  c.rect(15, 13, 2, 13, METAL.light);
  c.ellipse(16, 21, 6, 1.6, INK);
  c.hline(11, 20, 21, METAL.base);
  c.ellipse(16, 11, 9, 5.5, INK);
  c.ellipse(16, 10.5, 8, 4.5, RED.dark);
  c.ellipse(16, 9.5, 7, 3.5, RED.base);
  c.hline(12, 15, 8, RED.light);
}

function coffeeMachine(c: Canvas): void {
  counter(c);
  // Espresso machine body with cups warming on top.
  c.rect(4, 1, 24, 16, INK);
  c.rect(5, 2, 22, 3, METAL.light);
  c.rect(5, 5, 22, 11, hex('#b5524d'));
  c.hline(5, 26, 5, light(RED.base, 0.3));
  c.rect(5, 13, 22, 3, METAL.base);
  for (const x of [7, 11, 15]) {
    c.rect(x, 0, 3, 2, INK);
    c.set(x + 1, 0, WHITE.light);
  }
  // Group heads and a cup underneath each.
  for (const x of [9, 19]) {
    c.rect(x, 8, 5, 3, INK);
    c.rect(x + 1, 9, 3, 1, METAL.light);
    c.rect(x, 12, 5, 4, INK);
    c.rect(x + 1, 12, 3, 3, WHITE.light);
    c.set(x + 2, 12, hex('#6b4030'));
  }
  c.set(16, 7, hex('#9be07a'));
}

function cafeTable(c: Canvas): void {
  c.ellipse(16, 29, 8, 2, withAlpha(INK, 64), true);
  c.rect(14, 18, 4, 10, INK);
  c.rect(15, 18, 2, 9, DARK_WOOD.base);
  c.ellipse(16, 28, 5, 1.5, INK);
  c.ellipse(16, 13, 14, 9, INK);
  c.ellipse(16, 13.5, 13, 8, WOOD.base);
  c.ellipse(16, 12.5, 13, 7.5, WOOD.light);
  c.ellipse(14, 11, 6, 2.5, light(WOOD.light, 0.15));
  // Cup on a saucer, and a croissant on a plate.
  c.ellipse(10, 12, 4, 2.5, WHITE.shadow);
  c.rect(8, 8, 5, 5, INK);
  c.rect(9, 9, 3, 3, WHITE.light);
  c.hline(9, 11, 9, hex('#6b4030'));
  c.set(13, 10, INK);
  c.ellipse(21, 13, 5, 3, WHITE.light);
  c.ellipse(21, 13.5, 5, 3, WHITE.shadow);
  c.ellipse(21, 12.5, 4.5, 2.5, WHITE.light);
  c.rect(18, 11, 7, 3, CRUST.base);
  c.hline(19, 23, 11, CRUST.light);
  c.set(20, 12, CRUST.dark);
  c.set(22, 12, CRUST.dark);
  c.set(18, 11, CLEAR);
  c.set(24, 11, CLEAR);
}

/** A glass-fronted case on a wooden base; `fill` paints the goods inside. */
function glassCase(c: Canvas, fill: (c: Canvas) => void, base: { base: Color; dark: Color; light: Color }): void {
  dropShadow(c, 2, 30, 29);
  block(c, 1, 18, 30, 12, 2, base.light, base.base, { noShadow: true });
  c.rect(1, 3, 30, 16, INK);
  c.rect(2, 4, 28, 14, mix(GLASS.light, WHITE.light, 0.5));
  c.hline(2, 29, 11, WHITE.shadow);
  fill(c);
  // Glass glints over the goods.
  c.line(4, 16, 9, 5, withAlpha(WHITE.light, 150));
  c.line(6, 16, 11, 5, withAlpha(WHITE.light, 90));
  c.hline(2, 29, 4, withAlpha(WHITE.light, 200));
}

function pastries(c: Canvas): void {
  // Top shelf: cupcakes; bottom shelf: croissants and a cake.
  for (const x of [4, 10, 16]) {
    c.rect(x + 1, 8, 4, 3, hex('#d29a6a'));
    c.rect(x, 6, 6, 3, ROSE.light);
    c.set(x + 2, 5, RED.base);
  }
  c.rect(22, 6, 7, 5, hex('#7a4a33'));
  c.hline(22, 28, 6, hex('#f3e6c6'));
  for (const x of [4, 12]) {
    c.rect(x, 14, 7, 3, CRUST.base);
    c.hline(x + 1, x + 5, 14, CRUST.light);
    c.set(x + 2, 15, CRUST.dark);
    c.set(x + 4, 15, CRUST.dark);
  }
  c.rect(21, 13, 8, 4, hex('#f3e6c6'));
  c.hline(21, 28, 13, ROSE.light);
  c.hline(21, 28, 15, hex('#b5524d'));
}

function breads(c: Canvas): void {
  // Baguettes leaning on the top shelf, round loaves below.
  for (const x of [4, 9, 14, 19, 24]) {
    c.line(x, 10, x + 3, 5, CRUST.dark);
    c.line(x + 1, 10, x + 4, 5, CRUST.base);
    c.set(x + 2, 8, CRUST.light);
  }
  for (const x of [6, 14, 22]) {
    c.ellipse(x + 1, 15, 4, 2.5, CRUST.dark);
    c.ellipse(x + 1, 14.5, 3.5, 2, CRUST.base);
    c.hline(x - 1, x + 2, 14, CRUST.light);
  }
}

function shelfUnit(c: Canvas, frame: { base: Color; light: Color; dark: Color }, stock: (c: Canvas, x: number, y: number, shelf: number) => void): void {
  dropShadow(c, 2, 30, 29);
  block(c, 1, 0, 30, 30, 3, frame.light, frame.base, { noShadow: true });
  for (let s = 0; s < 3; s++) {
    const y = 4 + s * 9;
    c.rect(3, y, 26, 7, shade(frame.base, 0.45));
    stock(c, 3, y, s);
    c.hline(2, 29, y + 7, frame.light);
    c.hline(2, 29, y + 8, frame.dark);
  }
}

function groceryStock(c: Canvas, x0: number, y: number, shelf: number): void {
  const labels = [RED.base, hex('#5e8a5e'), MUSTARD.base, BLUE.base, hex('#e07a3c')];
  let x = x0;
  let k = shelf * 2;
  while (x < x0 + 25) {
    const col = at(labels, k % labels.length, 'labels');
    if (shelf === 1) {
      // Cereal boxes.
      c.rect(x, y, 5, 7, INK);
      c.rect(x + 1, y + 1, 3, 6, col);
      c.hline(x + 1, x + 3, y + 3, WHITE.light);
      x += 5;
    } else if (shelf === 0) {
      // Cans.
      c.rect(x, y + 2, 4, 5, INK);
      c.rect(x + 1, y + 2, 2, 5, col);
      c.hline(x + 1, x + 2, y + 2, METAL.light);
      c.hline(x + 1, x + 2, y + 4, WHITE.light);
      x += 4;
    } else {
      // Bottles.
      c.rect(x + 1, y + 1, 2, 2, INK);
      c.rect(x, y + 3, 4, 4, INK);
      c.rect(x + 1, y + 3, 2, 4, k % 2 ? hex('#6aa657') : GLASS.base);
      c.set(x + 1, y + 2, WHITE.light);
      x += 4;
    }
    k++;
  }
}

function medicineStock(c: Canvas, x0: number, y: number, shelf: number): void {
  const pastel = [hex('#e9a4a8'), hex('#a8c8e8'), hex('#f3e6a0'), hex('#b8dcb4'), WHITE.light];
  for (let i = 0; i < 6; i++) {
    const x = x0 + 1 + i * 4;
    const col = at(pastel, (i + shelf) % pastel.length, 'pastel');
    if ((i + shelf) % 3 === 0) {
      // Pill bottle.
      c.rect(x, y + 3, 3, 4, hex('#c8873c'));
      c.rect(x, y + 2, 3, 1, WHITE.light);
    } else {
      c.rect(x, y + 1, 3, 6, col);
      c.vline(x + 2, y + 1, y + 6, shade(col, 0.2));
      c.hline(x, x + 2, y + 3, WHITE.light);
    }
  }
}

function medicineShelf(c: Canvas): void {
  shelfUnit(c, { base: WHITE.base, light: WHITE.light, dark: WHITE.shadow }, medicineStock);
  // Green cross on the crown.
  c.rect(13, 0, 6, 2, INK);
  c.rect(14, 0, 4, 1, hex('#4fa36a'));
}

function produceStand(c: Canvas): void {
  dropShadow(c, 2, 30, 29);
  // Slanted bins: three crates tilted towards the viewer.
  block(c, 1, 4, 30, 26, 16, WOOD.light, WOOD.base, { noShadow: true });
  const bins: Array<[number, Color, Color]> = [[3, RED.base, RED.light], [12, hex('#e8913c'), hex('#f3b866')], [21, hex('#6aa657'), hex('#9ccf74')]];
  for (const [x, col, lit] of bins) {
    c.rect(x, 6, 8, 13, WOOD.dark);
    for (let j = 0; j < 4; j++) for (let i = 0; i < 3; i++) {
      const fx = x + 1 + i * 2 + (j % 2);
      const fy = 7 + j * 3;
      c.rect(fx, fy, 3, 3, col);
      c.set(fx, fy, lit);
      c.set(fx + 2, fy + 2, shade(col, 0.3));
    }
  }
  for (const x of [11, 20]) c.vline(x, 5, 19, INK);
  // Price cards.
  c.rect(5, 23, 6, 4, WHITE.light);
  c.rect(21, 23, 6, 4, WHITE.light);
  c.hline(6, 9, 25, INK);
  c.hline(22, 25, 25, INK);
}

function cashRegister(c: Canvas): void {
  counter(c);
  const body = hex('#d8cbb0');
  c.rect(7, 2, 18, 14, INK);
  c.rect(8, 3, 16, 12, body);
  c.hline(8, 23, 3, light(body, 0.4));
  c.rect(10, 4, 9, 4, hex('#2d3a35'));
  c.hline(11, 15, 6, hex('#9be07a'));
  for (let j = 0; j < 2; j++) for (let i = 0; i < 5; i++) c.set(10 + i * 2, 10 + j * 2, shade(body, 0.4));
  c.rect(8, 14, 16, 2, shade(body, 0.25));
  c.rect(20, 5, 3, 5, INK);
  c.rect(21, 5, 1, 4, RED.base);
}

function crates(c: Canvas): void {
  dropShadow(c, 2, 30, 29);
  const crate = (x: number, y: number, w: number, h: number) => {
    c.rect(x, y, w, h, INK);
    c.rect(x + 1, y + 1, w - 2, h - 2, WOOD.light);
    c.frame(x + 1, y + 1, w - 2, h - 2, WOOD.base);
    c.line(x + 2, y + 2, x + w - 3, y + h - 3, WOOD.base);
    c.line(x + 2, y + 3, x + w - 4, y + h - 3, WOOD.dark);
    c.hline(x + 1, x + w - 2, y + h - 2, WOOD.dark);
    roundCorners(c, x, y, w, h);
  };
  crate(1, 15, 15, 15);
  crate(16, 15, 15, 15);
  crate(8, 2, 15, 14);
  // Apples peeking out of the top crate.
  c.rect(11, 1, 3, 2, RED.base);
  c.rect(16, 1, 3, 2, RED.light);
}

function displayCase(c: Canvas): void {
  glassCase(c, breads, { base: WOOD.base, dark: WOOD.dark, light: WOOD.light });
}

function flourSacks(c: Canvas): void {
  dropShadow(c, 3, 29, 27);
  const sack = (x: number, y: number, w: number, h: number) => {
    c.roundRect(x, y, w, h, 3, INK);
    c.roundRect(x + 1, y + 1, w - 2, h - 2, 3, hex('#e9dcc0'));
    c.vline(x + w - 3, y + 3, y + h - 3, hex('#cbb894'));
    c.vline(x + 2, y + 3, y + h - 4, hex('#f6eedc'));
    c.hline(x + 3, x + w - 4, y + Math.floor(h / 2), BLUE.base);
    // Tied neck.
    const cx = x + Math.floor(w / 2);
    c.rect(cx - 2, y - 3, 4, 4, INK);
    c.rect(cx - 1, y - 2, 2, 2, hex('#e9dcc0'));
    c.hline(cx - 2, cx + 1, y, hex('#a07a52'));
  };
  sack(2, 11, 14, 18);
  sack(16, 13, 14, 16);
  sack(9, 5, 13, 12);
  // Spilled flour dust.
  for (let i = 0; i < 6; i++) c.set(4 + Math.floor(hash01(i, 0, 321) * 24), 30, withAlpha(WHITE.light, 200));
}

/** Domed brick bread oven with a glowing mouth. */
function oven(c: Canvas): void {
  const brick = { base: hex('#b0654a'), dark: hex('#8c4a3a'), light: hex('#c98062'), mortar: hex('#d9c2a8') };
  dropShadow(c, 2, 30, 29);
  c.rect(1, 20, 30, 10, INK);
  c.ellipse(16, 16, 15, 14, INK);
  c.ellipse(16, 16, 14, 13, brick.base);
  c.rect(2, 20, 28, 9, brick.base);
  for (let y = 4; y < 29; y++) for (let x = 2; x < 30; x++) {
    if (c.get(x, y) !== brick.base) continue;
    const course = Math.floor(y / 4);
    const sx = (x + (course % 2) * 3) % 6;
    if (y % 4 === 0 || sx === 0) c.set(x, y, brick.mortar);
    else if (hash01(x, course, 331) < 0.2) c.set(x, y, brick.dark);
  }
  c.ellipse(12, 8, 6, 3, withAlpha(WHITE.light, 50), true);
  // Arched mouth with fire.
  c.ellipse(16, 20, 8, 7, INK);
  c.rect(8, 20, 17, 7, INK);
  c.ellipse(16, 20, 7, 6, hex('#3a2626'));
  c.rect(9, 20, 15, 6, hex('#3a2626'));
  c.ellipse(16, 25, 6, 2.5, hex('#e0782f'));
  c.ellipse(16, 25.5, 4, 1.5, hex('#f6c65a'));
  c.set(13, 22, hex('#f6c65a'));
  c.set(19, 21, hex('#e0782f'));
  c.rect(6, 27, 21, 2, brick.light);
  c.hline(6, 26, 27, light(brick.light, 0.2));
}

export const shopFurniture: Record<string, TilePainter> = {
  bar_counter: barCounter,
  bar_stool: barStool,
  coffee_machine: coffeeMachine,
  cafe_table: cafeTable,
  pastry_case: (c) => glassCase(c, pastries, { base: hex('#8fae98'), dark: hex('#6f8f7a'), light: hex('#b4cdb8') }),
  grocery_shelf: (c) => shelfUnit(c, { base: METAL.base, light: METAL.light, dark: METAL.dark }, groceryStock),
  produce_stand: produceStand,
  medicine_shelf: medicineShelf,
  cash_register: cashRegister,
  crates,
  display_case: displayCase,
  flour_sacks: flourSacks,
  oven,
};

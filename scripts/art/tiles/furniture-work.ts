/**
 * Workplace and civic furniture: workshop, studio, classroom, clinic, newsroom, piano, notice board.
 */
import type { Canvas } from '../canvas';
import { type Color, CLEAR, hex, light, mix, shade, withAlpha } from '../color';
import { hash01 } from '../noise';
import { BLUE, INK, METAL, MUSTARD, RED, ROSE, TEAL, WHITE, WOOD } from '../palette';
import type { TilePainter } from './painter';
import { block, dropShadow, legs, panel, roundCorners } from './shapes';
import { at } from '../../../src/sim/checked';

const PAPER = { base: hex('#efe8da'), shade: hex('#cfc6b4'), line: hex('#9aa3b5') };
const GLASS_JAR = hex('#b8d4dc');
const BRASS_PEDAL = hex('#d0a447');
const CHALK = { board: hex('#3f6350'), dark: hex('#2f4d3e'), chalk: hex('#e6efe6') };

function workbench(c: Canvas): void {
  dropShadow(c, 2, 29, 29);
  block(c, 1, 9, 30, 10, 7, WOOD.pale, WOOD.light, { noShadow: true });
  for (const x of [8, 16, 24]) c.vline(x, 10, 15, mix(WOOD.pale, WOOD.light, 0.6));
  legs(c, [3, 26], 18, 27, WOOD.base);
  // Lower shelf with offcuts.
  c.rect(5, 23, 21, 3, INK);
  c.rect(6, 23, 19, 2, WOOD.base);
  c.rect(8, 21, 7, 2, WOOD.light);
  // Vice on the left end, hammer and saw on the top.
  c.rect(1, 5, 7, 6, INK);
  c.rect(2, 6, 5, 4, METAL.base);
  c.hline(2, 6, 6, METAL.light);
  c.rect(12, 11, 9, 2, WOOD.deep);
  c.rect(19, 9, 3, 5, INK);
  c.set(20, 10, METAL.light);
  c.rect(23, 11, 7, 3, INK);
  c.rect(24, 12, 5, 1, METAL.light);
  // Shavings.
  for (let i = 0; i < 5; i++) c.set(4 + i * 5, 30, WOOD.pale);
}

function toolRack(c: Canvas): void {
  dropShadow(c, 3, 30, 27);
  const board = hex('#c9a77a');
  c.rect(2, 1, 28, 24, INK);
  c.rect(3, 2, 26, 22, board);
  for (let y = 4; y < 23; y += 3) for (let x = 5; x < 28; x += 3) c.set(x, y, shade(board, 0.3));
  // Hammer.
  c.rect(5, 5, 7, 3, INK);
  c.rect(6, 6, 5, 1, METAL.base);
  c.rect(8, 8, 2, 11, WOOD.dark);
  // Saw.
  c.rect(13, 4, 5, 4, RED.base);
  c.rect(13, 8, 5, 14, INK);
  c.rect(14, 8, 3, 13, METAL.light);
  for (let y = 9; y < 21; y += 2) c.set(17, y, METAL.base);
  // Wrench and screwdriver.
  c.rect(20, 4, 3, 17, INK);
  c.vline(21, 5, 19, METAL.base);
  c.rect(19, 4, 5, 3, INK);
  c.set(21, 5, board);
  c.rect(25, 5, 3, 6, MUSTARD.base);
  c.vline(26, 11, 19, METAL.dark);
  // Feet.
  legs(c, [4, 25], 25, 28, WOOD.dark);
}

/** A stack of sawn boards: grain on the top face, layered board ends on the front. */
function lumberPile(c: Canvas): void {
  dropShadow(c, 2, 29, 29);
  // Boards of staggered lengths, bottom layer first; each is a thin 3/4 block.
  const boards: Array<[number, number, number]> = [
    [1, 23, 29], [3, 19, 28], [2, 15, 26], [5, 11, 25], [3, 7, 22],
  ];
  for (const [x, y, w] of boards) {
    c.rect(x, y, w, 6, INK);
    c.rect(x + 1, y + 1, w - 2, 2, WOOD.pale);
    c.hline(x + 1, x + w - 2, y + 1, light(WOOD.pale, 0.35));
    c.rect(x + 1, y + 3, w - 2, 2, WOOD.light);
    c.hline(x + 1, x + w - 2, y + 4, WOOD.base);
    // End grain at the right end.
    c.rect(x + w - 4, y + 1, 3, 4, hex('#e6c48e'));
    c.set(x + w - 3, y + 2, WOOD.light);
    // Grain streaks along the top.
    for (let i = 0; i < w - 8; i += 7) c.hline(x + 3 + i, x + 5 + i, y + 2, mix(WOOD.pale, WOOD.base, 0.5));
  }
}

function easel(c: Canvas): void {
  c.ellipse(16, 29, 10, 2, withAlpha(INK, 56), true);
  // A-frame legs behind the canvas.
  c.line(9, 29, 14, 2, INK);
  c.line(10, 29, 15, 2, WOOD.base);
  c.line(23, 29, 18, 2, INK);
  c.line(22, 29, 17, 2, WOOD.base);
  c.line(16, 22, 16, 28, INK);
  // Canvas with a little landscape.
  c.rect(5, 4, 22, 16, INK);
  c.rect(6, 5, 20, 14, hex('#cde6ee'));
  c.ellipse(21, 8, 2.5, 2.5, hex('#f2cf5b'));
  c.ellipse(10, 18, 9, 6, hex('#7fb36a'));
  c.ellipse(22, 19, 9, 5, hex('#5f9450'));
  c.rect(6, 16, 20, 3, hex('#5f9450'));
  c.ellipse(11, 13, 2, 3, hex('#3f7345'));
  c.rect(5, 20, 22, 2, INK);
  c.hline(6, 25, 20, WOOD.light);
}

function paintShelf(c: Canvas): void {
  const colors = [RED.base, BLUE.base, MUSTARD.base, hex('#6aa657'), ROSE.base, hex('#7a527a'), hex('#e07a3c'), TEAL.base];
  dropShadow(c, 2, 30, 29);
  block(c, 1, 2, 30, 28, 3, WOOD.light, WOOD.base, { noShadow: true });
  for (let s = 0; s < 3; s++) {
    const y = 6 + s * 8;
    c.rect(3, y, 26, 6, shade(WOOD.base, 0.45));
    for (let i = 0; i < 5; i++) {
      const x = 4 + i * 5;
      const col = at(colors, (i + s * 3) % colors.length, 'colors');
      if ((i + s) % 4 === 3) {
        // Brush jar.
        c.rect(x, y + 2, 4, 4, GLASS_JAR);
        c.vline(x + 1, y - 1, y + 2, WOOD.pale);
        c.vline(x + 2, y, y + 2, col);
        continue;
      }
      c.rect(x, y + 2, 4, 4, INK);
      c.rect(x + 1, y + 3, 2, 3, col);
      c.hline(x, x + 3, y + 1, shade(col, 0.3));
      c.set(x + 1, y + 3, light(col, 0.4));
    }
    c.hline(2, 29, y + 6, WOOD.light);
    c.hline(2, 29, y + 7, WOOD.dark);
  }
  // Drips on the front.
  c.vline(9, 14, 15, RED.base);
  c.vline(22, 22, 24, BLUE.light);
}

function blackboard(c: Canvas): void {
  dropShadow(c, 3, 29, 27);
  legs(c, [4, 25], 23, 27, WOOD.dark);
  c.rect(0, 2, 32, 21, INK);
  c.rect(1, 3, 30, 19, WOOD.base);
  c.hline(1, 30, 3, WOOD.light);
  c.rect(3, 5, 26, 14, CHALK.board);
  c.hline(3, 28, 5, CHALK.dark);
  // Chalk writing: a sum and a doodled triangle.
  const chalk = withAlpha(CHALK.chalk, 230);
  c.hline(5, 7, 8, chalk);
  c.vline(6, 7, 9, chalk);
  c.hline(9, 12, 8, chalk);
  c.hline(14, 16, 7, chalk);
  c.hline(14, 16, 9, chalk);
  c.hline(5, 15, 12, withAlpha(CHALK.chalk, 170));
  c.hline(5, 12, 15, withAlpha(CHALK.chalk, 170));
  c.line(20, 16, 24, 8, chalk);
  c.line(24, 8, 27, 16, chalk);
  c.hline(20, 27, 16, chalk);
  // Chalk tray.
  c.rect(2, 19, 28, 3, INK);
  c.hline(3, 28, 20, WOOD.light);
  c.hline(8, 10, 19, WHITE.light);
  c.hline(22, 23, 19, hex('#f2cf5b'));
}

function lectern(c: Canvas): void {
  dropShadow(c, 7, 30, 19);
  // Slanted top with an open book.
  c.rect(5, 3, 22, 10, INK);
  c.rect(6, 4, 20, 8, WOOD.light);
  c.rect(8, 4, 16, 6, PAPER.base);
  c.vline(15, 4, 9, PAPER.shade);
  c.vline(16, 4, 9, PAPER.shade);
  for (const y of [5, 7]) {
    c.hline(9, 13, y, PAPER.line);
    c.hline(18, 22, y, PAPER.line);
  }
  c.hline(6, 25, 11, WOOD.base);
  // Column and base.
  c.rect(9, 13, 14, 14, INK);
  c.rect(10, 13, 12, 13, WOOD.base);
  c.vline(10, 13, 25, WOOD.light);
  c.vline(21, 13, 25, WOOD.dark);
  c.frame(12, 15, 8, 9, WOOD.dark);
  c.rect(7, 26, 18, 4, INK);
  c.rect(8, 27, 16, 2, WOOD.dark);
  roundCorners(c, 5, 3, 22, 10);
}

/** Student desk with a book, and its chair seen from behind (the student faces the board). */
function schoolDesk(c: Canvas): void {
  dropShadow(c, 4, 18, 25);
  block(c, 3, 3, 26, 11, 8, WOOD.pale, WOOD.light, { noShadow: true });
  c.rect(6, 5, 9, 5, BLUE.base);
  c.rect(7, 5, 7, 4, PAPER.base);
  c.vline(10, 5, 8, PAPER.shade);
  c.line(19, 9, 24, 5, MUSTARD.dark);
  legs(c, [5, 24], 14, 17, METAL.dark);
  // Chair back and seat.
  dropShadow(c, 9, 30, 15);
  c.rect(9, 19, 14, 11, INK);
  c.rect(10, 20, 12, 4, hex('#5e8a5e'));
  c.hline(10, 21, 20, light(hex('#5e8a5e'), 0.3));
  c.rect(10, 24, 12, 5, shade(hex('#5e8a5e'), 0.25));
  c.rect(11, 26, 10, 1, INK);
  roundCorners(c, 9, 19, 14, 11);
}

function piano(c: Canvas): void {
  const body = { base: hex('#4a2f2a'), light: hex('#6a453b'), dark: hex('#33201d') };
  dropShadow(c, 2, 30, 29);
  block(c, 1, 1, 30, 29, 4, body.light, body.base, { noShadow: true });
  // Music sheet on the stand.
  c.rect(10, 6, 12, 6, PAPER.base);
  for (const y of [7, 9]) c.hline(11, 20, y, PAPER.line);
  c.set(13, 8, INK);
  c.set(17, 10, INK);
  // Keyboard.
  c.rect(2, 14, 28, 5, INK);
  c.rect(3, 14, 26, 4, WHITE.light);
  for (let x = 4; x < 29; x += 3) c.vline(x, 15, 17, WHITE.shadow);
  for (const x of [5, 8, 14, 17, 20, 26]) c.rect(x, 14, 2, 2, INK);
  c.rect(3, 19, 26, 9, body.base);
  c.frame(5, 20, 22, 7, body.dark);
  // Pedals.
  c.hline(13, 14, 28, BRASS_PEDAL);
  c.hline(17, 18, 28, BRASS_PEDAL);
}

function filingCabinet(c: Canvas): void {
  const body = { base: hex('#8fa49a'), light: hex('#aabdb2'), dark: hex('#6d8279') };
  dropShadow(c, 8, 30, 17);
  block(c, 7, 1, 18, 29, 3, body.light, body.base, { noShadow: true });
  for (let i = 0; i < 3; i++) {
    const y = 5 + i * 8;
    panel(c, 9, y, 14, 7, body.base, body.dark);
    c.rect(13, y + 2, 6, 2, PAPER.base);
    c.hline(14, 17, y + 5, METAL.light);
  }
}

function printingPress(c: Canvas): void {
  const iron = { base: hex('#4d5560'), light: hex('#6b7580'), dark: hex('#333a44') };
  dropShadow(c, 2, 30, 29);
  // Frame and platen.
  block(c, 3, 8, 26, 22, 6, iron.light, iron.base, { noShadow: true });
  c.rect(6, 9, 20, 4, PAPER.base);
  for (const y of [10, 11]) c.hline(8, 23, y, withAlpha(INK, 150));
  c.rect(5, 17, 22, 3, INK);
  c.hline(6, 25, 18, METAL.light);
  // Flywheel on the right.
  c.ellipse(24, 9, 7, 7, INK);
  c.ellipse(24, 9, 6, 6, iron.base);
  c.ellipse(24, 9, 4, 4, INK);
  c.ellipse(24, 9, 3, 3, CLEAR);
  c.ellipse(24, 9, 3, 3, iron.dark);
  c.line(18, 9, 30, 9, iron.light);
  c.line(24, 3, 24, 15, iron.light);
  c.rect(23, 8, 3, 3, RED.base);
  // Lever.
  c.line(6, 8, 10, 1, INK);
  c.line(7, 8, 11, 1, METAL.base);
  c.rect(10, 0, 3, 2, RED.base);
  c.rect(7, 22, 18, 5, iron.dark);
}

function paperStacks(c: Canvas): void {
  dropShadow(c, 2, 30, 29);
  const stack = (x: number, y: number, w: number, h: number, tied: boolean) => {
    c.rect(x, y, w, h, INK);
    c.rect(x + 1, y + 1, w - 2, 3, PAPER.base);
    for (let yy = y + 4; yy < y + h - 1; yy++) c.hline(x + 1, x + w - 2, yy, yy % 2 ? PAPER.base : PAPER.shade);
    if (tied) {
      c.vline(x + Math.floor(w / 2), y + 1, y + h - 2, hex('#a07a52'));
      c.hline(x + 1, x + w - 2, y + 2, hex('#a07a52'));
    }
  };
  stack(2, 14, 14, 16, true);
  stack(16, 10, 13, 20, false);
  stack(4, 5, 11, 10, true);
  c.rect(18, 11, 9, 2, hex('#d9d2c2'));
}

function examBed(c: Canvas): void {
  const pad = { base: hex('#7fb0a2'), light: hex('#a3cbbd'), dark: hex('#5c8e80') };
  dropShadow(c, 4, 30, 25);
  legs(c, [5, 24], 24, 28, METAL.dark);
  // Padded top with a raised head end, seen from the foot.
  c.rect(3, 1, 26, 24, INK);
  c.rect(4, 2, 24, 19, pad.base);
  c.vline(4, 2, 20, pad.light);
  c.hline(4, 27, 2, pad.light);
  c.rect(4, 21, 24, 3, pad.dark);
  c.hline(4, 27, 21, shade(pad.dark, 0.2));
  // Pillow, then the paper sheet pulled down from its roll.
  c.roundRect(8, 3, 16, 6, 2, WHITE.light);
  c.hline(9, 22, 8, WHITE.shadow);
  c.rect(10, 10, 12, 11, PAPER.base);
  c.vline(21, 10, 20, PAPER.shade);
  c.hline(10, 21, 10, PAPER.shade);
  c.hline(10, 21, 20, PAPER.shade);
  roundCorners(c, 3, 1, 26, 24);
}

function noticeBoard(c: Canvas): void {
  dropShadow(c, 5, 29, 23);
  legs(c, [5, 24], 20, 27, WOOD.dark);
  // Little roof over the board.
  c.rect(1, 1, 30, 4, INK);
  c.rect(2, 2, 28, 2, hex('#8e3a3c'));
  c.hline(2, 29, 2, hex('#b5524d'));
  c.rect(3, 5, 26, 17, INK);
  c.rect(4, 6, 24, 15, WOOD.base);
  c.rect(5, 7, 22, 13, hex('#c69a6a'));
  for (let i = 0; i < 12; i++) c.set(5 + Math.floor(hash01(i, 1, 401) * 22), 7 + Math.floor(hash01(i, 2, 401) * 13), hex('#b0845a'));
  // Pinned notices.
  const notes: Array<[number, number, number, number, Color]> = [[6, 8, 7, 8, PAPER.base], [14, 9, 6, 6, hex('#f3e6a0')], [21, 8, 5, 7, hex('#e9b7c0')], [14, 15, 8, 4, PAPER.base]];
  for (const [x, y, w, h, col] of notes) {
    c.rect(x, y, w, h, col);
    c.hline(x + 1, x + w - 2, y + 2, PAPER.line);
    if (h > 4) c.hline(x + 1, x + w - 3, y + 4, PAPER.line);
    c.set(x + Math.floor(w / 2), y, RED.base);
  }
}

export const workFurniture: Record<string, TilePainter> = {
  workbench,
  tool_rack: toolRack,
  lumber_pile: lumberPile,
  easel,
  paint_shelf: paintShelf,
  blackboard,
  lectern,
  school_desk: schoolDesk,
  piano,
  filing_cabinet: filingCabinet,
  printing_press: printingPress,
  paper_stacks: paperStacks,
  exam_bed: examBed,
  notice_board: noticeBoard,
};


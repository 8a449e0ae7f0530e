/**
 * A persona's sprite sheet: 96×128, columns = walk A, standing, walk B; rows = facing down,
 * left, right, up. Frames are 32×32 with transparent backgrounds.
 */
import { Canvas } from '../canvas';
import type { Appearance } from '../characters';
import { drawFrame } from './frame';
import type { Phase } from './legs';
import { resolveLook } from './look';

export const SHEET_COLUMNS = 3;
export const SHEET_ROWS = 4;
const ROW_FACINGS = ['down', 'left', 'right', 'up'] as const;
const COLUMN_PHASES: readonly Phase[] = [-1, 0, 1];

export function buildCharacterSheet(a: Appearance): Canvas {
  const look = resolveLook(a);
  const sheet = new Canvas(SHEET_COLUMNS * 32, SHEET_ROWS * 32);
  ROW_FACINGS.forEach((facing, row) => {
    COLUMN_PHASES.forEach((phase, col) => {
      const f = facing === 'left' ? 'side' : facing;
      sheet.draw(drawFrame(look, f, phase), col * 32, row * 32);
    });
  });
  return sheet;
}

/**
 * Shared shapes for furniture in the 3/4 view: a block shows a lit top face and a darker front face,
 * wrapped in the ink outline, and sits on a soft contact shadow so it does not float on the floor.
 */
import type { Canvas } from '../canvas';
import { type Color, CLEAR, light, shade, withAlpha } from '../color';
import { INK } from '../palette';

export const SHADOW = withAlpha(INK, 64);

/** Soft contact shadow: a translucent band under an object's footprint. */
export function dropShadow(c: Canvas, x: number, y: number, w: number, h = 2): void {
  c.blendRect(x, y, w, h, SHADOW);
  c.blendRect(x + 1, y + h, w - 2, 1, withAlpha(INK, 32));
}

export interface BlockOptions {
  /** Knock off the outline's corner pixels for a softer silhouette (default true). */
  round?: boolean;
  /** Skip the contact shadow (for objects stacked on other objects). */
  noShadow?: boolean;
}

/**
 * A block occupying (x, y, w, h) including its outline: top face of `topH` rows (outline row
 * included) in `top`, the rest front face in `front`.
 */
export function block(c: Canvas, x: number, y: number, w: number, h: number, topH: number, top: Color, front: Color, opts: BlockOptions = {}): void {
  if (!opts.noShadow) dropShadow(c, x + 1, y + h, w - 1);
  c.rect(x, y, w, h, INK);
  c.rect(x + 1, y + 1, w - 2, topH - 1, top);
  c.hline(x + 1, x + w - 2, y + 1, light(top, 0.3));
  c.rect(x + 1, y + topH, w - 2, h - topH - 1, front);
  c.hline(x + 1, x + w - 2, y + topH, shade(top, 0.35)); // the edge where top meets front
  c.hline(x + 1, x + w - 2, y + topH + 1, light(front, 0.18));
  c.hline(x + 1, x + w - 2, y + h - 2, shade(front, 0.22));
  if (opts.round !== false) roundCorners(c, x, y, w, h);
}

/** Clear the four outline corner pixels of a rectangle. */
export function roundCorners(c: Canvas, x: number, y: number, w: number, h: number): void {
  c.set(x, y, CLEAR);
  c.set(x + w - 1, y, CLEAR);
  c.set(x, y + h - 1, CLEAR);
  c.set(x + w - 1, y + h - 1, CLEAR);
}

/** A filled panel with ink border (doors, drawers, screens). */
export function panel(c: Canvas, x: number, y: number, w: number, h: number, fill: Color, border: Color = INK): void {
  c.rect(x, y, w, h, border);
  c.rect(x + 1, y + 1, w - 2, h - 2, fill);
}

/** A small knob or handle pixel pair with a glint. */
export function knob(c: Canvas, x: number, y: number, col: Color): void {
  c.set(x, y, col);
  c.set(x, y + 1, shade(col, 0.35));
}

/** Little vertical legs below a block, outlined. */
export function legs(c: Canvas, xs: number[], y0: number, y1: number, col: Color): void {
  for (const x of xs) {
    c.vline(x, y0, y1, INK);
    c.vline(x + 1, y0, y1, col);
    c.vline(x + 2, y0, y1, INK);
    c.hline(x, x + 2, y1 + 1, INK);
  }
}

/**
 * A small RGBA pixel canvas with the drawing primitives the art generators need. Coordinates are
 * integer pixels; anything outside the canvas is silently clipped, so shapes may overhang freely.
 */
import { type Color, CLEAR, alphaOf, channels, rgba } from './color';
import { at } from '../../src/sim/checked';

export class Canvas {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  inside(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  get(x: number, y: number): Color {
    if (!this.inside(x, y)) return CLEAR;
    const i = (y * this.width + x) * 4;
    const d = this.data;
    return ((at(d, i, 'red') << 24) | (at(d, i + 1, 'green') << 16) | (at(d, i + 2, 'blue') << 8) | at(d, i + 3, 'alpha')) >>> 0;
  }

  /** True if the pixel is not fully transparent. */
  filled(x: number, y: number): boolean {
    return alphaOf(this.get(x, y)) > 0;
  }

  /** Overwrite one pixel. */
  set(x: number, y: number, c: Color): void {
    x = Math.floor(x);
    y = Math.floor(y);
    if (!this.inside(x, y)) return;
    const i = (y * this.width + x) * 4;
    const [r, g, b, a] = channels(c);
    this.data[i] = r;
    this.data[i + 1] = g;
    this.data[i + 2] = b;
    this.data[i + 3] = a;
  }

  /** Composite one pixel over what is there (source-over), for shadows and glows. */
  blend(x: number, y: number, c: Color): void {
    const [sr, sg, sb, sa] = channels(c);
    if (sa === 255) return this.set(x, y, c);
    if (sa === 0 || !this.inside(x, y)) return;
    const [dr, dg, db, da] = channels(this.get(x, y));
    const a = sa / 255;
    const outA = a + (da / 255) * (1 - a);
    const ch = (s: number, d: number) => Math.round((s * a + (d * (da / 255) * (1 - a))) / outA);
    this.set(x, y, rgba(ch(sr, dr), ch(sg, dg), ch(sb, db), Math.round(outA * 255)));
  }

  fill(c: Color): void {
    this.rect(0, 0, this.width, this.height, c);
  }

  rect(x: number, y: number, w: number, h: number, c: Color): void {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.set(i, j, c);
  }

  blendRect(x: number, y: number, w: number, h: number, c: Color): void {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.blend(i, j, c);
  }

  /** 1-px rectangle border. */
  frame(x: number, y: number, w: number, h: number, c: Color): void {
    this.hline(x, x + w - 1, y, c);
    this.hline(x, x + w - 1, y + h - 1, c);
    this.vline(x, y, y + h - 1, c);
    this.vline(x + w - 1, y, y + h - 1, c);
  }

  hline(x0: number, x1: number, y: number, c: Color): void {
    for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) this.set(x, y, c);
  }

  vline(x: number, y0: number, y1: number, c: Color): void {
    for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) this.set(x, y, c);
  }

  /** Bresenham line, both ends included. */
  line(x0: number, y0: number, x1: number, y1: number, c: Color): void {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      this.set(x0, y0, c);
      if (x0 === x1 && y0 === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  }

  /**
   * Filled ellipse centred at (cx, cy) (may be fractional: cx = 15.5 centres on the seam between
   * pixels 15 and 16), tested at pixel centres so small shapes come out symmetric.
   */
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Color, blend = false): void {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        const nx = (x + 0.5 - cx) / rx;
        const ny = (y + 0.5 - cy) / ry;
        if (nx * nx + ny * ny > 1) continue;
        if (blend) this.blend(x, y, c);
        else this.set(x, y, c);
      }
    }
  }

  /** Filled rectangle with corners cut by `r` pixels (r = 1 knocks off the corner pixel). */
  roundRect(x: number, y: number, w: number, h: number, r: number, c: Color): void {
    for (let j = 0; j < h; j++) {
      const dy = Math.min(j, h - 1 - j);
      const inset = dy < r ? r - dy : 0;
      this.hline(x + inset, x + w - 1 - inset, y + j, c);
    }
  }

  /** Checkerboard dither of colour c over a rectangle; parity picks which half of the cells. */
  dither(x: number, y: number, w: number, h: number, c: Color, parity = 0): void {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) if (((i + j) & 1) === parity) this.set(i, j, c);
  }

  /** Apply f to every filled pixel (used to recolour or shade a region after drawing it). */
  map(f: (c: Color, x: number, y: number) => Color): void {
    for (let y = 0; y < this.height; y++) for (let x = 0; x < this.width; x++) {
      const c = this.get(x, y);
      if (alphaOf(c) > 0) this.set(x, y, f(c, x, y));
    }
  }

  /**
   * Draw a 1-px outline on transparent pixels that touch a filled pixel (4-neighbourhood).
   * `color` may depend on the neighbouring fill colour, for selective outlining.
   */
  outline(color: Color | ((neighbour: Color) => Color)): void {
    const targets: Array<[number, number, Color]> = [];
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        if (this.filled(x, y)) continue;
        const n = [this.get(x, y - 1), this.get(x, y + 1), this.get(x - 1, y), this.get(x + 1, y)].find(
          (v) => alphaOf(v) > 0,
        );
        if (n !== undefined) targets.push([x, y, typeof color === 'number' ? color : color(n)]);
      }
    }
    for (const [x, y, c] of targets) this.set(x, y, c);
  }

  /** Copy src onto this canvas at (dx, dy); transparent source pixels are skipped, translucent ones blended. */
  draw(src: Canvas, dx: number, dy: number, opts: { flipX?: boolean } = {}): void {
    for (let y = 0; y < src.height; y++) {
      for (let x = 0; x < src.width; x++) {
        const c = src.get(opts.flipX ? src.width - 1 - x : x, y);
        if (alphaOf(c) > 0) this.blend(dx + x, dy + y, c);
      }
    }
  }

  crop(x: number, y: number, w: number, h: number): Canvas {
    const out = new Canvas(w, h);
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) out.set(i, j, this.get(x + i, y + j));
    return out;
  }

  /** Nearest-neighbour enlargement by an integer factor (for previews). */
  scaled(k: number): Canvas {
    const out = new Canvas(this.width * k, this.height * k);
    for (let y = 0; y < out.height; y++) for (let x = 0; x < out.width; x++) {
      out.set(x, y, this.get(Math.floor(x / k), Math.floor(y / k)));
    }
    return out;
  }
}

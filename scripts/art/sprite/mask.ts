/** A 32×32 set of pixels: shapes are built as masks first, then painted and shaded as a whole. */
import type { Canvas } from '../canvas';
import type { Color } from '../color';

export const FRAME = 32;

export class Mask {
  private readonly bits = new Uint8Array(FRAME * FRAME);

  has(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < FRAME && y < FRAME && this.bits[y * FRAME + x] === 1;
  }

  add(x: number, y: number): this {
    if (x >= 0 && y >= 0 && x < FRAME && y < FRAME) this.bits[y * FRAME + x] = 1;
    return this;
  }

  remove(x: number, y: number): this {
    if (x >= 0 && y >= 0 && x < FRAME && y < FRAME) this.bits[y * FRAME + x] = 0;
    return this;
  }

  /** Add the horizontal run x0..x1 (inclusive) on row y. */
  span(y: number, x0: number, x1: number): this {
    for (let x = x0; x <= x1; x++) this.add(x, y);
    return this;
  }

  /** Add several runs: [y, x0, x1] triples. */
  spans(rows: ReadonlyArray<readonly [number, number, number]>): this {
    for (const [y, x0, x1] of rows) this.span(y, x0, x1);
    return this;
  }

  rect(x: number, y: number, w: number, h: number): this {
    for (let j = y; j < y + h; j++) this.span(j, x, x + w - 1);
    return this;
  }

  ellipse(cx: number, cy: number, rx: number, ry: number): this {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        const nx = (x + 0.5 - cx) / rx;
        const ny = (y + 0.5 - cy) / ry;
        if (nx * nx + ny * ny <= 1) this.add(x, y);
      }
    }
    return this;
  }

  /** Remove every pixel of `other` from this mask. */
  subtract(other: Mask): this {
    this.forEach((x, y) => {
      if (other.has(x, y)) this.remove(x, y);
    });
    return this;
  }

  union(other: Mask): this {
    other.forEach((x, y) => this.add(x, y));
    return this;
  }

  /** Mirror left-right about the frame centre (x ↔ 31 − x). */
  mirrored(): Mask {
    const m = new Mask();
    this.forEach((x, y) => m.add(FRAME - 1 - x, y));
    return m;
  }

  shifted(dx: number, dy: number): Mask {
    const m = new Mask();
    this.forEach((x, y) => m.add(x + dx, y + dy));
    return m;
  }

  forEach(f: (x: number, y: number) => void): void {
    for (let y = 0; y < FRAME; y++) for (let x = 0; x < FRAME; x++) if (this.bits[y * FRAME + x]) f(x, y);
  }

  /** Paint every pixel with a colour chosen per pixel. */
  paint(c: Canvas, color: Color | ((x: number, y: number) => Color)): void {
    this.forEach((x, y) => c.set(x, y, typeof color === 'number' ? color : color(x, y)));
  }
}

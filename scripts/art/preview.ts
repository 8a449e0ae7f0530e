/**
 * Previews for judging the art by eye (written to out/art/, git-ignored): a labelled tileset sheet,
 * ground tiles repeated 3×3 to expose seams, a character line-up and a small town mock-up.
 */
import { Canvas } from './canvas';
import { hex } from './color';
import { TILE_NAMES, TILE_SIZE, type TileName } from './catalog';
import { drawText } from './font';
import { paintTile } from './tileset';

const BACKDROP = hex('#3b3340');
const CHECK_A = hex('#8d8790');
const CHECK_B = hex('#a29ca5');
const LABEL = hex('#f3e6c6');

/** A grey checkerboard, so transparent pixels are visible in previews. */
function checker(c: Canvas, x: number, y: number, w: number, h: number, cell: number): void {
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) {
    c.set(x + i, y + j, (Math.floor(i / cell) + Math.floor(j / cell)) % 2 ? CHECK_A : CHECK_B);
  }
}

/** Every tile scaled `scale`× over a checkerboard with its index and name below. */
export function tilesheetPreview(scale: number, columns = 8, names: readonly TileName[] = TILE_NAMES): Canvas {
  const cellW = TILE_SIZE * scale + 8;
  const cellH = TILE_SIZE * scale + 16;
  const rows = Math.ceil(names.length / columns);
  const out = new Canvas(columns * cellW + 8, rows * cellH + 8);
  out.fill(BACKDROP);
  names.forEach((name, k) => {
    const x = 8 + (k % columns) * cellW;
    const y = 8 + Math.floor(k / columns) * cellH;
    checker(out, x, y, TILE_SIZE * scale, TILE_SIZE * scale, 4 * scale);
    out.draw(paintTile(name).scaled(scale), x, y);
    drawText(out, `${TILE_NAMES.indexOf(name)} ${name}`, x, y + TILE_SIZE * scale + 3, LABEL);
  });
  return out;
}

/** Each named tile repeated 3×3 at `scale`×, side by side, to check seamless tiling. */
export function seamPreview(names: readonly TileName[], scale: number, columns = 5): Canvas {
  const block = TILE_SIZE * 3 * scale;
  const rows = Math.ceil(names.length / columns);
  const out = new Canvas(columns * (block + 8) + 8, rows * (block + 16) + 8);
  out.fill(BACKDROP);
  names.forEach((name, k) => {
    const tile = paintTile(name).scaled(scale);
    const x = 8 + (k % columns) * (block + 8);
    const y = 8 + Math.floor(k / columns) * (block + 16);
    checker(out, x, y, block, block, 8);
    for (let j = 0; j < 3; j++) for (let i = 0; i < 3; i++) out.draw(tile, x + i * tile.width, y + j * tile.height);
    drawText(out, name, x, y + block + 3, LABEL);
  });
  return out;
}

/** All character sheets side by side, scaled, with each persona's id underneath. */
export function lineupPreview(sheets: ReadonlyArray<[string, Canvas]>, scale: number, perRow = 9): Canvas {
  const w = 96 * scale + 12;
  const h = 128 * scale + 16;
  const rows = Math.ceil(sheets.length / perRow);
  const out = new Canvas(Math.min(sheets.length, perRow) * w + 12, rows * h + 12);
  out.fill(hex('#7d9e6a'));
  sheets.forEach(([id, sheet], k) => {
    const x = 12 + (k % perRow) * w;
    const y = 12 + Math.floor(k / perRow) * h;
    out.draw(sheet.scaled(scale), x, y);
    drawText(out, id, x, y + 128 * scale + 4, hex('#2e2230'));
  });
  return out;
}

/**
 * Builds the tileset image: every catalogue tile painted in catalogue order, 16 per row.
 */
import { Canvas } from './canvas';
import { TILE_NAMES, TILESET_COLUMNS, TILE_SIZE, type TileName } from './catalog';
import { foregroundPainters } from './tiles/foreground';
import { furniturePainters } from './tiles/furniture';
import { groundPainters } from './tiles/ground';
import type { TilePainter } from './tiles/painter';
import { wallPainters } from './tiles/walls';

export const PAINTERS: Record<string, TilePainter> = {
  ...groundPainters,
  ...wallPainters,
  ...furniturePainters,
  ...foregroundPainters,
};

/** Paint a single catalogue tile on its own 32×32 canvas. */
export function paintTile(name: TileName): Canvas {
  const painter = PAINTERS[name];
  if (!painter) throw new Error(`no painter for tile "${name}"`);
  const c = new Canvas(TILE_SIZE, TILE_SIZE);
  painter(c);
  return c;
}

/** The whole tileset: 16 columns × ceil(N / 16) rows of 32×32 tiles. */
export function buildTileset(): Canvas {
  const rows = Math.ceil(TILE_NAMES.length / TILESET_COLUMNS);
  const sheet = new Canvas(TILESET_COLUMNS * TILE_SIZE, rows * TILE_SIZE);
  TILE_NAMES.forEach((name, i) => {
    sheet.draw(paintTile(name), (i % TILESET_COLUMNS) * TILE_SIZE, Math.floor(i / TILESET_COLUMNS) * TILE_SIZE);
  });
  return sheet;
}

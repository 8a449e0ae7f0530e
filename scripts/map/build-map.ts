/**
 * `npm run map`: builds the town, checks it, writes maps/hamlet.tmj and the debug renders
 * out/map/overview.png (always) and out/map/preview-*.png (when public/assets/tiles.png exists).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkTown } from './checks';
import { type Rect, type Town, span } from './grid';
import { renderOverview, renderPreview } from './overview';
import { type Image, decodePng, encodeImage } from '../png';
import { serializeMap, toTiled } from './tiled';
import { buildTown } from './town';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MAP_PATH = resolve(ROOT, 'maps/hamlet.tmj');

export interface BuiltMap {
  town: Town;
  /** Problems found by the checks; empty when the town is sound. */
  problems: string[];
  /** The .tmj file text. */
  text: string;
}

/** Pure: build the town and its Tiled JSON text. */
export function buildMap(): BuiltMap {
  const town = buildTown();
  const problems = checkTown(town);
  const text = serializeMap(toTiled(town), town.w);
  return { town, problems, text };
}

const PREVIEWS: Record<string, Rect> = {
  north: span(0, 0, 70, 27),
  campus: span(70, 0, 139, 27),
  downtown: span(0, 24, 70, 60),
  square: span(50, 24, 139, 60),
  south: span(0, 54, 70, 99),
  park: span(68, 54, 139, 99),
};

function crop(img: Image, x0: number, y0: number, w: number, h: number): Image {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, data };
}

function main(): void {
  const { town, problems, text } = buildMap();
  const out = resolve(ROOT, 'out/map');
  mkdirSync(out, { recursive: true });
  writeFileSync(resolve(out, 'overview.png'), encodeImage(renderOverview(town)));
  // Quarter views at 10 px per tile, easier to read than the whole overview.
  const big = renderOverview(town, 10);
  for (const [name, qx, qy] of [['nw', 0, 0], ['ne', 70, 0], ['sw', 0, 50], ['se', 70, 50]] as const) {
    writeFileSync(resolve(out, `zoom-${name}.png`), encodeImage(crop(big, qx * 10, qy * 10, 700, 500)));
  }
  if (problems.length) {
    console.error(`maps/hamlet.tmj NOT written: ${problems.length} problem(s):`);
    for (const p of problems.slice(0, 60)) console.error(`  - ${p}`);
    console.error('(out/map/overview.png shows the layout)');
    process.exit(1);
  }
  mkdirSync(dirname(MAP_PATH), { recursive: true });
  writeFileSync(MAP_PATH, text);
  console.log(`wrote ${MAP_PATH}: ${town.sectors.length} sectors, ${town.arenas.length} arenas, ${town.objects.length} objects, ${town.spawns.length} spawns`);
  const tilesPath = resolve(ROOT, 'public/assets/tiles.png');
  if (existsSync(tilesPath)) {
    const tiles = decodePng(readFileSync(tilesPath));
    for (const [name, r] of Object.entries(PREVIEWS)) {
      writeFileSync(resolve(out, `preview-${name}.png`), encodeImage(renderPreview(town, tiles, r)));
    }
    console.log(`previews in ${out}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

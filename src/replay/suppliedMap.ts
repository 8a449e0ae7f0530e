import { ReplayError } from './codec';
import type { MapInfo } from './format';
import type { PickedFile } from './pickedFile';

/**
 * A Tiled map handed over together with a Smallville demo (its own map, e.g. the Ville with its
 * tileset images): the replay is then shown on it instead of on Hamlet's map. Only the map's JSON
 * and images are used — Hamlet ships none of them.
 */
export interface SuppliedMap {
  info: MapInfo;
  /** The Tiled JSON (tilesets embedded). */
  json: Record<string, unknown>;
  /** Tileset name → its image file; `crop` when the tileset is one page of a taller image. */
  images: { tileset: string; file: PickedFile; crop?: { x: number; y: number; width: number; height: number } }[];
}

/**
 * The tallest image a tileset may be drawn from: WebGL textures stop at 8,192 px on many GPUs, and a
 * taller image draws as black. The Ville's interior tilesets are 9,024–10,032 px tall: they are split
 * into pages of whole tile rows, each its own tileset over a crop of the image.
 */
const MAX_TEXTURE_PX = 8192;

interface TilesetJson {
  name: string;
  image: string;
  firstgid: number;
  tilewidth: number;
  tileheight: number;
  imagewidth: number;
  imageheight: number;
  columns: number;
  tilecount: number;
  margin?: number;
  spacing?: number;
  tiles?: { id: number }[];
  [k: string]: unknown;
}

const whole = (v: unknown, min = 0): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

/** Split a tileset whose image is taller than `max` into pages of whole rows (same gids, new names). */
export function tilesetPages(t: TilesetJson, fileName: string, max = MAX_TEXTURE_PX): { tileset: TilesetJson; crop?: { x: number; y: number; width: number; height: number } }[] {
  if (!(t.imageheight > max) && !(t.imagewidth > max)) return [{ tileset: t }];
  if (!whole(t.tileheight, 1) || !whole(t.columns, 1) || !whole(t.tilecount, 1) || !whole(t.firstgid, 1) || !whole(t.imagewidth, 1)) {
    throw new ReplayError(`The map ${fileName}'s tileset "${t.name}" is ${t.imagewidth}×${t.imageheight} px, larger than the ${max} px a texture may be, and lacks the tile counts needed to split it.`, 'invalid');
  }
  if (t.imagewidth > max) throw new ReplayError(`The map ${fileName}'s tileset "${t.name}" is ${t.imagewidth} px wide; Hamlet draws tilesets up to ${max} px wide (split it in Tiled).`, 'invalid');
  const margin = whole(t.margin) ? t.margin : 0;
  const spacing = whole(t.spacing) ? t.spacing : 0;
  const rowH = t.tileheight + spacing;
  const rowsPerPage = Math.max(1, Math.floor((max - 2 * margin + spacing) / rowH));
  const rows = Math.ceil(t.tilecount / t.columns);
  const pages: ReturnType<typeof tilesetPages> = [];
  for (let first = 0, k = 1; first < rows; first += rowsPerPage, k++) {
    const n = Math.min(rowsPerPage, rows - first);
    const offset = first * t.columns;
    const y = first * rowH;
    const height = Math.min(t.imageheight - y, n * rowH - spacing + 2 * margin);
    const tiles = t.tiles?.filter((x) => x.id >= offset && x.id < offset + n * t.columns).map((x) => ({ ...x, id: x.id - offset }));
    pages.push({
      tileset: { ...t, name: `${t.name} (page ${k})`, firstgid: t.firstgid + offset, tilecount: Math.min(n * t.columns, t.tilecount - offset), imageheight: height, ...(tiles ? { tiles } : {}) },
      crop: { x: 0, y, width: t.imagewidth, height },
    });
  }
  return pages;
}

const base = (p: string) => (p.split(/[\\/]/).pop() ?? p).toLowerCase();

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Does this parsed JSON look like a Tiled map? */
function isTiledMap(doc: unknown): doc is Record<string, unknown> {
  return isRecord(doc) && Array.isArray(doc.layers) && Array.isArray(doc.tilesets) && typeof doc.tilewidth === 'number' && typeof doc.width === 'number';
}

/**
 * Check a Tiled map and find its tileset images among the given files (by file name). Says clearly
 * what is missing: external tilesets, or images not supplied.
 */
function supplyMap(doc: Record<string, unknown>, fileName: string, files: PickedFile[], name = 'the Ville'): SuppliedMap {
  const width = Number(doc.width);
  const height = Number(doc.height);
  const tileSize = Number(doc.tilewidth);
  if (!(width > 0 && height > 0 && tileSize > 0) || doc.tileheight !== doc.tilewidth) {
    throw new ReplayError(`The map ${fileName} is not a square-tiled Tiled map (width, height and tile size are needed).`, 'invalid');
  }
  const byName = new Map(files.map((f) => [base(f.name), f]));
  const images: SuppliedMap['images'] = [];
  const missing: string[] = [];
  const tilesets: unknown[] = [];
  for (const t of doc.tilesets as unknown[]) {
    if (!isRecord(t)) continue;
    if (typeof t.source === 'string') throw new ReplayError(`The map ${fileName} keeps its tileset in ${t.source}; embed the tilesets in the map (Tiled: Map › Embed Tilesets) and try again.`, 'invalid');
    if (typeof t.image !== 'string' || typeof t.name !== 'string') {
      tilesets.push(t);
      continue;
    }
    const f = byName.get(base(t.image));
    if (!f) missing.push(base(t.image));
    for (const page of tilesetPages(t as TilesetJson, fileName)) {
      tilesets.push(page.tileset);
      if (f) images.push({ tileset: page.tileset.name, file: f, ...(page.crop ? { crop: page.crop } : {}) });
    }
  }
  if (missing.length) {
    throw new ReplayError(`The map ${fileName} needs tileset images that were not given: ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ` and ${missing.length - 4} more` : ''}. Drop the map's folder with its images, or pick them too.`, 'invalid');
  }
  return { info: { name, width, height, tileSize }, json: { ...doc, tilesets }, images };
}

/** Among picked files, the one Tiled map (other than Smallville's own two files), parsed; null when there is none. */
export async function findSuppliedMap(files: PickedFile[]): Promise<SuppliedMap | null> {
  // Not Smallville's own files, nor the numbered step files of its full storage (movement/0.json …).
  const candidates = files.filter((f) => /\.(tmj|json)$/i.test(f.name) && !/^\d+\.json$/.test(base(f.name)) && !['meta.json', 'master_movement.json'].includes(base(f.name)));
  for (const f of candidates) {
    let doc: unknown;
    try {
      doc = JSON.parse(new TextDecoder().decode(await f.bytes())) as unknown;
    } catch {
      continue;
    }
    if (isTiledMap(doc)) return supplyMap(doc, base(f.name), files);
  }
  return null;
}

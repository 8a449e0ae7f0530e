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
  /** Tileset name → its image file. */
  images: { tileset: string; file: PickedFile }[];
}

const base = (p: string) => p.split(/[\\/]/).pop()!.toLowerCase();

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
  for (const t of doc.tilesets as unknown[]) {
    if (!isRecord(t)) continue;
    if (typeof t.source === 'string') throw new ReplayError(`The map ${fileName} keeps its tileset in ${t.source}; embed the tilesets in the map (Tiled: Map › Embed Tilesets) and try again.`, 'invalid');
    if (typeof t.image !== 'string' || typeof t.name !== 'string') continue;
    const f = byName.get(base(t.image));
    if (f) images.push({ tileset: t.name, file: f });
    else missing.push(base(t.image));
  }
  if (missing.length) {
    throw new ReplayError(`The map ${fileName} needs tileset images that were not given: ${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ` and ${missing.length - 4} more` : ''}. Drop the map's folder with its images, or pick them too.`, 'invalid');
  }
  return { info: { name, width, height, tileSize }, json: doc, images };
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

import type { PickedFile } from '../replay/pickedFile';
import { packFromArchive } from '../pack/archive';
import { normalisePath, PACK_LIMITS, type PackFiles } from '../pack/files';
import { openTown, type TownPack } from '../pack/open';
import { findSuppliedMap, type SuppliedMap } from '../replay/suppliedMap';

/**
 * The page's side of opening a town (loaded only when one is opened: the zip reader and the
 * importers stay out of the first load): picked or dropped files, one archive, or a URL, read as a
 * pack and checked; a pack with problems is refused with all of them named.
 */

const ARCHIVE = /\.(zip|tgz|tar\.gz)$/i;

/** Picked or dropped files as a pack: one archive, or a folder's files by their paths in it. */
async function packFromPicked(files: PickedFile[]): Promise<PackFiles> {
  const first = files[0];
  if (!first) throw new Error('No files were given: pick the town’s folder, or its .zip');
  if (files.length === 1 && ARCHIVE.test(first.name)) {
    if ((first.size ?? 0) > PACK_LIMITS.maxTotalBytes) throw new Error(`The town ${first.name} is ${Math.round((first.size ?? 0) / 1024 / 1024)} MB; a town may be up to ${PACK_LIMITS.maxTotalBytes / 1024 / 1024} MB (limit: pack size)`);
    return packFromArchive(first.name, await first.bytes());
  }
  if (files.length > PACK_LIMITS.maxFiles) throw new Error(`${files.length} files were given; a town holds up to ${PACK_LIMITS.maxFiles} (limit: files in a pack)`);
  const byPath = new Map<string, PickedFile>();
  for (const f of files) byPath.set(normalisePath(f.name), f);
  const label = normalisePath(first.name).split('/')[0] || 'the town';
  return {
    label,
    paths: [...byPath.keys()].sort(),
    read: async (path) => {
      const f = byPath.get(path);
      if (!f) throw new Error(`${path} is not in the town`);
      if ((f.size ?? 0) > PACK_LIMITS.maxFileBytes) throw new Error(`${path} is ${Math.round((f.size ?? 0) / 1024 / 1024)} MB (limit: file size ${PACK_LIMITS.maxFileBytes / 1024 / 1024} MB)`);
      return f.bytes();
    },
  };
}

/** Residents whose look the page does not have wear one of its looks, in turn. */
function withLooks(town: TownPack, looks: readonly string[]): TownPack {
  if (!looks.length) return town;
  return { ...town, personas: town.personas.map((p, i) => (looks.includes(p.sprite) ? p : { ...p, sprite: looks[i % looks.length] ?? p.sprite })) };
}

/** A town from picked or dropped files, checked. */
export async function openPickedTown(files: PickedFile[], looks: readonly string[]): Promise<TownPack> {
  return withLooks(await openTown(await packFromPicked(files), looks), looks);
}

/** A town from a URL (?town=): a .zip or a .tar.gz, fetched within the pack's size limit and checked. */
export async function openTownUrl(url: string, looks: readonly string[]): Promise<TownPack> {
  const name = decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() || url);
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    throw new Error(`The town ${name} could not be fetched from ${url}`);
  }
  if (!res.ok) throw new Error(`The town ${name} could not be fetched (HTTP ${res.status})`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > PACK_LIMITS.maxTotalBytes) throw new Error(`The town ${name} is ${Math.round(length / 1024 / 1024)} MB (limit: pack size ${PACK_LIMITS.maxTotalBytes / 1024 / 1024} MB)`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > PACK_LIMITS.maxTotalBytes) throw new Error(`The town ${name} is larger than ${PACK_LIMITS.maxTotalBytes / 1024 / 1024} MB (limit: pack size)`);
  return withLooks(await openTown(await packFromArchive(name, bytes), looks), looks);
}

/**
 * How the town is drawn: its own Tiled map with the tileset images in the pack, or (a Smallville
 * town, or a map whose images cannot be drawn) null: from its places (src/game/semanticMapView.ts).
 */
export async function tiledViewOf(town: TownPack): Promise<SuppliedMap | null> {
  const map = town.map;
  // People are drawn at 32 px a tile: a map of other tiles is drawn from its places at that scale.
  if (!map || town.world.tileSize !== 32) return null;
  const images = town.files.paths.filter((p) => /\.(png|jpe?g|webp|gif)$/i.test(p));
  const picked: PickedFile[] = [map.path, ...images].map((p) => ({ name: p, bytes: () => town.files.read(p) }));
  try {
    const supplied = await findSuppliedMap(picked);
    return supplied ? { ...supplied, info: { ...supplied.info, name: town.world.name } } : null;
  } catch {
    return null;
  }
}

import Phaser from 'phaser';
import type { SuppliedMap } from '../replay/suppliedMap';
import { defined } from '../sim/checked';

interface Shown {
  map: Phaser.Tilemaps.Tilemap;
  layers: (Phaser.Tilemaps.TilemapLayer | Phaser.Tilemaps.TilemapGPULayer)[];
  urls: string[];
}

const shownIn = new WeakMap<Phaser.Scene, Shown>();
/** Hamlet's own layers, hidden while a supplied map is shown. */
const hamletLayers = new WeakMap<Phaser.Scene, Phaser.Tilemaps.TilemapLayer[]>();
let loads = 0;

/** Layers that only hold Smallville's collision and place-marking blocks are not drawn. */
const HIDDEN = /collision|block/i;

/** Tell the camera the size of the map on screen (it keeps the view on the map, src/game/cameraControls.ts). */
function setBounds(scene: Phaser.Scene, w: number, h: number): void {
  (scene as Phaser.Scene & { controls?: { setMapSize(w: number, h: number): void } }).controls?.setMapSize(w, h);
}

/**
 * Show a replay's own map (a Tiled map with embedded tilesets, images supplied by the player) in
 * the town scene in place of Hamlet's, or Hamlet's again with `null`. The new map is loaded fully
 * before anything on screen changes, so a map that fails to load leaves the view as it was.
 */
export async function showSuppliedMap(scene: Phaser.Scene, supplied: SuppliedMap | null): Promise<void> {
  if (!supplied) {
    clear(scene);
    return;
  }
  const id = `supplied-${++loads}`;
  const urls: string[] = [];
  const failed: string[] = [];
  const decoded = new Map<SuppliedMap['images'][number]['file'], Promise<ImageBitmap>>();
  for (const img of supplied.images) {
    const bytes = (await img.file.bytes()) as BlobPart;
    let blob = new Blob([bytes]);
    if (img.crop) {
      // One page of a tileset taller than a texture may be (src/replay/suppliedMap.ts): its own image.
      const c = img.crop;
      let decoding = decoded.get(img.file);
      if (!decoding) decoded.set(img.file, (decoding = createImageBitmap(blob)));
      let whole: ImageBitmap;
      try {
        whole = await decoding;
      } catch {
        throw new Error(`The supplied map could not be drawn: the image of tileset ${img.tileset} could not be read (is it a PNG image?).`);
      }
      const canvas = document.createElement('canvas');
      canvas.width = c.width;
      canvas.height = c.height;
      defined(canvas.getContext('2d'), 'a 2D canvas context').drawImage(whole, c.x, c.y, c.width, c.height, 0, 0, c.width, c.height);
      blob = await new Promise<Blob>((res, rej) => canvas.toBlob((b) => (b ? res(b) : rej(new Error(`The supplied map could not be drawn: tileset ${img.tileset} could not be cut into pages.`))), 'image/png'));
    }
    const url = URL.createObjectURL(blob);
    urls.push(url);
    scene.load.image(`${id}:${img.tileset}`, url);
  }
  for (const bitmap of decoded.values()) void bitmap.then((b) => b.close(), () => {});
  scene.load.tilemapTiledJSON(`${id}:map`, supplied.json);
  const onError = (file: Phaser.Loader.File) => failed.push(String(file.key).replace(`${id}:`, ''));
  scene.load.on('loaderror', onError);
  await new Promise<void>((resolve) => {
    scene.load.once('complete', () => resolve());
    scene.load.start();
  });
  scene.load.off('loaderror', onError);
  if (failed.length) {
    urls.forEach((u) => URL.revokeObjectURL(u));
    throw new Error(`The supplied map could not be drawn: ${failed.join(', ')} did not load (is it a PNG image?).`);
  }
  const map = scene.make.tilemap({ key: `${id}:map` });
  const tilesets = supplied.images.map((i) => map.addTilesetImage(i.tileset, `${id}:${i.tileset}`)).filter((t): t is Phaser.Tilemaps.Tileset => t !== null);

  clear(scene);
  const own = scene.children.list.filter((o): o is Phaser.Tilemaps.TilemapLayer => o instanceof Phaser.Tilemaps.TilemapLayer && o.visible);
  own.forEach((l) => l.setVisible(false));
  hamletLayers.set(scene, own);
  const layers: (Phaser.Tilemaps.TilemapLayer | Phaser.Tilemaps.TilemapGPULayer)[] = [];
  map.layers.forEach((l, i) => {
    if (HIDDEN.test(l.name) || !l.visible) return;
    const layer = map.createLayer(l.name, tilesets, 0, 0);
    if (!layer) return;
    // Personas stand between the ground and furniture layers and the foreground ones, as on Hamlet's map.
    layer.setDepth(/foreground/i.test(l.name) ? 100_000 + i : i / 100);
    layers.push(layer);
  });
  shownIn.set(scene, { map, layers, urls });
  setBounds(scene, map.widthInPixels, map.heightInPixels);
}

function clear(scene: Phaser.Scene): void {
  const shown = shownIn.get(scene);
  if (!shown) return;
  shown.layers.forEach((l) => l.destroy());
  shown.map.destroy();
  shown.urls.forEach((u) => URL.revokeObjectURL(u));
  shownIn.delete(scene);
  for (const l of hamletLayers.get(scene) ?? []) l.setVisible(true);
  hamletLayers.delete(scene);
  const s = scene as Phaser.Scene & { mapWidth?: number; mapHeight?: number };
  if (s.mapWidth && s.mapHeight) setBounds(scene, s.mapWidth, s.mapHeight);
}

/** The name of the map on screen: the supplied map's, or null for Hamlet's (for tests). */
export function suppliedMapShown(scene: Phaser.Scene): { width: number; height: number; layers: string[] } | null {
  const s = shownIn.get(scene);
  return s ? { width: s.map.width, height: s.map.height, layers: s.layers.map((l) => l.layer.name) } : null;
}

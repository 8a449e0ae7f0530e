import Phaser from 'phaser';
import type { WorldModel } from '../sim/world/types';
import { PLACE_KINDS } from '../sim/placeKinds';
import { hashString } from '../sim/rng';

/**
 * A town drawn from its meaning alone, in Hamlet's own style, for a map whose tileset images are
 * not at hand (Smallville's Ville: its art is a commercial pack Hamlet does not ship): floors
 * coloured by the kind of place and by room, walls where the tiles are blocked, objects as small
 * labelled shapes, places named. Drawn once into a canvas of a few pixels per tile, shown scaled.
 */

/** Pixels per tile in the canvas (the scene scales it up to the map's tile size). */
const PX = 8;
const KEY_PREFIX = 'semantic-town';

const OUTSIDE = 0x8fb573;
const WALL = 0x4a3f4f;
const OBJECT = 0x6b4e3a;

const rgb = (c: number) => `rgb(${(c >> 16) & 255}, ${(c >> 8) & 255}, ${c & 255})`;
/** A room's floor: its place's colour, a little lighter or darker per room so rooms read apart. */
function shade(c: number, key: string): number {
  const f = 0.86 + ((hashString(key) % 1000) / 1000) * 0.24;
  const ch = (s: number) => Math.max(0, Math.min(255, Math.round(((c >> s) & 255) * f)));
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}

interface Shown {
  parts: Phaser.GameObjects.GameObject[];
  key: string;
}
const shownIn = new WeakMap<Phaser.Scene, Shown>();
let drawn = 0;

/** Paint the world into a canvas: floors, walls, objects. */
function paint(world: WorldModel, ctx: CanvasRenderingContext2D): void {
  const { width, height } = world;
  ctx.fillStyle = rgb(OUTSIDE);
  ctx.fillRect(0, 0, width * PX, height * PX);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const s = world.sectors[world.sectorAt[i] ?? -1];
      const a = world.arenas[world.arenaAt[i] ?? -1];
      // Blocked tiles that hold an object are furniture (drawn below), the rest walls.
      if (!world.walkable[i] && (world.objectAt[i] ?? -1) < 0) {
        ctx.fillStyle = rgb(s ? WALL : 0x55704a);
        ctx.fillRect(x * PX, y * PX, PX, PX);
        // A lighter top edge: walls read as raised.
        ctx.fillStyle = rgb(s ? 0x6a5d70 : 0x6b8a5c);
        ctx.fillRect(x * PX, y * PX, PX, 2);
        continue;
      }
      if (!s) continue;
      ctx.fillStyle = rgb(shade(PLACE_KINDS[s.kind].colours.floor, a ? `${s.name}:${a.name}` : s.name));
      ctx.fillRect(x * PX, y * PX, PX, PX);
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = world.objectAt[y * width + x] ?? -1;
      if (o < 0) continue;
      ctx.fillStyle = rgb(OBJECT);
      ctx.fillRect(x * PX + 1, y * PX + 1, PX - 2, PX - 2);
    }
  }
}

/** Draw `world` in the scene in place of Hamlet's tile layers (hidden), `tile` px a tile (the personas' scale), or Hamlet's again with null. */
export function showSemanticMap(scene: Phaser.Scene, world: WorldModel | null, tile = 32): void {
  clear(scene);
  const own = scene.children.list.filter((o): o is Phaser.Tilemaps.TilemapLayer => o instanceof Phaser.Tilemaps.TilemapLayer);
  own.forEach((l) => l.setVisible(!world));
  const s = scene as Phaser.Scene & { controls?: { setMapSize(w: number, h: number): void }; mapWidth?: number; mapHeight?: number };
  if (!world) {
    if (s.mapWidth && s.mapHeight) s.controls?.setMapSize(s.mapWidth, s.mapHeight);
    return;
  }
  const key = `${KEY_PREFIX}-${++drawn}`;
  const tex = scene.textures.createCanvas(key, world.width * PX, world.height * PX);
  if (!tex) throw new Error('The town could not be drawn: no canvas');
  paint(world, tex.getContext());
  tex.refresh();
  const t = tile;
  const parts: Phaser.GameObjects.GameObject[] = [scene.add.image(0, 0, key).setOrigin(0, 0).setScale(t / PX).setDepth(0)];
  // Objects by name, once per room (small, over the floor); places by name, larger, above everything but people.
  const label = (x: number, y: number, text: string, size: number, color: string, depth: number) =>
    scene.add.text(x, y, text, { fontFamily: 'system-ui, sans-serif', fontSize: `${size}px`, color, stroke: '#1d1a2b', strokeThickness: size > 12 ? 4 : 3, resolution: 2 }).setOrigin(0.5, 0.5).setDepth(depth);
  for (const o of world.objects) parts.push(label((o.rect.x + o.rect.w / 2) * t, (o.rect.y + o.rect.h / 2) * t, o.name, 9, '#f3ead8', 1).setAlpha(0.9));
  for (const sec of world.sectors) parts.push(label((sec.rect.x + sec.rect.w / 2) * t, sec.rect.y * t + 10, sec.name, 15, '#ffe9a8', 2));
  shownIn.set(scene, { parts, key });
  s.controls?.setMapSize(world.width * t, world.height * t);
}

function clear(scene: Phaser.Scene): void {
  const shown = shownIn.get(scene);
  if (!shown) return;
  shown.parts.forEach((p) => p.destroy());
  scene.textures.remove(shown.key);
  shownIn.delete(scene);
}

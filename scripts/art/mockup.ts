/**
 * Renders hand-placed preview scenes (see scenes.ts) from the real tiles, with sprites standing in
 * them, to judge how tileset and characters look together. Preview only; not part of the assets.
 */
import { Canvas } from './canvas';
import type { TileName } from './catalog';
import type { Scene } from './scenes';
import { paintTile } from './tileset';
import { at } from '../../src/sim/checked';

/** A sprite placed in the scene: drawn between the furniture and foreground layers. */
export interface Actor {
  sprite: Canvas;
  /** Tile the actor stands on. */
  tx: number;
  ty: number;
}

function drawLayer(out: Canvas, layer: readonly string[], key: Readonly<Record<string, TileName>>, cache: Map<TileName, Canvas>): void {
  layer.forEach((row, ty) => {
    [...row].forEach((ch, tx) => {
      const name = key[ch];
      if (!name) return;
      let tile = cache.get(name);
      if (!tile) cache.set(name, (tile = paintTile(name)));
      out.draw(tile, tx * 32, ty * 32);
    });
  });
}

export function renderScene(scene: Scene, actors: Actor[] = []): Canvas {
  const out = new Canvas(at(scene.ground.rows, 0, 'scene ground rows').length * 32, scene.ground.rows.length * 32);
  const cache = new Map<TileName, Canvas>();
  drawLayer(out, scene.ground.rows, scene.ground.key, cache);
  drawLayer(out, scene.walls.rows, scene.walls.key, cache);
  drawLayer(out, scene.furniture.rows, scene.furniture.key, cache);
  for (const a of actors) out.draw(a.sprite, a.tx * 32, a.ty * 32);
  drawLayer(out, scene.foreground.rows, scene.foreground.key, cache);
  return out;
}

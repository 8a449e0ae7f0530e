/**
 * Debug renders of the town (git-ignored, under out/map/):
 *  - overview: 4 px per tile, coloured by category, sector outlines white, arena outlines yellow
 *  - preview: a window of the town at full resolution, drawn with the real tileset
 */
import { TILE_NAMES, TILE_SIZE, TILESET_COLUMNS, type TileName } from '../art/catalog';
import { type Rect, TILE_LAYERS, type Town } from './grid';
import type { Image } from '../png';
import { at } from '../../src/sim/checked';

type RGB = [number, number, number];

const GROUND: Partial<Record<TileName, RGB>> = {
  grass: [106, 168, 79],
  grass_dark: [92, 150, 68],
  grass_flowers: [126, 178, 92],
  dirt_path: [176, 140, 96],
  road: [70, 70, 76],
  road_line_h: [200, 190, 90],
  road_line_v: [200, 190, 90],
  sidewalk: [170, 170, 165],
  plaza_stone: [205, 190, 160],
  sand: [230, 210, 150],
  water: [60, 120, 200],
  water_edge_n: [80, 140, 210],
  wood_floor: [196, 156, 110],
  tile_floor: [200, 212, 220],
  carpet_red: [180, 90, 90],
  carpet_blue: [100, 120, 170],
  carpet_green: [100, 150, 110],
  concrete_floor: [150, 150, 150],
  bridge_wood: [150, 100, 60],
  doormat: [240, 130, 40],
};

function tileName(gidValue: number): TileName | undefined {
  return gidValue > 0 ? TILE_NAMES[gidValue - 1] : undefined;
}

export function renderOverview(town: Town, scale = 4): Image {
  const W = town.w * scale;
  const H = town.h * scale;
  const data = new Uint8Array(W * H * 4);
  const fill = (tx: number, ty: number, c: RGB, inset = 0) => {
    for (let y = inset; y < scale - inset; y++) {
      for (let x = inset; x < scale - inset; x++) {
        const i = ((ty * scale + y) * W + tx * scale + x) * 4;
        data.set([c[0], c[1], c[2], 255], i);
      }
    }
  };
  for (let ty = 0; ty < town.h; ty++) {
    for (let tx = 0; tx < town.w; tx++) {
      const g = tileName(town.get('ground', tx, ty));
      fill(tx, ty, (g && GROUND[g]) ?? [255, 0, 255]);
      const wl = tileName(town.get('walls', tx, ty));
      if (wl) fill(tx, ty, wl === 'hedge' ? [40, 90, 40] : wl.startsWith('fence') ? [120, 80, 40] : [40, 30, 30]);
      const f = tileName(town.get('furniture', tx, ty));
      if (f) {
        const blocked = town.blocked(tx, ty);
        const c: RGB =
          f === 'tree_trunk' ? [30, 70, 30] : f === 'lamp_post' ? [250, 230, 60] : blocked ? [210, 50, 50] : [170, 60, 200];
        fill(tx, ty, c, f === 'tree_trunk' || f === 'lamp_post' ? 0 : 1);
      }
      const fg = tileName(town.get('foreground', tx, ty));
      if (fg?.startsWith('canopy') && !f) {
        for (let y = 0; y < scale; y++) {
          for (let x = 0; x < scale; x++) {
            if ((x + y) % 2) continue;
            const i = ((ty * scale + y) * W + tx * scale + x) * 4;
            data.set([50, 100, 45, 255], i);
          }
        }
      }
    }
  }
  const outline = (r: Rect, c: RGB) => {
    const x0 = r.x * scale;
    const y0 = r.y * scale;
    const x1 = (r.x + r.w) * scale - 1;
    const y1 = (r.y + r.h) * scale - 1;
    for (let x = x0; x <= x1; x++) for (const y of [y0, y1]) data.set([...c, 255], (y * W + x) * 4);
    for (let y = y0; y <= y1; y++) for (const x of [x0, x1]) data.set([...c, 255], (y * W + x) * 4);
  };
  for (const a of town.arenas) outline(a.rect, [250, 220, 0]);
  for (const s of town.sectors) outline(s.rect, [255, 255, 255]);
  for (const s of town.spawns) fill(s.x, s.y, [0, 255, 255], 1);
  return { width: W, height: H, data };
}

/** Full-resolution render of tile window `r` from the tileset image. */
export function renderPreview(town: Town, tiles: Image, r: Rect, withCollision = false): Image {
  const T = TILE_SIZE;
  const W = r.w * T;
  const H = r.h * T;
  const data = new Uint8Array(W * H * 4);
  const blit = (g: number, tx: number, ty: number) => {
    const i = g - 1;
    const sx = (i % TILESET_COLUMNS) * T;
    const sy = Math.floor(i / TILESET_COLUMNS) * T;
    if (sy + T > tiles.height) return;
    for (let y = 0; y < T; y++) {
      for (let x = 0; x < T; x++) {
        const si = ((sy + y) * tiles.width + sx + x) * 4;
        const a = at(tiles.data, si + 3, 'tileset alpha') / 255;
        if (a === 0) continue;
        const di = ((ty * T + y) * W + tx * T + x) * 4;
        for (let k = 0; k < 3; k++) data[di + k] = Math.round(at(tiles.data, si + k, 'tileset pixel') * a + at(data, di + k, 'overview pixel') * (1 - a));
        data[di + 3] = 255;
      }
    }
  };
  for (const layer of TILE_LAYERS) {
    if (layer === 'collision' && !withCollision) continue;
    for (let ty = 0; ty < r.h; ty++) {
      for (let tx = 0; tx < r.w; tx++) {
        const g = town.get(layer, r.x + tx, r.y + ty);
        if (g) blit(g, tx, ty);
      }
    }
  }
  return { width: W, height: H, data };
}

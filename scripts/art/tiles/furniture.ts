/** All furniture painters (transparent backgrounds), gathered from the themed modules. */
import { homeFurniture } from './furniture-home';
import { outdoorFurniture } from './furniture-outdoor';
import { shopFurniture } from './furniture-shop';
import { workFurniture } from './furniture-work';
import type { TilePainter } from './painter';

export const furniturePainters: Record<string, TilePainter> = {
  ...homeFurniture,
  ...shopFurniture,
  ...workFurniture,
  ...outdoorFurniture,
};

import type { WorldModel } from '../sim/world/types';
import type { TownPack } from '../pack/townPack';
import type { SuppliedMap } from '../replay/suppliedMap';

/** The map view as the page drives it (src/main.ts implements it over the Phaser game). */
export interface MapView {
  /** Start the town scene over the store: the residents drawn with `sprites` on `world`; a click on a tile that picks nobody. */
  start(world: WorldModel, sprites: Map<string, string>, onTileClick: (tile: { x: number; y: number }) => void): void;
  /** Draw another town (its own map, or from its places) and make it the scene's world. */
  drawTown(town: TownPack): Promise<void>;
  /** Draw a replay's own map (null: the town's again). */
  showMap(map: SuppliedMap | null): Promise<void>;
  /** Is a replay's own map drawn (so the town's world is not the one on screen)? */
  suppliedMapShown(): boolean;
  /** The part of the map on screen, in tiles, or null before the scene runs. */
  viewTiles(): { x: number; y: number; w: number; h: number } | null;
}

/** The page's own images, as the build serves them (src/game/assets.ts). */
export interface PageAssets {
  spriteUrl(sprite: string): string;
  tilesUrl: string;
}

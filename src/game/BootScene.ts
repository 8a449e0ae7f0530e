import Phaser from 'phaser';
import { MAP_KEY, MAP_URL, TILES_KEY, TILES_URL, characterKey, characterUrl } from './assets';

export interface BootData {
  sprites: string[];
  onProgress: (p: number, label: string) => void;
  onLoaded: (mapJson: unknown) => void;
  onError: (message: string) => void;
}

/** Loads the map, the tileset and every persona's sprite sheet, reporting progress to the loading screen. */
export class BootScene extends Phaser.Scene {
  constructor() {
    super('boot');
  }

  preload(): void {
    const data = this.registry.get('boot') as BootData;
    this.load.on('progress', (p: number) => data.onProgress(p, 'Loading the town…'));
    this.load.on('loaderror', (file: Phaser.Loader.File) => data.onError(`Could not load ${file.key} (${file.src})`));
    this.load.tilemapTiledJSON(MAP_KEY, MAP_URL);
    this.load.image(TILES_KEY, TILES_URL);
    for (const s of data.sprites) this.load.spritesheet(characterKey(s), characterUrl(s), { frameWidth: 32, frameHeight: 32 });
  }

  create(): void {
    const data = this.registry.get('boot') as BootData;
    const cached = this.cache.tilemap.get(MAP_KEY) as { data: unknown } | undefined;
    if (!cached) {
      data.onError('The map did not load.');
      return;
    }
    data.onLoaded(cached.data);
  }
}

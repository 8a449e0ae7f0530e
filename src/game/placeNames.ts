import Phaser from 'phaser';
import type { WorldModel } from '../sim/world/types';
import { pixelRatio } from './pixelRatio';

/**
 * The map's place names, always on: each sector's name at the middle of its top edge, over the
 * personas and their emoji but under their names (depth 55 000: a person's name stays readable) and
 * under the map's upper layers and the inspector's grid, so the café can be found without G. Homes are named too ("Moreno House"): who lives where is part of reading the town.
 */
export class PlaceNames {
  private container: Phaser.GameObjects.Container | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly tileSize: number,
  ) {}

  /** Draw the names of this world's places (another town's map: its own), or none. */
  setWorld(world: WorldModel | null): void {
    this.container?.destroy();
    this.container = null;
    if (!world) return;
    const t = this.tileSize;
    const resolution = 2 * pixelRatio();
    const texts = world.sectors.map((s) =>
      this.scene.add
        .text((s.rect.x + s.rect.w / 2) * t, s.rect.y * t + 2, s.name, { fontFamily: 'system-ui, sans-serif', fontSize: '13px', fontStyle: 'bold', color: '#fff4d6', stroke: '#1d1a2b', strokeThickness: 4, resolution })
        .setOrigin(0.5, 0)
        .setAlpha(0.9),
    );
    this.container = this.scene.add.container(0, 0, texts).setDepth(55_000);
  }

  /** Shown unless the grid (which names the places itself) or another map is on screen. */
  setVisible(on: boolean): void {
    if (this.container && this.container.visible !== on) this.container.setVisible(on);
  }

  /** The names drawn, for tests. */
  get names(): string[] {
    return (this.container?.list ?? []).map((o) => (o as Phaser.GameObjects.Text).text);
  }
}

import Phaser from 'phaser';
import type { TownScene } from './TownScene';
import type { TownPack } from '../pack/townPack';
import type { SuppliedMap } from '../replay/suppliedMap';
import { showSuppliedMap } from './suppliedMapView';

/**
 * Draw a town in the scene: its own Tiled map with the pack's tileset images (`view`), else from its
 * places; Hamlet's own map for the built-in town. Waits for the scene to be created.
 */
export async function drawTown(scene: TownScene, town: TownPack, view: SuppliedMap | null): Promise<void> {
  const { showSemanticMap } = await import('./semanticMapView');
  if (!(scene as Partial<TownScene>).controls) await new Promise((r) => scene.events.once(Phaser.Scenes.Events.CREATE, r));
  showSemanticMap(scene, null);
  if (town.builtIn) await showSuppliedMap(scene, null);
  else {
    // A map whose tileset images do not draw (not images, too large for the GPU) is drawn from its places instead.
    const drawn = view !== null && (await showSuppliedMap(scene, view).then(() => true, (err: unknown) => (console.warn(err), false)));
    if (!drawn) {
      await showSuppliedMap(scene, null);
      showSemanticMap(scene, town.world);
    }
  }
  scene.setWorld(town.world);
}

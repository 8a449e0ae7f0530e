import Phaser from 'phaser';
import { BootScene, type BootData } from './game/BootScene';
import { TownScene, type TownSceneData } from './game/TownScene';
import { createHamletStore } from './store/store';
import { setLoading, showError, showTooltip } from './ui/hud';
import { mapArea } from './ui/layout';
import { parsePersonas } from './sim/persona/load';
import type { PersonaSpec } from './sim/persona/schema';
import { showSuppliedMap, suppliedMapShown } from './game/suppliedMapView';
import { drawTown } from './game/drawTown';
import { TILES_URL, characterUrl } from './game/assets';
import { pixelRatio, sizeCanvas } from './game/pixelRatio';
import { byCodeUnits } from './sim/order';
import { startPage, type PageParts } from './ui/page';
import { PageTown } from './app/pageTown';
import { WorkerTown } from './app/worker/workerTown';
import type { MapView } from './ui/mapView';

const personaFiles = import.meta.glob('../personas/hamlet/*.json', { eager: true, import: 'default' });

const params = new URLSearchParams(location.search);

const store = createHamletStore();
const personas: PersonaSpec[] = (() => {
  try {
    return parsePersonas(Object.entries(personaFiles).sort(([a], [b]) => byCodeUnits(a, b)).map(([source, data]) => ({ source, data })));
  } catch (err) {
    showError(err instanceof Error ? err.message : String(err));
    throw err;
  }
})();

/** The page's parts (src/ui/page.ts), as they come up: the live town, the start screen, replays, saves, the inspector. */
const parts: PageParts = { town: null, startScreen: null, replays: null, saves: null, inspector: null };

const townScene = () => game.scene.getScene('town') as TownScene;

/** The Phaser game as the page drives it. */
const map: MapView = {
  start(world, sprites, onTileClick) {
    sceneData = { store, sprites, onHover: showTooltip, world, onTileClick, mapArea };
    game.registry.set('town', sceneData);
    game.scene.start('town');
  },
  async drawTown(town) {
    const { tiledViewOf } = await import('./app/openTown');
    if (sceneData) sceneData.world = town.world;
    await drawTown(townScene(), town, town.builtIn ? null : await tiledViewOf(town));
  },
  showMap: (m) => showSuppliedMap(townScene(), m),
  suppliedMapShown: () => suppliedMapShown(townScene()) !== null,
  viewTiles: () => (game.scene.isActive('town') ? townScene().viewTiles() : null),
};
let sceneData: TownSceneData | null = null;

function onLoaded(mapJson: unknown): void {
  startPage({ store, personas, mapJson, params, map, assets: { spriteUrl: characterUrl, tilesUrl: TILES_URL }, parts }).catch((err: unknown) => {
    store.setState({ phase: 'error', error: String(err) });
    showError(err instanceof Error ? err.message : String(err));
  });
}

const boot: BootData = {
  sprites: personas.map((p) => p.sprite),
  onProgress: (p, label) => setLoading(p, label),
  onLoaded,
  onError: (m) => showError(m),
};

const game = new Phaser.Game({
  type: Phaser.AUTO,
  parent: 'game',
  backgroundColor: '#2b2a3a',
  pixelArt: true,
  // The canvas holds devicePixelRatio pixels per CSS pixel (sharp text and emoji on 2× screens); the
  // camera zooms by the same ratio (src/game/cameraControls.ts). Sized here, not by Phaser's RESIZE mode.
  scale: { mode: Phaser.Scale.NONE, width: Math.round(window.innerWidth * pixelRatio()), height: Math.round(window.innerHeight * pixelRatio()), zoom: 1 / pixelRatio() },
  scene: [BootScene, TownScene],
  callbacks: {
    preBoot: (g) => g.registry.set('boot', boot),
  },
});

// A resize, a phone turned, or the page moved to a screen of another pixel ratio.
const resize = () => sizeCanvas(game, window.innerWidth, window.innerHeight);
window.addEventListener('resize', resize);
game.events.once('ready', resize);

store.subscribe((s) => {
  if (s.phase === 'error' && s.error) showError(s.error);
});

/** Debug handle for tests and curious developers (read-only use, please). */
declare global {
  interface Window {
    hamlet: unknown;
  }
}
window.hamlet = {
  store,
  /** The Simulation when it runs on the page's thread (`?worker=off`); null when it runs in its worker. */
  get sim() {
    return parts.town instanceof PageTown ? parts.town.simOrNull : null;
  },
  /** Milliseconds this thread spent applying the worker's patches (the browser benchmark), or undefined without the worker. */
  simMainThreadMs: () => (parts.town instanceof WorkerTown ? parts.town.patchMs : undefined),
  game,
  get brains() {
    return parts.town instanceof PageTown ? parts.town.brainSwitch : null;
  },
  /** The replay feature: `replays.mode` plays an open replay, `replays.recorder()` is the live recording. */
  get replays() {
    return parts.replays;
  },
  /** A replay's own map on screen (size and layers), or null for Hamlet's. */
  suppliedMap: () => suppliedMapShown(townScene()),
  /** Saves: listSaves(), latestSave(), save(name), load(name), delete(name), importFile(), openSavesDialog() (src/app/saves.ts). */
  get saves() {
    return parts.saves;
  },
  /** The start screen (shown without URL parameters, and from ☰ Menu). */
  get startScreen() {
    return parts.startScreen;
  },
  /** The spoken line over a persona's head, or null (speech bubbles). */
  speechOf: (id: string) => townScene().speechOf(id),
  /** That line's bubble on the page (CSS pixels), or null. */
  speechBoxOf: (id: string) => townScene().speechBoxOf(id),
  /** The inspector overlay (its source and refresh cost). */
  get inspector() {
    return parts.inspector;
  },
  get ready() {
    return store.getState().phase === 'ready' && game.scene.isActive('town');
  },
  mapSize: () => {
    const w = parts.town?.world;
    return w ? { width: w.width, height: w.height, tileSize: w.tileSize } : null;
  },
  personaCount: () => store.getState().personas.length,
  positions: () => store.getState().personas.map((p) => ({ id: p.id, x: p.tile.x, y: p.tile.y })),
  screenPositionOf: (id: string) => townScene().screenPositionOf(id),
  /** The personas' name labels on the page (CSS pixels). */
  labelBoxes: () => townScene().labelBoxes(),
  /** The map view's zoom in screen terms (1 = a map pixel per CSS pixel), and its least value. */
  zoom: () => {
    const c = townScene().controls;
    return { zoom: c.zoom, min: c.minZoom };
  },
  screenPositionOfTile: (x: number, y: number) => townScene().screenPositionOfTile(x, y),
};

/**
 * The Phaser the page loads: a custom build from Phaser's own sources holding only what Hamlet draws with
 * (vite.config.ts points `import Phaser from 'phaser'` here, and sets Phaser's build flags: WebGL and
 * Canvas renderers, no sound). The full ESM build is ~355 KB gzip; physics, sound, particles, shapes,
 * bitmap text, video, DOM elements, keyboard and gamepad input and most loader file types are left out.
 * Types still come from the full package (`typeof Phaser`), so a new Phaser feature used in src/game must
 * be added below too: the browser tests fail on an `add.x`/`make.x`/`load.x` that is not registered here.
 * vite.config.ts also stubs a few Phaser modules nothing here runs (filters, shader index, Phaser.Math).
 */
import type PhaserTypes from 'phaser';
// First, as Phaser's own entry has it: the renderer's modules require each other in a cycle that only
// resolves when its index is the first of them to load.
import 'phaser-src/renderer/index.js';
import CONST from 'phaser-src/const.js';
import Game from 'phaser-src/core/Game.js';
import Scene from 'phaser-src/scene/Scene.js';
import SceneEvents from 'phaser-src/scene/events/index.js';
import ScaleModes from 'phaser-src/scale/const/SCALE_MODE_CONST.js';
import FilterMode from 'phaser-src/textures/const.js';
import TilemapLayer from 'phaser-src/tilemaps/TilemapLayer.js';
// A scene's systems: each registers itself with Phaser's plugin cache when imported; one left out is not installed.
import 'phaser-src/events/EventEmitter.js';
import 'phaser-src/cameras/2d/CameraManager.js';
import 'phaser-src/scene/ScenePlugin.js';
import 'phaser-src/gameobjects/GameObjectFactory.js';
import 'phaser-src/gameobjects/GameObjectCreator.js';
import 'phaser-src/gameobjects/DisplayList.js';
import 'phaser-src/gameobjects/UpdateList.js';
import 'phaser-src/input/InputPlugin.js';
import 'phaser-src/loader/LoaderPlugin.js';
import 'phaser-src/time/Clock.js';
import 'phaser-src/tweens/TweenManager.js';
// The game objects src/game makes (scene.add.x / scene.make.x register on import).
import 'phaser-src/gameobjects/container/ContainerFactory.js';
import 'phaser-src/gameobjects/graphics/GraphicsFactory.js';
import 'phaser-src/gameobjects/graphics/GraphicsCreator.js';
import 'phaser-src/gameobjects/image/ImageFactory.js';
import 'phaser-src/gameobjects/sprite/SpriteFactory.js';
import 'phaser-src/gameobjects/text/TextFactory.js';
import 'phaser-src/gameobjects/tilesprite/TileSpriteFactory.js';
import 'phaser-src/tilemaps/TilemapCreator.js';
// The files the loader fetches (scene.load.x).
import 'phaser-src/loader/filetypes/ImageFile.js';
import 'phaser-src/loader/filetypes/SpriteSheetFile.js';
import 'phaser-src/loader/filetypes/TilemapJSONFile.js';

const Phaser = {
  ...(CONST as object),
  Game,
  Scene,
  Scenes: { Events: SceneEvents },
  Scale: ScaleModes,
  Textures: { FilterMode },
  Tilemaps: { TilemapLayer },
};

export default Phaser as unknown as typeof PhaserTypes;

import Phaser from 'phaser';
import { BootScene, type BootData } from './game/BootScene';
import { TownScene, type TownSceneData } from './game/TownScene';
import { createHamletStore } from './store/store';
import { hideLoading, mountHud, setLoading, showError, showTooltip } from './ui/hud';
import { mapArea } from './ui/layout';
import { loadWorld } from './sim/world/loadWorld';
import { parsePersonas, checkPersonasAgainstWorld } from './sim/persona/load';
import { loadSettings, mountSettings, sessionKey } from './ui/settings';
import { mountEndpointBanner } from './ui/endpointBanner';
import { useIfReachable } from './app/savedModel';
import { isInTab } from './llm/inTab/inTab';
import { SavedBrainOffer } from './app/saveBrain';
import type { PersonaSpec } from './sim/persona/schema';
import type { LlmConfig } from './llm/config';
import { setupReplays, type Replays } from './app/replays';
import { PageTown } from './app/pageTown';
import { downloadBytes } from './app/download';
import { mountReplayUi } from './ui/replay/replayUi';
import { showSuppliedMap, suppliedMapShown } from './game/suppliedMapView';
import { mountInspector, type Inspector } from './ui/inspector';
import { replaySource } from './app/readModel/replay';
import { buildTown, choiceFromParams, DEFAULT_START, type TownChoice } from './app/newTown';
import { StartScreen, type StartAction } from './ui/startScreen';
import { mountPlayerPanels } from './ui/playerPanel';
import { TILES_URL, characterUrl } from './game/assets';
import { pixelRatio, sizeCanvas } from './game/pixelRatio';
import { defaultSaveName, setupSaves, type SavesApi } from './app/saves';
import { mountSaves, slotLabel } from './ui/saves';
import { mountTownGraph } from './ui/graphPanel';
import { mountGuide } from './ui/guide';
import { mountTextSize } from './ui/access';
import { mountMinimap } from './ui/minimap';
import { SaveSlots } from './save/slots';
import type { SaveSettings } from './save/saveFile';
import { byCodeUnits } from './sim/order';
import type { TownPack } from './pack/townPack';
import { whisperFirstMemories } from './pack/whispers';
import type { PickedFile } from './replay/pickedFile';
import { defined } from './sim/checked';

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

/** The page's live town: the simulation, its runner, brain switch and recorder (src/app/pageTown.ts). */
const town = new PageTown(store);
let replaysHandle: Replays | null = null;
let inspector: Inspector | null = null;
let savesHandle: SavesApi | null = null;
let startScreenHandle: StartScreen | null = null;

function onLoaded(mapJson: unknown): void {
  void begin(mapJson);
}

/** The town a watcher gets when they only want to watch, open a replay or continue a save: everyone, no player, paused. */
const WATCH_ONLY: TownChoice = { seed: 1, start: DEFAULT_START, personaCount: Number.MAX_SAFE_INTEGER, brain: 'offline', player: null, registry: null, callPlan: null, pulse: true, paused: true };

async function begin(mapJson: unknown): Promise<void> {
  try {
    let world = loadWorld(mapJson, 'maps/hamlet.tmj');
    checkPersonasAgainstWorld(personas, world);
    /** The running town's residents: Hamlet's, or those of a town opened (docs/town-pack.md). */
    let townPersonas: readonly PersonaSpec[] = personas;
    const looks = personas.map((p) => p.sprite);
    // ?town=URL: another town (a .zip or .tar.gz of a pack or of Smallville's files) in place of Hamlet; refused: Hamlet, with the problem said.
    let opened: TownPack | null = null;
    /** The running town as a pack (null: Hamlet's own, made into one when the editor asks). */
    let currentTown: TownPack | null = null;
    /** The running town's step (a pack's own; Hamlet's 10 s). */
    let townStep = 10;
    const townProblems: string[] = [];
    const townUrl = params.get('town');
    if (townUrl) {
      try {
        const { openTownUrl } = await import('./app/openTown');
        opened = await openTownUrl(townUrl, looks);
        world = opened.world;
        townPersonas = opened.personas;
        townStep = opened.stepSeconds;
        currentTown = opened;
      } catch (err) {
        townProblems.push(err instanceof Error ? err.message : String(err));
      }
    }
    hideLoading();
    /** The model switched on in the settings on an earlier visit: probed before the town uses it (null once anything is chosen here). */
    let savedModelConfig: LlmConfig | null = null;
    const useBrain = (config: LlmConfig | null) => {
      savedModelConfig = null;
      town.useBrain(config);
    };
    const settings = mountSettings((config) => useBrain(config), __LLM_PROXY__, () => store.getState().personas.length || personas.length);
    const saved = loadSettings();
    if (saved?.enabled) savedModelConfig = { ...saved.config, apiKey: sessionKey() };
    // The save slots (IndexedDB): Continue on the start screen loads the newest.
    const slots = SaveSlots.open();
    slots.catch((err: unknown) => console.warn('Saves are not available:', err));
    // The start screen, unless the URL says what to run (any parameter: links and tests keep working).
    const startScreen = new StartScreen({
      personas: personas,
      spriteUrl: characterUrl,
      openSettings: settings.open,
      modelConfigured: () => town.brainConfig !== null || savedModelConfig !== null,
      inTabConfigured: () => isInTab((town.brainConfig ?? savedModelConfig)?.baseURL ?? ''),
      latestSave: async () => (await slots).latest().then((s) => (s ? slotLabel(s) : null)),
      world: () => world,
    });
    startScreenHandle = startScreen;
    if (opened) startScreen.setTown(opened.name, opened.personas);
    const fromUrl = choiceFromParams(params, townPersonas);
    const first: StartAction = fromUrl ? { kind: 'new', choice: fromUrl.choice } : await startScreen.ask(false);
    let choice = first.kind === 'new' ? first.choice : WATCH_ONLY;
    // An opened town starts on its own first day (at 7 am) unless ?start= says otherwise.
    if (opened && !params.get('start')) choice = { ...choice, start: `${opened.start.slice(0, 10)}T07:00:00` };
    // The URL runs on the saved model when it is switched on (as before); the start screen on what it chose:
    // a model applied in ⚙ Brain on this page is used at once, one saved on an earlier visit is probed first.
    const wantModel = fromUrl !== null || choice.brain === 'model';
    if (!wantModel) town.useBrain(null);
    const probeFirst = wantModel && !town.brainConfig ? savedModelConfig : null;
    const built = buildTown(choice, world, townPersonas, townStep);
    if (opened) whisperFirstMemories(built.sim, opened);
    const notices = [...townProblems, ...(fromUrl?.warnings ?? []), built.warning].filter(Boolean);
    // The call plan the town was started with (?calls= or the start screen), over the ⚙ Brain setting.
    town.adopt(built.sim, { callPlan: choice.callPlan });
    store.setState({ phase: 'ready', notice: notices.length ? notices.join(' · ') : null });
    const townData: TownSceneData = {
      store,
      sprites: town.sprites,
      onHover: showTooltip,
      world,
      // A click on the map that picks nobody walks your resident there (by A*, at the next step).
      onTileClick: (tile) => {
        if (store.getState().mode === 'live' && town.playing) town.playerInput({ kind: 'walk', ...tile });
      },
      mapArea,
    };
    game.registry.set('town', townData);
    game.scene.start('town');
    /** Draw a town in the scene: its own Tiled map with the pack's tileset images, else from its places. */
    const drawTown = async (town: TownPack) => {
      const { tiledViewOf } = await import('./app/openTown');
      const { showSemanticMap } = await import('./game/semanticMapView');
      const scene = game.scene.getScene('town') as TownScene;
      if (!(scene as Partial<TownScene>).controls) await new Promise((r) => scene.events.once(Phaser.Scenes.Events.CREATE, r));
      const view = town.builtIn ? null : await tiledViewOf(town);
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
    };
    if (opened) await drawTown(opened);
    /** Start a new town in place of the running one (from the ☰ Menu's start screen). */
    const newTown = (c: TownChoice) => {
      if (replays.mode.active) replays.mode.close();
      const next = buildTown(c, world, townPersonas, townStep).sim;
      // An opened town's residents start with their first memories (Smallville's whispers).
      if (currentTown) whisperFirstMemories(next, currentTown);
      store.setState({ selectedId: null, notice: null });
      town.adopt(next, { callPlan: c.callPlan });
      if (c.brain === 'offline') useBrain(null);
      store.getState().setSpeed(c.paused ? 0 : 1);
      town.start();
    };
    /** Open another town (Open a town… on the start screen): checked first; refused, the running town stays and every problem is said. */
    const openTownFiles = async (files: PickedFile[]) => {
      const { openPickedTown } = await import('./app/openTown');
      let town: TownPack;
      try {
        town = await openPickedTown(files, looks);
      } catch (err) {
        void startScreen.ask(true).then(act);
        startScreen.showProblem(err instanceof Error ? err.message : String(err));
        return;
      }
      await useTown(town);
    };
    /** Make a checked town the running one: its map drawn, a new day from its start. */
    const useTown = async (town: TownPack) => {
      currentTown = town;
      townStep = town.stepSeconds;
      world = town.world;
      townPersonas = town.personas;
      townData.world = world;
      await drawTown(town);
      startScreen.setTown(town.name, town.personas);
      newTown({ ...WATCH_ONLY, start: `${town.start.slice(0, 10)}T07:00:00`, paused: false });
      store.setState({ notice: [`Opened ${town.name}: ${town.personas.length} residents`, ...town.notes].join(' · ') });
    };
    /** The character editor over the running town's residents (loaded when first opened). */
    const editResidents = async () => {
      const { openTownEditor } = await import('./ui/townEditor');
      const { checkResidents, exportedPack, hamletPack, newPersonaId, worldFor } = await import('./app/editTown');
      const town = currentTown ?? hamletPack(world, mapJson as Record<string, unknown>, personas, DEFAULT_START.slice(0, 10) + 'T00:00:00');
      openTownEditor({ ...town, personas: [...townPersonas] }, {
        looks,
        spriteUrl: characterUrl,
        check: (ps) => checkResidents(town.world, ps),
        start: (ps) => void useTown({ ...town, world: worldFor(town.world, ps), personas: ps }),
        exportPack: async (ps) => {
          // Hamlet's tileset image is the page's own: fetched to go in the pack beside the map.
          const extra: [string, Uint8Array][] = town.builtIn ? [['public/assets/tiles.png', new Uint8Array(await (await fetch(TILES_URL)).arrayBuffer())]] : [];
          const out = await exportedPack(town, ps, extra);
          if ('why' in out) return out.why;
          downloadBytes(out.bytes, 'application/zip', out.name);
          return null;
        },
        newId: newPersonaId,
      });
    };
    // An experiment's results, picked on the start screen or dropped on the page.
    const openExperiment = async (files: PickedFile[]): Promise<void> => {
      // Loaded on first use: the page's first load does not carry the panel.
      const { openExperimentPanel } = await import('./ui/experimentPanel');
      await openExperimentPanel(files, { openReplay: (file) => void replays.openFiles([file]) });
    };
    const act = async (a: StartAction): Promise<void> => {
      if (a.kind === 'new') newTown(a.choice);
      else if (a.kind === 'edit') await editResidents();
      else if (a.kind === 'town') await openTownFiles(a.files);
      else if (a.kind === 'watch') await replays.openUrl(`${import.meta.env.BASE_URL}replays/demo.json.gz`);
      else if (a.kind === 'open') await replays.openFiles(a.files);
      else if (a.kind === 'experiment') await openExperiment(a.files);
      else {
        const latest = await saves.latestSave();
        if (latest) await saves.load(latest.name).catch((err: unknown) => store.setState({ notice: err instanceof Error ? err.message : String(err) }));
      }
    };
    const replays = setupReplays(
      store,
      town,
      {
        showMap: (m) => showSuppliedMap(game.scene.getScene('town'), m),
        unsavedMinutes: () => savesHandle?.unsavedMinutes() ?? 0,
        showError: (message) => replayBar.showError(message),
        openExperiment,
      },
      personas,
      `${import.meta.env.BASE_URL}replays/demo.json.gz`,
    );
    const replayBar = mountReplayUi(document.body, store, replays.mode, replays.actions);
    mountHud(store, () => void town.stepOnce(), settings.open, {
      skipTo: (time, label) => void town.fastForward(time, label),
      openMenu: () => void startScreen.ask(true).then(act),
    });
    // A saved model is probed before the town hands it any work; meanwhile, and if it does not answer, the offline brain runs the town.
    let savedModel: LlmConfig | null = null;
    const connectSaved = (config: LlmConfig) => {
      savedModel = config;
      void useIfReachable(config, store, useBrain);
    };
    // A save's model is offered, never switched to by loading it (src/app/saveBrain.ts).
    const savedBrainOffer = new SavedBrainOffer({ store, current: () => town.brainConfig, use: useBrain });
    mountEndpointBanner(store, {
      offer: savedBrainOffer,
      retry: () => (store.getState().endpoint?.state === 'unreachable' && savedModel ? connectSaved(savedModel) : town.retryBrain()),
      useOffline: () => settings.useOffline(),
    });
    if (probeFirst) connectSaved(probeFirst);
    mountPlayerPanels(store, { input: (input) => town.playerInput(input), options: () => town.playerOptions() });
    const saves = setupSaves({
      get sim() {
        return town.sim;
      },
      recorder: () => town.recorder,
      settings: () => loadSettings() as SaveSettings | null,
      replayOpen: () => replays.mode.active,
      adopt(next, save) {
        if (replays.mode.active) replays.mode.close();
        town.adopt(next, { recording: save.recording });
        town.start();
        savedBrainOffer.saveLoaded(save.settings);
      },
    }, { slots });
    mountSaves(defined(document.querySelector<HTMLElement>('.hud-bar'), 'the HUD bar (.hud-bar)'), saves, () => defaultSaveName(town.sim));
    // An autosave each game hour (the last three kept); a failure is reported, never fatal.
    store.subscribe((s, prev) => {
      if (s.step === prev.step || s.mode !== 'live') return;
      saves.autosaveIfDue().catch((err: unknown) => console.warn('Autosave failed:', err));
    });
    savesHandle = saves;
    inspector = mountInspector(document.body, store, { live: town.readModel, replay: replaySource(store, () => (suppliedMapShown(game.scene.getScene('town')) ? null : world)) });
    mountTownGraph(store, () => inspector?.source ?? null);
    mountTextSize();
    mountMinimap(store, { world: () => (suppliedMapShown(game.scene.getScene('town')) ? null : town.world), view: () => (game.scene.isActive('town') ? (game.scene.getScene('town') as TownScene).viewTiles() : null) });
    // The first minute's hints, for a game begun from the start screen (links and tests skip them).
    if (!fromUrl) mountGuide(store);
    if (choice.paused) store.getState().setSpeed(0);
    town.start();
    const replayUrl = params.get('replay');
    if (replayUrl) void replays.openUrl(replayUrl);
    if (first.kind !== 'new') void act(first);
    replaysHandle = replays;
  } catch (err) {
    store.setState({ phase: 'error', error: String(err) });
    showError(err instanceof Error ? err.message : String(err));
  }
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
  get sim() {
    return town.simOrNull;
  },
  game,
  get brains() {
    return town.brainSwitch;
  },
  /** The replay feature: `replays.mode` plays an open replay, `replays.recorder()` is the live recording. */
  get replays() {
    return replaysHandle;
  },
  /** A replay's own map on screen (size and layers), or null for Hamlet's. */
  suppliedMap: () => suppliedMapShown(game.scene.getScene('town')),
  /** Saves: listSaves(), latestSave(), save(name), load(name), delete(name), importFile(), openSavesDialog() (src/app/saves.ts). */
  get saves() {
    return savesHandle;
  },
  /** The start screen (shown without URL parameters, and from ☰ Menu). */
  get startScreen() {
    return startScreenHandle;
  },
  /** The spoken line over a persona's head, or null (speech bubbles). */
  speechOf: (id: string) => (game.scene.getScene('town') as TownScene).speechOf(id),
  /** That line's bubble on the page (CSS pixels), or null. */
  speechBoxOf: (id: string) => (game.scene.getScene('town') as TownScene).speechBoxOf(id),
  /** The inspector overlay (its source and refresh cost). */
  get inspector() {
    return inspector;
  },
  get ready() {
    return store.getState().phase === 'ready' && game.scene.isActive('town');
  },
  mapSize: () => {
    const w = town.world;
    return w ? { width: w.width, height: w.height, tileSize: w.tileSize } : null;
  },
  personaCount: () => store.getState().personas.length,
  positions: () => store.getState().personas.map((p) => ({ id: p.id, x: p.tile.x, y: p.tile.y })),
  screenPositionOf: (id: string) => (game.scene.getScene('town') as TownScene).screenPositionOf(id),
  /** The personas' name labels on the page (CSS pixels). */
  labelBoxes: () => (game.scene.getScene('town') as TownScene).labelBoxes(),
  /** The map view's zoom in screen terms (1 = a map pixel per CSS pixel), and its least value. */
  zoom: () => {
    const c = (game.scene.getScene('town') as TownScene).controls;
    return { zoom: c.zoom, min: c.minZoom };
  },
  screenPositionOfTile: (x: number, y: number) => (game.scene.getScene('town') as TownScene).screenPositionOfTile(x, y),
};

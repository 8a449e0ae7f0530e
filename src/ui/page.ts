import type { HamletStore } from '../store/store';
import type { PersonaSpec } from '../sim/persona/schema';
import type { TownPack } from '../pack/townPack';
import type { SaveSettings } from '../save/saveFile';
import { SaveSlots } from '../save/slots';
import { loadWorld } from '../sim/world/loadWorld';
import { checkPersonasAgainstWorld } from '../sim/persona/load';
import { defined } from '../sim/checked';
import { isInTab } from '../llm/inTab/inTab';
import { PageTown } from '../app/pageTown';
import { WorkerTown } from '../app/worker/workerTown';
import { beginTown, type LiveTown, type TownGround } from '../app/liveTown';
import { ModelChoice } from '../app/modelChoice';
import { SavedBrainOffer } from '../app/saveBrain';
import { setupReplays, type Replays } from '../app/replays';
import { defaultSaveName, type SavesApi } from '../app/saves';
import { choiceFromParams } from '../app/newTown';
import { replaySource } from '../app/readModel/replay';
import { hideLoading, mountHud } from './hud';
import { mountSettings } from './settings';
import { loadSettings, sessionKey } from './settingsStore';
import { mountEndpointBanner } from './endpointBanner';
import { StartScreen, type StartAction } from './startScreen';
import { mountPlayerPanels } from './playerPanel';
import { mountSaves, slotLabel } from './saves';
import { mountTownGraph } from './graphPanel';
import { mountGuide } from './guide';
import { mountTextSize } from './access';
import { mountMinimap } from './minimap';
import { mountInspector, type Inspector } from './inspector';
import { mountReplayUi } from './replay/replayUi';
import { pageMenu, WATCH_ONLY } from './pageMenu';
import type { MapView, PageAssets } from './mapView';

/** The page's parts, filled in as they come up (the debug handle window.hamlet reads them). */
export interface PageParts {
  town: LiveTown | null;
  startScreen: StartScreen | null;
  replays: Replays | null;
  saves: SavesApi | null;
  inspector: Inspector | null;
}

interface PageSetup {
  store: HamletStore;
  /** Hamlet's residents and its map's JSON (maps/hamlet.tmj). */
  personas: PersonaSpec[];
  mapJson: unknown;
  params: URLSearchParams;
  map: MapView;
  /** A resident's sprite sheet by name, and Hamlet's tileset image (an exported pack carries it). */
  assets: PageAssets;
  parts: PageParts;
}

/** `?town=URL`: another town (a .zip or .tar.gz of a pack or of Smallville's files) in place of Hamlet; refused: Hamlet, with the problem said. */
async function townOfUrl(url: string | null, looks: readonly string[]): Promise<{ pack: TownPack | null; problem: string | null }> {
  if (!url) return { pack: null, problem: null };
  try {
    const { openTownUrl } = await import('../app/openTown');
    return { pack: await openTownUrl(url, looks), problem: null };
  } catch (err) {
    return { pack: null, problem: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Bring the page up once the map and sprites have loaded: the town asked for (the URL, else the
 * start screen), its scene, and every panel around it. The live town is a LiveTown (in its Web Worker,
 * or a PageTown on this thread); the panels read the store and the read model, and change the town
 * through its commands.
 */
export async function startPage({ store, personas, mapJson, params, map, assets, parts }: PageSetup): Promise<void> {
  const hamlet = loadWorld(mapJson, 'maps/hamlet.tmj');
  checkPersonasAgainstWorld(personas, hamlet);
  const looks = personas.map((p) => p.sprite);
  const opened = await townOfUrl(params.get('town'), looks);
  const ground: TownGround = opened.pack ? { world: opened.pack.world, personas: opened.pack.personas, stepSeconds: opened.pack.stepSeconds, pack: opened.pack } : { world: hamlet, personas, stepSeconds: 10, pack: null };
  // The town runs in a Web Worker (docs/worker.md) so this thread only draws; `?worker=off` keeps it here
  // (tests that read the Simulation itself use it, and the escape hatch if a worker misbehaves).
  const town: LiveTown = params.get('worker') === 'off' || typeof Worker === 'undefined' ? new PageTown(store, ground) : new WorkerTown(store, ground);
  parts.town = town;
  hideLoading();
  const saved = loadSettings();
  const models = new ModelChoice(town, store, saved?.enabled ? { ...saved.config, apiKey: sessionKey() } : null);
  const settings = mountSettings((config) => models.use(config), __LLM_PROXY__, () => store.getState().personas.length || personas.length);
  // The save slots (IndexedDB): Continue on the start screen loads the newest.
  const slots = SaveSlots.open();
  slots.catch((err: unknown) => console.warn('Saves are not available:', err));
  // The start screen, unless the URL says what to run (any parameter: links and tests keep working).
  const startScreen = new StartScreen({
    personas,
    spriteUrl: assets.spriteUrl,
    openSettings: settings.open,
    modelConfigured: () => models.configured !== null,
    inTabConfigured: () => isInTab(models.configured?.baseURL ?? ''),
    latestSave: async () => (await slots).latest().then((s) => (s ? slotLabel(s) : null)),
    world: () => town.ground.world,
  });
  parts.startScreen = startScreen;
  if (opened.pack) startScreen.setTown(opened.pack.name, opened.pack.personas);
  const fromUrl = choiceFromParams(params, ground.personas);
  const first: StartAction = fromUrl ? { kind: 'new', choice: fromUrl.choice } : await startScreen.ask(false);
  let choice = first.kind === 'new' ? first.choice : WATCH_ONLY;
  // An opened town starts on its own first day (at 7 am) unless ?start= says otherwise.
  if (opened.pack && !params.get('start')) choice = { ...choice, start: `${opened.pack.start.slice(0, 10)}T07:00:00` };
  // The URL runs on the saved model when it is switched on (as before); the start screen on what it chose.
  const probeFirst = models.firstTown(fromUrl !== null || choice.brain === 'model');
  // The call plan the town was started with (?calls= or the start screen), over the ⚙ Brain setting.
  // Ready once the town runs (in its worker: with its whole read model on this page, stepped or not).
  const warning = await beginTown(town, choice);
  const notices = [opened.problem, ...(fromUrl?.warnings ?? []), warning].filter(Boolean);
  store.setState({ phase: 'ready', notice: notices.length ? notices.join(' · ') : null });
  // A click on the map that picks nobody walks your resident there (by A*, at the next step).
  map.start(town.ground.world, town.sprites, (tile) => {
    if (store.getState().mode === 'live' && town.playing) town.playerInput({ kind: 'walk', ...tile });
  });
  if (opened.pack) await map.drawTown(opened.pack);

  const demoUrl = `${import.meta.env.BASE_URL}replays/demo.json.gz`;
  // Late-bound: the menu opens replays, the replay feature opens experiments through the menu.
  let menu: ReturnType<typeof pageMenu> | null = null;
  const replays = setupReplays(
    store,
    town,
    {
      showMap: (m) => map.showMap(m),
      unsavedMinutes: () => parts.saves?.unsavedMinutes() ?? 0,
      showError: (message) => replayBar.showError(message),
      openExperiment: (files) => defined(menu, 'the page menu').openExperiment(files),
    },
    personas,
    demoUrl,
  );
  const replayBar = mountReplayUi(document.body, store, replays.mode, replays.actions);
  // A save's model is offered, never switched to by loading it (src/app/saveBrain.ts).
  const savedBrainOffer = new SavedBrainOffer({ store, current: () => town.brainConfig, use: (c) => models.use(c) });
  const saves = town.saves({
    slots,
    settings: () => loadSettings() as SaveSettings | null,
    loaded(save) {
      if (replays.mode.active) replays.mode.close();
      savedBrainOffer.saveLoaded(save.settings);
    },
  });
  menu = pageMenu({ store, town, models, replays, saves, startScreen, map, assets, personas, mapJson, demoUrl });
  const act = menu.act;
  mountHud(store, () => void town.stepOnce(), settings.open, {
    skipTo: (time, label) => void town.fastForward(time, label),
    openMenu: () => void startScreen.ask(true).then(act),
  });
  mountEndpointBanner(store, { offer: savedBrainOffer, retry: () => models.retry(), useOffline: () => settings.useOffline() });
  // A saved model is probed before the town hands it any work; meanwhile, and if it does not answer, the offline brain runs the town.
  if (probeFirst) models.probe(probeFirst);
  mountPlayerPanels(store, { input: (input) => town.playerInput(input), options: () => town.playerOptions() });
  mountSaves(defined(document.querySelector<HTMLElement>('.hud-bar'), 'the HUD bar (.hud-bar)'), saves, () => defaultSaveName(store.getState().time));
  // An autosave each game hour (the last three kept); a failure is reported, never fatal.
  store.subscribe((s, prev) => {
    if (s.step === prev.step || s.mode !== 'live') return;
    saves.autosaveIfDue().catch((err: unknown) => console.warn('Autosave failed:', err));
  });
  parts.saves = saves;
  const inspector = mountInspector(document.body, store, { live: town.readModel, replay: replaySource(store, () => (map.suppliedMapShown() ? null : town.ground.world)) });
  parts.inspector = inspector;
  mountTownGraph(store, () => inspector.source);
  mountTextSize();
  mountMinimap(store, { world: () => (map.suppliedMapShown() ? null : town.world), view: () => map.viewTiles() });
  // The first minute's hints, for a game begun from the start screen (links and tests skip them).
  if (!fromUrl) mountGuide(store);
  if (choice.paused) store.getState().setSpeed(0);
  town.start();
  const replayUrl = params.get('replay');
  if (replayUrl) void replays.openUrl(replayUrl);
  if (first.kind !== 'new') void act(first);
  parts.replays = replays;
}

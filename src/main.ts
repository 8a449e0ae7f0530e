import Phaser from 'phaser';
import { BootScene, type BootData } from './game/BootScene';
import { TownScene, type TownSceneData } from './game/TownScene';
import { createHamletStore } from './store/store';
import { LiveRunner } from './store/liveRunner';
import { hideLoading, mountHud, setLoading, showError, showTooltip } from './ui/hud';
import { loadWorld } from './sim/world/loadWorld';
import { parsePersonas, checkPersonasAgainstWorld } from './sim/persona/load';
import { Simulation } from './sim/simulation';
import { OfflineBrain } from './llm/offline/offlineBrain';
import { BrainSwitch } from './app/brainSwitch';
import { loadSettings, mountSettings, sessionKey } from './ui/settings';
import { mountEndpointBanner } from './ui/endpointBanner';
import { useIfReachable } from './app/savedModel';
import type { PersonaSpec } from './sim/persona/schema';
import type { LlmConfig } from './llm/config';
import { setupReplays, type Replays } from './app/replays';
import { showSuppliedMap, suppliedMapShown } from './game/suppliedMapView';
import { liveSource, mountInspector, replaySource, type Inspector } from './ui/inspector';
import { callsParam, registryParam } from './app/pageParams';
import { pixelRatio, sizeCanvas } from './game/pixelRatio';
import { defaultSaveName, setupSaves, type SavesApi } from './app/saves';
import { mountSaves } from './ui/saves';
import type { SaveSettings } from './save/saveFile';
import type { ReplayFile } from './replay/format';

const personaFiles = import.meta.glob('../personas/hamlet/*.json', { eager: true, import: 'default' });

const params = new URLSearchParams(location.search);
const seed = Number(params.get('seed') ?? 1) || 1;
// Open at 7 am, when the town wakes up (Smallville's day starts at midnight; ?start= overrides).
const START = parseStart(params.get('start')) ?? '2023-02-13T07:00:00';

function parseStart(v: string | null): string | null {
  if (!v) return null;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(v) || Number.isNaN(Date.parse(`${v}Z`))) {
    console.warn(`Ignoring ?start=${v}: expected a date and time like 2023-02-13T07:00`);
    return null;
  }
  return v.length === 16 ? `${v}:00` : v;
}

const store = createHamletStore();
let personas: PersonaSpec[];
try {
  personas = parsePersonas(Object.entries(personaFiles).sort(([a], [b]) => a.localeCompare(b)).map(([source, data]) => ({ source, data })));
} catch (err) {
  showError(err instanceof Error ? err.message : String(err));
  throw err;
}

let sim: Simulation | null = null;
let runner: LiveRunner | null = null;
let brainSwitch: BrainSwitch | null = null;
let replaysHandle: Replays | null = null;
let inspector: Inspector | null = null;
let savesHandle: SavesApi | null = null;

function onLoaded(mapJson: unknown): void {
  try {
    const world = loadWorld(mapJson, 'maps/hamlet.tmj');
    checkPersonasAgainstWorld(personas!, world);
    // ?registry=N (or ids, or all): personas on the registry brain, one call per decision (docs/action-registry.md).
    const registry = registryParam(params.get('registry'), personas!.map((p) => p.id));
    // ?pulse=off: no hourly town-wide decision (seed 004); the economy's actions stay.
    // ?calls=packed|faithful: how the brain is asked (docs/call-plans.md); otherwise faithful offline, the setting on a model.
    const calls = callsParam(params.get('calls'));
    sim = new Simulation({ world, personas: personas!, brain: new OfflineBrain(seed, personas!), seed, start: START, brainModes: registry.modes, callPlan: calls.plan ?? 'faithful', pulse: params.get('pulse') !== 'off' });
    const warning = [registry.warning, calls.warning].filter(Boolean).join(' ') || null;
    store.setState({ phase: 'ready', time: sim.now, step: sim.step, brainName: sim.brain.name, callPlan: sim.callPlan, personas: sim.personas.map((p) => sim!.frameOf(p)), notice: warning });
    const townData: TownSceneData = { store, sprites: new Map(personas!.map((p) => [p.id, p.sprite])), onHover: showTooltip, world };
    game.registry.set('town', townData);
    game.scene.start('town');
    hideLoading();
    let brainConfig: LlmConfig | null = null;
    const useBrain = (config: LlmConfig | null) => {
      brainConfig = config;
      brainSwitch?.use(config);
      brainSwitch?.llm?.log.listeners.add((c) => replays.onCall(c));
    };
    // Make a Simulation the live town: the first one, any forked from a replay, and any loaded from a save.
    const goLive = (next: Simulation, recording: ReplayFile | null = null) => {
      runner?.dispose();
      brainSwitch?.dispose();
      sim = next;
      const liveRunner = new LiveRunner(next, store);
      runner = liveRunner;
      const recorder = replays.record(next, recording);
      liveRunner.onStep = (r) => {
        try {
          recorder.record(r);
        } catch (err) {
          console.warn('Recording stopped:', err);
          liveRunner.onStep = null;
        }
      };
      brainSwitch = new BrainSwitch(next, store, next.seed, next.personas.map((p) => p.spec), calls.plan);
      if (brainConfig) useBrain(brainConfig);
    };
    const replays = setupReplays(
      document.body,
      store,
      {
        get sim() {
          return sim!;
        },
        stop: () => {
          const was = runner?.isRunning ?? false;
          runner?.stop();
          return was;
        },
        start: () => runner?.start(),
        adopt: (next) => goLive(next),
        sprites: townData.sprites,
        showMap: (m) => showSuppliedMap(game.scene.getScene('town'), m),
      },
      personas!,
      `${import.meta.env.BASE_URL}replays/demo.json.gz`,
    );
    goLive(sim);
    store.subscribe((s, prev) => {
      if (s.step !== prev.step && s.mode === 'live') {
        brainSwitch?.refreshTotals();
        brainSwitch?.showThinking();
      }
    });
    const settings = mountSettings((config) => useBrain(config), __LLM_PROXY__);
    mountHud(store, () => void runner?.stepOnce(), settings.open);
    // A saved model is probed before the town hands it any work; meanwhile, and if it does not answer, the offline brain runs the town.
    let savedModel: LlmConfig | null = null;
    const connectSaved = (config: LlmConfig) => {
      savedModel = config;
      void useIfReachable(config, store, useBrain);
    };
    mountEndpointBanner(store, {
      retry: () => (store.getState().endpoint?.state === 'unreachable' && savedModel ? connectSaved(savedModel) : void brainSwitch?.retryNow()),
      useOffline: () => settings.useOffline(),
    });
    const saved = loadSettings();
    if (saved?.enabled) connectSaved({ ...saved.config, apiKey: sessionKey() });
    const saves = setupSaves({
      get sim() {
        return sim!;
      },
      recorder: () => replays.recorder(),
      settings: () => loadSettings() as SaveSettings | null,
      replayOpen: () => replays.mode.active,
      adopt(next, save) {
        if (replays.mode.active) replays.mode.close();
        // The save's brain settings (never a key: the key typed in this tab, if any, is used).
        if (save.settings) brainConfig = save.settings.enabled ? { ...save.settings.config, apiKey: sessionKey() } : null;
        goLive(next, save.recording);
        store.setState({
          step: next.step,
          time: next.now,
          personas: next.personas.map((p) => next.frameOf(p)),
          feed: next.conversations.slice(-50).map((c) => ({ time: c.time, text: `${c.participants[0]} and ${c.participants[1]}: ${c.summary}` })),
          conversations: next.conversations.length,
          followId: null,
          brainName: next.brain.name,
        });
        runner!.start();
      },
    });
    mountSaves(document.querySelector<HTMLElement>('.hud-bar')!, saves, () => defaultSaveName(sim!));
    // An autosave each game hour (the last three kept); a failure is reported, never fatal.
    store.subscribe((s, prev) => {
      if (s.step === prev.step || s.mode !== 'live') return;
      saves.autosaveIfDue().catch((err: unknown) => console.warn('Autosave failed:', err));
    });
    savesHandle = saves;
    inspector = mountInspector(document.body, store, { live: liveSource(() => sim, () => brainSwitch?.llm ?? null), replay: replaySource(store, () => (suppliedMapShown(game.scene.getScene('town')) ? null : world)) });
    if (params.get('paused') !== null) store.getState().setSpeed(0);
    runner!.start();
    const replayUrl = params.get('replay');
    if (replayUrl) void replays.openUrl(replayUrl);
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
    return sim;
  },
  game,
  get brains() {
    return brainSwitch;
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
  /** The inspector overlay (its source and refresh cost). */
  get inspector() {
    return inspector;
  },
  get ready() {
    return store.getState().phase === 'ready' && game.scene.isActive('town');
  },
  mapSize: () => (sim ? { width: sim.world.width, height: sim.world.height, tileSize: sim.world.tileSize } : null),
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

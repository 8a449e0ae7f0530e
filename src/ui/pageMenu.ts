import type { HamletStore } from '../store/store';
import type { PersonaSpec } from '../sim/persona/schema';
import type { TownPack } from '../pack/townPack';
import type { PickedFile } from '../replay/pickedFile';
import { beginTown, type LiveTown } from '../app/liveTown';
import type { ModelChoice } from '../app/modelChoice';
import type { Replays } from '../app/replays';
import type { SavesApi } from '../app/saves';
import { DEFAULT_START, type TownChoice } from '../app/newTown';
import { downloadBytes } from '../app/download';
import type { StartAction, StartScreen } from './startScreen';
import type { MapView, PageAssets } from './mapView';

/** The town a watcher gets when they only want to watch, open a replay or continue a save: everyone, no player, paused. */
export const WATCH_ONLY: TownChoice = { seed: 1, start: DEFAULT_START, personaCount: Number.MAX_SAFE_INTEGER, brain: 'offline', player: null, registry: null, callPlan: null, pulse: true, paused: true };

interface MenuParts {
  store: HamletStore;
  town: LiveTown;
  models: ModelChoice;
  replays: Replays;
  saves: SavesApi;
  startScreen: StartScreen;
  map: MapView;
  assets: PageAssets;
  /** Hamlet's residents and map JSON (the character editor makes Hamlet into a pack from them). */
  personas: readonly PersonaSpec[];
  mapJson: unknown;
  demoUrl: string;
}

/**
 * What the start screen's choices do (also from ☰ Menu): a new town, the character editor, another
 * town opened, the demo day, a replay or an experiment opened, or the newest save continued.
 */
export function pageMenu({ store, town, models, replays, saves, startScreen, map, assets, personas, mapJson, demoUrl }: MenuParts): { act(a: StartAction): Promise<void>; openExperiment(files: PickedFile[]): Promise<void> } {
  const looks = personas.map((p) => p.sprite);

  /** Start a new town in place of the running one. */
  const newTown = (c: TownChoice) => {
    if (replays.mode.active) replays.mode.close();
    store.setState({ selectedId: null, notice: null });
    // Built and handed over at once (the worker's town catches up on its own); the rest goes on meanwhile.
    void beginTown(town, c);
    if (c.brain === 'offline') models.use(null);
    store.getState().setSpeed(c.paused ? 0 : 1);
    town.start();
  };

  /** Make a checked town the ground of the page's towns: its map drawn, a new day from its start. */
  const useTown = async (pack: TownPack) => {
    town.ground = { world: pack.world, personas: pack.personas, stepSeconds: pack.stepSeconds, pack };
    await map.drawTown(pack);
    startScreen.setTown(pack.name, pack.personas);
    newTown({ ...WATCH_ONLY, start: `${pack.start.slice(0, 10)}T07:00:00`, paused: false });
    store.setState({ notice: [`Opened ${pack.name}: ${pack.personas.length} residents`, ...pack.notes].join(' · ') });
  };

  /** Open another town (Open a town… on the start screen): checked first; refused, the running town stays and every problem is said. */
  const openTownFiles = async (files: PickedFile[]) => {
    const { openPickedTown } = await import('../app/openTown');
    let pack: TownPack;
    try {
      pack = await openPickedTown(files, looks);
    } catch (err) {
      void startScreen.ask(true).then(act);
      startScreen.showProblem(err instanceof Error ? err.message : String(err));
      return;
    }
    await useTown(pack);
  };

  /** The character editor over the running town's residents (loaded when first opened). */
  const editResidents = async () => {
    const { openTownEditor } = await import('./townEditor');
    const { checkResidents, exportedPack, hamletPack, newPersonaId, worldFor } = await import('../app/editTown');
    const { world, personas: residents, pack: opened } = town.ground;
    const pack = opened ?? hamletPack(world, mapJson as Record<string, unknown>, personas, DEFAULT_START.slice(0, 10) + 'T00:00:00');
    openTownEditor({ ...pack, personas: [...residents] }, {
      looks,
      spriteUrl: assets.spriteUrl,
      check: (ps) => checkResidents(pack.world, ps),
      start: (ps) => void useTown({ ...pack, world: worldFor(pack.world, ps), personas: ps }),
      exportPack: async (ps) => {
        // Hamlet's tileset image is the page's own: fetched to go in the pack beside the map.
        const extra: [string, Uint8Array][] = pack.builtIn ? [['public/assets/tiles.png', new Uint8Array(await (await fetch(assets.tilesUrl)).arrayBuffer())]] : [];
        const out = await exportedPack(pack, ps, extra);
        if ('why' in out) return out.why;
        downloadBytes(out.bytes, 'application/zip', out.name);
        return null;
      },
      newId: newPersonaId,
    });
  };

  /** An experiment's results, picked on the start screen or dropped on the page. */
  const openExperiment = async (files: PickedFile[]): Promise<void> => {
    // Loaded on first use: the page's first load does not carry the panel.
    const { openExperimentPanel } = await import('./experimentPanel');
    await openExperimentPanel(files, { openReplay: (file) => void replays.openFiles([file]) });
  };

  const act = async (a: StartAction): Promise<void> => {
    if (a.kind === 'new') newTown(a.choice);
    else if (a.kind === 'edit') await editResidents();
    else if (a.kind === 'town') await openTownFiles(a.files);
    else if (a.kind === 'watch') await replays.openUrl(demoUrl);
    else if (a.kind === 'open') await replays.openFiles(a.files);
    else if (a.kind === 'experiment') await openExperiment(a.files);
    else {
      const latest = await saves.latestSave();
      if (latest) await saves.load(latest.name).catch((err: unknown) => store.setState({ notice: err instanceof Error ? err.message : String(err) }));
    }
  };
  return { act, openExperiment };
}

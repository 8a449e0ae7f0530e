import type { HamletStore } from '../store/store';
import type { PersonaSpec } from '../sim/persona/schema';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import type { Recorder } from '../replay/recorder';
import { encodeReplay } from '../replay/codec';
import { forkReplay, whyNotForkable } from '../replay/fork';
import { mapInfoOf } from '../replay/mapInfo';
import type { TownInfo } from '../replay/open';
import { pickedOf, type PickedFile } from '../replay/pickedFile';
import type { SuppliedMap } from '../replay/suppliedMap';
import { ReplayMode } from './replayMode';
import { dayStartStep } from '../replay/player';
import type { LiveTown } from './liveTown';
import { PageTown } from './pageTown';
import { defined } from '../sim/checked';
import { downloadBytes } from './download';

/** What the page hands the replay feature besides its town: the map drawn, and what a fork would lose. */
interface ReplayHost {
  /** Draw a replay's own map instead of Hamlet's (null: Hamlet's again). */
  showMap(map: SuppliedMap | null): Promise<void>;
  /** Game minutes the live town has run since it was last saved (a fork replaces it: the page asks first). */
  unsavedMinutes(): number;
  /** Say why a replay did not open (the replay bar's error line). */
  showError(message: string): void;
  /** Open an experiment's results (a run's replay opens through openFiles). */
  openExperiment(files: PickedFile[]): Promise<void>;
}

export interface Replays {
  mode: ReplayMode;
  /** What the replay bar (src/ui/replay/replayUi.ts) does. */
  actions: ReplayActions;
  openUrl(url: string): Promise<void>;
  /** Open picked replay files (the start screen's "Open a replay", a run of the Experiments panel). */
  openFiles(files: (File | PickedFile)[]): Promise<void>;
  /** The live town's recording when it runs on the page's thread (PageTown keeps it); null in the worker (LiveTown.recordingFile reads it). */
  recorder(): Recorder | null;
}

/** The replay bar's buttons. */
export interface ReplayActions {
  /** Open the bundled demo day. */
  openDemo(): Promise<void>;
  /** Open picked or dropped files (a replay, or a Smallville folder's two files). */
  openFiles(files: PickedFile[]): Promise<void>;
  /** Open an experiment's results folder. */
  openExperiment(files: PickedFile[]): Promise<void>;
  /** Download the live recording. */
  downloadRecording(): Promise<void>;
  /** Continue the open replay live from a step; `progress` shows the catching up. */
  fork(step: number, progress: (text: string) => void): Promise<void>;
  /** Game minutes the live town (which a fork replaces) has run since it was last saved. */
  unsavedMinutes(): number;
}

/**
 * The page's replay feature: opens replays (demo, file, drop, `?replay=`), shows them through
 * ReplayMode, downloads the live town's recording, and continues a replay as the live town. The
 * replay bar (src/ui/replay/replayUi.ts) is mounted by the page over `actions`.
 */
export function setupReplays(store: HamletStore, live: LiveTown, host: ReplayHost, personas: readonly PersonaSpec[], demoUrl: string): Replays {
  let wasRunning = false;
  const liveWorld = () => defined(live.world, 'the live town');
  const town = (): TownInfo => ({ map: mapInfoOf(liveWorld()), personas: personas.map((p) => ({ id: p.id, name: p.name, sprite: p.sprite })) });

  const mode = new ReplayMode(store, {
    pauseLive: () => {
      wasRunning = live.stop();
    },
    resumeLive: () => {
      live.publish();
      if (wasRunning) live.start();
      void host.showMap(null);
    },
    whyNotForkable: (replay) => whyNotForkable(replay, liveWorld()),
    useSprites: (people) => {
      for (const p of people) if (!live.sprites.has(p.id) || p.guest) live.sprites.set(p.id, p.sprite);
    },
  });

  // Reading replay files (and Smallville folders, and their maps) loads when a replay is first opened.
  const openFiles = async (files: PickedFile[]) => {
    const { openPickedFiles } = await import('../replay/open');
    const opened = await openPickedFiles(files, town());
    await host.showMap(opened.map);
    mode.open(opened.replay);
  };
  const openUrl = async (url: string) => {
    const { fetchReplay } = await import('../replay/open');
    const replay = await fetchReplay(url, town());
    await host.showMap(null);
    // Open where the day begins (the timeline still covers the night before it).
    mode.open(replay, { play: true, at: dayStartStep(replay) });
  };
  const actions: ReplayActions = {
    unsavedMinutes: () => host.unsavedMinutes(),
    openDemo: () => openUrl(demoUrl),
    openFiles,
    openExperiment: (files) => host.openExperiment(files),
    downloadRecording: async () => {
      const recording = await live.recordingFile();
      if (!recording) throw new Error('Nothing has been recorded yet.');
      const bytes = await encodeReplay(recording.replay);
      downloadBytes(bytes, 'application/gzip', `hamlet-${new Date(store.getState().time).toISOString().slice(0, 16).replace(':', '')}-${recording.steps}-steps.json.gz`);
    },
    fork: async (step, progress) => {
      const replay = mode.replay;
      if (!replay) return;
      mode.pause();
      const sim = await forkReplay(replay, step, liveWorld(), (specs, seed) => new OfflineBrain(seed, specs), async (done, total) => {
        progress(`Catching up: ${Math.round((done / total) * 100)}%`);
        await new Promise((r) => setTimeout(r, 0)); // let the page draw
      });
      await live.adopt(sim);
      wasRunning = true;
      mode.close();
    },
  };

  /** Say what went wrong on the replay bar instead of throwing (a link or a dropped file). */
  const reported = <A extends unknown[]>(run: (...args: A) => Promise<void>) => async (...args: A) => {
    try {
      await run(...args);
    } catch (err) {
      host.showError(err instanceof Error ? err.message : String(err));
    }
  };
  return {
    mode,
    actions,
    openUrl: reported(openUrl),
    openFiles: reported((files: (File | PickedFile)[]) => openFiles(files.map((f) => (f instanceof File ? pickedOf(f) : f)))),
    recorder: () => (live instanceof PageTown ? live.recorder : null),
  };
}

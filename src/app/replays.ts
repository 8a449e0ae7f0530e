import type { HamletStore } from '../store/store';
import type { Simulation } from '../sim/simulation';
import type { PersonaSpec } from '../sim/persona/schema';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { Recorder } from '../replay/recorder';
import { encodeReplay } from '../replay/codec';
import { forkReplay, whyNotForkable } from '../replay/fork';
import { mapInfoOf } from '../replay/mapInfo';
import { fetchReplay, openPickedFiles, type TownInfo } from '../replay/open';
import type { PickedFile } from '../replay/pickedFile';
import type { CallRecord } from '../llm/callLog';
import type { SuppliedMap } from '../replay/suppliedMap';
import type { ReplayFile } from '../replay/format';
import { ReplayMode } from './replayMode';
import { dayStartStep } from '../replay/player';
import { mountReplayUi, picked } from '../ui/replay/replayUi';

/** What the page hands the replay feature: its live town, and how to swap in a forked one. */
interface LiveTown {
  readonly sim: Simulation;
  /** Stop the live runner; returns whether it was running. */
  stop(): boolean;
  start(): void;
  /** Make a forked Simulation the live town (new runner, brain switch and recorder). */
  adopt(sim: Simulation): void;
  /** Persona id → sprite sheet, read by the Phaser scene (guests of a replay are added to it). */
  sprites: Map<string, string>;
  /** Draw a replay's own map instead of Hamlet's (null: Hamlet's again). */
  showMap(map: SuppliedMap | null): Promise<void>;
  /** Game minutes the live town has run since it was last saved (a fork replaces it: the page asks first). */
  unsavedMinutes?(): number;
}

export interface Replays {
  mode: ReplayMode;
  /** Start recording a (new) live town; the page calls this for the first town, every fork and every loaded save (with its recording). */
  record(sim: Simulation, from?: ReplayFile | null): Recorder;
  /** Hook for the LLM brain's call log: calls go into the recording. */
  onCall(c: CallRecord): void;
  openUrl(url: string): Promise<void>;
  /** Open picked replay files (the start screen's "Open a replay", a run of the Experiments panel). */
  openFiles(files: (File | PickedFile)[]): Promise<void>;
  recorder(): Recorder | null;
}

/**
 * The page's replay feature: records the live town, opens replays (demo, file, drop, `?replay=`),
 * shows them through ReplayMode, downloads the recording, and forks a replay into a live town.
 */
export function setupReplays(root: HTMLElement, store: HamletStore, live: LiveTown, personas: PersonaSpec[], demoUrl: string, openExperiment: (files: PickedFile[]) => Promise<void>): Replays {
  let recorder: Recorder | null = null;
  let wasRunning = false;
  const town = (): TownInfo => ({ map: mapInfoOf(live.sim.world), personas: personas.map((p) => ({ id: p.id, name: p.name, sprite: p.sprite })) });

  const mode = new ReplayMode(store, {
    pauseLive: () => {
      wasRunning = live.stop();
    },
    resumeLive: () => {
      const sim = live.sim;
      store.setState({
        step: sim.step,
        time: sim.now,
        personas: sim.personas.map((p) => sim.frameOf(p)),
        feed: sim.conversations.slice(-50).map((c) => ({ time: c.time, text: `${c.participants[0]} and ${c.participants[1]}: ${c.summary}` })),
        conversations: sim.conversations.length,
      });
      if (wasRunning) live.start();
      void live.showMap(null);
    },
    whyNotForkable: (replay) => whyNotForkable(replay, live.sim.world),
    useSprites: (people) => {
      for (const p of people) if (!live.sprites.has(p.id) || p.guest) live.sprites.set(p.id, p.sprite);
    },
  });

  const ui = mountReplayUi(root, store, mode, {
    unsavedMinutes: () => live.unsavedMinutes?.() ?? 0,
    openDemo: async () => {
      const replay = await fetchReplay(demoUrl, town());
      await live.showMap(null);
      // Open where the day begins (the timeline still covers the night before it).
      mode.open(replay, { play: true, at: dayStartStep(replay) });
    },
    openFiles: async (files) => {
      const opened = await openPickedFiles(files, town());
      await live.showMap(opened.map);
      mode.open(opened.replay);
    },
    openExperiment,
    downloadRecording: async () => {
      if (!recorder) throw new Error('Nothing has been recorded yet.');
      try {
        recorder.snapshotNow(); // so the download can be continued from its last moment
      } catch {
        // A step is under way: the download ends with the last periodic snapshot instead.
      }
      const bytes = await encodeReplay(recorder.toReplay());
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/gzip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `hamlet-${new Date(live.sim.now).toISOString().slice(0, 16).replace(':', '')}-${recorder.length}-steps.json.gz`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
    },
    fork: async (step, progress) => {
      const replay = mode.replay;
      if (!replay) return;
      mode.pause();
      const sim = await forkReplay(replay, step, live.sim.world, (specs, seed) => new OfflineBrain(seed, specs), async (done, total) => {
        progress(`Catching up: ${Math.round((done / total) * 100)}%`);
        await new Promise((r) => setTimeout(r, 0)); // let the page draw
      });
      live.adopt(sim);
      wasRunning = true;
      mode.close();
    },
  });

  return {
    mode,
    record(sim, from) {
      // A day of game time is kept (up to a day and six hours, dropped at snapshots): a town left running
      // for hours at 60× would otherwise hold every step and snapshot since the page opened.
      const opts = { title: `Hamlet, recorded live (seed ${sim.seed})`, maxSteps: sim.clock.stepsPerDay };
      // A loaded save's recording window goes on where it stopped.
      recorder = (from && Recorder.resume(sim, from, opts)) || new Recorder(sim, opts);
      return recorder;
    },
    onCall: (c) => recorder?.addCall(c),
    openUrl: async (url) => {
      try {
        const replay = await fetchReplay(url, town());
        await live.showMap(null);
        mode.open(replay, { play: true, at: dayStartStep(replay) });
      } catch (err) {
        ui.showError(err instanceof Error ? err.message : String(err));
      }
    },
    openFiles: async (files) => {
      try {
        const opened = await openPickedFiles(files.map((f) => (f instanceof File ? picked(f) : f)), town());
        await live.showMap(opened.map);
        mode.open(opened.replay);
      } catch (err) {
        ui.showError(err instanceof Error ? err.message : String(err));
      }
    },
    recorder: () => recorder,
  };
}

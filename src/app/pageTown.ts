import type { Simulation } from '../sim/simulation';
import type { HamletState, HamletStore } from '../store/store';
import { LiveRunner } from '../store/liveRunner';
import { Recorder } from '../replay/recorder';
import type { ReplayFile } from '../replay/format';
import type { LlmConfig } from '../llm/config';
import type { CallPlan } from '../sim/brain/callPlan';
import type { PlayerInput } from '../sim/player/controller';
import type { WorldModel } from '../sim/world/types';
import { BrainSwitch } from './brainSwitch';
import { defined } from '../sim/checked';
import { whisperFirstMemories } from '../pack/whispers';
import { buildTown, type TownChoice } from './newTown';
import { liveSource } from './readModel/live';
import type { InspectorSource } from './readModel/types';
import type { AdoptOptions, LiveTown, SavesPage, TownGround } from './liveTown';
import { setupSaves, type SavesController } from './saves';

/**
 * The page's live town, in one place: the Simulation, the runner that steps it, the brain switch
 * and the recorder. Every town the page shows live (the first, a new one from the menu, a loaded
 * save, a replay continued live) comes in through adopt(), and the store hears of it through
 * publish(), also when a replay closes and the live town is shown again.
 *
 * The view never holds the Simulation: the UI and the scene read the store (and the inspector the
 * read model built over this), and change the town through the commands here. So the Simulation
 * behind this class can move elsewhere (a Web Worker) without the view noticing.
 */
export class PageTown implements LiveTown {
  private current: Simulation | null = null;
  private runner: LiveRunner | null = null;
  private brains: BrainSwitch | null = null;
  private recording: Recorder | null = null;
  /** The model chosen on this page (⚙ Brain, a saved model that answered), or null: the offline brain. Every adopted town uses it. */
  private model: LlmConfig | null = null;
  /** The call plan the running town was started with (over ⚙ Brain's setting), or null. */
  private callPlan: CallPlan | null = null;
  /**
   * A switch to a model still loading its client (a lazy chunk): the town waits for it before its
   * first step, so a town started on a model never lives its first minutes on the offline brain.
   */
  private switching: Promise<unknown> | null = null;
  /** Counts start() and stop(): a start still waiting for the switch is dropped by a later stop. */
  private starts = 0;
  /** Persona id → sprite sheet, read by the Phaser scene (a replay's guests are added to it). */
  readonly sprites = new Map<string, string>();
  /** What the inspector reads of the live town, and the commands it sends (src/app/readModel). */
  readonly readModel: InspectorSource = liveSource(
    () => this.current,
    () => this.brains?.calls ?? null,
  );

  constructor(
    private readonly store: HamletStore,
    /** Where new towns are made (another town opened replaces it). */
    public ground: TownGround,
  ) {
    // The brain's totals and who is thinking, after each live step.
    store.subscribe((s, prev) => {
      if (s.step !== prev.step && s.mode === 'live') {
        this.brains?.refreshTotals();
        this.brains?.showThinking();
      }
    });
  }

  /** The town running now (there is one from the moment the page has built its first). */
  get sim(): Simulation {
    return defined(this.current, 'the live town');
  }

  /** The town running now, or null before the first. */
  get simOrNull(): Simulation | null {
    return this.current;
  }

  /** The live town's map (static: the same for every town until another town is opened). */
  get world(): WorldModel | null {
    return this.current?.world ?? null;
  }

  get brainSwitch(): BrainSwitch | null {
    return this.brains;
  }

  /** The live recording (what "⬇ Recording" downloads and a save keeps), or null before the first town. */
  get recorder(): Recorder | null {
    return this.recording;
  }

  /** The model the page uses now, or null (offline). */
  get brainConfig(): LlmConfig | null {
    return this.model;
  }

  get isRunning(): boolean {
    return this.runner?.isRunning ?? false;
  }

  /** A new town on the ground as `choice` says (offline brain: adopt() switches on the page's model). */
  build(choice: TownChoice): { sim: Simulation; warning: string | null } {
    return buildOn(this.ground, choice);
  }

  /**
   * Make `next` the live town: a new runner, brain switch and recorder (the old ones stop for good),
   * the page's model switched on, the store shown the town, and the camera on your resident.
   * It does not start stepping: start() does, once the caller has set the speed. Done at once.
   */
  adopt(next: Simulation, opts: AdoptOptions = {}): Promise<void> {
    this.runner?.dispose();
    this.brains?.dispose();
    if (opts.callPlan !== undefined) this.callPlan = opts.callPlan;
    this.current = next;
    const runner = new LiveRunner(next, this.store);
    this.runner = runner;
    this.recording = this.recorderFor(next, opts.recording ?? null);
    const recorder = this.recording;
    runner.onStep = (r) => {
      try {
        recorder.record(r);
      } catch (err) {
        console.warn('Recording stopped:', err);
        runner.onStep = null;
      }
    };
    for (const p of next.personas) this.sprites.set(p.id, p.spec.sprite);
    this.publish();
    this.brains = new BrainSwitch(next, this.store, next.seed, next.personas.filter((p) => p.agent.mode !== 'human').map((p) => p.spec), this.callPlan);
    if (this.model) this.useBrain(this.model);
    this.store.setState({ player: next.player?.view() ?? null, lastPlayerChat: null, followId: next.player?.persona.id ?? null });
    return Promise.resolve();
  }

  /** Show the live town in the store: its step and time, residents, feed, brain and call plan. */
  publish(): void {
    this.store.setState(shownState(this.sim));
  }

  /** Run the town on a model (null: the offline brain), now and for every town adopted later. */
  useBrain(config: LlmConfig | null): void {
    this.model = config;
    const brains = this.brains;
    if (!brains) return;
    const recorder = this.recording;
    // The model's calls go into the recording once its client has loaded (a lazy chunk: src/llm/modelClient.ts).
    const switching = brains.use(config).then(
      (llm) => llm?.log.listeners.add((c) => recorder?.addCall(c)),
      // The chunk did not load (offline, a new deploy): the town goes on, on the offline brain.
      (err: unknown) => this.store.setState({ notice: `The model client did not load (${err instanceof Error ? err.message : String(err)}): the offline brain runs the town` }),
    );
    this.switching = switching;
    void switching.then(() => {
      if (this.switching === switching) this.switching = null;
    });
  }

  /** Let the town step at the store's speed (it moves at once). */
  start(): void {
    const id = ++this.starts;
    const runner = this.runner;
    if (!this.switching) {
      runner?.start();
      return;
    }
    // The model's client is still loading: the town moves once the model runs it.
    void this.switching.then(() => {
      if (id === this.starts && runner === this.runner) runner?.start();
    });
  }

  /** Stop stepping; returns whether it was running. */
  stop(): boolean {
    this.starts++;
    const was = this.isRunning;
    this.runner?.stop();
    return was;
  }

  /** One step, also while paused (the HUD's ⏭). */
  stepOnce(): Promise<void> {
    return this.runner?.stepOnce() ?? Promise.resolve();
  }

  /** Run headless to a game time ("skip to next morning"), then go on as before. */
  fastForward(time: number, label: string): Promise<void> {
    return this.runner?.fastForward(time, label) ?? Promise.resolve();
  }

  /** Something your resident does, queued for the next step; a refused input shows as a notice. */
  playerInput(input: PlayerInput): void {
    try {
      this.current?.playerInput(input);
    } catch (err) {
      this.store.setState({ notice: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Does someone play (a resident of yours in the live town)? */
  get playing(): boolean {
    return this.current?.player !== null && this.current?.player !== undefined;
  }

  /** What your resident can do now (the player panel's choices); none when nobody plays. */
  playerOptions(): ReturnType<NonNullable<Simulation['player']>['options']> {
    const sim = this.current;
    return sim?.player ? sim.player.options(sim) : [];
  }

  /** Probe the model's endpoint again now (the banner's "Retry now"). */
  retryBrain(): void {
    void this.brains?.retryNow();
  }

  async recordingFile(): Promise<{ replay: ReplayFile; steps: number } | null> {
    const recorder = this.recording;
    if (!recorder) return null;
    try {
      recorder.snapshotNow(); // so the download can be continued from its last moment
    } catch {
      // A step is under way: the recording ends with the last periodic snapshot instead.
    }
    return { replay: recorder.toReplay(), steps: recorder.length };
  }

  /** The page's saves over this town: a loaded save is adopted and started here, then the page hears of it. */
  saves(page: SavesPage): SavesController {
    const sim = () => this.sim;
    return setupSaves(
      {
        get sim() {
          return sim();
        },
        recorder: () => this.recording,
        settings: page.settings,
        replayOpen: () => this.store.getState().mode === 'replay',
        adopt: (next, save) => {
          void this.adopt(next, { recording: save.recording });
          this.start();
          page.loaded(save);
        },
      },
      { slots: page.slots },
    );
  }

  private recorderFor(sim: Simulation, from: ReplayFile | null): Recorder {
    // A day of game time is kept (up to a day and six hours, dropped at snapshots): a town left running
    // for hours at 60× would otherwise hold every step and snapshot since the page opened.
    const opts = { title: `Hamlet, recorded live (seed ${sim.seed})`, maxSteps: sim.clock.stepsPerDay };
    // A loaded save's recording window goes on where it stopped.
    return (from && Recorder.resume(sim, from, opts)) || new Recorder(sim, opts);
  }
}

/** A town as the store shows it: its step and time, residents, feed, brain and call plan. */
export function shownState(sim: Simulation): Partial<HamletState> {
  return {
    step: sim.step,
    time: sim.now,
    personas: sim.personas.map((p) => sim.frameOf(p)),
    feed: sim.conversations.slice(-50).map((c) => ({ time: c.time, text: `${c.participants[0]} and ${c.participants[1]}: ${c.summary}` })),
    conversations: sim.conversations.length,
    brainName: sim.brain.name,
    callPlan: sim.callPlan,
  };
}

/** A new town on `ground` as `choice` says (offline brain: adopt() switches on the page's model). */
export function buildOn(ground: TownGround, choice: TownChoice): { sim: Simulation; warning: string | null } {
  const { world, personas, stepSeconds, pack } = ground;
  const built = buildTown(choice, world, personas, stepSeconds);
  // An opened town's residents start with their first memories (Smallville's whispers).
  if (pack) whisperFirstMemories(built.sim, pack);
  return built;
}

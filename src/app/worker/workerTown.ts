import * as Comlink from 'comlink';
import type { Simulation } from '../../sim/simulation';
import type { HamletStore } from '../../store/store';
import type { LlmConfig } from '../../llm/config';
import type { PlayerInput } from '../../sim/player/controller';
import type { WorldModel } from '../../sim/world/types';
import type { ReplayFile } from '../../replay/format';
import { createSave } from '../../save/saveFile';
import { buildOn, shownState } from '../pageTown';
import type { TownChoice } from '../newTown';
import { defined } from '../../sim/checked';
import type { InspectorSource } from '../readModel/types';
import type { TownHost } from './townHost';
import { pageState, sendPageChanges, townPatchApplier, type NumberedPatch, type TownPatchApplier } from './mirror';
import { inspectorMirror } from './inspectorMirror';
import type { InspectorSnapshot, TownFacts } from './protocol';
import type { AdoptOptions, LiveTown, SavesPage, TownGround } from '../liveTown';
import type { SavesController } from '../saves';
import type { SaveSettings } from '../../save/saveFile';

type PlayerOptions = ReturnType<LiveTown['playerOptions']>;

/**
 * The page's live town when it runs in a Web Worker (docs/worker.md): the same commands as the
 * in-page owner (PageTown), sent to the worker's TownHost as messages; the worker's store changes
 * come back as patches, applied to the page's store in one setState each. The page's thread keeps
 * only drawing and reading: no Simulation lives here once a town is adopted.
 */
export class WorkerTown implements LiveTown {
  private readonly worker: Worker | null;
  private readonly host: Comlink.Remote<TownHost>;
  private running = false;
  private isPlaying = false;
  private savedAtMs = 0;
  private model: LlmConfig | null = null;
  private map: WorldModel | null = null;
  private options: PlayerOptions = [];
  /** The patch the options came with (a patch may overtake another: replies and sends go their own ways). */
  private optionsSeq = 0;
  /** Milliseconds this thread spent applying the worker's patches (the browser benchmark reads it). */
  patchMs = 0;
  readonly sprites = new Map<string, string>();
  readonly readModel: InspectorSource & { refresh(): void; show(snapshot: InspectorSnapshot): void };

  /** `endpoint`: where the TownHost listens (tests pass a MessagePort); by default a new worker. */
  constructor(
    private readonly store: HamletStore,
    /** Where new towns are made (another town opened replaces it); they are built here and sent to the worker. */
    public ground: TownGround,
    endpoint?: MessagePort,
  ) {
    this.worker = endpoint ? null : new Worker(new URL('./simWorker.ts', import.meta.url), { type: 'module', name: 'hamlet-town' });
    this.worker?.addEventListener('error', (e) => store.setState({ phase: 'error', error: `The town's worker stopped: ${e.message}` }));
    this.host = Comlink.wrap<TownHost>(endpoint ?? defined(this.worker, 'the town worker'));
    this.patches = townPatchApplier(store);
    this.apply = (...batch) => {
      if (!batch.length) return;
      const t0 = performance.now();
      // Your resident's choices, as the newest patch that changed your resident has them, before the store shows that change.
      const newest = batch.filter((p) => p.options && p.seq > this.optionsSeq).sort((a, b) => b.seq - a.seq)[0];
      if (newest?.options) [this.options, this.optionsSeq] = [newest.options, newest.seq];
      this.patches.apply(...batch);
      this.patchMs += performance.now() - t0;
    };
    // Patches that arrive while the page is busy (a long frame) are applied together, once, before the next frame.
    let queued: NumberedPatch[] = [];
    const applyQueued = () => {
      const batch = queued;
      queued = [];
      this.apply(...batch);
    };
    const nextFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f: () => void) => setTimeout(f, 16);
    void this.host.connect(
      Comlink.proxy((p: NumberedPatch) => {
        if (queued.push(p) === 1) nextFrame(applyQueued);
      }),
      pageState(store),
    );
    sendPageChanges(store, (patch) => void this.host.setPage(patch));
    this.readModel = inspectorMirror(
      store,
      {
        inspect: (id, withChats) => this.host.inspect(id, withChats),
        whisper: (id, text) => this.host.whisper(id, text),
        interview: (id, q, transcript) => this.host.interview(id, q, transcript),
        setBrainMode: (id, mode) => this.host.setBrainMode(id, mode),
        askTown: (text) => this.host.askTown(text),
        setPulse: (on) => this.host.setPulse(on),
        playerTalk: async (id) => this.playerInput({ kind: 'talk', personaId: id }),
      },
      () => this.map,
    );
  }

  /** Apply patches from the worker (sent at most one a frame, or a step's own in its reply). */
  private readonly apply: (...patches: NumberedPatch[]) => void;
  private readonly patches: TownPatchApplier;

  /** What the worker says of a town it took on, and the town's read model as it is now (shown before any step). */
  private learn(facts: TownFacts): void {
    for (const [id, sprite] of facts.sprites) this.sprites.set(id, sprite);
    this.isPlaying = facts.playing;
    this.savedAtMs = facts.savedAtMs;
    if (facts.patch) this.apply(facts.patch);
    this.readModel.show(facts.inspector);
  }

  /**
   * Make `next` the live town: it is sent to the worker as a save of itself (TownTransfer) and runs
   * there; this thread keeps its map (for the minimap and the inspector) and its looks. Done once the
   * worker has it and this page its read model.
   */
  adopt(next: Simulation, opts: AdoptOptions = {}): Promise<void> {
    this.running = false;
    this.map = next.world;
    this.isPlaying = next.player !== null;
    this.savedAtMs = next.clock.startMs;
    for (const p of next.personas) this.sprites.set(p.id, p.spec.sprite);
    this.options = next.player ? next.player.options(next) : [];
    // Shown at once, as the in-page owner does; the worker's patches take over from its first step.
    const shown = { ...shownState(next), player: next.player?.view() ?? null, lastPlayerChat: null, followId: next.player?.persona.id ?? null };
    this.patches.remember(shown);
    this.store.setState(shown);
    const save = createSave(next, { name: 'town for the worker' });
    // The worker's owner keeps the page's model (useBrain) from one town to the next, as PageTown does.
    return this.host.adopt({ save, world: next.world, ...(opts.callPlan === undefined ? {} : { callPlan: opts.callPlan }), recording: opts.recording ?? null }).then(
      (f) => this.learn(f),
      (err: unknown) => this.store.setState({ phase: 'error', error: `The town could not start in its worker: ${err instanceof Error ? err.message : String(err)}` }),
    );
  }

  build(choice: TownChoice): { sim: Simulation; warning: string | null } {
    return buildOn(this.ground, choice);
  }

  get world(): WorldModel | null {
    return this.map;
  }

  get brainConfig(): LlmConfig | null {
    return this.model;
  }

  get isRunning(): boolean {
    return this.running;
  }

  get playing(): boolean {
    return this.isPlaying;
  }

  /** Show the live town again (a replay closed): at once as this page last had it, then what the worker has besides. */
  publish(): void {
    this.patches.showLive();
    void this.host.publish().then((p) => p && this.apply(p));
  }

  /** The model to run the town on (null: offline). Its key goes to the worker by message, and nowhere else. */
  useBrain(config: LlmConfig | null): void {
    this.model = config;
    void this.host.useBrain(config);
    if (this.savesPage) void this.host.setSaveSettings(this.savesPage.settings());
  }

  start(): void {
    this.running = true;
    void this.host.start();
  }

  stop(): boolean {
    const was = this.running;
    this.running = false;
    void this.host.stop();
    return was;
  }

  async stepOnce(): Promise<void> {
    const p = await this.host.stepOnce();
    if (p) this.apply(p);
  }

  async fastForward(time: number, label: string): Promise<void> {
    const p = await this.host.fastForward(time, label);
    if (p) this.apply(p);
  }

  playerInput(input: PlayerInput): void {
    void this.host.playerInput(input);
  }

  /** Your resident's choices, as the worker last sent them (with each change to your resident). */
  playerOptions(): PlayerOptions {
    return this.options;
  }

  retryBrain(): void {
    void this.host.retryBrain();
  }

  /** The live recording window, read from the worker. */
  recordingFile(): Promise<{ replay: ReplayFile; steps: number } | null> {
    return this.host.recordingFile();
  }

  private savesPage: SavesPage | null = null;

  /** The saves feature runs in the worker beside the town (src/app/worker/townHost.ts); this is its page side. */
  saves(page: SavesPage): SavesController {
    const host = this.host;
    this.savesPage = page;
    void host.setSaveSettings(page.settings());
    void host.setupSaves(
      Comlink.proxy((settings: SaveSettings | null, facts: TownFacts) => {
        this.learn(facts);
        this.running = true;
        page.loaded({ settings });
      }),
      Comlink.proxy((savedAtMs: number) => (this.savedAtMs = savedAtMs)),
    );
    /** A call that may change when the town was last saved: read it again after. */
    const marking = async <T>(call: Promise<T>): Promise<T> => {
      const out = await call;
      this.savedAtMs = await host.savedAtMs();
      return out;
    };
    const withSettings = () => host.setSaveSettings(page.settings());
    let openDialog = () => {};
    return {
      listSaves: () => host.listSaves(),
      latestSave: () => host.latestSave(),
      save: async (name) => (await withSettings(), marking(host.saveAs(name))),
      load: (name) => marking(host.loadSave(name)),
      delete: (name) => host.deleteSave(name),
      exportCurrent: async () => (await withSettings(), host.exportCurrent()),
      exportSlot: (name) => host.exportSlot(name),
      importFile: (bytes, fileName) => marking(host.importSave(bytes, fileName)),
      unsavedMinutes: () => Math.max(0, Math.floor((this.store.getState().time - this.savedAtMs) / 60_000)),
      // The worker autosaves each game hour itself, after the step that starts it.
      autosaveIfDue: () => Promise.resolve(null),
      openSavesDialog: () => openDialog(),
      setDialog: (open) => {
        openDialog = open;
      },
    };
  }

  /** Stop the worker for good. */
  dispose(): void {
    this.host[Comlink.releaseProxy]();
    this.worker?.terminate();
  }
}

import { createHamletStore } from '../../store/store';
import { PageTown } from '../pageTown';
import { openSave } from '../../save/saveFile';
import { OfflineBrain } from '../../llm/offline/offlineBrain';
import type { LlmConfig } from '../../llm/config';
import type { PlayerInput } from '../../sim/player/controller';
import type { BrainMode } from '../../sim/persona/agentState';
import type { ChatLine } from '../../sim/persona/memory';
import type { ReplayFile } from '../../replay/format';
import { SaveSlots, type SlotInfo } from '../../save/slots';
import type { SaveSettings } from '../../save/saveFile';
import type { SavesController } from '../saves';
import { defined } from '../../sim/checked';
import { sendTownChanges, type NumberedPatch, type PagePatch } from './mirror';
import { NO_SNAPSHOT, type InspectorSnapshot, type TownFacts, type TownTransfer } from './protocol';

/**
 * The town in the worker (src/app/worker/simWorker.ts): the page's owner class (PageTown: the
 * Simulation, its runner and clock, the brain switch, the recorder) over a store of the worker's
 * own, whose changes go to the page as patches. The page reaches it only through these methods.
 */
export class TownHost {
  private readonly store = createHamletStore();
  private owner: PageTown | null = null;
  /**
   * The model chosen before the first town came (the page picks the first town's brain before it
   * sends the town): the owner, made with that town, starts on it, as the page's own owner does.
   */
  private model: LlmConfig | null = null;

  /** The owner of the worker's town (made with the first town sent: its ground is that town's). */
  get town(): PageTown {
    return defined(this.owner, 'the worker’s town (adopt one first)');
  }
  private mirror: ReturnType<typeof sendTownChanges> | null = null;

  /** Send the town's store changes to `send` (the page's), starting from the page's speed, mode and selection. */
  connect(send: (p: NumberedPatch) => void, page: PagePatch): void {
    this.mirror?.dispose();
    this.store.setState(page);
    this.mirror = sendTownChanges(this.store, (p) => send(this.withOptions(p)));
  }

  /** A patch that changes your resident goes with your resident's choices as they are now. */
  private withOptions(p: NumberedPatch): NumberedPatch {
    return p.patch.player !== undefined && this.owner ? { ...p, options: this.owner.playerOptions() } : p;
  }

  /** The store's pending changes, for a reply (with your resident's choices when they changed). */
  private pending(): NumberedPatch | null {
    const p = this.mirror?.take() ?? null;
    return p && this.withOptions(p);
  }

  /** The page changed what the town reads (speed, live or replay, the inspector's selection). */
  setPage(patch: PagePatch): void {
    this.store.setState(patch);
  }

  /** Make the town the page sent the live one (see TownTransfer); it waits for start(). */
  adopt(t: TownTransfer): TownFacts {
    const sim = openSave(t.save, t.world, (specs, seed) => new OfflineBrain(seed, specs), 'The town sent to the worker');
    if (!this.owner) {
      // New towns are built on the page's side; this ground is only where a loaded save is opened.
      this.owner = new PageTown(this.store, { world: t.world, personas: [], stepSeconds: sim.clock.stepSeconds, pack: null });
      this.owner.useBrain(this.model);
    }
    void this.town.adopt(sim, { ...(t.callPlan === undefined ? {} : { callPlan: t.callPlan }), recording: t.recording ?? null });
    return this.facts();
  }

  /** The town as the page keeps it, with its read model now: the store's pending patch and the inspector's snapshot (everyone's chats too: the town graph's are the old town's). */
  private facts(): TownFacts {
    return { sprites: [...this.town.sprites], playing: this.town.playing, savedAtMs: this.savedAtMs(), patch: this.pending(), inspector: this.inspect(this.store.getState().selectedId, true) };
  }

  private saves: SavesController | null = null;
  private saveSettings: SaveSettings | null = null;

  /**
   * The page's saves, kept here beside the town (IndexedDB works in a worker): a save is taken and a
   * loaded one opened without the town crossing threads. `loaded` tells the page a save became the
   * live town; `saved` when an autosave (taken here each game hour) moved the last-saved time.
   */
  setupSaves(loaded: (settings: SaveSettings | null, facts: TownFacts) => void, saved: (savedAtMs: number) => void): void {
    this.saves = this.town.saves({ slots: SaveSlots.open(), settings: () => this.saveSettings, loaded: (save) => loaded(save.settings, this.facts()) });
    const saves = this.saves;
    this.store.subscribe((s, prev) => {
      if (s.step === prev.step || s.mode !== 'live') return;
      saves.autosaveIfDue().then(
        (info) => info && saved(this.savedAtMs()),
        (err: unknown) => console.warn('Autosave failed:', err),
      );
    });
  }

  private get savesApi(): SavesController {
    return defined(this.saves, 'the saves (setupSaves first)');
  }

  /** Game time (ms) the live town was last saved, loaded or begun at (for "what a load would lose"). */
  savedAtMs(): number {
    const sim = this.owner?.simOrNull ?? null;
    return sim && this.saves ? sim.now - this.saves.unsavedMinutes() * 60_000 : (sim?.clock.startMs ?? 0);
  }

  /** The brain settings a save keeps (never the key), as the page has them now. */
  setSaveSettings(settings: SaveSettings | null): void {
    this.saveSettings = settings;
  }

  listSaves(): Promise<SlotInfo[]> {
    return this.savesApi.listSaves();
  }

  latestSave(): Promise<SlotInfo | null> {
    return this.savesApi.latestSave();
  }

  saveAs(name: string): Promise<SlotInfo> {
    return this.savesApi.save(name);
  }

  loadSave(name: string): Promise<void> {
    return this.savesApi.load(name);
  }

  deleteSave(name: string): Promise<void> {
    return this.savesApi.delete(name);
  }

  exportCurrent(): Promise<{ bytes: Uint8Array; fileName: string }> {
    return this.savesApi.exportCurrent();
  }

  exportSlot(name: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    return this.savesApi.exportSlot(name);
  }

  importSave(bytes: Uint8Array, fileName: string): Promise<SlotInfo> {
    return this.savesApi.importFile(bytes, fileName);
  }

  start(): void {
    this.town.start();
  }

  stop(): boolean {
    return this.town.stop();
  }

  /** One step; its changes come back with the reply, so the page shows them when the step is done. */
  async stepOnce(): Promise<NumberedPatch | null> {
    await this.town.stepOnce();
    return this.pending();
  }

  async fastForward(time: number, label: string): Promise<NumberedPatch | null> {
    await this.town.fastForward(time, label);
    return this.pending();
  }

  /** Show the live town again (a replay closed). */
  publish(): NumberedPatch | null {
    this.town.publish();
    return this.pending();
  }

  /** Your resident's input; a refused one shows as a notice (in the patch). */
  playerInput(input: PlayerInput): void {
    this.town.playerInput(input);
    this.mirror?.flush();
  }

  /** The model to use (null: offline), also before the first town. The key arrives here by message only, and stays in this worker. */
  useBrain(config: LlmConfig | null): void {
    this.model = config;
    this.owner?.useBrain(config);
  }

  retryBrain(): void {
    this.town.retryBrain();
  }

  /** What the inspector shows, read now: the persona `id` (or none), the town's figures, and everyone's chats if asked. */
  inspect(id: string | null, withChats = false): InspectorSnapshot {
    if (!this.owner) return NO_SNAPSHOT;
    const src = this.owner.readModel;
    const sim = this.owner.simOrNull;
    return {
      persona: id ? src.persona(id) : null,
      calls: id ? src.calls(id).slice(-200) : [],
      llm: src.llm(),
      guardFallbacks: src.guardFallbacks(),
      queuedWhispers: src.queuedWhispers?.() ?? 0,
      queuedRequests: src.queuedRequests?.() ?? 0,
      townPlans: src.townPlans?.() ?? [],
      economy: src.economy?.() ?? null,
      brainMode: id ? (src.brainModeOf?.(id) ?? null) : null,
      talkProblem: id ? src.talkProblem?.(id) : undefined,
      events: sim ? [...sim.objectEvents].map(([address, e]) => [address, e.description] as const) : [],
      chats: withChats && sim ? sim.personas.map((p) => [p.id, p.memory.nodes.filter((m) => m.type === 'chat')] as const) : null,
    };
  }

  /** The live recording window (what "⬇ Recording" downloads and a save keeps), or null before the first town. */
  recordingFile(): Promise<{ replay: ReplayFile; steps: number } | null> {
    return this.town.recordingFile();
  }

  whisper(id: string, text: string): void {
    this.town.readModel.whisper?.(id, text);
  }

  interview(id: string, question: string, transcript: ChatLine[]): Promise<string> {
    return this.town.readModel.interview?.(id, question, transcript) ?? Promise.resolve('');
  }

  setBrainMode(id: string, mode: BrainMode): void {
    this.town.readModel.setBrainMode?.(id, mode);
  }

  askTown(text: string): string {
    return this.town.readModel.askTown?.(text) ?? text;
  }

  setPulse(on: boolean): void {
    this.town.readModel.setPulse?.(on);
  }
}

import type { Simulation } from '../sim/simulation';
import type { Recorder } from '../replay/recorder';
import type { PersonaSpec } from '../sim/persona/schema';
import type { Brain } from '../sim/brain/port';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { formatDate, formatHHMM, HOUR } from '../sim/clock';
import { createSave, decodeSave, encodeSave, openSave, type SaveFile, type SaveSettings } from '../save/saveFile';
import { AUTOSAVES, SaveSlots, type SlotInfo } from '../save/slots';

/** What the page hands the saves feature: its live town and how to swap in a loaded one. */
interface SavesHost {
  readonly sim: Simulation;
  recorder(): Recorder | null;
  /** The brain settings as the page keeps them (never the key), or null. */
  settings(): SaveSettings | null;
  /** Make a loaded town the live one (closing any open replay), with the save's recording and settings. */
  adopt(sim: Simulation, save: SaveFile): void;
  /** True while a replay is shown (autosaves wait). */
  replayOpen(): boolean;
}

/**
 * The page's saves (docs/saves.md): named slots in IndexedDB, an autosave every game hour (the
 * last three of each game kept: a fork of the demo never evicts the game you play), export to and
 * import from `.hamlet.json.gz` files. A start screen or any other
 * part of the page uses this API; the top bar's 💾 Saves dialog (src/ui/saves.ts) is one user.
 */
export interface SavesApi {
  listSaves(): Promise<SlotInfo[]>;
  /** The newest save (for "Continue"), or null. */
  latestSave(): Promise<SlotInfo | null>;
  /** Save the live town into a named slot (replacing one of that name). */
  save(name: string): Promise<SlotInfo>;
  /** Load a slot: the live town becomes the saved one. A bad save is refused (SaveError) and nothing changes. */
  load(name: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** The live town as `.hamlet.json.gz` bytes and a file name for them. */
  exportCurrent(): Promise<{ bytes: Uint8Array; fileName: string }>;
  exportSlot(name: string): Promise<{ bytes: Uint8Array; fileName: string }>;
  /** Import a save file: checked, kept in a slot, and loaded. A bad file changes nothing. */
  importFile(bytes: Uint8Array, fileName: string): Promise<SlotInfo>;
  /**
   * Game minutes the live town has run since it was last saved, loaded or begun: what loading another
   * save or forking a replay over it would lose (the page asks first when this is not 0).
   */
  unsavedMinutes(): number;
  /** Autosave if the live town has entered a new game hour since the last one (called after each step). */
  autosaveIfDue(): Promise<SlotInfo | null>;
  /** Open the saves dialog (set by the UI that shows it). */
  openSavesDialog(): void;
}

/** The API and the hook the dialog uses to register itself. */
export type SavesController = SavesApi & { setDialog(open: () => void): void };

export const isSaveFileName = (name: string) => /\.hamlet\.json(\.gz)?$/i.test(name);

const slotName = (s: string) => s.trim().slice(0, 80);

export function defaultSaveName(now: number): string {
  return `${formatDate(now).replace(/, \d{4}$/, '')} ${formatHHMM(now)}`;
}

/** What a save's game is, in a few words: "Tester in Hamlet", or "Hamlet (watching)" when nobody plays. */
function gameTitle(save: Pick<SaveFile, 'game'>): string {
  const town = save.game.map.name;
  const player = save.game.player?.name;
  return player ? `${player} in ${town}` : `${town} (watching)`;
}

/** A new game's id: a new town or a fork starts one, a load goes on with the save's. */
function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function summary(save: SaveFile, name: string, auto: boolean): Omit<SlotInfo, 'bytes'> {
  const step = save.state.step;
  return {
    name,
    auto,
    savedAt: save.savedAt,
    time: Date.parse(`${save.game.start}Z`) + step * save.game.stepSeconds * 1000,
    step,
    personas: save.game.personas.length,
    game: save.gameId,
    title: gameTitle(save),
    player: save.game.player?.name ?? null,
  };
}

export function setupSaves(host: SavesHost, opts: { brainFor?: (specs: PersonaSpec[], seed: number) => Brain; slots?: Promise<SaveSlots> } = {}): SavesController {
  const slots = opts.slots ?? SaveSlots.open();
  const brainFor = opts.brainFor ?? ((specs, seed) => new OfflineBrain(seed, specs));
  let lastAutoHour = Math.floor(host.sim.now / HOUR);
  let autosaving = false;
  let openDialog = () => {};
  // Each live town's game: one the page has not seen (a new town, a fork) starts a game of its own;
  // a loaded one is registered with its save's (older saves without one start a new game too).
  const games = new WeakMap<Simulation, string>();
  // Game time each town was last saved (or loaded) at; a town never saved counts from its start.
  const savedAt = new WeakMap<Simulation, number>();
  const markSaved = (sim: Simulation) => savedAt.set(sim, sim.now);
  const gameOf = (sim: Simulation): string => {
    let id = games.get(sim);
    if (!id) games.set(sim, (id = newGameId()));
    return id;
  };

  /** The live town as a save, taken between two steps (a step may be under way when a button is clicked). */
  const current = async (name: string): Promise<SaveFile> => {
    while (host.sim.isStepping) await new Promise((r) => setTimeout(r, 5));
    return createSave(host.sim, { name, settings: host.settings(), recorder: host.recorder(), gameId: gameOf(host.sim) });
  };
  const fileName = (save: SaveFile) => `hamlet-${save.name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'save'}.hamlet.json.gz`;

  /** Decode and open a save (the live town stays as it is until this succeeds), then adopt it. */
  const openBytes = async (bytes: Uint8Array, what: string): Promise<SaveFile> => {
    const save = await decodeSave(bytes, what);
    const sim = openSave(save, host.sim.world, brainFor, what);
    games.set(sim, save.gameId ?? newGameId());
    markSaved(sim);
    // The loaded hour counts as saved: the next autosave is at the next game hour.
    lastAutoHour = Math.floor(sim.now / HOUR);
    host.adopt(sim, save);
    return save;
  };

  const api: SavesApi = {
    listSaves: async () => (await slots).list(),
    latestSave: async () => (await slots).latest(),
    async save(name) {
      const n = slotName(name);
      if (!n) throw new Error('Give the save a name.');
      if (/^Autosave /.test(n)) throw new Error('Names starting with "Autosave" are kept for autosaves.');
      const save = await current(n);
      const bytes = await encodeSave(save);
      const info = await (await slots).put(summary(save, n, false), bytes);
      markSaved(host.sim);
      return info;
    },
    async load(name) {
      const bytes = await (await slots).read(name);
      await openBytes(bytes, `The save "${name}"`);
    },
    delete: async (name) => (await slots).delete(name),
    async exportCurrent() {
      const save = await current(defaultSaveName(host.sim.now));
      return { bytes: await encodeSave(save), fileName: fileName(save) };
    },
    async exportSlot(name) {
      const bytes = await (await slots).read(name);
      return { bytes, fileName: `hamlet-${name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'save'}.hamlet.json.gz` };
    },
    async importFile(bytes, file) {
      const save = await openBytes(bytes, `The file ${file}`);
      // Kept under the save's own name, or the file's; an existing slot of that name is left alone.
      const store = await slots;
      const taken = new Set((await store.list()).map((s) => s.name));
      const base = slotName(save.name || file.replace(/\.hamlet\.json(\.gz)?$/i, '')) || 'Imported';
      let name = /^Autosave /.test(base) ? `Imported ${base}` : base;
      for (let i = 2; taken.has(name); i++) name = `${base} (${i})`;
      return store.put(summary(save, name, false), bytes);
    },
    async autosaveIfDue() {
      const hour = Math.floor(host.sim.now / HOUR);
      if (hour === lastAutoHour || autosaving || host.replayOpen()) return null;
      lastAutoHour = hour;
      autosaving = true;
      try {
        // Named by its game too: two games at the same hour (yours and a fork of the demo) keep a slot each.
        const save = await current('Autosave');
        save.name = slotName(`Autosave ${defaultSaveName(host.sim.now)} · ${gameOf(host.sim).slice(0, 4)} · ${gameTitle(save)}`);
        const name = save.name;
        const bytes = await encodeSave(save);
        const info = await (await slots).autosave(summary(save, name, true), bytes, AUTOSAVES);
        markSaved(host.sim);
        return info;
      } finally {
        autosaving = false;
      }
    },
    openSavesDialog: () => openDialog(),
    unsavedMinutes: () => Math.max(0, Math.floor((host.sim.now - (savedAt.get(host.sim) ?? host.sim.clock.startMs)) / 60_000)),
  };
  return Object.assign(api, {
    /** The dialog registers how to open itself. */
    setDialog(open: () => void) {
      openDialog = open;
    },
  });
}

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { byCodeUnits } from '../sim/order';

/**
 * Named save slots in the browser's IndexedDB: each slot holds a save's bytes (the same
 * `.hamlet.json.gz` a file export writes) and a small summary for the list. Summaries and bytes live
 * in two stores so listing never reads megabytes. Autosaves are slots too, the last AUTOSAVES of each game kept.
 * Writes are one transaction each: a save replaces a slot whole or not at all.
 */
export const AUTOSAVES = 3;
const DB_NAME = 'hamlet';

export interface SlotInfo {
  /** The slot's name (unique); autosaves are named "Autosave …". */
  name: string;
  auto: boolean;
  /** Wall-clock time of saving, ISO. */
  savedAt: string;
  /** Game time (ms) and step of the town in it. */
  time: number;
  step: number;
  personas: number;
  /** Size of the save file (gzip bytes). */
  bytes: number;
  /** The game it belongs to (src/app/saves.ts), and what it is: "Tester in Hamlet", "Hamlet (watching)". Absent in slots from before. */
  game?: string;
  title?: string;
  /** The player's resident's name, or null when the game only watches. */
  player?: string | null;
}

interface SavesDb extends DBSchema {
  info: { key: string; value: SlotInfo };
  data: { key: string; value: Uint8Array };
}

export class SaveSlots {
  private constructor(private readonly db: IDBPDatabase<SavesDb>) {}

  static async open(name = DB_NAME): Promise<SaveSlots> {
    const db = await openDB<SavesDb>(name, 1, {
      upgrade(d) {
        d.createObjectStore('info', { keyPath: 'name' });
        d.createObjectStore('data');
      },
    });
    return new SaveSlots(db);
  }

  /** Every slot, newest first. */
  async list(): Promise<SlotInfo[]> {
    const all = await this.db.getAll('info');
    return all.sort((a, b) => byCodeUnits(b.savedAt, a.savedAt) || byCodeUnits(a.name, b.name));
  }

  /**
   * The save "Continue" opens: the newest of a game you play (with your resident), else the newest of
   * all. A town only watched (a fork of the demo) does not take Continue from the game you play.
   */
  async latest(): Promise<SlotInfo | null> {
    const all = await this.list();
    return all.find((s) => s.player) ?? all[0] ?? null;
  }

  async read(name: string): Promise<Uint8Array> {
    const bytes = await this.db.get('data', name);
    if (!bytes) throw new Error(`There is no save called "${name}".`);
    return bytes;
  }

  /**
   * Write a save into a slot (replacing one of that name). Only call it with bytes that decoded and
   * opened (see src/app/saves.ts): a damaged save never takes a slot, so never replaces a good one.
   */
  async put(info: Omit<SlotInfo, 'bytes'>, bytes: Uint8Array): Promise<SlotInfo> {
    const full: SlotInfo = { ...info, bytes: bytes.length };
    const tx = this.db.transaction(['info', 'data'], 'readwrite');
    await Promise.all([tx.objectStore('data').put(bytes, info.name), tx.objectStore('info').put(full), tx.done]);
    return full;
  }

  /** An autosave: written, then that game's autosaves beyond the newest `keep` are deleted, in one transaction (other games' stay). */
  async autosave(info: Omit<SlotInfo, 'bytes' | 'auto'>, bytes: Uint8Array, keep = AUTOSAVES): Promise<SlotInfo> {
    const full: SlotInfo = { ...info, auto: true, bytes: bytes.length };
    const tx = this.db.transaction(['info', 'data'], 'readwrite');
    const infos = tx.objectStore('info');
    const data = tx.objectStore('data');
    await data.put(bytes, full.name);
    await infos.put(full);
    const autos = (await infos.getAll()).filter((s) => s.auto && s.game === full.game).sort((a, b) => byCodeUnits(b.savedAt, a.savedAt) || byCodeUnits(b.name, a.name));
    for (const old of autos.slice(keep)) {
      await infos.delete(old.name);
      await data.delete(old.name);
    }
    await tx.done;
    return full;
  }

  async delete(name: string): Promise<void> {
    const tx = this.db.transaction(['info', 'data'], 'readwrite');
    await Promise.all([tx.objectStore('info').delete(name), tx.objectStore('data').delete(name), tx.done]);
  }

  close(): void {
    this.db.close();
  }
}

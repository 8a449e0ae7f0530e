import { checkReplayMap, decodeReplay, REPLAY_LIMITS, ReplayError, replayText, type ReplayErrorKind } from './codec';
import { checkFileSize, InputError } from '../io/bounded';
import type { MapInfo, ReplayFile } from './format';
import type { HamletPersonaRef } from './smallville';
import { findSuppliedMap, type SuppliedMap } from './suppliedMap';
import type { PickedFile } from './pickedFile';
import { at, defined } from '../sim/checked';

/** What the page knows of its town when it opens a replay. */
export interface TownInfo {
  map: MapInfo;
  /** Hamlet's personas and their sprites (the only sprite sheets the page has). */
  personas: HamletPersonaRef[];
}


/** A file's name as a person knows it (the last part of its path), quoted. */
function fileLabel(name: string): string {
  return `“${name.split(/[\\/]/).pop() || name}”`;
}

/**
 * Run an opener; whatever goes wrong comes out as a ReplayError whose message names the file (a bug
 * deeper down included: it still says which file and what broke, never a bare TypeError).
 */
async function naming<T>(label: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (err) {
    if (err instanceof InputError) {
      const kind = err.kind as ReplayErrorKind;
      return Promise.reject(err.message.includes(label) ? (err instanceof ReplayError ? err : new ReplayError(err.message, kind)) : new ReplayError(`${label}: ${err.message}`, kind));
    }
    const reason = err instanceof RangeError && /call stack/i.test(err.message) ? 'it nests too deeply' : err instanceof Error ? err.message : String(err);
    return Promise.reject(new ReplayError(`${label} could not be opened: ${reason}.`, 'invalid'));
  }
}

async function readPicked(f: PickedFile): Promise<Uint8Array> {
  if (f.size !== undefined) checkFileSize(f.size, fileLabel(f.name), REPLAY_LIMITS);
  return f.bytes();
}

const base = (name: string) => (name.split(/[\\/]/).pop() ?? name).toLowerCase();

/**
 * A replay opened on this town: a Hamlet replay must be of this map; personas whose sprite sheet
 * the page does not have borrow one (and say so).
 */
function fitToTown(replay: ReplayFile, town: TownInfo): ReplayFile {
  checkReplayMap(replay, town.map);
  const sprites = new Set(town.personas.map((p) => p.sprite));
  let borrowed = 0;
  const personas = replay.personas.map((p, i) => {
    if (sprites.has(p.sprite) || town.personas.length === 0) return p;
    borrowed++;
    return { ...p, sprite: at(town.personas, i % town.personas.length, 'town persona').sprite, guest: true };
  });
  if (!borrowed) return replay;
  const note = `${borrowed} persona${borrowed === 1 ? '' : 's'} of this replay wear${borrowed === 1 ? 's' : ''} a borrowed sprite.`;
  return { ...replay, personas, notice: replay.notice ? `${replay.notice} ${note}` : note };
}

/** Open a replay file's bytes (.json.gz or .json) on this town; `name` is the file's, for messages. */
export async function openReplayBytes(bytes: Uint8Array, town: TownInfo, name = 'the replay'): Promise<ReplayFile> {
  const label = fileLabel(name);
  return naming(label, async () => fitToTown(await decodeReplay(bytes, label), town));
}

/**
 * Open what the player picked or dropped: one Hamlet replay, or a Smallville demo folder's
 * meta.json and master_movement.json, with its own Tiled map and tileset images when they are given
 * too (other files are ignored).
 */
export async function openPickedFiles(files: PickedFile[], town: TownInfo): Promise<OpenedReplay> {
  if (files.length === 0) throw new ReplayError('No file was given.', 'empty');
  const meta = files.find((f) => base(f.name) === 'meta.json');
  const movement = files.find((f) => base(f.name) === 'master_movement.json');
  if (meta && movement) {
    return naming('The Smallville replay', async () => {
      const [m, mv] = await Promise.all([readPicked(meta), readPicked(movement)]);
      // Its own map when one was given with it (a Tiled map and its tileset images), else Hamlet's.
      const map = await findSuppliedMap(files);
      // The importer loads with the first Smallville folder opened (a lazy chunk: few visits need it).
      const { importSmallville } = await import('./smallville');
      const replay = importSmallville(await replayText(m, "Smallville's meta.json"), await replayText(mv, "Smallville's master_movement.json"), { hamlet: town.personas, showOn: map?.info ?? town.map });
      return { replay: map ? replay : fitToTown(replay, town), map };
    });
  }
  if (meta || movement) {
    const missing = meta ? 'master_movement.json' : 'meta.json';
    throw new ReplayError(`A Smallville replay needs both meta.json and master_movement.json; ${missing} is missing. Pick both files, or drop the whole demo folder.`, 'smallville-part');
  }
  const replays = files.filter((f) => /\.json(\.gz)?$|\.gz$/i.test(f.name));
  if (files.length > 1 && replays.length !== 1) {
    throw new ReplayError(`Open one replay at a time (a .json.gz file), or a Smallville demo folder; got ${files.length} files.`, 'format');
  }
  const file = defined(replays[0] ?? files[0], 'a picked file');
  return { replay: await openReplayBytes(await naming(fileLabel(file.name), () => readPicked(file)), town, file.name), map: null };
}

/** A replay to show, and the map to show it on when it is not Hamlet's. */
interface OpenedReplay {
  replay: ReplayFile;
  map: SuppliedMap | null;
}

/** Fetch and open a replay from a URL (`?replay=` or the demo button). */
export async function fetchReplay(url: string, town: TownInfo, fetcher: typeof fetch = fetch): Promise<ReplayFile> {
  let res: Response;
  try {
    res = await fetcher(url);
  } catch (err) {
    throw new ReplayError(`Could not download the replay from ${url}: ${err instanceof Error ? err.message : String(err)}.`, 'empty');
  }
  if (!res.ok) throw new ReplayError(`Could not download the replay from ${url}: the server answered ${res.status} ${res.statusText}.`, 'empty');
  const name = (url.split(/[?#]/)[0] ?? url).split('/').pop() || url;
  const length = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(length)) await naming(fileLabel(name), async () => checkFileSize(length, fileLabel(name), REPLAY_LIMITS));
  return openReplayBytes(new Uint8Array(await res.arrayBuffer()), town, name);
}

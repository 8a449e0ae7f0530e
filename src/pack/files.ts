/**
 * The files of a town pack, wherever they come from (a folder on disk, a folder the page was given,
 * a .zip or a gzip): paths relative to the pack's root, "/"-separated, read on demand. Pure.
 */
export interface PackFiles {
  /** What was opened, for messages ("towns/harbour", "harbour.zip"). */
  label: string;
  paths: readonly string[];
  read(path: string): Promise<Uint8Array>;
}

/** One problem with a pack: the file, where in it, and what is wrong. */
export interface PackProblem {
  file: string;
  where?: string;
  message: string;
}

export const problemText = (p: PackProblem): string => `${p.file}${p.where ? ` (${p.where})` : ''}: ${p.message}`;

/** A pack that cannot run: every problem found, each naming its file and place. */
export class PackError extends Error {
  constructor(
    readonly label: string,
    readonly problems: PackProblem[],
  ) {
    super(`The town ${label} cannot be opened: ${problems.length === 1 ? problemText(problems[0] as PackProblem) : `${problems.length} problems:\n${problems.map((p) => `  - ${problemText(p)}`).join('\n')}`}`);
    this.name = 'PackError';
  }
}

/** Bounds on a pack, so a damaged or hostile one is refused quickly. */
export const PACK_LIMITS = { maxFiles: 5_000, maxFileBytes: 32 * 1024 * 1024, maxTotalBytes: 256 * 1024 * 1024, maxPersonas: 200 } as const;

/** A pack held in memory (an unpacked zip, a test's files). */
export function packFromEntries(label: string, entries: Iterable<[string, Uint8Array]>): PackFiles {
  const files = new Map<string, Uint8Array>();
  for (const [path, bytes] of entries) files.set(normalisePath(path), bytes);
  return {
    label,
    paths: [...files.keys()].sort(),
    read: (path) => {
      const bytes = files.get(normalisePath(path));
      return bytes ? Promise.resolve(bytes) : Promise.reject(new Error(`${path} is not in the pack`));
    },
  };
}

/** "./a//b\\c" → "a/b/c"; a path that leaves the pack ("..") is refused. */
export function normalisePath(path: string): string {
  const parts = path.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new Error(`the path "${path}" leaves the pack`);
  return parts.join('/');
}

/** The pack's files under a folder, as a pack of their own (a zip whose one top folder holds the town). */
export function subPack(files: PackFiles, prefix: string): PackFiles {
  if (!prefix) return files;
  const p = `${prefix.replace(/\/$/, '')}/`;
  return { label: files.label, paths: files.paths.filter((x) => x.startsWith(p)).map((x) => x.slice(p.length)), read: (path) => files.read(p + path) };
}

const decoder = new TextDecoder('utf-8');
export async function readText(files: PackFiles, path: string): Promise<string> {
  const bytes = await files.read(path);
  if (bytes.length > PACK_LIMITS.maxFileBytes) throw new Error(`${path} is ${Math.round(bytes.length / 1024 / 1024)} MB; a pack's files may be up to ${PACK_LIMITS.maxFileBytes / 1024 / 1024} MB (limit: file size)`);
  return decoder.decode(bytes);
}

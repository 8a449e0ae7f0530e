import { PackError, subPack, type PackFiles, type PackProblem } from './files';
import { MANIFEST_FILE } from './manifest';
import { readTiledPack } from './tiledPack';
import { findSmallvilleBase, readSmallvilleTown } from './smallvillePack';
import { namesOnlyProblems, townProblems } from './check';
import type { TownPack } from './townPack';

export type { TownPack };
export { whisperFirstMemories } from './whispers';

/** Where in the files a town is: its manifest's folder (a zip's one top folder is fine), or a Smallville base. */
function locate(files: PackFiles): { kind: 'hamlet'; files: PackFiles } | { kind: 'smallville' } | null {
  const manifests = files.paths.filter((p) => p === MANIFEST_FILE || p.endsWith(`/${MANIFEST_FILE}`)).sort((a, b) => a.split('/').length - b.split('/').length);
  const top = manifests[0];
  if (top !== undefined) return { kind: 'hamlet', files: subPack(files, top.slice(0, -MANIFEST_FILE.length)) };
  if (findSmallvilleBase(files)) return { kind: 'smallville' };
  return null;
}

/**
 * Read and check a town: every problem found, each naming its file and place, and the town when it
 * has none. `looks`: Hamlet's character sprites (a Smallville resident is given one in turn).
 */
export async function checkTown(files: PackFiles, looks: readonly string[]): Promise<{ town: TownPack | null; problems: PackProblem[] }> {
  const problems: PackProblem[] = [];
  const where = locate(files);
  if (!where) {
    problems.push({ file: files.label, message: `no ${MANIFEST_FILE} (a Hamlet town pack) and no storage/<base>/reverie/meta.json (a Smallville base) in it` });
    return { town: null, problems };
  }
  if (where.kind === 'hamlet') {
    const parts = await readTiledPack(where.files, problems);
    const { manifest, world } = parts;
    const personaFile = new Map<string, string>();
    const dir = manifest?.personas.replace(/\/$/, '') ?? '';
    for (const p of parts.personas) personaFile.set(p.id, where.files.paths.find((f) => f.startsWith(dir) && f.endsWith(`/${p.id}.json`)) ?? `${dir}/${p.id}.json`);
    const fileOf = (id: string) => personaFile.get(id) ?? id;
    if (world && parts.personas.length) problems.push(...townProblems(world, parts.personas, { map: parts.mapPath, personaFile: fileOf }));
    else if (parts.mapJson && parts.personas.length) problems.push(...namesOnlyProblems(parts.mapJson, parts.personas, fileOf));
    if (problems.length || !manifest || !world || !parts.mapJson) return { town: null, problems };
    return { town: { name: manifest.name, start: manifest.start, stepSeconds: manifest.stepSeconds, world, personas: parts.personas, whispers: [], map: { path: parts.mapPath, json: parts.mapJson }, files: where.files, personaDir: manifest.personas.replace(/\/$/, '').replace(/^\.\/?/, ''), layout: 'hamlet', notes: [] }, problems };
  }
  const sv = await readSmallvilleTown(files, looks, problems);
  if (sv) problems.push(...townProblems(sv.world, sv.personas, { map: 'matrix/maze', personaFile: (id) => `scratch.json of ${sv.personas.find((p) => p.id === id)?.name ?? id}` }));
  if (problems.length || !sv) return { town: null, problems };
  return { town: { name: sv.name, start: sv.start, stepSeconds: sv.stepSeconds, world: sv.world, personas: sv.personas, whispers: sv.whispers, map: null, files, personaDir: null, layout: 'smallville', notes: sv.notes }, problems };
}

/** Open a town, or throw a PackError naming every problem. */
export async function openTown(files: PackFiles, looks: readonly string[]): Promise<TownPack> {
  const { town, problems } = await checkTown(files, looks);
  if (!town) throw new PackError(files.label, problems);
  return town;
}

import { defined } from '../sim/checked';
import { escapeRegExp } from '../sim/brain/reply';
import { CliError, numberOption } from './args';
import type { PersonaSpec } from '../sim/persona/schema';
import { MAX_DISTRICTS, districtLetters, districtName, districtTile, districtWorld } from '../sim/world/districts';
import type { Tile, WorldModel } from '../sim/world/types';

/** The most personas a generated town of `specs`'s map holds: MAX_DISTRICTS districts of them. */
export function maxTownSize(specs: readonly PersonaSpec[]): number {
  return specs.length * MAX_DISTRICTS;
}

/** `--personas`: a whole number from 1 to the largest generated town, with a message that says why the bound is there. */
export function personasOption(raw: string | undefined, specs: readonly PersonaSpec[], fallback: number): number {
  const n = numberOption('personas', raw, fallback, { integer: true, min: 1 });
  const most = maxTownSize(specs);
  if (n > most) throw new CliError(`--personas must be at most ${most.toLocaleString('en')}, got "${raw}": a generated town has at most ${MAX_DISTRICTS} districts of this town's ${specs.length} residents (memory and time grow with the town)`);
  return n;
}

interface Whisper {
  id: string;
  text: string;
}

/** Replaces whole names (places, residents) in a text by their district's; longest first, in one pass. */
function renamer(names: readonly string[], d: number): (text: string) => string {
  if (d === 0 || names.length === 0) return (t) => t;
  const escaped = [...new Set(names)].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return (t) => t.replace(re, (m) => districtName(m, d));
}

/** A resident of district d: its home, work, haunts, friends and the names in its texts are the district's. */
function districtPersona(p: PersonaSpec, d: number, ids: ReadonlySet<string>, rename: (t: string) => string): PersonaSpec {
  if (d === 0) return p;
  const letters = districtLetters(d);
  const upper = letters.toUpperCase();
  const [home = '', bedroom = ''] = p.livingArea.split(':');
  return {
    ...p,
    id: `${p.id}-${letters}`,
    name: `${p.name} ${upper}`,
    lastName: `${p.lastName} ${upper}`,
    innate: rename(p.innate),
    learned: rename(p.learned),
    currently: rename(p.currently),
    lifestyle: rename(p.lifestyle),
    dailyPlanReq: rename(p.dailyPlanReq),
    livingArea: `${districtName(home, d)}:${bedroom}`,
    household: districtName(p.household, d),
    occupation: p.occupation && { ...p.occupation, workplace: districtName(p.occupation.workplace, d) },
    relationships: p.relationships.map((r) => ({ ...r, id: ids.has(r.id) ? `${r.id}-${letters}` : r.id, note: rename(r.note) })),
    haunts: p.haunts.map((h) => districtName(h, d)),
  };
}

/**
 * A town of n personas from the pack's map and residents. Up to the pack's own count: its first n
 * on its own map. Beyond: a town of ⌈n / residents⌉ districts (src/sim/world/districts.ts), each with
 * its own copy of the residents ("Nora Hartwell B" of "Hartwell House B"), so the town grows and its
 * density does not. Whispers are copied to each district's residents.
 */
export function scaleTown(specs: PersonaSpec[], world: WorldModel, n: number, whispers: readonly Whisper[] = []): { personas: PersonaSpec[]; world: WorldModel; whispers: Whisper[] } {
  if (!Number.isInteger(n) || n < 1) throw new Error(`a town has at least one resident, asked for ${n}`);
  if (n <= specs.length) return { personas: specs.slice(0, n), world, whispers: [...whispers] };
  if (n > maxTownSize(specs)) throw new Error(`a generated town holds at most ${maxTownSize(specs).toLocaleString('en')} residents (${MAX_DISTRICTS} districts of ${specs.length}), asked for ${n.toLocaleString('en')}`);
  const count = Math.ceil(n / specs.length);
  const town = districtWorld(world, count);
  const ids = new Set(specs.map((p) => p.id));
  const names = [...world.sectors.map((s) => s.name), ...specs.map((p) => p.name)];
  const personas: PersonaSpec[] = [];
  const spawns = new Map<string, Tile>();
  const copied: Whisper[] = [];
  for (let d = 0; d < count; d++) {
    const rename = renamer(names, d);
    for (const p of specs.slice(0, Math.min(specs.length, n - d * specs.length))) {
      const q = districtPersona(p, d, ids, rename);
      personas.push(q);
      spawns.set(q.id, districtTile(world, count, d, defined(world.spawns.get(p.id), `scaleTown: spawn of ${p.id}`)));
      for (const w of whispers) if (w.id === p.id) copied.push({ id: q.id, text: rename(w.text) });
    }
  }
  return { personas, world: { ...town, spawns }, whispers: copied };
}

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycleEdges, cyclesOf, importGraph, localFiles, type ImportEdge } from '../../scripts/lint/importGraph';
import { unusedExports } from '../../scripts/lint/unusedExports';

/**
 * The house rules over the import graph (README "Layout", CONTRIBUTING.md): the simulation is pure,
 * the parts of src import only downwards, the view is the only place Phaser lives, and no module
 * imports itself round a loop — type-only imports included, since a type cycle still ties the
 * modules' meanings together.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const graph = importGraph(ROOT, ['src', 'scripts', 'tests']);
const src = graph.filter((e) => e.from.startsWith('src/'));

/** Packages the pure simulation may use: validation, A*, and the Tiled map's types. */
const SIM_PACKAGES = new Set(['zod', 'pathfinding', 'tiled-types']);

/**
 * The layers of src, lowest first: a module may import its own layer and the ones below, never one
 * above (README "Layout" says what lives where). Every folder of src has a layer, so a new one must
 * be placed here.
 * - 0: the pure simulation, and plain input/output helpers (bounded reads, CSV) that know no town;
 * - 1: the brains (offline and LLM) that answer the simulation's questions;
 * - 2: what a town is stored as: the page's store, replays, saves, and town packs (a pack is a file
 *   format like a save or a replay: it reads files into a town and checks them, and needs no brain);
 * - 3: what runs a town: the page's wiring (app), Node's file loading (node), and the experiment
 *   runner (it runs many towns on Node worker threads with a brain each, reading packs and writing
 *   replays: an application like app, for Node);
 * - 4: the view: the DOM (ui) and Phaser (game);
 * - 5: the entry points: the page's main.ts and the command-line tools.
 */
const LAYERS: Record<string, number> = {
  'src/sim': 0,
  'src/io': 0,
  'src/llm': 1,
  'src/store': 2,
  'src/replay': 2,
  'src/save': 2,
  'src/pack': 2,
  'src/app': 3,
  'src/node': 3,
  'src/experiment': 3,
  'src/ui': 4,
  'src/game': 4,
  'src/main.ts': 5,
  'src/cli': 5,
};

/** The top-level part of src a module belongs to ("src/sim", "src/main.ts"). */
const partOf = (path: string): string => path.split('/').slice(0, 2).join('/');

/** The folder of src/sim a module belongs to ("src/sim/actions"); a file directly in src/sim stands alone. */
const simFolderOf = (path: string): string => path.split('/').slice(0, 3).join('/');

/** The imports between folders of src/sim (each folder one node), as edges. */
function simFolderEdges(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges
    .filter((e) => e.from.startsWith('src/sim/') && e.to.startsWith('src/sim/'))
    .map((e) => ({ from: simFolderOf(e.from), to: simFolderOf(e.to), typeOnly: e.typeOnly }))
    .filter((e) => e.from !== e.to);
}

describe('architecture', () => {
  it('reads the whole source tree', () => {
    // Guards the rules below against a parser that silently sees nothing.
    expect(src.length).toBeGreaterThan(500);
    expect(src.some((e) => e.from === 'src/sim/simulation.ts' && e.to === 'src/sim/brain/guard.ts')).toBe(true);
    expect(src.some((e) => e.from === 'src/sim/context.ts' && e.typeOnly)).toBe(true);
  });

  it('src/sim imports nothing outside src/sim but its few packages', () => {
    const outside = src.filter((e) => e.from.startsWith('src/sim/') && !e.to.startsWith('src/sim/') && !SIM_PACKAGES.has(e.to));
    expect(outside.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('every part of src has a layer', () => {
    const parts = new Set(localFiles(ROOT, ['src']).map(partOf));
    expect([...parts].filter((p) => LAYERS[p] === undefined)).toEqual([]);
  });

  it('nothing imports a higher layer: ui/game → app/node → store/replay/save/pack → llm → sim/io', () => {
    const upward = src.filter((e) => e.to.startsWith('src/') && (LAYERS[partOf(e.to)] ?? 0) > (LAYERS[partOf(e.from)] ?? 0));
    expect(upward.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('no two folders of src/sim import each other, however indirectly (types included)', () => {
    // A shared type or helper lives in the lower folder (CONTRIBUTING.md, "House rules").
    expect(cycleEdges(simFolderEdges(src))).toEqual([]);
  });

  it('finds a cycle between folders of src/sim that no two files make alone', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });
    const folders = simFolderEdges([edge('src/sim/a/x.ts', 'src/sim/b/y.ts'), edge('src/sim/b/z.ts', 'src/sim/c.ts', true), edge('src/sim/c.ts', 'src/sim/a/w.ts'), edge('src/sim/a/x.ts', 'src/sim/a/w.ts'), edge('src/sim/c.ts', 'src/sim/d/v.ts')]);
    expect(cycleEdges(folders)).toEqual(['src/sim/a → src/sim/b', 'src/sim/b → src/sim/c.ts', 'src/sim/c.ts → src/sim/a']);
  });

  it('Phaser is imported only by src/game and the entry point', () => {
    const phaser = src.filter((e) => e.to === 'phaser' || e.to.startsWith('phaser/'));
    expect(phaser.length).toBeGreaterThan(0);
    expect(phaser.filter((e) => !e.from.startsWith('src/game/') && e.from !== 'src/main.ts').map((e) => e.from)).toEqual([]);
  });

  it('the view never holds the Simulation: src/ui, src/game and main.ts neither name it nor read a town\'s .sim', () => {
    // The page's town is a LiveTown (src/app/liveTown.ts): commands, the store and the read model.
    const code = (path: string) => readFileSync(join(ROOT, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    const view = localFiles(ROOT, ['src']).filter((f) => f.startsWith('src/ui/') || f.startsWith('src/game/') || f === 'src/main.ts');
    expect(view.length).toBeGreaterThan(20);
    expect(view.filter((f) => /\bSimulation\b|\.sim\b/.test(code(f)))).toEqual([]);
  });

  it('has no import cycle in src, scripts or tests', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('finds a cycle when there is one, type-only or not', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });
    expect(cyclesOf([edge('src/a.ts', 'src/b.ts'), edge('src/b.ts', 'src/c.ts', true), edge('src/c.ts', 'src/a.ts'), edge('src/c.ts', 'src/d.ts')])).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
    expect(cyclesOf([edge('src/a.ts', 'src/a.ts')])).toEqual([['src/a.ts']]);
    expect(cyclesOf([edge('src/a.ts', 'src/b.ts'), edge('src/b.ts', 'zod')])).toEqual([]);
  });

  it('finds an export nothing imports (the unused-exports check in npm test)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hamlet-exports-'));
    try {
      for (const d of ['src/a', 'tests', 'scripts']) mkdirSync(join(dir, d), { recursive: true });
      writeFileSync(join(dir, 'src/a/lib.ts'), 'export const used = 1;\nexport function dead(): void {}\nexport type Shape = { x: number };\nexport interface Kept { y: number }\n');
      writeFileSync(join(dir, 'src/a/ns.ts'), 'export const viaNamespace = 2;\nexport const notViaNamespace = 3;\n');
      writeFileSync(join(dir, 'src/main.ts'), "import { used, type Kept } from './a/lib';\nimport * as ns from './a/ns';\nconsole.log(used, ns.viaNamespace);\nexport type { Kept };\n");
      writeFileSync(join(dir, 'tests/t.ts'), "import type { Shape } from '../src/a/lib';\n");
      expect(unusedExports(dir).map((e) => `${e.file}:${e.line} ${e.name}`)).toEqual(['src/a/lib.ts:2 dead', 'src/a/ns.ts:2 notViaNamespace', 'src/main.ts:4 Kept']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

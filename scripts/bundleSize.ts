/**
 * The page's JavaScript as a first visit meets it (issue 32: first load at most 450 KB gzip). The first
 * load is what the page runs before the town shows: the entry chunk and the chunks it imports
 * statically. A worker script that code starts (the town's simulation) is fetched alongside and counted
 * apart; lazy chunks (dynamic import(), loaded on first use) are listed with what they hold. Prints
 * figures; the budget itself is asserted by tests/browser/bundle.test.ts on the browser tests' build.
 *
 *   npm run size              a production build into a temporary folder, then its report
 *   npm run size -- --json    the same as JSON
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The first-load budget in gzip bytes (kB as Vite prints them: 1,000 bytes). */
export const FIRST_LOAD_BUDGET = 450_000;

/** Where chunkGraph() writes the chunk graph, inside the build's folder. */
const GRAPH_FILE = '.vite/chunks.json';

interface ChunkNode {
  file: string;
  entry: boolean;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** Modules in the chunk (root-relative paths) with their rendered length, largest first. */
  modules: [string, number][];
}

/** A Vite plugin writing the build's chunk graph (which chunk holds which modules, and imports which) beside it. */
export function chunkGraph(root = process.cwd()): Plugin {
  return {
    name: 'hamlet-chunk-graph',
    apply: 'build',
    generateBundle(_, bundle) {
      const nodes: ChunkNode[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk') {
          nodes.push({
            file: out.fileName,
            entry: out.isEntry,
            imports: out.imports,
            dynamicImports: out.dynamicImports,
            css: [...(out.viteMetadata?.importedCss ?? [])],
            modules: Object.entries(out.modules)
              .map(([id, m]): [string, number] => [relativeId(id, root), m.renderedLength])
              .sort((a, b) => b[1] - a[1]),
          });
        } else if (out.fileName.endsWith('.js')) {
          // A worker's script, built on its own and emitted as an asset.
          nodes.push({ file: out.fileName, entry: false, imports: [], dynamicImports: [], css: [], modules: [] });
        }
      }
      this.emitFile({ type: 'asset', fileName: GRAPH_FILE, source: JSON.stringify(nodes) });
    },
  };
}

function relativeId(id: string, root: string): string {
  const clean = id.replace(/\0/g, '').replace(/\\/g, '/');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) return clean.slice(nm);
  const r = root.replace(/\\/g, '/') + '/';
  return clean.startsWith(r) ? clean.slice(r.length) : clean;
}

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
  /** Root-relative module paths in the chunk, largest first (empty for a worker's script). */
  modules: string[];
  /** What it holds, by package or source folder, largest first. */
  holds: string[];
}

export interface BundleReport {
  /** The entry chunk and its static imports, largest first. */
  firstLoad: ChunkSize[];
  firstLoadGzip: number;
  firstLoadCss: ChunkSize[];
  /** Worker scripts the first load starts (fetched with the page, run off its thread). */
  workers: ChunkSize[];
  lazy: ChunkSize[];
}

/** The first-load and lazy JavaScript of a build made with chunkGraph() in `dist`. */
export function bundleReport(dist: string): BundleReport {
  let nodes: ChunkNode[];
  try {
    nodes = JSON.parse(readFileSync(join(dist, GRAPH_FILE), 'utf8')) as ChunkNode[];
  } catch (err) {
    throw new Error(`${join(dist, GRAPH_FILE)}: no chunk graph (build with the chunkGraph() plugin of scripts/bundleSize.ts): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const byFile = new Map(nodes.map((n) => [n.file, n]));
  const first = new Set<string>();
  const visit = (file: string) => {
    if (first.has(file)) return;
    first.add(file);
    for (const i of byFile.get(file)?.imports ?? []) visit(i);
  };
  for (const n of nodes) if (n.entry) visit(n.file);
  // A worker script named by first-load code starts with the page (one named only by a lazy chunk is lazy).
  const firstCode = [...first].map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
  const workers = new Set(nodes.filter((n) => n.modules.length === 0 && firstCode.includes(n.file.split('/').pop()!)).map((n) => n.file));
  const size = (file: string, modules: [string, number][]): ChunkSize => {
    const data = readFileSync(join(dist, file));
    return { file, bytes: data.length, gzip: gzipSync(data).length, modules: modules.map(([m]) => m), holds: holdings(modules) };
  };
  const firstLoad = nodes.filter((n) => first.has(n.file)).map((n) => size(n.file, n.modules)).sort((a, b) => b.gzip - a.gzip);
  const css = [...new Set(nodes.filter((n) => first.has(n.file)).flatMap((n) => n.css))];
  return {
    firstLoad,
    firstLoadGzip: firstLoad.reduce((s, c) => s + c.gzip, 0),
    firstLoadCss: css.map((f) => size(f, [])),
    workers: [...workers].map((f) => size(f, [])),
    lazy: nodes.filter((n) => !first.has(n.file) && !workers.has(n.file)).map((n) => size(n.file, n.modules)).sort((a, b) => b.gzip - a.gzip),
  };
}

/** A module's package (node_modules/@scope/name → @scope/name) or source folder (src/llm/offline/x.ts → src/llm). */
function groupOf(path: string): string {
  if (path.startsWith('node_modules/')) {
    const parts = path.slice('node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return path.split('/').slice(0, 2).join('/');
}

function holdings(modules: [string, number][]): string[] {
  const groups = new Map<string, number>();
  for (const [m, n] of modules) groups.set(groupOf(m), (groups.get(groupOf(m)) ?? 0) + n);
  const total = [...groups.values()].reduce((a, b) => a + b, 0) || 1;
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .filter(([, n], i) => i < 4 && n / total >= 0.03)
    .map(([g, n]) => `${g} ${Math.round((100 * n) / total)}%`);
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function printReport(r: BundleReport): void {
  const row = (c: ChunkSize) => `  ${c.file.padEnd(44)} ${kb(c.bytes).padStart(11)} ${kb(c.gzip).padStart(10)} gzip  ${c.holds.join(' · ')}`;
  const ok = r.firstLoadGzip <= FIRST_LOAD_BUDGET;
  console.log(`First load (before the town shows): ${r.firstLoad.length} JavaScript files, ${kb(r.firstLoadGzip)} gzip (${kb(r.firstLoad.reduce((s, c) => s + c.bytes, 0))} raw); budget ${kb(FIRST_LOAD_BUDGET)}: ${ok ? 'met' : 'OVER'}`);
  for (const c of r.firstLoad) console.log(row(c));
  for (const c of r.firstLoadCss) console.log(row(c));
  if (r.workers.length > 0) {
    const w = r.workers.reduce((s, c) => s + c.gzip, 0);
    console.log(`Workers the page starts (fetched alongside): ${kb(w)} gzip; page and workers together ${kb(r.firstLoadGzip + w)}`);
    for (const c of r.workers) console.log(row(c));
  }
  console.log(`Lazy chunks (loaded on first use): ${r.lazy.length}, ${kb(r.lazy.reduce((s, c) => s + c.gzip, 0))} gzip in all`);
  for (const c of r.lazy) console.log(row(c));
}

async function main(): Promise<void> {
  const { build } = await import('vite');
  const root = resolve(import.meta.dirname, '..');
  const outDir = mkdtempSync(join(tmpdir(), 'hamlet-size-'));
  try {
    await build({ root, logLevel: 'error', plugins: [chunkGraph(root)], build: { outDir, emptyOutDir: true } });
    const report = bundleReport(outDir);
    if (process.argv.includes('--json')) console.log(JSON.stringify(report, (k, v: unknown) => (k === 'modules' ? undefined : v), 2));
    else printReport(report);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();

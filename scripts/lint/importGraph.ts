import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import of a module: what it names, and whether only types are imported. */
export interface ImportEdge {
  from: string;
  /** Repository-relative path of a local module, or the bare package name. */
  to: string;
  typeOnly: boolean;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The repository-relative path a relative specifier names, or the bare package name. */
export function resolveSpecifier(root: string, fromFile: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return resolveLocal(root, join(root, fromFile), spec);
}

/** Every TypeScript module under `dirs`, repository-relative. */
export function localFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) => filesUnder(join(root, dir)).map((f) => relative(root, f)));
}

function resolveLocal(root: string, fromFile: string, spec: string): string {
  const base = resolve(dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return relative(root, candidate);
    } catch {
      // try the next form
    }
  }
  return relative(root, base);
}

/** Every import of every TypeScript module under `dirs` (relative to `root`), static and dynamic. */
export function importGraph(root: string, dirs: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const dir of dirs) {
    for (const file of filesUnder(join(root, dir))) {
      const text = readFileSync(file, 'utf8');
      const from = relative(root, file);
      const add = (spec: string, typeOnly: boolean) => edges.push({ from, to: spec.startsWith('.') ? resolveLocal(root, file, spec) : spec, typeOnly });
      for (const m of text.matchAll(IMPORT)) add(m[3]!, m[2] !== undefined);
      for (const m of text.matchAll(DYNAMIC)) add(m[1]!, false);
    }
  }
  return edges;
}

/** The cycles among local modules (each as a path that returns to its start), one per strongly connected component. */
export function cyclesOf(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!e.to.startsWith('src/') && !e.to.startsWith('tests/') && !e.to.startsWith('scripts/')) continue;
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  // Tarjan's strongly connected components; every component of more than one module is a cycle.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || next.get(v)?.has(v)) components.push(comp.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!idx.has(v)) visit(v);
  return components;
}

/**
 * The edges that lie on a cycle among local modules ("a → b" with a and b in the same strongly
 * connected component), sorted: what has to go for the graph to have no cycle.
 */
export function cycleEdges(edges: readonly ImportEdge[]): string[] {
  const component = new Map<string, number>();
  cyclesOf(edges).forEach((members, i) => members.forEach((m) => component.set(m, i)));
  const out = new Set<string>();
  for (const e of edges) {
    const c = component.get(e.from);
    if (c !== undefined && component.get(e.to) === c && e.from !== e.to) out.add(`${e.from} → ${e.to}`);
  }
  return [...out].sort();
}

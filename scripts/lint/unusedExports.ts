/**
 * `npm test`'s unused-exports check: every name a module under src/ exports must be imported by
 * another module (in src, scripts, tests or vite.config.ts), or the `export` is dead and should go (with the code,
 * if nothing in its own file uses it either). Type exports count like values. Run:
 * `npx tsx scripts/lint/unusedExports.ts`; exit status 1 lists each unused export as file:line name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { localFiles, resolveSpecifier } from './importGraph';

interface Export {
  file: string;
  line: number;
  name: string;
}

const DECLARED = /^export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LIST = /^export\s+(?:type\s+)?\{([^}]*)\}(\s*from\s*['"][^'"]+['"])?/gm;
const NAMED_IMPORT = /\b(?:import|export)\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const NAMESPACE_IMPORT = /\bimport\s+\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s*['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\{([^{}]*)\}\s*=\s*await\s+import\(\s*['"]([^'"]+)['"]\s*\)/g;
const STAR_REEXPORT = /^export\s+\*\s+from\s*['"]([^'"]+)['"]/gm;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
/** "a, type b, c as d" → the imported (original) names: a, b, c. */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim())
    .filter(Boolean);

export function unusedExports(root: string): Export[] {
  // The Vite config imports from src too (the dev proxy).
  const files = [...localFiles(root, ['src', 'scripts', 'tests']), ...['vite.config.ts'].filter((f) => existsSync(join(root, f)))];
  const exported: Export[] = [];
  const used = new Map<string, Set<string>>();
  const use = (file: string, name: string) => {
    if (!used.has(file)) used.set(file, new Set());
    used.get(file)!.add(name);
  };
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (file.startsWith('src/')) {
      for (const m of text.matchAll(DECLARED)) exported.push({ file, line: lineOf(text, m.index), name: m[1]! });
      for (const m of text.matchAll(LIST)) if (!m[2]) for (const name of namesIn(m[1]!)) exported.push({ file, line: lineOf(text, m.index), name });
    }
    for (const m of text.matchAll(NAMED_IMPORT)) for (const name of namesIn(m[1]!)) use(resolveSpecifier(root, file, m[2]!), name);
    for (const m of text.matchAll(DYNAMIC_IMPORT)) for (const name of namesIn(m[1]!.replace(/:\s*[\w$]+/g, ''))) use(resolveSpecifier(root, file, m[2]!), name);
    for (const m of text.matchAll(STAR_REEXPORT)) use(resolveSpecifier(root, file, m[1]!), '*');
    for (const m of text.matchAll(NAMESPACE_IMPORT)) {
      // `ns.name` counts as importing `name`.
      const target = resolveSpecifier(root, file, m[2]!);
      for (const u of text.matchAll(new RegExp(`\\b${m[1]!}\\.([A-Za-z_$][\\w$]*)`, 'g'))) use(target, u[1]!);
    }
  }
  return exported.filter((e) => !used.get(e.file)?.has(e.name) && !used.get(e.file)?.has('*'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const unused = unusedExports(root);
  for (const e of unused) console.error(`${e.file}:${e.line} ${e.name} is exported but nothing imports it`);
  if (unused.length > 0) {
    console.error(`\n${unused.length} unused export${unused.length === 1 ? '' : 's'}: drop the export (and the code, if its own file does not use it).`);
    process.exit(1);
  }
  console.log('No unused exports.');
}

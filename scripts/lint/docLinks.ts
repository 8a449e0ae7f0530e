import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import GithubSlugger from 'github-slugger';

/**
 * Comments and docs point at sections of the project's own docs ("see docs/economy.md#the-snapshot");
 * these checks keep such pointers true. Section names are GitHub's heading anchors (github-slugger,
 * the same slugs GitHub renders), so a pointer that works here works on GitHub.
 */

/** One pointer that leads nowhere: where it is written, what it says, why it fails. */
export interface BrokenLink {
  file: string;
  line: number;
  link: string;
  problem: string;
}

const CODE_EXT = /\.(ts|mts|mjs|js|css|html)$/;

function filesUnder(root: string, dir: string, keep: (path: string) => boolean): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  const out: string[] = [];
  for (const name of readdirSync(abs)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const rel = join(dir, name);
    if (statSync(join(root, rel)).isDirectory()) out.push(...filesUnder(root, rel, keep));
    else if (keep(rel)) out.push(rel);
  }
  return out;
}

/** A heading's text as GitHub renders it before slugging: code, links and emphasis reduced to their words. */
function headingText(raw: string): string {
  return raw
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();
}

/** The anchors of a markdown file's headings (outside fenced code), with GitHub's -1, -2 … for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slugger.slug(headingText(heading[1]!)));
  }
  return anchors;
}

function checkLink(root: string, file: string, line: number, target: string, anchor: string | undefined, cache: Map<string, Set<string> | null>): BrokenLink | null {
  const link = anchor === undefined ? target : `${target}#${anchor}`;
  let anchors = cache.get(target);
  if (anchors === undefined) {
    const abs = join(root, target);
    anchors = existsSync(abs) && statSync(abs).isFile() ? anchorsOf(readFileSync(abs, 'utf8')) : null;
    cache.set(target, anchors);
  }
  if (anchors === null) return { file, line, link, problem: `no file ${target}` };
  if (anchor !== undefined && !anchors.has(anchor)) return { file, line, link, problem: `${target} has no section whose anchor is #${anchor}` };
  return null;
}

/**
 * Every pointer into the docs that leads nowhere: `docs/<name>.md[#section]` written in src, tests
 * and scripts, and relative markdown links `](<path>.md#section)` in docs/, README.md and
 * CONTRIBUTING.md (a link within the same file included).
 */
export function brokenDocLinks(root: string): BrokenLink[] {
  const cache = new Map<string, Set<string> | null>();
  const broken: BrokenLink[] = [];
  const code = ['src', 'tests', 'scripts'].flatMap((d) => filesUnder(root, d, (p) => CODE_EXT.test(p)));
  for (const file of code) {
    readFileSync(join(root, file), 'utf8').split('\n').forEach((text, i) => {
      for (const m of text.matchAll(/(?<![\w/.-])(docs\/[\w-]+\.md)(?:#([\w-]+))?/g)) {
        const bad = checkLink(root, file, i + 1, m[1]!, m[2], cache);
        if (bad) broken.push(bad);
      }
    });
  }
  const docs = [...filesUnder(root, 'docs', (p) => p.endsWith('.md')), 'README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(root, f)));
  for (const file of docs) {
    readFileSync(join(root, file), 'utf8').split('\n').forEach((text, i) => {
      for (const m of text.matchAll(/\]\((?!\w+:)([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g)) {
        if (m[1] === undefined && m[2] === undefined) continue;
        const target = m[1] === undefined ? file : normalize(relative(root, join(root, dirname(file), m[1])));
        const bad = checkLink(root, file, i + 1, target, m[2], cache);
        if (bad) broken.push(bad);
      }
    });
  }
  return broken;
}

/** Citations of the seed documents (in code and prompt templates), which are not in the repository: the docs say what they require. */
export function seedCitations(root: string): { file: string; line: number; text: string }[] {
  const found: { file: string; line: number; text: string }[] = [];
  const files = ['src', 'tests', 'scripts'].flatMap((d) => filesUnder(root, d, (p) => CODE_EXT.test(p))).concat(filesUnder(root, 'prompts', (p) => p.endsWith('.txt')));
  for (const file of files) {
    readFileSync(join(root, file), 'utf8').split('\n').forEach((text, i) => {
      if (/\bseeds?\s*0{2}[0-4]\b|\b0{2}[0-4]\s*§/i.test(text)) found.push({ file, line: i + 1, text: text.trim() });
    });
  }
  return found;
}

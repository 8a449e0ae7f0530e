import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenDocLinks, seedCitations } from '../../scripts/lint/docLinks';

/**
 * Comments say where a rule is written down by pointing at a section of our docs
 * ("docs/economy.md#the-snapshot"); a renamed heading or a deleted doc must not leave them pointing
 * nowhere, and nothing cites the seed documents, which are not in the repository.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hamlet-doclinks-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('pointers into the docs', () => {
  it('every docs/…md#section in src, tests, scripts and every .md link in the docs leads to a heading', () => {
    expect(brokenDocLinks(ROOT).map((b) => `${b.file}:${b.line} ${b.link}: ${b.problem}`)).toEqual([]);
  });

  it('no comment cites the seed documents', () => {
    expect(seedCitations(ROOT).map((c) => `${c.file}:${c.line} ${c.text}`)).toEqual([]);
  });

  it('slugs headings as GitHub does: code, punctuation, case, repeats, not inside fenced code', () => {
    const anchors = anchorsOf(['# The plan module, rule by rule', '## Scenes (`src/sim/actions/scenes.ts`)', '### Fault table', '### Fault table', '```', '# not a heading', '```', '## What a **week** looks like — 7 days', '#nospace'].join('\n'));
    expect([...anchors].sort()).toEqual(['fault-table', 'fault-table-1', 'scenes-srcsimactionsscenests', 'the-plan-module-rule-by-rule', 'what-a-week-looks-like--7-days']);
  });

  it('finds a missing doc, a missing section and a stale link in a doc; a good one passes', () => {
    const D = 'docs/'; // built, so this file holds no pointer of its own
    const dir = tree({
      [`${D}economy.md`]: '# Economy\n\n## The snapshot\n\nSee [faults](#faults), [the snapshot](#the-snapshot), [plans](plan.md#long-term).\n',
      'src/sim/pulse.ts': `// ${D}economy.md#the-snapshot is fine\n// ${D}economy.md#the-snap is not\n/** ${D}gone.md */\n`,
      'tests/a.test.ts': `const url = 'https://example.com/${D}economy.md#nothing';\n`,
    });
    try {
      expect(brokenDocLinks(dir).map((b) => `${b.file}:${b.line} ${b.link}`)).toEqual([
        `src/sim/pulse.ts:2 ${D}economy.md#the-snap`,
        `src/sim/pulse.ts:3 ${D}gone.md`,
        `${D}economy.md:5 ${D}economy.md#faults`,
        `${D}economy.md:5 ${D}plan.md#long-term`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds a seed citation however it is written', () => {
    const cite = (n: string) => ['seed', n].join(' ');
    const dir = tree({
      'src/a.ts': `// ${cite('004')}: the last 10\n// random seed 7\n`,
      'tests/b.test.ts': `// ${cite('000').toUpperCase()} §4\n// Seeds ${'00'}1 too\n`,
      'scripts/c.ts': `// ${'00'}3 § 2\n// 1000 residents\n`,
      'prompts/p.txt': `# purpose: ${cite('004')}'s town simulator\n`,
    });
    try {
      expect(seedCitations(dir).map((c) => `${c.file}:${c.line}`).sort()).toEqual(['prompts/p.txt:1', 'scripts/c.ts:1', 'src/a.ts:1', 'tests/b.test.ts:1', 'tests/b.test.ts:2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleReport, FIRST_LOAD_BUDGET } from '../../scripts/bundleSize';
import { builtApp } from './harness';

// Weighs the browser tests' one production build (buildOnce.ts writes its chunk graph beside it):
// sizes, not time. `npm run size` prints the same figures.
describe('the first load of the page', () => {
  const report = bundleReport(builtApp());
  const firstModules = report.firstLoad.flatMap((c) => c.modules);

  it(`is at most ${FIRST_LOAD_BUDGET / 1000} kB gzip: the entry chunk and every chunk it imports statically`, () => {
    expect(report.firstLoad.length).toBeGreaterThan(0);
    expect(report.firstLoadGzip, report.firstLoad.map((c) => `${c.file} ${c.gzip}`).join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });

  it('draws with the custom Phaser build, not the whole of Phaser', () => {
    expect(firstModules.some((m) => m.startsWith('node_modules/phaser/src/'))).toBe(true);
    // (Tilemaps borrow two small collision helpers from Arcade physics; the physics systems stay out.)
    expect(firstModules.filter((m) => /^node_modules\/phaser\/(dist\/|src\/(physics\/matter-js\/|physics\/arcade\/(ArcadePhysics|World)\.js|sound\/|gameobjects\/particles\/))/.test(m))).toEqual([]);
  });

  it('leaves the model client out: the openai SDK, src/llm/client.ts and the LLM brain come in a lazy chunk', () => {
    // The graph names modules by their paths (so an absent one is absent, not misnamed).
    expect(firstModules).toContain('src/main.ts');
    expect(firstModules.filter((m) => /^node_modules\/openai\/|^src\/llm\/(client|llmBrain|promptsBrowser)\.ts$/.test(m))).toEqual([]);
  });

  it('leaves out the offline talk’s language models until the first chat', () => {
    expect(firstModules.filter((m) => /^node_modules\/(@nlpjs|compromise|chrono-node)\//.test(m))).toEqual([]);
  });

  it('starts the town’s worker without the model client and the language models: it loads them on first use', () => {
    expect(report.workers).toHaveLength(1);
    const read = (file: string) => readFileSync(join(builtApp(), file), 'utf8');
    const script = read(report.workers[0]!.file);
    // The worker is built on its own (no chunk graph): the openai SDK's request headers and compromise's name mark them.
    const client = (code: string) => code.includes('X-Stainless');
    const language = (code: string) => code.includes('compromise');
    expect(client(script)).toBe(false);
    expect(language(script)).toBe(false);
    // The chunks it imports when first used hold them.
    const lazy = [...script.matchAll(/import\([`"']\.\/([^`"']+)[`"']\)/g)].map((m) => read(join('assets', m[1]!)));
    expect(lazy.some(client)).toBe(true);
    expect(lazy.some(language)).toBe(true);
  });
});

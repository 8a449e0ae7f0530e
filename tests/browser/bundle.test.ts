import { describe, expect, it } from 'vitest';
import { bundleReport } from '../../scripts/bundleSize';
import { builtApp } from './harness';

// Weighs the browser tests' one production build (buildOnce.ts writes its chunk graph beside it):
// sizes, not time. `npm run size` prints the same figures.
describe('the first load of the page', () => {
  const report = bundleReport(builtApp());
  const firstModules = report.firstLoad.flatMap((c) => c.modules);

  it('leaves the model client out: the openai SDK, src/llm/client.ts and the LLM brain come in a lazy chunk', () => {
    expect(firstModules.filter((m) => /^node_modules\/openai\/|^src\/llm\/(client|llmBrain|promptsBrowser)\.ts$/.test(m))).toEqual([]);
    const lazy = report.lazy.flatMap((c) => c.modules);
    expect(lazy).toContain('src/llm/client.ts');
    expect(lazy.some((m) => m.startsWith('node_modules/openai/'))).toBe(true);
  });

  it('leaves out the offline talk’s language models until the first chat', () => {
    expect(firstModules.filter((m) => /^node_modules\/(@nlpjs|compromise|chrono-node)\//.test(m))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const COGNITION = fileURLToPath(new URL('../../src/sim/cognition', import.meta.url));

describe('call plans as strategy objects', () => {
  it('cognition asks sim.calls and never tests which call plan is on (docs/call-plans.md)', () => {
    const files = readdirSync(COGNITION).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const tests = files.flatMap((f) =>
      readFileSync(join(COGNITION, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${f}:${i + 1}`, line }))
        .filter(({ line }) => /\bcallPlan\b\s*(===|!==|==|!=)|['"](packed|faithful)['"]\s*(===|!==)|\.callPlan\b/.test(line)),
    );
    expect(tests.map((t) => `${t.where} ${t.line.trim()}`)).toEqual([]);
    // The verbs are asked: planning, actions, conversations, poignancy and reflection all go through sim.calls.
    const asked = files.flatMap((f) => [...readFileSync(join(COGNITION, f), 'utf8').matchAll(/sim\.calls\.(\w+)/g)].map((m) => m[1]));
    expect(new Set(asked)).toEqual(new Set(['planDay', 'reviseIdentity', 'preparedSubtasks', 'detailAction', 'quickStart', 'openConversation', 'decideToReact', 'replanAroundChat', 'remember', 'scoreDue', 'focalStatement', 'insights']));
  });
});

import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { fail, list, parseWith, stripPeriod, text } from '../reply';
import type { Insight } from '../types';
import { anyInsights, objects, SENTENCE, str } from './shared';

export const insights = call<[statements: string[], n: number], Insight[]>()({
  prompt: 'insights',
  maxTokens: LONG_ANSWER,
  reply: z.object({ insights: z.array(z.object({ insight: str(SENTENCE, 'an insight'), evidence: z.array(z.number().int()).describe('the numbers of the statements it rests on') })).min(1) }),
  fromReply: (o, _ctx, statements, n) => {
    const items = list(o, 'insights');
    if (items.length === 0) fail('give at least one insight');
    return objects(items.slice(0, n), 'insight', '{"insight": …, "evidence": […]}').map((item, i): Insight => {
      // "(because of 1, 5, 3)" belongs in "evidence", not in the sentence.
      const insight = stripPeriod(text(item, 'insight', SENTENCE).replace(/\s*\(because of[^)]*\)\s*$/i, ''));
      const evidence = list(item, 'evidence');
      if (evidence.length === 0) fail(`insight ${i + 1} cites no statements: give the numbers of the statements it rests on`);
      for (const e of evidence) {
        if (typeof e !== 'number' || !Number.isInteger(e) || e < 1 || e > statements.length) {
          fail(`insight ${i + 1} cites statement ${JSON.stringify(e)}, but only ${statements.length} statements were given: use numbers 1 to ${statements.length}`);
        }
      }
      return { insight, evidence: [...new Set(evidence as number[])] };
    });
  },
  // Evidence must point at statements that were actually given.
  accept: (v, _ctx, statements, n) =>
    parseWith(anyInsights, v)
      .slice(0, n)
      .map((i) => ({ ...i, evidence: i.evidence.filter((e) => e >= 1 && e <= statements.length) })),
  fallback: () => [],
});

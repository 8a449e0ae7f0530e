/**
 * A reflection's insights for all its focal points at once (evidence: 1-based indexes into each focal point's statements).
 *
 * A reflection's insights for each focal point, evidence within that focal point's statements.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { at } from '../../checked';
import { fail, list, parseWith, stripPeriod, text } from '../reply';
import type { FocalEvidence, Insight } from '../types';
import { anyInsights, numberRanges, objects, SENTENCE, sharedStatements, str } from './shared';

export const reflectionInsights = call<[groups: FocalEvidence[], n: number], Insight[][]>()({
  prompt: 'reflection_insights',
  maxTokens: SHORT_ANSWER,
  shortSystemLine: true,
  reply: z.object({
    questions: z
      .array(z.object({ insights: z.array(z.object({ insight: str(SENTENCE, 'an insight'), evidence: z.array(z.number().int()).describe("the numbers of the question's statements it rests on") })) }))
      .min(1)
      .max(5),
  }),
  fromReply: (o, _ctx, groups, n) => {
    const shared = sharedStatements(groups);
    const qs = objects(list(o, 'questions'), 'question', '{"insights": […]}');
    if (qs.length !== groups.length) fail(`give exactly ${groups.length} entries in "questions", one per question in order; got ${qs.length}`);
    return qs.map((q, k) =>
      objects(list(q, 'insights').slice(0, n), `question ${k + 1} insight`, '{"insight": …, "evidence": […]}').map((item, i): Insight => {
        // The prompt numbers the statements of all questions once (`sharedStatements`); evidence is
        // cited by those numbers and must be among the question's own, answered as its own indexes.
        const own = at(shared.members, k, 'question statements');
        const insight = stripPeriod(stripPeriod(text(item, 'insight', SENTENCE)).replace(/\s*\(because of[^)]*\)\s*$/i, ''));
        const evidence = list(item, 'evidence');
        if (evidence.length === 0) fail(`question ${k + 1} insight ${i + 1} cites no statements: give the numbers of the statements it rests on`);
        const local = evidence.map((e) => {
          const at = typeof e === 'number' ? own.indexOf(e) : -1;
          return at >= 0 ? at + 1 : fail(`question ${k + 1} insight ${i + 1} cites statement ${JSON.stringify(e)}, which is not one of that question's statements (${numberRanges(own)})`);
        });
        return { insight, evidence: [...new Set(local)] };
      }),
    );
  },
  accept: (v, _ctx, groups, n) => {
    const lists = parseWith(z.array(anyInsights), v);
    if (lists.length !== groups.length) fail(`${lists.length} lists of insights for ${groups.length} focal points`);
    return lists.map((l, k) => {
      const count = at(groups, k, 'focal point').statements.length;
      return l.slice(0, n).map((i) => ({ ...i, evidence: i.evidence.filter((e) => e >= 1 && e <= count) }));
    });
  },
  // insights' default for each: nothing learned.
  fallback: (_ctx, groups) => groups.map(() => []),
});

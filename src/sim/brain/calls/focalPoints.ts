import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { fail, parseWith, textList } from '../reply';
import { SENTENCE, str, trimmed } from './shared';

const anyQuestions = z.array(trimmed(SENTENCE)).min(1);

export const focalPoints = call<[statements: string[], n: number], string[]>()({
  prompt: 'focal_points',
  maxTokens: LONG_ANSWER,
  leadsOn: true,
  reply: z.object({ questions: z.array(str(SENTENCE, 'a question')).min(1) }),
  fromReply: (o, _ctx, _statements, n) => {
    const qs = textList(o, 'questions', 'question', SENTENCE);
    if (qs.length < n) fail(`give exactly ${n} questions, got ${qs.length}`);
    return qs.slice(0, n);
  },
  accept: (v, _ctx, _statements, n) => parseWith(anyQuestions, v).slice(0, n),
  fallback: (_ctx, statements, n) => statements.slice(-n),
});

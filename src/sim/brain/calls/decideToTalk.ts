import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { parseWith } from '../reply';
import type { Persona } from '../../persona/persona';
import type { ConceptNode } from '../../persona/memory';
import { SENTENCE, str } from './shared';

export const decideToTalk = call<[target: Persona, memories: ConceptNode[]], boolean>()({
  prompt: 'decide_to_talk',
  maxTokens: SHORT_ANSWER,
  reply: z.object({ reason: str(SENTENCE, 'one sentence'), answer: z.enum(['yes', 'no']) }),
  fromReply: (o) => o.answer === 'yes',
  accept: (v) => parseWith(z.boolean(), v),
  fallback: () => false,
});

import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { parseWith } from '../reply';
import type { ReactChoice } from '../types';
import type { Persona } from '../../persona/persona';
import type { ConceptNode } from '../../persona/memory';
import { SENTENCE, str } from './shared';

const react = z.literal([1, 2]);

export const decideToReact = call<[target: Persona, memories: ConceptNode[]], ReactChoice>()({
  prompt: 'decide_to_react',
  maxTokens: SHORT_ANSWER,
  reply: z.object({ reason: str(SENTENCE, 'one sentence'), option: react.describe('1 to wait, 2 to carry on') }),
  fromReply: (o) => o.option as ReactChoice,
  accept: (v) => parseWith(react, v),
  fallback: () => 2,
});

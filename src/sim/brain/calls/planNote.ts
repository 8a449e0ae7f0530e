/**
 * New day, revise_identity: what to remember when planning today (first person), from recent memories.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { text } from '../reply';
import { PARAGRAPH, sameText, str } from './shared';

export const planNote = call<[statements: string[]], string>()({
  prompt: 'revise_identity_plan_note',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ note: str(PARAGRAPH, 'a few sentences in the first person') }),
  fromReply: (o) => text(o, 'note', PARAGRAPH),
  accept: sameText(PARAGRAPH),
  fallback: () => '',
});

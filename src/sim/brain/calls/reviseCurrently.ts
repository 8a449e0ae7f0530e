/**
 * New day, revise_identity: today's "currently" (third person), from yesterday's and the notes.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { text } from '../reply';
import { PARAGRAPH, sameText, str } from './shared';

export const reviseCurrently = call<[planNote: string, thoughtNote: string], string>()({
  prompt: 'revise_identity_currently',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ currently: str(PARAGRAPH, 'a short paragraph in the third person') }),
  fromReply: (o) => text(o, 'currently', PARAGRAPH),
  accept: sameText(PARAGRAPH),
  // Yesterday's status.
  fallback: ({ persona }) => persona.currently,
});

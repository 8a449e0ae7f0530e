/**
 * New day, revise_identity: today's "currently" (third person), from yesterday's and the notes.
 */
import { call, SHORT_ANSWER } from '../call';
import { paragraphAnswer } from './shared';

export const reviseCurrently = call<[planNote: string, thoughtNote: string], string>()({
  prompt: 'revise_identity_currently',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  ...paragraphAnswer('currently', 'a short paragraph in the third person'),
  // Yesterday's status.
  fallback: ({ persona }) => persona.currently,
});

/**
 * New day, revise_identity: how the persona has been feeling (first person).
 */
import { call, SHORT_ANSWER } from '../call';
import { paragraphAnswer } from './shared';

export const thoughtNote = call<[statements: string[]], string>()({
  prompt: 'revise_identity_thought_note',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  ...paragraphAnswer('note', 'a few sentences in the first person'),
  fallback: () => '',
});

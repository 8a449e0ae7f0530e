/**
 * New day, revise_identity: what to remember when planning today (first person), from recent memories.
 */
import { call, SHORT_ANSWER } from '../call';
import { paragraphAnswer } from './shared';

export const planNote = call<[statements: string[]], string>()({
  prompt: 'revise_identity_plan_note',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  ...paragraphAnswer('note', 'a few sentences in the first person'),
  fallback: () => '',
});

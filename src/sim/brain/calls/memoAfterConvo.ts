/**
 * After a conversation: what was interesting in it, in the first person.
 */
import { call, SHORT_ANSWER } from '../call';
import type { Persona } from '../../persona/persona';
import type { ChatLine } from '../../persona/memory';
import { paragraphAnswer } from './shared';

export const memoAfterConvo = call<[other: Persona, convo: ChatLine[]], string>()({
  prompt: 'memo_after_convo',
  maxTokens: SHORT_ANSWER,
  ...paragraphAnswer('thought', "one sentence from the persona's perspective"),
  fallback: () => '',
});

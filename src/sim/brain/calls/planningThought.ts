/**
 * After a conversation: what to remember for planning, in the first person (an appointment, a promise …).
 */
import { call, SHORT_ANSWER } from '../call';
import type { Persona } from '../../persona/persona';
import type { ChatLine } from '../../persona/memory';
import { paragraphAnswer } from './shared';

export const planningThought = call<[other: Persona, convo: ChatLine[]], string>()({
  prompt: 'planning_thought_after_convo',
  maxTokens: SHORT_ANSWER,
  ...paragraphAnswer('thought', "one sentence from the persona's perspective"),
  // Nothing to remember: no thought is stored.
  fallback: () => '',
});

/**
 * After a conversation: what was interesting in it, in the first person.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { text } from '../reply';
import type { Persona } from '../../persona/persona';
import type { ChatLine } from '../../persona/memory';
import { PARAGRAPH, sameText, str } from './shared';

export const memoAfterConvo = call<[other: Persona, convo: ChatLine[]], string>()({
  prompt: 'memo_after_convo',
  maxTokens: SHORT_ANSWER,
  reply: z.object({ thought: str(PARAGRAPH, "one sentence from the persona's perspective") }),
  fromReply: (o) => text(o, 'thought', PARAGRAPH),
  accept: sameText(PARAGRAPH),
  fallback: () => '',
});

/**
 * Answer an interviewer's question in character, from the memories given (the interview changes nothing).
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { INTERVIEW_FALLBACK } from '../fallbacks';
import { text, unquote } from '../reply';
import type { ChatLine, ConceptNode } from '../../persona/memory';
import { PARAGRAPH, sameText, str } from './shared';

export const interview = call<[question: string, memories: ConceptNode[], transcript: ChatLine[]], string>()({
  prompt: 'interview',
  maxTokens: LONG_ANSWER,
  reply: z.object({ answer: str(PARAGRAPH, 'what the persona says') }),
  fromReply: (o) => unquote(text(o, 'answer', PARAGRAPH)),
  accept: sameText(PARAGRAPH),
  fallback: () => INTERVIEW_FALLBACK,
});

/**
 * 1 (mundane) … 10 (extremely poignant).
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { parseWith } from '../reply';
import { rating } from './shared';

export const poignancy = call<[kind: 'event' | 'chat' | 'thought', description: string], number>()({
  // A template per kind of memory, with the same variables.
  prompt: 'poignancy_event',
  prompts: ['poignancy_event', 'poignancy_chat', 'poignancy_thought'],
  promptFor: (kind) => {
    if (kind === 'event' || kind === 'chat' || kind === 'thought') return `poignancy_${kind}`;
    throw new Error(`poignancy: unknown kind ${JSON.stringify(kind)} (event, chat or thought)`);
  },
  maxTokens: SHORT_ANSWER,
  reply: z.object({ rating }),
  fromReply: (o) => o.rating as number,
  accept: (v) => parseWith(rating, v),
  fallback: () => 4,
});

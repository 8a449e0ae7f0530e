/**
 * 1–10 for each memory, in order.
 *
 * One whole 1–10 per memory, in order.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { fail, list, parseWith } from '../reply';
import type { MemoryToRate } from '../types';
import { rating } from './shared';

const RATINGS_MAX = 64;

export const poignancies = call<[memories: MemoryToRate[]], number[]>()({
  prompt: 'poignancies',
  maxTokens: SHORT_ANSWER,
  shortSystemLine: true,
  reply: z.object({ ratings: z.array(rating).min(1).max(RATINGS_MAX) }),
  fromReply: (o, _ctx, memories) => {
    const ratings = list(o, 'ratings');
    if (ratings.length !== memories.length) fail(`give exactly ${memories.length} ratings, one per memory in order; got ${ratings.length}`);
    return ratings as number[];
  },
  accept: (v, _ctx, memories) => {
    const ratings = parseWith(z.array(rating), v);
    if (ratings.length !== memories.length) fail(`${ratings.length} ratings for ${memories.length} memories`);
    return ratings;
  },
  // poignancy's default for each.
  fallback: (_ctx, memories) => memories.map(() => 4),
  unasked: (_ctx, memories) => (memories.length === 0 ? [] : undefined),
});

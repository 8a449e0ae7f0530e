/**
 * The persona's diary entry for today, in the first person: what it did, whom it talked with and
 * what is on its mind, from today's memories (cognition/diary.ts). Asked on demand, like an
 * interview: nothing is remembered or changed, and no ordinary step asks it.
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { text, unquote } from '../reply';
import type { ConceptNode } from '../../persona/memory';
import { PARAGRAPH, sameText, str } from './shared';

/** What the diary says when no brain could write it: plain, rather than an invented day. */
const DIARY_FALLBACK = "I'm too tired to write much today.";

export const diaryEntry = call<[memories: ConceptNode[]], string>()({
  prompt: 'diary_entry',
  maxTokens: LONG_ANSWER,
  reply: z.object({ entry: str(PARAGRAPH, 'three to six sentences in the first person') }),
  fromReply: (o) => unquote(text(o, 'entry', PARAGRAPH)),
  accept: sameText(PARAGRAPH),
  fallback: () => DIARY_FALLBACK,
  // Nothing remembered yet today (just woken, or a new town): nothing to ask.
  unasked: (_ctx, memories) => (memories.length === 0 ? 'Nothing to write about yet today.' : undefined),
});

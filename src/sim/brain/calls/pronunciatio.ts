/**
 * The emoji shown over the persona's head.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { FALLBACK_EMOJI } from '../fallbacks';
import { emojiOnly, parseWith, text } from '../reply';
import { anyEmoji, EMOJI_UNITS, str } from './shared';

export const pronunciatio = call<[action: string], string>()({
  prompt: 'pronunciatio',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ emoji: str(64, '1 to 3 emoji, no letters') }),
  fromReply: (o) => emojiOnly(text(o, 'emoji', 64), EMOJI_UNITS),
  accept: (v) => parseWith(anyEmoji, v),
  fallback: () => FALLBACK_EMOJI,
});

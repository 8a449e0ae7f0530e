/**
 * A whisper ("You want to …", the player as the persona's inner voice) as a third-person statement.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { thirdPerson } from '../fallbacks';
import { text } from '../reply';
import { PARAGRAPH, sameText, str } from './shared';

export const whisperInnerThought = call<[whisper: string], string>()({
  prompt: 'whisper_inner_thought',
  maxTokens: SHORT_ANSWER,
  reply: z.object({ statement: str(PARAGRAPH, 'one sentence about the persona in the third person') }),
  fromReply: (o) => text(o, 'statement', PARAGRAPH),
  accept: sameText(PARAGRAPH),
  // The whisper itself, turned to the third person.
  fallback: ({ persona }, whisper) => thirdPerson(whisper, persona),
});

/**
 * A whisper ("You want to …", the player as the persona's inner voice) as a third-person statement.
 */
import { call, SHORT_ANSWER } from '../call';
import { thirdPerson } from '../fallbacks';
import { paragraphAnswer } from './shared';

export const whisperInnerThought = call<[whisper: string], string>()({
  prompt: 'whisper_inner_thought',
  maxTokens: SHORT_ANSWER,
  ...paragraphAnswer('statement', 'one sentence about the persona in the third person'),
  // The whisper itself, turned to the third person.
  fallback: ({ persona }, whisper) => thirdPerson(whisper, persona),
});

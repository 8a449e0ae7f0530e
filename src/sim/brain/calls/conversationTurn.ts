import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { escapeRegExp, fail, parseWith, text, unquote, yesNo } from '../reply';
import type { ConversationTurn, ConversationTurnInput } from '../types';
import { SENTENCE, str, trimmed } from './shared';

const anyTurn = z.object({ line: trimmed(SENTENCE), end: z.boolean() });

export const conversationTurn = call<[input: ConversationTurnInput], ConversationTurn>()({
  prompt: 'conversation_turn',
  maxTokens: LONG_ANSWER,
  reply: z.object({ line: str(SENTENCE, 'what the speaker says'), end: z.boolean().describe('true if this line ends the conversation') }),
  fromReply: (o, { persona }) => {
    // Drop a "Name:" the model may have put in front of the line.
    const unnamed = text(o, 'line', SENTENCE).replace(new RegExp(`^(${escapeRegExp(persona.name)}|${escapeRegExp(persona.firstName)})\\s*:\\s*`), '');
    const line = unquote(unnamed);
    if (!line) fail('"line" must not be empty');
    return { line, end: yesNo(o.end, 'end') };
  },
  accept: (v) => parseWith(anyTurn, v),
  fallback: () => ({ line: 'Anyway, I should get going. See you later!', end: true }),
});

import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { fail, stripPeriod, text } from '../reply';
import type { ChatLine } from '../../persona/memory';
import { sameText, SENTENCE, str } from './shared';

export const summarizeConversation = call<[convo: ChatLine[]], string>()({
  prompt: 'summarize_conversation',
  maxTokens: SHORT_ANSWER,
  reply: z.object({ about: str(300, 'short phrase completing "This is a conversation about …"') }),
  fromReply: (o) => {
    const about = stripPeriod(text(o, 'about', 300).replace(/^(this is\s+)?(a\s+)?(conversation|conversing)\s+about\s+|^about\s+/i, ''));
    if (!about) fail('"about" must say what the conversation was about');
    return `conversing about ${about}`;
  },
  accept: sameText(SENTENCE),
  fallback: ({ persona }, convo) => `conversing with ${[...new Set(convo.map((l) => l.speaker).filter((s) => s !== persona.name))].join(' and ') || 'a neighbour'}`,
});

import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { fallbackSector } from '../fallbacks';
import { member, pickOption } from '../reply';
import { str, TARGET } from './shared';

export const actionSector = call<[action: string, options: string[]], string>()({
  prompt: 'action_sector',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ sector: str(TARGET, 'exactly one of the options') }),
  fromReply: (o, _ctx, _action, options) => pickOption(o.sector, options),
  accept: (v, _ctx, _action, options) => member(v, options),
  fallback: ({ persona }, _action, options) => fallbackSector(persona, options),
});

import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { RANDOM_OBJECT } from '../../world/actionAddress';
import { member, pickOption } from '../reply';
import { str, TARGET } from './shared';

export const actionArena = call<[action: string, sector: string, options: string[]], string>()({
  prompt: 'action_arena',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ arena: str(TARGET, 'exactly one of the options') }),
  fromReply: (o, _ctx, _action, _sector, options) => pickOption(o.arena, options),
  accept: (v, _ctx, _action, _sector, options) => member(v, options),
  fallback: (_ctx, _action, _sector, options) => options[0] ?? RANDOM_OBJECT,
});

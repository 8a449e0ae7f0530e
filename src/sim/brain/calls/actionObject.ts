import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { RANDOM_OBJECT } from '../../world/actionAddress';
import { member, pickOption } from '../reply';
import { str, TARGET } from './shared';

export const actionObject = call<[action: string, arenaAddress: string, options: string[]], string>()({
  prompt: 'action_object',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ object: str(TARGET, 'exactly one of the options') }),
  fromReply: (o, _ctx, _action, _arena, options) => pickOption(o.object, options),
  accept: (v, _ctx, _action, _arena, options) => member(v, options),
  fallback: () => RANDOM_OBJECT,
  unasked: (_ctx, _action, _arena, options) => (options.length === 0 ? RANDOM_OBJECT : undefined),
});

import { call, SHORT_ANSWER } from '../call';
import { parseWith, tripleOf } from '../reply';
import type { Triple } from '../../world/events';
import { anyTriple, TRIPLE, tripleReply } from './shared';

export const actObjEventTriple = call<[object: string, objectDescription: string], Triple>()({
  prompt: 'act_obj_event_triple',
  maxTokens: SHORT_ANSWER,
  reply: tripleReply('the object'),
  fromReply: (o, _ctx, object) => tripleOf(o, object, TRIPLE),
  accept: (v, _ctx, object) => {
    const t = parseWith(anyTriple, v);
    return [object, t[1], t[2]] as Triple;
  },
  fallback: (_ctx, object) => [object, 'is', 'idle'],
});

import { call, SHORT_ANSWER } from '../call';
import { parseWith, tripleOf } from '../reply';
import type { Triple } from '../../world/events';
import { anyTriple, TRIPLE, tripleReply } from './shared';

export const eventTriple = call<[action: string], Triple>()({
  prompt: 'event_triple',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: tripleReply("the persona's name"),
  fromReply: (o, { persona }) => tripleOf(o, persona.name, TRIPLE),
  // The subject of a persona's own action is always the persona.
  accept: (v, { persona }) => {
    const t = parseWith(anyTriple, v);
    return [persona.name, t[1], t[2]] as Triple;
  },
  fallback: ({ persona }, action) => [persona.name, 'is', action],
});

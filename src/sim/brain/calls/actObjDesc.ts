import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { escapeRegExp, fail, stripPeriod, text } from '../reply';
import { sameText, SENTENCE, str } from './shared';

export const actObjDesc = call<[object: string, action: string], string>()({
  prompt: 'act_obj_desc',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ state: str(200, 'a few words completing "The <object> is …"') }),
  fromReply: (o, _ctx, object) => {
    const state = stripPeriod(text(o, 'state', 200).replace(new RegExp(`^(the\\s+)?${escapeRegExp(object)}\\s+(is\\s+)?`, 'i'), ''));
    if (!state) fail('"state" must describe the object\'s state in a few words, like "being slept in"');
    return `${object} is ${state}`;
  },
  accept: sameText(SENTENCE),
  fallback: (_ctx, object) => `${object} is being used`,
});

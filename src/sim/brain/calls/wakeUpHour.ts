import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { parseWith } from '../reply';
import { hour } from './shared';

export const wakeUpHour = call<[], number>()({
  prompt: 'wake_up_hour',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ hour }),
  fromReply: (o) => o.hour as number,
  accept: (v) => parseWith(hour, v),
  fallback: () => 8,
});

/**
 * One hour of the hourly schedule; `previous` are the activities already chosen for earlier hours.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { fail, lowerFirst, stripPeriod, text, withoutName } from '../reply';
import { ACTIVITY, sameText, str } from './shared';

export const hourlySchedule = call<[hour: number, previous: string[], attempt: number], string>()({
  prompt: 'hourly_schedule',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  reply: z.object({ activity: str(ACTIVITY, 'short lowercase phrase, or "sleeping"') }),
  fromReply: (o, { persona }) => {
    const raw = text(o, 'activity', ACTIVITY).replace(/^\[[^\]]*\]\s*/, '');
    const activity = lowerFirst(stripPeriod(withoutName(raw, persona)));
    return activity || fail('"activity" must not be empty');
  },
  accept: sameText(ACTIVITY),
  fallback: () => 'asleep',
});

/**
 * The first day's plan: broad items with times ("wake up and complete the morning routine at 6:00 am"); limits below.
 */
import { FALLBACK_DAILY_PLAN } from '../fallbacks';
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { parseWith, textList } from '../reply';
import { anyDailyPlan, DAILY_PLAN_ITEMS, PLAN_ITEM, planItem, str, timed } from './shared';

export const dailyPlan = call<[wakeUpHour: number], string[]>()({
  prompt: 'daily_planning',
  maxTokens: LONG_ANSWER,
  leadsOn: true,
  reply: z.object({ plan: z.array(str(PLAN_ITEM, 'an activity with its time')).min(DAILY_PLAN_ITEMS.min).max(DAILY_PLAN_ITEMS.max) }),
  fromReply: (o) => textList(o, 'plan', 'plan item', PLAN_ITEM).map(planItem),
  accept: (v) => timed(parseWith(anyDailyPlan, v)),
  fallback: () => [...FALLBACK_DAILY_PLAN],
});

/**
 * New day, revise_identity: today's daily plan requirement, items with times (PLAN_REQ_ITEMS in shared.ts).
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { splitPlanReq } from '../fallbacks';
import { parseWith, textList } from '../reply';
import { anyPlanReq, PLAN_ITEM, PLAN_REQ_ITEMS, planItem, str, timed } from './shared';

export const dailyPlanReq = call<[], string[]>()({
  prompt: 'revise_identity_daily_req',
  maxTokens: LONG_ANSWER,
  reply: z.object({ plan: z.array(str(PLAN_ITEM, 'an activity with its time')).min(PLAN_REQ_ITEMS.min).max(PLAN_REQ_ITEMS.max) }),
  fromReply: (o) => textList(o, 'plan', 'plan item', PLAN_ITEM).map(planItem),
  accept: (v) => timed(parseWith(anyPlanReq, v).slice(0, PLAN_REQ_ITEMS.max)),
  // Yesterday's requirement.
  fallback: ({ persona }) => splitPlanReq(persona.dailyPlanReq),
});

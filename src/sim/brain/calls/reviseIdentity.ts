/**
 * New day: revise_identity's four questions at once, from recent memories.
 *
 * revise_identity's four answers: two first-person notes ("" when nothing), today's status, 4–6 timed items.
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { splitPlanReq } from '../fallbacks';
import { parseWith, text, textList } from '../reply';
import type { IdentityRevision } from '../types';
import { anyPlanReq, PARAGRAPH, PLAN_ITEM, PLAN_REQ_ITEMS, planItem, str, timed, trimmed } from './shared';

const anyRevision = z.object({ planNote: z.string().trim().max(PARAGRAPH), thoughtNote: z.string().trim().max(PARAGRAPH), currently: trimmed(PARAGRAPH), dailyPlanReq: anyPlanReq });

export const reviseIdentity = call<[statements: string[]], IdentityRevision>()({
  prompt: 'revise_identity',
  maxTokens: SHORT_ANSWER,
  leadsOn: true,
  shortSystemLine: true,
  reply: z.object({
    plan_note: str(PARAGRAPH, 'first person; "" if nothing'),
    thought_note: str(PARAGRAPH, 'first person'),
    currently: str(PARAGRAPH, 'a short paragraph in the third person'),
    daily_plan_req: z.array(str(PLAN_ITEM, 'an activity with its time')).min(PLAN_REQ_ITEMS.min).max(PLAN_REQ_ITEMS.max),
  }),
  fromReply: (o) => ({
    planNote: typeof o.plan_note === 'string' ? o.plan_note.trim() : '',
    thoughtNote: typeof o.thought_note === 'string' ? o.thought_note.trim() : '',
    currently: text(o, 'currently', PARAGRAPH),
    dailyPlanReq: textList(o, 'daily_plan_req', 'plan item', PLAN_ITEM).map(planItem),
  }),
  accept: (v) => {
    const r = parseWith(anyRevision, v);
    return { ...r, dailyPlanReq: timed(r.dailyPlanReq.slice(0, PLAN_REQ_ITEMS.max)) } as IdentityRevision;
  },
  // Yesterday's status and requirement, no notes.
  fallback: ({ persona }) => ({ planNote: '', thoughtNote: '', currently: persona.currently, dailyPlanReq: splitPlanReq(persona.dailyPlanReq) }),
});

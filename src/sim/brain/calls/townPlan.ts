/**
 * The town director (docs/director.md#a-request-becomes-a-plan): a person's request as a plan whose steps are tagged "[Full Name]" (the call is made in the coordinator's name).
 *
 * A town plan; nothing usable falls back to an empty plan marked `fallback` (the director then uses docs/director.md#the-default-plan).
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { fail, list, parseWith, text } from '../reply';
import type { TownPlanInput, TownPlanReply } from '../types';
import { SENTENCE, str, trimmed } from './shared';

const TOWN_PLAN_STEPS = 20;

const anyTownPlan = z.object({ title: z.string().trim().max(200), steps: z.array(trimmed(SENTENCE)).min(1).max(TOWN_PLAN_STEPS) });

export const townPlan = call<[input: TownPlanInput], TownPlanReply>()({
  prompt: 'town_plan',
  maxTokens: LONG_ANSWER,
  temperature: 0.4,
  reply: z.object({
    title: str(200, 'a short title'),
    steps: z.array(str(SENTENCE, '"[Full Name] what that resident does, with place, date and time when it has them"')).min(1).max(TOWN_PLAN_STEPS),
  }),
  fromReply: (o) => {
    const title = text(o, 'title', 200);
    const steps = list(o, 'steps').map((st, i) => (typeof st === 'string' && st.trim() ? st.trim() : fail(`step ${i + 1} must be a non-empty string`)));
    return { title, steps };
  },
  accept: (v) => parseWith(anyTownPlan, v),
  fallback: () => ({ title: '', steps: [], fallback: true }),
});

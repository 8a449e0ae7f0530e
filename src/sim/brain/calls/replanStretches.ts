/**
 * new_decomp_schedule for several personas at once (both sides of a chat); one answer per stretch, in order.
 *
 * One re-planned stretch per persona, each as new_decomp_schedule's.
 */
import { call } from '../call';
import { z } from 'zod';
import { failSafeDecomp } from '../../persona/schedule';
import { at } from '../../checked';
import { fail, list, parseWith } from '../reply';
import type { StretchToReplan, SubTask } from '../types';
import { fitStretch, objects, replySubtasks, stretchReply } from './shared';

export const replanStretches = call<[stretches: StretchToReplan[]], SubTask[][]>()({
  prompt: 'replan_stretches',
  maxTokens: 1500,
  shortSystemLine: true,
  reply: z.object({ schedules: z.array(z.object({ schedule: replySubtasks('short lowercase phrase') })).min(1).max(4) }),
  fromReply: (o, _ctx, stretches) => {
    const items = objects(list(o, 'schedules'), 'schedule', '{"schedule": […]}');
    if (items.length !== stretches.length) fail(`give exactly ${stretches.length} entries in "schedules", one per person in order; got ${items.length}`);
    return items.map((e, k) => {
      const { persona, input } = at(stretches, k, 'stretch');
      return stretchReply(list(e, 'schedule'), persona, input, `person ${k + 1} (${persona.name}): `);
    });
  },
  accept: (v, _ctx, stretches) => {
    const lists = parseWith(z.array(z.unknown()), v);
    if (lists.length !== stretches.length) fail(`${lists.length} schedules for ${stretches.length} stretches`);
    return lists.map((l, k) => fitStretch(l, at(stretches, k, 'stretch').input));
  },
  // Smallville's fail-safe for each: what happened so far, then the rest of the plan.
  fallback: (_ctx, stretches) => stretches.map(({ input }) => failSafeDecomp(input.main, input.doneSoFar).map(([task, m]) => ({ task, minutes: m }))),
  unasked: (_ctx, stretches) => (stretches.length === 0 ? [] : undefined),
});

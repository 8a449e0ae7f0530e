/**
 * Re-plan a stretch of the day around an inserted action; the durations sum to the stretch's.
 *
 * A re-planned stretch: whole minutes that sum exactly to the stretch and that still contain the
 * inserted action; otherwise Smallville's fail-safe (what happened so far, then the rest of the plan).
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { failSafeDecomp, scheduleMinutes } from '../../persona/schedule';
import { list } from '../reply';
import type { NewDecompInput, SubTask } from '../types';
import { fitStretch, replySubtasks, stretchReply } from './shared';

export const newDecompSchedule = call<[input: NewDecompInput], SubTask[]>()({
  prompt: 'new_decomp_schedule',
  maxTokens: LONG_ANSWER,
  reply: z.object({ schedule: replySubtasks('short lowercase phrase') }),
  fromReply: (o, { persona }, input) => stretchReply(list(o, 'schedule'), persona, input, ''),
  accept: (v, _ctx, input) => fitStretch(v, input),
  fallback: (_ctx, input) => failSafeDecomp(input.main, input.doneSoFar).map(([task, m]) => ({ task, minutes: m })),
  unasked: (_ctx, input) => (scheduleMinutes(input.main) <= 0 ? failSafeDecomp(input.main, input.doneSoFar).map(([task, m]) => ({ task, minutes: m })) : undefined),
});

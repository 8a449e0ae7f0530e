/**
 * Break a task into subtasks in 5-minute increments.
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { repairDecomposition } from '../repair';
import { fail, list, parseWith } from '../reply';
import type { SubTask } from '../types';
import { ACTIVITY, anySubtasks, objects, replySubtasks, subtask } from './shared';

export const taskDecomp = call<[task: string, minutes: number], SubTask[]>()({
  prompt: 'task_decomp',
  maxTokens: LONG_ANSWER,
  reply: z.object({ subtasks: replySubtasks('short lowercase phrase') }),
  fromReply: (o, { persona }) => {
    const items = list(o, 'subtasks');
    if (items.length === 0) fail('give at least one subtask');
    return objects(items, 'subtask', '{"task": …, "minutes": …}').map((t, i) => subtask(t, i, ACTIVITY, persona, 'subtask'));
  },
  // A model's arithmetic is repaired, never trusted: 5-minute steps that fill the task exactly.
  accept: (v, _ctx, _task, total) => repairDecomposition(parseWith(anySubtasks, v), total),
  fallback: (_ctx, task, total) => [{ task, minutes: total }],
});

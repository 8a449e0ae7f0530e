/**
 * Wake-up hour, first daily plan and the whole hourly schedule (`attempt` > 0: a diversity retry).
 *
 * The wake-up hour, the day's plan, exactly 24 hourly activities, and subtasks for the day's waking activities.
 */
import { FALLBACK_DAILY_PLAN } from '../fallbacks';
import { call } from '../call';
import { z } from 'zod';
import { asText, fail, list, lowerFirst, type Obj, parseWith, stripPeriod, text, textList, withoutName } from '../reply';
import type { DayPlan } from '../types';
import { ACTIVITY, anyDailyPlan, anySubtasks, DAILY_PLAN_ITEMS, hour, objects, PLAN_ITEM, planItem, str, subtask, timed, trimmed } from './shared';

/** A subtask as a pair, `["kneading dough", 25]` (plan_day's compact answer). */
const taskPair = z
  .array(z.union([trimmed(ACTIVITY), z.number()]))
  .min(2)
  .max(2)
  .describe('[task, minutes]: a short lowercase phrase and a positive multiple of 5');

const pairTask = (t: unknown): Obj =>
  Array.isArray(t) && typeof t[0] === 'string' && typeof t[1] === 'number' ? { task: t[0], minutes: t[1] } : fail(`a subtask is a [task, minutes] pair like ["kneading dough", 25], got ${JSON.stringify(t)}`);

const anyDayPlan = z.object({
  wakeUpHour: hour,
  dailyPlan: anyDailyPlan,
  hourly: z.array(trimmed(ACTIVITY)).length(24),
  subtasks: z.array(z.object({ activity: trimmed(ACTIVITY), subtasks: anySubtasks })).max(24),
});

export const planDay = call<[attempt: number], DayPlan>()({
  prompt: 'plan_day',
  maxTokens: 2500,
  shortSystemLine: true,
  reply: z.object({
    wake_up_hour: hour,
    plan: z.array(str(PLAN_ITEM, 'an activity with its time')).min(DAILY_PLAN_ITEMS.min).max(DAILY_PLAN_ITEMS.max),
    hourly: z.array(str(ACTIVITY, 'short lowercase phrase, or "sleeping"')).min(24).max(24),
    // Each subtask as a [task, minutes] pair: a day's subtasks are about half of the answer, and the keys were a third of them.
    subtasks: z.array(z.object({ activity: str(ACTIVITY, 'one of the hourly activities'), subtasks: z.array(taskPair).min(1) })).max(24),
  }),
  fromReply: (o, { persona }) => {
    const hourly = list(o, 'hourly').map((h, i) => {
      const a = lowerFirst(stripPeriod(withoutName(asText(h, `hourly activity ${i + 1} (hour ${i})`, ACTIVITY).replace(/^\[[^\]]*\]\s*/, ''), persona)));
      return a || fail(`hourly activity ${i + 1} must not be empty`);
    });
    const subtasks = objects(list(o, 'subtasks'), 'subtasks entry', '{"activity": …, "subtasks": […]}').map((e, k) => {
      const activity = lowerFirst(stripPeriod(withoutName(text(e, 'activity', ACTIVITY), persona)));
      if (!hourly.includes(activity)) fail(`"subtasks" entry ${k + 1} is for "${activity}", which is not one of the hourly activities`);
      const subs = list(e, 'subtasks').map((t, i) => subtask(pairTask(t), i, ACTIVITY, persona, `subtask of "${activity}"`));
      if (subs.length === 0) fail(`"subtasks" entry ${k + 1} ("${activity}") lists no subtasks`);
      return { activity, subtasks: subs };
    });
    return { wakeUpHour: o.wake_up_hour as number, dailyPlan: textList(o, 'plan', 'plan item', PLAN_ITEM).map(planItem), hourly, subtasks };
  },
  accept: (v) => {
    const d = parseWith(anyDayPlan, v);
    timed(d.dailyPlan);
    // Subtasks are kept only for activities of the day.
    return { ...d, subtasks: d.subtasks.filter((e) => d.hourly.includes(e.activity)) } as DayPlan;
  },
  // The one-question calls' defaults: wake at 8, Smallville's fail-safe plan, asleep every hour.
  fallback: () => ({ wakeUpHour: 8, dailyPlan: [...FALLBACK_DAILY_PLAN], hourly: Array.from({ length: 24 }, (_, h) => (h < 8 ? 'sleeping' : 'asleep')), subtasks: [] }),
});

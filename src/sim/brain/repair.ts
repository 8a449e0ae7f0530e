import type { SubTask } from './types';
import { at } from '../checked';

/**
 * Make a decomposition fit its block: durations in 5-minute increments (at least 5) that sum
 * exactly to `total` minutes. A model's arithmetic is repaired, never trusted: tasks past the
 * end are dropped, the last one is stretched or trimmed to close the block.
 */
export function repairDecomposition(tasks: SubTask[], total: number): SubTask[] {
  const out: SubTask[] = [];
  let used = 0;
  for (const t of tasks) {
    if (used >= total) break;
    let m = Math.max(5, Math.round(t.minutes / 5) * 5);
    m = Math.min(m, total - used);
    if (m <= 0) break;
    out.push({ task: t.task, minutes: m });
    used += m;
  }
  if (out.length === 0) return [{ task: tasks[0]?.task ?? 'idle', minutes: total }];
  const last = at(out, out.length - 1, 'fitted subtasks');
  if (used < total) last.minutes += total - used;
  return out;
}

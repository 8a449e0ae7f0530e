import { registryModes } from '../sim/persona/agentState';
import type { BrainMode } from '../sim/persona/agentState';
import { parseCallPlan, type CallPlan } from '../sim/brain/callPlan';

/**
 * `?calls=packed|faithful` on the page: the call plan (docs/call-plans.md), for the offline brain and
 * any model chosen later, over the setting. Absent: null. Unreadable: null and a warning to show.
 */
export function callsParam(value: string | null): { plan: CallPlan | null; warning: string | null } {
  if (value === null || value.trim() === '') return { plan: null, warning: null };
  try {
    return { plan: parseCallPlan(value, '?calls='), warning: null };
  } catch (err) {
    return { plan: null, warning: (err as Error).message };
  }
}

/**
 * `?registry=` on the page: which personas use the registry brain (docs/action-registry.md).
 * A number N gives the last N personas in town order (as `npm run sim -- --registry N`); a
 * comma-separated list of persona ids names them; `all` gives everyone. Returns the modes and, for
 * anything it cannot read, a warning to show (unknown ids are named, nothing else is lost).
 */
export function registryParam(value: string | null, ids: readonly string[]): { modes: Record<string, BrainMode>; warning: string | null } {
  const none = registryModes(ids, 0);
  if (value === null || value.trim() === '') return { modes: none, warning: null };
  const v = value.trim();
  if (v === 'all') return { modes: registryModes(ids, ids.length), warning: null };
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    const warning = n > ids.length ? `?registry=${n}: the town has ${ids.length} personas, all use the registry brain` : null;
    return { modes: registryModes(ids, Math.min(n, ids.length)), warning };
  }
  const wanted = v.split(',').map((s) => s.trim()).filter(Boolean);
  const known = new Set(ids);
  const unknown = wanted.filter((id) => !known.has(id));
  const modes = { ...none };
  for (const id of wanted) if (known.has(id)) modes[id] = 'registry';
  return { modes, warning: unknown.length ? `?registry=: no persona ${unknown.map((u) => `"${u}"`).join(', ')} in this town (ids look like "${ids[0] ?? ''}")` : null };
}

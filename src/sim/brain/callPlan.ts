/**
 * How a town asks its brain (docs/call-plans.md):
 * - `faithful`: Smallville's call structure, one call per question (for reproducing the paper);
 * - `packed`: the same decisions in fewer, larger structured calls (the default on a model).
 * Both keep every rule of docs/plan-module.md; the offline brain answers both.
 */
export type CallPlan = 'packed' | 'faithful';

/** The plan when none is chosen: packed on a model, faithful on the offline brain (whose calls cost nothing, and whose runs replays reproduce). */
export function defaultCallPlan(onModel: boolean): CallPlan {
  return onModel ? 'packed' : 'faithful';
}

/** Read a plan name from a flag, a page parameter or a setting; `where` names it in the error. */
export function parseCallPlan(value: unknown, where: string): CallPlan {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (v === 'packed' || v === 'faithful') return v;
  throw new Error(`${where}: unknown call plan ${JSON.stringify(value)} (packed or faithful)`);
}

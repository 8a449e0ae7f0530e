/**
 * The paper's ablations (Park et al. 2023, §6.2) as switches on the town's cognition: each names the
 * modules a condition keeps. One place for them; cognition reads `sim.modules` where a module would
 * run. `full` keeps every module, and a town given no condition runs exactly as it always did.
 */
export interface CognitiveModules {
  /** Perception stores what a persona sees as event memories (off: it sees nothing new). */
  observation: boolean;
  /** Reflection turns recent memories into insights when their importance adds up. */
  reflection: boolean;
  /** A daily plan and an hourly schedule, decomposed into tasks (off: each hour's activity is asked from the moment). */
  planning: boolean;
}

export const CONDITIONS = ['full', 'no-reflection', 'no-planning', 'no-memory'] as const;
export type Condition = (typeof CONDITIONS)[number];

const MODULES: Record<Condition, CognitiveModules> = {
  full: { observation: true, reflection: true, planning: true },
  'no-reflection': { observation: true, reflection: false, planning: true },
  'no-planning': { observation: true, reflection: true, planning: false },
  // The paper's weakest condition: no observation, no reflection, no planning.
  'no-memory': { observation: false, reflection: false, planning: false },
};

export function modulesOf(condition: Condition): CognitiveModules {
  return { ...MODULES[condition] };
}

export const FULL_MODULES: Readonly<CognitiveModules> = MODULES.full;

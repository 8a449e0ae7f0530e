import { at } from '../checked';
/**
 * The town's planning tool (docs/director.md#the-planning-tool): plans with an id, a title and steps, each step
 * with a status and notes; commands create / update / list / get / set_active / mark_step / delete.
 * Pure state, no brain: the director (director.ts) decides what goes in; the inspector shows it.
 */

export type StepStatus = 'not_started' | 'in_progress' | 'completed' | 'blocked';
export const STEP_STATUSES: readonly StepStatus[] = ['not_started', 'in_progress', 'completed', 'blocked'];

interface PlanStep {
  /** The step as written, with its "[Name]" tag. */
  text: string;
  /** The persona id the tag names, or null when it names nobody in town. */
  assignee: string | null;
  status: StepStatus;
  notes: string;
}

export interface TownPlan {
  id: string;
  title: string;
  /** What the person asked for, as typed. */
  request: string;
  /** Game time the plan was made. */
  created: number;
  steps: PlanStep[];
  /** True when the brain gave no usable plan and the default one stands in. */
  fallback: boolean;
}

/** A mistake in a command: the message says what to do instead. */
export class PlanningError extends Error {}

export class PlanningTool {
  private readonly plans = new Map<string, TownPlan>();
  private active: string | null = null;

  /** A `plan_<timestamp>` id (docs/director.md#plan-ids), from the game clock (seconds); a second plan in the same second gets a suffix. */
  newId(now: number): string {
    const base = `plan_${Math.floor(now / 1000)}`;
    let id = base;
    for (let n = 2; this.plans.has(id); n++) id = `${base}_${n}`;
    return id;
  }

  create(plan: Omit<TownPlan, 'steps'> & { steps: Omit<PlanStep, 'status' | 'notes'>[] }): TownPlan {
    if (this.plans.has(plan.id)) throw new PlanningError(`A plan with id ${plan.id} already exists: use update, or another id`);
    if (!plan.title.trim()) throw new PlanningError('A plan needs a title');
    if (plan.steps.length === 0) throw new PlanningError('A plan needs at least one step');
    const made: TownPlan = { ...plan, steps: plan.steps.map((s) => ({ ...s, status: 'not_started', notes: '' })) };
    this.plans.set(made.id, made);
    this.active = made.id;
    return made;
  }

  /** New title and/or steps; steps whose text is unchanged keep their status and notes. */
  update(id: string, change: { title?: string; steps?: Omit<PlanStep, 'status' | 'notes'>[] }): TownPlan {
    const plan = this.get(id);
    if (change.title !== undefined) {
      if (!change.title.trim()) throw new PlanningError('A plan needs a title');
      plan.title = change.title;
    }
    if (change.steps) {
      if (change.steps.length === 0) throw new PlanningError('A plan needs at least one step');
      const old = new Map(plan.steps.map((s) => [s.text, s]));
      plan.steps = change.steps.map((s) => {
        const was = old.get(s.text);
        return was ? { ...s, status: was.status, notes: was.notes } : { ...s, status: 'not_started', notes: '' };
      });
    }
    return plan;
  }

  list(): TownPlan[] {
    return [...this.plans.values()];
  }

  get(id: string): TownPlan {
    const plan = this.plans.get(id);
    if (!plan) throw new PlanningError(`There is no plan ${JSON.stringify(id)}; the plans are: ${[...this.plans.keys()].join(', ') || 'none'}`);
    return plan;
  }

  setActive(id: string): void {
    this.get(id);
    this.active = id;
  }

  get activeId(): string | null {
    return this.active;
  }

  markStep(id: string, index: number, status: StepStatus, notes?: string): PlanStep {
    const plan = this.get(id);
    if (!Number.isInteger(index) || index < 0 || index >= plan.steps.length) throw new PlanningError(`Plan ${id} has steps 0–${plan.steps.length - 1}; there is no step ${index}`);
    if (!STEP_STATUSES.includes(status)) throw new PlanningError(`Unknown step status ${JSON.stringify(status)}: use one of ${STEP_STATUSES.join(', ')}`);
    const step = at(plan.steps, index, 'plan step');
    step.status = status;
    if (notes !== undefined) step.notes = notes;
    return step;
  }

  /** Every plan (in creation order) and the active one, for a snapshot. */
  state(): { plans: TownPlan[]; active: string | null } {
    return { plans: this.list(), active: this.active };
  }

  /** Replace every plan (a snapshot being restored; checked by directorState.ts). */
  load(s: { plans: TownPlan[]; active: string | null }): void {
    this.plans.clear();
    for (const p of s.plans) this.plans.set(p.id, p);
    this.active = s.active;
  }

  delete(id: string): void {
    this.get(id);
    this.plans.delete(id);
    if (this.active === id) this.active = null;
  }

  /** A plan as text (docs/director.md#the-planning-tool): title, progress, and each step with its status mark and notes. */
  format(id: string): string {
    const plan = this.get(id);
    const done = plan.steps.filter((s) => s.status === 'completed').length;
    const mark: Record<StepStatus, string> = { not_started: '[ ]', in_progress: '[→]', completed: '[✓]', blocked: '[!]' };
    const lines = [`Plan: ${plan.title} (ID: ${plan.id})`, `Progress: ${done}/${plan.steps.length} steps completed`, ''];
    plan.steps.forEach((s, i) => {
      lines.push(`${i}. ${mark[s.status]} ${s.text}`);
      if (s.notes) lines.push(`   Notes: ${s.notes}`);
    });
    return lines.join('\n');
  }
}

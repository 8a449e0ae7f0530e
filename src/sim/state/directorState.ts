import { z } from 'zod';
import { CommitmentSchema } from '../persona/commitment';
import { SnapshotError, type StateHolder } from './holder';
import { STEP_STATUSES, type TownPlan } from '../town/planningTool';
import type { StepWatch, TownEvent } from '../town/director';

/** The director's part of a snapshot: the planning tool's plans, the steps it follows, its counters. */

const text = (max: number) => z.string().max(max);

const PlanSchema = z.strictObject({
  id: z.string().min(1).max(100),
  title: text(2000),
  request: text(2000),
  /** Game ms. */
  created: z.number(),
  fallback: z.boolean(),
  steps: z
    .array(z.strictObject({ text: text(2000), assignee: z.string().max(200).nullable(), status: z.enum(STEP_STATUSES as [string, ...string[]]), notes: text(10_000) }))
    .min(1)
    .max(100),
});

const DirectorPartSchema = z.strictObject({
  plans: z.array(PlanSchema).max(10_000),
  active: z.string().max(100).nullable(),
  /** Steps followed: [plan id, step index, persona id, the commitment the step became]. */
  watched: z.array(z.strictObject({ plan: z.string().max(100), index: z.number().int().min(0), persona: z.string().max(200), commitment: CommitmentSchema })).max(100_000),
  fallbacks: z.number().int().min(0),
  /** Feed lines not handed out yet (empty between steps, kept for completeness). */
  events: z.array(z.strictObject({ time: z.number(), text: text(2000) })).max(10_000),
});
export type DirectorPart = z.infer<typeof DirectorPartSchema>;

export const directorHolder: StateHolder<DirectorPart> = {
  key: 'director',
  version: 1,
  schema: DirectorPartSchema,
  absent: () => ({ plans: [], active: null, watched: [], fallbacks: 0, events: [] }),
  write(sim) {
    const tool = sim.director.tool.state();
    const own = sim.director.state();
    return {
      plans: tool.plans.map((p) => ({ ...p, steps: p.steps.map((s) => ({ ...s })) })),
      active: tool.active,
      watched: own.watched.map((w) => ({ plan: w.planId, index: w.index, persona: w.persona.id, commitment: { ...w.commitment } })),
      fallbacks: own.fallbacks,
      events: own.events.map((e) => ({ ...e })),
    };
  },
  read(data, sim, ctx) {
    const byId = new Map<string, TownPlan>();
    for (const p of data.plans) {
      const where = `Town plan ${JSON.stringify(p.id)}`;
      if (byId.has(p.id)) throw new SnapshotError(`${where} appears twice`);
      ctx.time(p.created, `${where}'s creation time`);
      p.steps.forEach((s, i) => {
        if (s.assignee !== null && !sim.byId.has(s.assignee)) throw new SnapshotError(`${where}, step ${i + 1}, is for "${s.assignee}", who is not in this town`);
      });
      byId.set(p.id, { ...p, steps: p.steps.map((s) => ({ ...s, status: s.status as TownPlan['steps'][number]['status'] })) });
    }
    if (data.active !== null && !byId.has(data.active)) throw new SnapshotError(`The active town plan ${JSON.stringify(data.active)} is not among the plans`);
    const watched: StepWatch[] = data.watched.map((w, i) => {
      const plan = byId.get(w.plan);
      if (!plan) throw new SnapshotError(`Followed town-plan step ${i + 1} is of plan ${JSON.stringify(w.plan)}, which is not among the plans`);
      if (w.index >= plan.steps.length) throw new SnapshotError(`Followed town-plan step ${i + 1} is step ${w.index + 1} of plan ${JSON.stringify(w.plan)}, which has ${plan.steps.length}`);
      const persona = sim.byId.get(w.persona);
      if (!persona) throw new SnapshotError(`Followed town-plan step ${i + 1} is for "${w.persona}", who is not in this town`);
      return { planId: w.plan, index: w.index, persona, commitment: { ...w.commitment } };
    });
    const events: TownEvent[] = data.events.map((e) => ({ ...e }));
    return () => {
      sim.director.tool.load({ plans: [...byId.values()], active: data.active });
      sim.director.load({ watched, fallbacks: data.fallbacks, events });
    };
  },
};

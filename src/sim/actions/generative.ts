import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { resolvePlannerAction } from './resolve';
import { resolveScene } from './scenes';
import { hourOf } from '../clock';
import { actionWorldOf } from './validate';
import { confirmBegun } from './decide';
import { beganBy } from './proposers';

/**
 * The generative personas' side of the decision pipeline, run once per step after planning and
 * reactions: every action that began this step (the planner's next task, a chat, a wait) is read as
 * a proposal of a registered action (src/sim/actions/resolve.ts) and confirmed or replaced by the
 * pipeline (src/sim/actions/decide.ts confirmBegun), counted here. The schedule is left as planned.
 */
export function checkNewActions(sim: SimContext, personas: readonly Persona[]): void {
  const now = sim.clock.now;
  let w: ReturnType<typeof actionWorldOf> | null = null;
  for (const p of personas) {
    const s = p.scratch;
    // An action that began this step, or one an answer began between steps (asynchronous mode: a
    // continuation that read the clock of the step it was asked in) and no check has seen yet.
    const unchecked = s.actStartTime === now ? s.actionAt !== now : s.actStartTime !== null && s.actStartTime < now && (s.actionAt === null || s.actionAt < s.actStartTime);
    if (!s.actAddress || !unchecked) continue;
    w ??= actionWorldOf(sim);
    const words = s.actDescription;
    const resolved = resolvePlannerAction(w, p, words ?? '', s.actAddress);
    // A planned action is "go there and do it": its scene is that of the place it happens at.
    const scene = resolveScene(hourOf(now), p, resolved.place);
    p.agent.stats.decisions++;
    const by = beganBy(sim, p);
    const d = confirmBegun(sim, { persona: p, action: resolved.action, target: resolved.target, place: resolved.place, scene, proposer: by.proposer, reason: by.reason });
    if (d.ok) {
      p.agent.lastRejection = null;
      continue;
    }
    p.agent.stats.rejections++;
    p.agent.stats.defaults++;
    p.agent.lastRejection = `${words}: ${d.reason}`;
  }
}

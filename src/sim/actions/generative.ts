import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { addNewAction } from '../cognition/plan';
import { resolvePlannerAction } from './resolve';
import { resolveScene } from './scenes';
import { hourOf } from '../clock';
import { actionWorldOf, applyEffects, markAction, sceneDefault, validateProposal } from './validate';

/**
 * The generative personas' side of the action layer, run once per step after planning and
 * reactions: every action that started this step (the planner's next task, a chat, a wait) is
 * resolved to a registered action and validated (registered, allowed in the scene, precondition).
 * A valid one keeps the planner's description and applies the registered action's own state change
 * (the wallet: a check-in's wage, a purchase's price); an invalid one is replaced, for the rest of
 * its slot, by the scene default, counted. The planner's schedule itself is left as it was.
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
    const resolved = resolvePlannerAction(w, p, s.actDescription ?? '', s.actAddress);
    // A planned action is "go there and do it": its scene is that of the place it happens at.
    const scene = resolveScene(hourOf(now), p, resolved.place);
    p.agent.stats.decisions++;
    const v = validateProposal(w, p, scene, resolved, { cooldowns: false, place: resolved.place });
    if (v.ok) {
      const change = v.def.executor(w, p, v.call);
      markAction(p, v.def, v.call, now, 'plan', s.actDescription ?? v.def.description);
      applyEffects(sim, p, change, 'plan', s.actDescription ?? v.def.description);
      p.agent.lastRejection = null;
      continue;
    }
    p.agent.stats.rejections++;
    p.agent.stats.defaults++;
    p.agent.lastRejection = `${s.actDescription}: ${v.reason}`;
    const fallback = sceneDefault(w, p, scene);
    const change = fallback.def.executor(w, p, fallback.call);
    // The default fills the planned slot, so the rest of the schedule keeps its times.
    addNewAction(p, now, { address: change.address, duration: s.actDuration ?? change.minutes, description: change.description, pronunciatio: change.emoji, event: change.event });
    markAction(p, fallback.def, fallback.call, now, 'default', `instead of "${resolved.action}" (${v.reason})`);
    applyEffects(sim, p, change, 'default', `instead of "${resolved.action}"`);
  }
}

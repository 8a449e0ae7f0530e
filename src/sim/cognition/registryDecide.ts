import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ActionChoice } from '../brain/port';
import { formatAmPm, weekdayOf } from '../clock';
import { SCENES, sceneOf } from '../actions/scenes';
import { dayIndex, hereOf } from '../actions/places';
import { recentLines } from '../actions/shortTermMemory';
import { actionWorldOf, applyChange, availableOptions, sceneDefault, validateProposal, type Verdict } from '../actions/validate';
import type { ActionCall, ActionDef, ActionWorld, SceneId } from '../actions/types';

/** After a refused answer the brain is asked again with the reason at most this many times; then the scene default runs. */
export const MAX_DECISION_RETRIES = 2;
/** Lines others said to the persona that go into its decision context. */
export const HEARD_LINES = 3;

/** A decision that has been validated but not applied yet. */
export interface PendingDecision {
  persona: Persona;
  def: ActionDef;
  call: ActionCall;
  source: 'brain' | 'default';
  reason: string;
}

/** Does this registry persona need a new action now (none yet, or its current one is over)? */
export function needsDecision(sim: SimContext, p: Persona): boolean {
  return p.scratch.actCheckFinished(sim.clock.now);
}

/** What others said to the persona lately (from its conversation memories), newest last. */
export function heardLines(p: Persona, n = HEARD_LINES): string[] {
  const out: string[] = [];
  for (let i = p.memory.nodes.length - 1; i >= 0 && out.length < n; i--) {
    const node = p.memory.nodes[i]!;
    if (node.type !== 'chat') continue;
    for (let j = node.transcript.length - 1; j >= 0 && out.length < n; j--) {
      const line = node.transcript[j]!;
      if (line.speaker !== p.name) out.push(`${line.speaker}: ${line.text}`);
    }
  }
  return out.reverse();
}

function situationOf(w: ActionWorld, p: Persona, scene: SceneId): string {
  const here = hereOf(w, p);
  const where = here.sector ? `at ${here.sector}${here.arena ? ` (${here.arena})` : ''}` : 'out on the street';
  const s = p.scratch;
  const doing = s.actDescription ? `${p.firstName} was ${s.actDescription}.` : `${p.firstName} has just started the day.`;
  const job = p.spec.occupation ? `${p.firstName} works as ${p.spec.occupation.title} at ${p.spec.occupation.workplace} (${p.spec.occupation.days.join(', ')}, ${p.spec.occupation.start}–${p.spec.occupation.end})` : `${p.firstName} has no job`;
  const checked = p.agent.wallet.checkedInDay === dayIndex(w.now) ? 'has checked in at work today' : 'has not checked in at work today';
  return [
    `It is ${formatAmPm(w.now)} on ${weekdayOf(w.now)} (scene ${scene}: ${SCENES[scene].when}).`,
    `${p.firstName} is ${where}, lives at ${p.spec.household}. ${doing}`,
    `${job}; ${p.firstName} ${checked} and has ${p.agent.wallet.credits} credits.`,
  ].join('\n');
}

/**
 * The registry brain's decision (seed 002's tick): resolve the scene, list the allowed actions whose
 * preconditions hold, ask the brain for {action, target, reason} with short-term memory in the
 * context; validate the answer (registered, allowed, precondition, cooldown); if refused, ask again
 * with the reason at most MAX_DECISION_RETRIES times; then the scene default. One brain call per
 * decision when the answer is good. Nothing is applied here (see applyDecision), so decisions can be
 * taken concurrently against the same state.
 */
export async function decideAction(sim: SimContext, p: Persona): Promise<PendingDecision> {
  const w = actionWorldOf(sim);
  const scene = sceneOf(w, p);
  const options = availableOptions(w, p, scene);
  const fallback = sceneDefault(w, p, scene);
  const stats = p.agent.stats;
  stats.decisions++;
  const base = {
    scene,
    here: hereOf(w, p).sector,
    home: p.spec.household,
    situation: situationOf(w, p, scene),
    options,
    recent: recentLines(p.agent),
    heard: heardLines(p),
    fallback: fallback.def.id,
  };
  let rejection: string | null = null;
  for (let attempt = 0; attempt <= MAX_DECISION_RETRIES; attempt++) {
    if (attempt > 0) stats.retries++;
    const choice: ActionChoice = await sim.brain.chooseAction({ persona: p, now: w.now }, { ...base, rejection });
    // The guard already fell back (the brain failed or answered nothing usable): the scene default, counted there.
    if (choice.fallback) break;
    const v: Verdict = validateProposal(w, p, scene, { action: choice.action, target: choice.target }, { cooldowns: true });
    if (v.ok) {
      p.agent.lastRejection = null;
      return { persona: p, def: v.def, call: v.call, source: 'brain', reason: choice.reason.trim() || v.def.description };
    }
    stats.rejections++;
    rejection = `The previous answer (${JSON.stringify(choice.action.slice(0, 80))}${choice.target ? ` on ${JSON.stringify(choice.target.slice(0, 80))}` : ''}) was refused: ${v.reason}. Choose one of the listed actions.`;
    p.agent.lastRejection = rejection;
  }
  stats.defaults++;
  return { persona: p, def: fallback.def, call: fallback.call, source: 'default', reason: `scene default for ${scene}` };
}

/** Execute a decision: the registered executor's state change, applied. */
export function applyDecision(sim: SimContext, d: PendingDecision): void {
  const w = actionWorldOf(sim);
  // Re-check against the state now (an earlier decision this step may have changed it); if it no
  // longer holds, the scene default runs instead, counted.
  const scene = sceneOf(w, d.persona);
  const again = validateProposal(w, d.persona, scene, { action: d.def.id, target: d.call.target }, { cooldowns: false });
  if (!again.ok) {
    d.persona.agent.stats.defaults++;
    const f = sceneDefault(w, d.persona, scene);
    applyChange(sim, d.persona, f.def, f.call, f.def.executor(w, d.persona, f.call), 'default', `scene default (${again.reason})`);
    return;
  }
  applyChange(sim, d.persona, d.def, d.call, d.def.executor(w, d.persona, d.call), d.source, d.reason);
}

/** Registry personas due for a decision this step: decide concurrently, then apply in town order. */
export async function registryStep(sim: SimContext, personas: readonly Persona[]): Promise<void> {
  const due = personas.filter((p) => p.agent.mode === 'registry' && needsDecision(sim, p));
  if (due.length === 0) return;
  const decisions = await Promise.all(due.map((p) => decideAction(sim, p)));
  for (const d of decisions) applyDecision(sim, d);
}


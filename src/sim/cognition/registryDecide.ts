import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ActionChoice, DueCommitment } from '../brain/port';
import { formatAmPm, minuteOfDay, weekdayOf } from '../clock';
import { isExpired } from '../persona/memory';
import { commitmentTask, describeCommitment } from './commitments';
import type { Commitment } from '../persona/commitment';
import { SCENES, sceneOf } from '../actions/scenes';
import { dayIndex, hereOf } from '../actions/places';
import { recentLines } from '../actions/shortTermMemory';
import { actionWorldOf, availableOptions, registeredId, sceneDefault, validateProposal, type ActionOption, type Verdict } from '../actions/validate';
import { decide, logRefusal } from '../actions/decide';
import { REGISTRY } from '../actions/registry';
import type { ActionCall, ActionDef, ActionWorld } from '../actions/types';
import type { SceneId } from '../persona/actionIds';
import { at } from '../checked';

/** After a refused answer the brain is asked again with the reason at most this many times; then the scene default runs. */
export const MAX_DECISION_RETRIES = 2;
/** Lines others said to the persona that go into its decision context. */
const HEARD_LINES = 3;

/** A decision that has been validated but not applied yet. */
interface PendingDecision {
  persona: Persona;
  def: ActionDef;
  call: ActionCall;
  source: 'brain' | 'default';
  reason: string;
}

/** How long before a commitment starts a registry persona sets off for it (a walk across town). */
const COMMITMENT_LEAD_MINUTES = 30;
/** Whispered beliefs that go into a decision's context, newest first. */
const MIND_THOUGHTS = 3;

/** The commitment whose time has come now (from the lead before its start to its end), if any. */
export function dueCommitment(p: Persona, now: number): Commitment | null {
  const today = dayIndex(now);
  const m = minuteOfDay(now);
  return p.commitments.find((c) => c.day === today && m >= c.start - COMMITMENT_LEAD_MINUTES && m < c.start + c.minutes) ?? null;
}

function dueOf(c: Commitment | null): DueCommitment | null {
  if (!c) return null;
  return { event: c.event, sector: c.sector, host: c.host, when: `${formatAmPm(c.start * 60_000)}–${formatAmPm((c.start + c.minutes) * 60_000)}` };
}

/**
 * What is on the persona's mind, for its decision: what it was whispered (its inner voice, as it
 * believes it) and its timed plans from today on. A registry persona has no daily schedule to put
 * them in, so they go into every decision's context instead.
 */
function mindLines(p: Persona, now: number): string[] {
  const out: string[] = [];
  const today = dayIndex(now);
  const m = minuteOfDay(now);
  for (const c of p.commitments) {
    if (c.day < today || (c.day === today && c.start + c.minutes <= m)) continue;
    out.push(`Plan: ${commitmentTask(c)} — ${describeCommitment(c)} (${c.source === 'whisper' ? 'own idea' : `agreed with ${c.source}`}).`);
  }
  let thoughts = 0;
  for (let i = p.memory.nodes.length - 1; i >= 0 && thoughts < MIND_THOUGHTS; i--) {
    const n = at(p.memory.nodes, i, 'memory');
    if (n.type !== 'thought' || n.object !== 'a whisper' || isExpired(n, now)) continue;
    out.push(`Believes: ${n.description}`);
    thoughts++;
  }
  return out;
}

/** Is this proposal the walk to a due plan's place? */
function isDuePlanMove(due: Commitment | null, proposal: { action: string; target: string }): boolean {
  return due !== null && registeredId(proposal.action)?.id === 'GO_TO' && proposal.target.trim() === due.sector;
}

/**
 * The options, with the walk to a due plan's place among them whenever it is possible: that walk is
 * a plan kept, not a whim, so like the planner's schedule it is not held back by GO_TO's cooldown
 * (which is there to stop a chooser flip-flopping between places).
 */
function withDuePlanMove(w: ActionWorld, p: Persona, scene: SceneId, options: ActionOption[], due: Commitment | null): ActionOption[] {
  if (!due || hereOf(w, p).sector === due.sector) return options;
  if (!validateProposal(w, p, scene, { action: 'GO_TO', target: due.sector }, { cooldowns: false }).ok) return options;
  const goTo = options.find((o) => o.id === 'GO_TO');
  if (goTo) {
    if (!goTo.targets.includes(due.sector)) goTo.targets.unshift(due.sector);
    return options;
  }
  const def = REGISTRY.def('GO_TO');
  const option = { id: def.id, description: def.description, targets: [due.sector] };
  // Keep the list in the registry's order (highest priority first).
  const order: string[] = REGISTRY.all().map((d) => d.id);
  const at = options.findIndex((o) => order.indexOf(o.id) > order.indexOf(def.id));
  return at < 0 ? [...options, option] : [...options.slice(0, at), option, ...options.slice(at)];
}

/**
 * Does this registry persona need a new action now: none yet, its current one is over, or a
 * commitment has come due that it has not set off for (then the action in progress gives way,
 * unless it is in a conversation).
 */
function needsDecision(sim: SimContext, p: Persona): boolean {
  const now = sim.clock.now;
  if (p.scratch.actCheckFinished(now)) return true;
  const c = dueCommitment(p, now);
  return c !== null && c.scheduledOn !== dayIndex(now) && !p.scratch.chattingWith;
}

/** What others said to the persona lately (from its conversation memories), newest last. */
function heardLines(p: Persona, n = HEARD_LINES): string[] {
  const out: string[] = [];
  for (let i = p.memory.nodes.length - 1; i >= 0 && out.length < n; i--) {
    const node = at(p.memory.nodes, i, 'memory');
    if (node.type !== 'chat') continue;
    for (let j = node.transcript.length - 1; j >= 0 && out.length < n; j--) {
      const line = at(node.transcript, j, 'chat line');
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
 * The registry brain's decision (docs/action-registry.md#one-decision): resolve the scene, list the allowed actions whose
 * preconditions hold, ask the brain for {action, target, reason} with short-term memory in the
 * context; validate the answer (registered, allowed, precondition, cooldown); if refused, ask again
 * with the reason at most MAX_DECISION_RETRIES times; then the scene default. One brain call per
 * decision when the answer is good. Nothing is applied here (see applyDecision), so decisions can be
 * taken concurrently against the same state.
 */
export async function decideAction(sim: SimContext, p: Persona): Promise<PendingDecision> {
  const w = actionWorldOf(sim);
  const scene = sceneOf(w, p);
  const due = dueCommitment(p, w.now);
  // Taken up: a due commitment interrupts the action in progress once, not at every step.
  if (due) due.scheduledOn = dayIndex(w.now);
  const options = withDuePlanMove(w, p, scene, availableOptions(w, p, scene), due);
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
    mind: mindLines(p, w.now),
    due: dueOf(due),
    fallback: fallback.def.id,
  };
  let rejection: string | null = null;
  for (let attempt = 0; attempt <= MAX_DECISION_RETRIES; attempt++) {
    if (attempt > 0) stats.retries++;
    const choice: ActionChoice = await sim.brain.chooseAction({ persona: p, now: w.now }, { ...base, rejection });
    // The guard already fell back (the brain failed or answered nothing usable): the scene default, counted there.
    if (choice.fallback) break;
    const proposal = { action: choice.action, target: choice.target };
    const v: Verdict = validateProposal(w, p, scene, proposal, { cooldowns: !isDuePlanMove(due, proposal) });
    if (v.ok) {
      p.agent.lastRejection = null;
      return { persona: p, def: v.def, call: v.call, source: 'brain', reason: choice.reason.trim() || v.def.description };
    }
    stats.rejections++;
    logRefusal(p, w.now, 'registry', proposal, v.reason, choice.reason);
    rejection = `The previous answer (${JSON.stringify(choice.action.slice(0, 80))}${choice.target ? ` on ${JSON.stringify(choice.target.slice(0, 80))}` : ''}) was refused: ${v.reason}. Choose one of the listed actions.`;
    p.agent.lastRejection = rejection;
  }
  stats.defaults++;
  return { persona: p, def: fallback.def, call: fallback.call, source: 'default', reason: `scene default for ${scene}` };
}

/**
 * Hand a decision to the decision pipeline (src/sim/actions/decide.ts): checked again against the
 * state now (an earlier decision this step may have changed it) and run as decided; if it no longer
 * holds, the scene default runs instead, counted.
 */
export function applyDecision(sim: SimContext, d: PendingDecision): void {
  const p = d.persona;
  const proposal = { persona: p, action: d.def.id, target: d.call.target, proposer: 'registry' as const, reason: d.reason, asDefault: d.source === 'default' };
  const done = decide(sim, proposal, { asDecided: d.call, orDefault: (why) => `scene default (${why})` });
  if (!done.ok) p.agent.stats.defaults++;
}

/** Registry personas due for a decision this step: decide concurrently, then apply in town order. */
export async function registryStep(sim: SimContext, personas: readonly Persona[]): Promise<void> {
  const due = personas.filter((p) => p.agent.mode === 'registry' && needsDecision(sim, p));
  if (due.length === 0) return;
  const decisions = await Promise.all(due.map((p) => decideAction(sim, p)));
  for (const d of decisions) applyDecision(sim, d);
}


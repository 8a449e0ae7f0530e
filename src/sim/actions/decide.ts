import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { addNewAction } from '../persona/currentAction';
import { sceneOf } from './scenes';
import type { ActionCall, ActionDef, Place, StateChange } from './types';
import type { SceneId } from '../persona/actionIds';
import type { DecisionRecord } from '../persona/agentState';
import { logDecision, type Proposer } from './decisionLog';
import { actionWorldOf, applyChange, applyEffects, markAction, sceneDefault, validateProposal } from './validate';

/**
 * The one decision pipeline (docs/action-registry.md): whoever decides what a persona does next —
 * the planner, a reaction, the registry brain, the hourly pulse, the director's step, the player —
 * hands in a proposal; here it is validated against the registry and the scene, started or refused
 * with a reason, and logged with who proposed it and why (src/sim/actions/decisionLog.ts).
 */
interface Proposal {
  persona: Persona;
  /** A registered action id (a proposer's free text is refused, never run). */
  action: string;
  target: string;
  proposer: Proposer;
  reason: string;
  /** The proposer's own fallback (the registry brain gave nothing usable): started as the scene default. */
  asDefault?: boolean;
}

type Decision = { ok: true; def: ActionDef; call: ActionCall; change: StateChange } | { ok: false; reason: string };

/** How short-term memory (`agent.recent`, read back into the registry brain's prompt) names each proposer. */
const MEMORY_SOURCE: Record<Proposer, DecisionRecord['source']> = { planner: 'plan', reaction: 'plan', director: 'plan', registry: 'brain', pulse: 'pulse', player: 'player' };

interface StartOptions {
  /** The scene to validate in; default: the one where the persona stands now. */
  scene?: SceneId;
  /** Check cooldowns (a chooser picking again). The planner's schedule and the proposers' own rules are not subject to them. */
  cooldowns?: boolean;
  /** A refused proposal runs the scene default, with this reason; without it nothing starts and the proposer is told why. */
  orDefault?: (refusal: string) => string;
  /** The call as the proposer validated it when it decided (decisions taken concurrently, applied later): validated again, run as decided. */
  asDecided?: ActionCall;
}

/** Validate a proposal and start it (the executor's state change, applied), or refuse it: nothing else starts an action. */
export function decide(sim: SimContext, proposal: Proposal, opts: StartOptions = {}): Decision {
  const w = actionWorldOf(sim);
  const p = proposal.persona;
  const scene = opts.scene ?? sceneOf(w, p);
  const v = validateProposal(w, p, scene, proposal, { cooldowns: opts.cooldowns ?? false });
  const entry = { time: w.now, proposer: proposal.proposer, action: proposal.action, target: proposal.target, reason: proposal.reason };
  if (v.ok) {
    const call = opts.asDecided ?? v.call;
    const change = v.def.executor(w, p, call);
    applyChange(sim, p, v.def, call, change, proposal.asDefault ? 'default' : MEMORY_SOURCE[proposal.proposer], proposal.reason);
    logDecision(p, { ...entry, outcome: 'started', refusal: null, instead: null });
    return { ok: true, def: v.def, call, change };
  }
  if (!opts.orDefault) {
    logDecision(p, { ...entry, outcome: 'refused', refusal: v.reason, instead: null });
    return v;
  }
  const f = sceneDefault(w, p, scene);
  applyChange(sim, p, f.def, f.call, f.def.executor(w, p, f.call), 'default', opts.orDefault(v.reason));
  logDecision(p, { ...entry, outcome: 'refused', refusal: v.reason, instead: f.def.id });
  return v;
}

/**
 * An action its proposer has checked by rules of its own (the player's chat: talkProblem, the rules
 * personas talk by and standing next to them), started as the registered action it is and logged.
 */
export function startChecked(p: Persona, def: ActionDef, call: ActionCall, now: number, proposer: Proposer, reason: string): void {
  markAction(p, def, call, now, MEMORY_SOURCE[proposer], reason);
  logDecision(p, { time: now, proposer, action: def.id, target: call.target, reason, outcome: 'started', refusal: null, instead: null });
}

/** A refusal that happened before a proposal reached the pipeline (a chooser's answer refused while it was still choosing): logged the same way. */
export function logRefusal(p: Persona, now: number, proposer: Proposer, proposal: { action: string; target: string }, refusal: string, reason = ''): void {
  logDecision(p, { time: now, proposer, action: proposal.action, target: proposal.target, reason, outcome: 'refused', refusal, instead: null });
}

/**
 * The planner's and the reactions' proposals come already begun: Smallville's cognition writes the new
 * action (addNewAction) and the step checks every action begun this step once planning and reactions
 * are done (a reaction may replace the plan's action in the same step, and only the action that stands
 * is checked). Kept in that order so a run stays what it was. Valid: the action keeps its words and
 * runs as the registered action (its wallet change: a wage, a price). Refused: the scene default
 * fills the rest of the planned slot, so the schedule keeps its times.
 */
export function confirmBegun(sim: SimContext, proposal: Proposal & { place: Place; scene: SceneId }): Decision {
  const w = actionWorldOf(sim);
  const p = proposal.persona;
  const s = p.scratch;
  const now = w.now;
  const v = validateProposal(w, p, proposal.scene, proposal, { cooldowns: false, place: proposal.place });
  const entry = { time: now, proposer: proposal.proposer, action: proposal.action, target: proposal.target, reason: proposal.reason };
  if (v.ok) {
    const change = v.def.executor(w, p, v.call);
    const words = s.actDescription ?? v.def.description;
    // Short-term memory calls every begun action the plan's, whoever began it (what the prompts read back).
    markAction(p, v.def, v.call, now, 'plan', words);
    applyEffects(sim, p, change, 'plan', words);
    logDecision(p, { ...entry, outcome: 'started', refusal: null, instead: null });
    return { ok: true, def: v.def, call: v.call, change };
  }
  const fallback = sceneDefault(w, p, proposal.scene);
  const change = fallback.def.executor(w, p, fallback.call);
  addNewAction(p, now, { address: change.address, duration: s.actDuration ?? change.minutes, description: change.description, pronunciatio: change.emoji, event: change.event });
  markAction(p, fallback.def, fallback.call, now, 'default', `instead of "${proposal.action}" (${v.reason})`);
  applyEffects(sim, p, change, 'default', `instead of "${proposal.action}"`);
  logDecision(p, { ...entry, outcome: 'refused', refusal: v.reason, instead: fallback.def.id });
  return v;
}

import type { Persona } from '../persona/persona';
import type { SimContext } from '../context';
import { addNewAction } from '../persona/currentAction';
import { hereOf } from './places';
import { REGISTRY, placeFor } from './registry';
import { SCENES } from './scenes';
import { remember } from './shortTermMemory';
import type { ActionCall, ActionDef, ActionWorld, Place, StateChange } from './types';
import type { SceneId } from '../persona/actionIds';
import type { DecisionRecord } from '../persona/agentState';
import { objectOf, printAddress } from '../world/actionAddress';

/** What a brain (or the planner, resolved) proposes: an action id and its target. */
interface Proposal {
  action: string;
  target: string;
}

export type Verdict = { ok: true; def: ActionDef; call: ActionCall } | { ok: false; reason: string };

interface ValidateOptions {
  /** Check cooldowns (a chooser's decisions); the planner's schedule is not subject to them. */
  cooldowns: boolean;
  /** Where the action happens when it is already known (the planner's address); else from the target. */
  place?: Place;
}

export function actionWorldOf(sim: SimContext): ActionWorld {
  return { world: sim.world, now: sim.clock.now, byName: sim.byName, personas: sim.personas, economy: sim.economy };
}

/** The registered id a proposal names: exactly, or in other letter case. Nothing else maps to an action. */
export function registeredId(action: string): ActionDef | undefined {
  const t = action.trim();
  return REGISTRY.get(t) ?? REGISTRY.get(t.toUpperCase());
}

/**
 * Checking a choice (docs/action-registry.md#checking-a-choice): the action must be registered, allowed in the current scene, its target
 * must exist, its precondition must hold, and (for choosers) it must be out of its cooldown.
 */
export function validateProposal(w: ActionWorld, p: Persona, scene: SceneId, proposal: Proposal, opts: ValidateOptions): Verdict {
  const def = registeredId(proposal.action);
  if (!def) return { ok: false, reason: `${JSON.stringify(proposal.action.slice(0, 80))} is not a registered action` };
  if (def.modes && !def.modes.includes(p.agent.mode)) return { ok: false, reason: `${def.id} is only for the ${def.modes.join(' or ')} brain` };
  if (!SCENES[scene].allowed.includes(def.id)) return { ok: false, reason: `${def.id} is not allowed in the ${scene} scene` };
  const target = proposal.target.trim();
  if (def.target !== 'none' && def.target !== 'job' && !target) return { ok: false, reason: `${def.id} needs a target (${def.target === 'persona' ? 'a person' : `a ${def.target}`})` };
  const place = opts.place ?? placeFor(def, w, p, target);
  if (!place) return { ok: false, reason: `${def.id}: there is no ${def.target} called ${JSON.stringify(target.slice(0, 80))} here` };
  const call: ActionCall = { target: def.target === 'none' ? '' : target, place };
  const why = def.precondition(w, p, call);
  if (why) return { ok: false, reason: `${def.id}: ${why}` };
  if (opts.cooldowns && def.cooldown > 0) {
    const last = p.agent.lastStarted[def.id];
    if (last !== undefined && w.now - last < def.cooldown * 60_000) {
      const ago = Math.round((w.now - last) / 60_000);
      return { ok: false, reason: `${def.id} was started ${ago} minutes ago; it can be chosen again after ${def.cooldown} minutes` };
    }
  }
  return { ok: true, def, call };
}

/** The scene's default: the first of its defaults whose precondition holds here (IDLE always does). */
export function sceneDefault(w: ActionWorld, p: Persona, scene: SceneId): { def: ActionDef; call: ActionCall } {
  for (const id of SCENES[scene].defaults) {
    const def = REGISTRY.def(id);
    const v = validateProposal(w, p, scene, { action: id, target: '' }, { cooldowns: false });
    if (v.ok) return { def, call: v.call };
  }
  const idle = REGISTRY.def('IDLE');
  return { def: idle, call: { target: '', place: hereOf(w, p) } };
}

/** An option a chooser is shown: an action that can run now, with the targets it can run on. */
export interface ActionOption {
  id: string;
  description: string;
  /** Valid targets (empty for actions without one). */
  targets: string[];
}

/** At most this many targets are listed per action (nearest or first ones). */
const MAX_TARGETS = 12;

/** The scene's allowed actions whose precondition holds now and that are out of cooldown, highest priority first. */
export function availableOptions(w: ActionWorld, p: Persona, scene: SceneId): ActionOption[] {
  const out: ActionOption[] = [];
  for (const def of REGISTRY.all()) {
    if (!SCENES[scene].allowed.includes(def.id)) continue;
    if (def.target === 'none') {
      if (validateProposal(w, p, scene, { action: def.id, target: '' }, { cooldowns: true }).ok) out.push({ id: def.id, description: def.description, targets: [] });
      continue;
    }
    const targets = (def.targets?.(w, p) ?? []).filter((t) => validateProposal(w, p, scene, { action: def.id, target: t }, { cooldowns: true }).ok).slice(0, MAX_TARGETS);
    if (targets.length > 0) out.push({ id: def.id, description: def.description, targets });
  }
  return out;
}

/**
 * Apply an executor's state change: the new current action (walked to by execute), the wallet, the
 * action id on the scratch for the inspector, the cooldown clock and short-term memory.
 */
export function applyChange(sim: SimContext, p: Persona, def: ActionDef, call: ActionCall, change: StateChange, source: DecisionRecord['source'], reason: string): void {
  const now = sim.clock.now;
  const object = objectOf(change.address);
  addNewAction(p, now, {
    address: change.address,
    duration: change.minutes,
    description: change.description,
    pronunciatio: change.emoji,
    event: change.event,
    objDescription: object ? `${object} is in use` : null,
    objEvent: object ? [printAddress(change.address), 'is', `used by ${p.name}`] : ['', '', ''],
    objPronunciatio: object ? change.emoji : null,
  });
  markAction(p, def, call, now, source, reason);
  applyEffects(sim, p, change, source, reason);
}

/**
 * The one place an action's money and goods change: the wallet, the town's counters (a check-in
 * fills a slot, a sale counts for its shop) and a line for the activity feed. A check-in or a
 * purchase waits until the persona has arrived at the place (`opts.arrived`, from settleArrivals).
 */
export function applyEffects(sim: SimContext, p: Persona, change: StateChange, source: DecisionRecord['source'], reason: string, opts: { arrived?: boolean } = {}): void {
  const pays = change.economy?.kind === 'checkin' || change.economy?.kind === 'purchase';
  const s = p.scratch;
  if (pays && !opts.arrived && (s.actionId === 'CHECK_IN' || s.actionId === 'BUY') && s.actionAt !== null) {
    // Paid where the payer stands: held until it has arrived (src/sim/actions/payOnArrival.ts).
    p.agent.pendingPayment = { action: s.actionId, target: s.actionTarget, since: s.actionAt, source, reason: reason.slice(0, 200) };
    return;
  }
  if (change.wallet) p.agent.wallet = { ...change.wallet, holdings: { ...change.wallet.holdings } };
  const e = change.economy;
  if (!e) return;
  const now = sim.clock.now;
  if (e.kind === 'checkin') {
    const job = sim.economy.jobById(e.jobId);
    if (job) sim.economy.recordCheckIn(job, p.id, now);
  } else if (e.kind === 'purchase') {
    const item = sim.economy.itemById(e.itemId);
    if (item) sim.economy.recordSale(item, now);
  }
  sim.economy.report({ time: now, personaId: p.id, name: p.name, action: e.kind, what: e.what, reason: reason.slice(0, 200), source });
}

/** Record which registered action the current action is. */
export function markAction(p: Persona, def: ActionDef, call: ActionCall, now: number, source: DecisionRecord['source'], reason: string): void {
  const s = p.scratch;
  s.actionId = def.id;
  s.actionTarget = call.target;
  s.actionReason = reason;
  s.actionAt = now;
  p.agent.lastStarted[def.id] = now;
  remember(p.agent, { action: def.id, target: call.target, reason: reason.slice(0, 200), time: now, source });
}

import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { dayIndex } from './places';
import type { Proposer } from './decisionLog';

/**
 * Who began an action that Smallville's cognition wrote straight onto the scratch (the planner's
 * task, a chat or a wait reaction, a chat the player opened), for the decision pipeline's log. A
 * begun action is tagged where it begins; one without a tag (its tag lost with a loaded town) is
 * read off its address. Beside the persona, not in its state: the tags only explain.
 */
const begun = new WeakMap<Persona, { proposer: Proposer; reason: string; at: number | null }>();

/** Say who began the persona's current action and why (called right after it is written). */
export function proposeBegun(p: Persona, proposer: Proposer, reason: string): void {
  begun.set(p, { proposer, reason, at: p.scratch.actStartTime });
}

/** Town plans' steps told to a persona (src/sim/town/director.ts): the day, the schedule task it became, and how to name the step. */
const directed = new WeakMap<Persona, { day: number; task: string; step: string }[]>();

/** The director hands a step to a persona: acting on the task it became that day is the director's proposal. */
export function noteDirectedStep(p: Persona, day: number, task: string, step: string): void {
  let list = directed.get(p);
  if (!list) directed.set(p, (list = []));
  list.push({ day, task, step: step.slice(0, 160) });
  if (list.length > 8) list.shift();
}

/** Who began the persona's current action, and the reason to log. */
export function beganBy(sim: SimContext, p: Persona): { proposer: Proposer; reason: string } {
  const s = p.scratch;
  const words = s.actDescription ?? '';
  const tag = begun.get(p);
  if (tag && tag.at === s.actStartTime) return { proposer: tag.proposer, reason: tag.reason || words };
  const address = s.actAddress;
  if (address?.kind === 'persona') return { proposer: sim.byName.get(address.name)?.agent.mode === 'human' ? 'player' : 'reaction', reason: words };
  if (address?.kind === 'waiting') return { proposer: 'reaction', reason: words };
  const today = dayIndex(sim.clock.now);
  const step = directed.get(p)?.find((d) => d.day === today && words.startsWith(d.task));
  if (step) return { proposer: 'director', reason: `${step.step} — ${words}` };
  return { proposer: 'planner', reason: words };
}

import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode, NewNode, NodeType } from '../persona/memory';
import type { MemoryToRate } from '../brain/port';
import { HOUR } from '../clock';

/**
 * Poignancy (Smallville's importance score, 1–10) for a new memory, the way the town's call plan asks:
 * - faithful: one call per memory, before it is stored;
 * - packed: the memory is stored at once with a provisional score and waits; a persona's waiting
 *   memories are scored together in one call at the end of each game hour, sooner when
 *   POIGNANCY_BATCH memories wait, and before a new day's planning reads them (`scoreWaiting`).
 *   The reflection trigger counts a memory once it is scored.
 */

/** What a waiting memory counts as until it is scored (the guard's own fallback score). */
export const PROVISIONAL_POIGNANCY = 4;
/** A persona's waiting memories are scored as soon as this many wait. */
export const POIGNANCY_BATCH = 16;

export type { WaitingMemory } from '../persona/packedState';

/**
 * Store a memory with its poignancy. `trigger`: it counts toward the reflection trigger (events and
 * chats do, as in Smallville's perceive and chat; thoughts after a chat or from a reflection do not).
 */
export async function addScored(sim: SimContext, p: Persona, type: NodeType, node: Omit<NewNode, 'poignancy'>, ask: { kind: MemoryToRate['kind']; text: string; trigger: boolean }): Promise<ConceptNode> {
  if (sim.callPlan === 'faithful') {
    const poignancy = await sim.brain.poignancy({ persona: p, now: sim.clock.now }, ask.kind, ask.text);
    const added = p.memory.add(type, { ...node, poignancy });
    if (ask.trigger) p.scratch.importanceTriggerCurr -= poignancy;
    return added;
  }
  const added = p.memory.add(type, { ...node, poignancy: PROVISIONAL_POIGNANCY });
  p.waitingPoignancy.push({ id: added.id, kind: ask.kind, text: ask.text, trigger: ask.trigger });
  return added;
}

/** Score all of a persona's waiting memories in one call, and count them toward the reflection trigger. */
export async function scoreWaiting(sim: SimContext, p: Persona): Promise<void> {
  const waiting = p.waitingPoignancy.splice(0);
  if (waiting.length === 0) return;
  const scores = await sim.brain.poignancies({ persona: p, now: sim.clock.now }, waiting.map((w) => ({ kind: w.kind, description: w.text })));
  waiting.forEach((w, i) => {
    const score = scores[i] ?? PROVISIONAL_POIGNANCY;
    const node = p.memory.nodes[w.id - 1];
    if (node && node.id === w.id) node.poignancy = score;
    if (w.trigger) p.scratch.importanceTriggerCurr -= score;
  });
}

/** Packed plan, once per step before reflecting: score the waiting memories of whoever is due (an hour has turned, or a batch is full). */
export async function scoreDue(sim: SimContext, personas: readonly Persona[]): Promise<void> {
  if (sim.callPlan !== 'packed') return;
  const hourTurns = (sim.clock.now + sim.clock.stepSeconds * 1000) % HOUR < sim.clock.stepSeconds * 1000;
  await Promise.all(personas.filter((p) => p.waitingPoignancy.length >= (hourTurns ? 1 : POIGNANCY_BATCH)).map((p) => scoreWaiting(sim, p)));
}

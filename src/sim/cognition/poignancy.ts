import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode, NewNode, NodeType } from '../persona/memory';
import type { MemoryToRate } from '../brain/port';
import type { PoignancyQuestion } from '../brain/callStrategy';
import { HOUR, dayStart } from '../clock';
import { isAsleep } from '../actions/wakefulness';
import { at } from '../checked';
import { withoutStep } from './bearing';

/**
 * Poignancy (Smallville's importance score, 1–10) for a new memory, the way the town's call plan asks:
 * - faithful: one call per memory, before it is stored;
 * - packed: the memory is stored at once with a provisional score and waits; a persona's waiting
 *   memories are scored together in one call (`scoreWaiting`) when the reflection trigger may be
 *   reached (`mayReachTrigger`), every SCORE_EVERY_HOURS game hours, when POIGNANCY_BATCH wait, and
 *   before a new day's planning reads them. The reflection trigger (150) counts a memory once scored.
 */

/** What a waiting memory counts as until it is scored (the guard's own fallback score). */
export const PROVISIONAL_POIGNANCY = 4;
/** A persona's waiting memories are scored as soon as this many wait. */
export const POIGNANCY_BATCH = 40;
/** …and at the turn of every this many game hours, so retrieval ranks by real scores within that time. */
export const SCORE_EVERY_HOURS = 4;
/** How many of the persona's latest scored memories its expected score is the mean of. */
const EXPECTED_FROM = 24;

export type { WaitingMemory } from '../persona/packedState';

/**
 * Store a memory with its poignancy, the way the town's call plan asks (sim.calls.remember).
 * `trigger`: it counts toward the reflection trigger (events and chats do, as in Smallville's
 * perceive and chat; thoughts after a chat or from a reflection do not).
 */
export function addScored(sim: SimContext, p: Persona, type: NodeType, node: Omit<NewNode, 'poignancy'>, ask: PoignancyQuestion): Promise<ConceptNode> {
  return sim.calls.remember(p, type, node, ask);
}

/** One call per memory, before it is stored (faithful). */
export async function scoreNow(sim: SimContext, p: Persona, type: NodeType, node: Omit<NewNode, 'poignancy'>, ask: PoignancyQuestion): Promise<ConceptNode> {
  const poignancy = await sim.brain.poignancy({ persona: p, now: sim.clock.now }, ask.kind, ask.text);
  const added = p.memory.add(type, { ...node, poignancy });
  if (ask.trigger) p.scratch.importanceTriggerCurr -= poignancy;
  return added;
}

/** Stored at once with a provisional score, to be scored with the persona's other waiting memories (packed). */
export async function scoreLater(p: Persona, type: NodeType, node: Omit<NewNode, 'poignancy'>, ask: PoignancyQuestion): Promise<ConceptNode> {
  const added = p.memory.add(type, { ...node, poignancy: PROVISIONAL_POIGNANCY });
  p.waitingPoignancy.push({ id: added.id, kind: ask.kind, text: ask.text, trigger: ask.trigger });
  return added;
}

/**
 * The scores of the events a persona has rated today, by text without the step. Events are stored only by perception,
 * scored by the brain (or 1 for "is idle", Smallville's rule), and a persona's identity does not
 * change within a day: the same event seen again today is the same question, and gets the same answer.
 */
function eventsScoredToday(p: Persona, now: number, unscored: ReadonlySet<number>): Map<string, number> {
  const from = dayStart(now);
  const scores = new Map<string, number>();
  const nodes = p.memory.nodes;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = at(nodes, i, 'memory node');
    if (n.created < from) break;
    if (n.type === 'event' && !unscored.has(n.id) && !scores.has(withoutStep(n, n.description))) scores.set(withoutStep(n, n.description), n.poignancy);
  }
  return scores;
}

/**
 * Score all of a persona's waiting memories in one call, and count them toward the reflection
 * trigger. Each text is asked once (a sighting without the step of the activity), and an event
 * already rated today (at any step) is not asked again.
 */
export async function scoreWaiting(sim: SimContext, p: Persona): Promise<void> {
  const waiting = p.waitingPoignancy.splice(0);
  if (waiting.length === 0) return;
  const known = eventsScoredToday(p, sim.clock.now, new Set(waiting.map((w) => w.id)));
  // A sighting is asked without its step: the steps of one thing seen are one question.
  const textOf = (w: { kind: NodeType; text: string }) => withoutStep({ type: w.kind }, w.text);
  const keyOf = (w: { kind: NodeType; text: string }) => `${w.kind}|${textOf(w)}`;
  const asked = new Map<string, MemoryToRate>();
  for (const w of waiting) if (!(w.kind === 'event' && known.has(textOf(w))) && !asked.has(keyOf(w))) asked.set(keyOf(w), { kind: w.kind, description: textOf(w) });
  const keys = [...asked.keys()];
  const scores = asked.size > 0 ? await sim.brain.poignancies({ persona: p, now: sim.clock.now }, [...asked.values()]) : [];
  waiting.forEach((w) => {
    const score = (w.kind === 'event' ? known.get(textOf(w)) : undefined) ?? scores[keys.indexOf(keyOf(w))] ?? PROVISIONAL_POIGNANCY;
    const node = p.memory.nodes[w.id - 1];
    if (node && node.id === w.id) node.poignancy = score;
    if (w.trigger) p.scratch.importanceTriggerCurr -= score;
  });
}

/**
 * What a waiting memory that counts toward the trigger is expected to score: the mean of the persona's
 * latest scored events and chats, those the brain rated (an "is idle" event scores 1 unasked);
 * PROVISIONAL_POIGNANCY before any. Read from memory, so nothing new is saved.
 */
export function expectedPoignancy(p: Persona): number {
  const waiting = new Set(p.waitingPoignancy.map((w) => w.id));
  let sum = 0;
  let n = 0;
  const nodes = p.memory.nodes;
  for (let i = nodes.length - 1; i >= 0 && n < EXPECTED_FROM; i--) {
    const m = at(nodes, i, 'memory node');
    if ((m.type === 'event' || m.type === 'chat') && !waiting.has(m.id) && !m.description.includes('is idle')) {
      sum += m.poignancy;
      n++;
    }
  }
  return n > 0 ? sum / n : PROVISIONAL_POIGNANCY;
}

/**
 * Whether the waiting memories, at their expected scores, would reach the reflection trigger: then they
 * are scored now, so the persona reflects at the step it would have reflected had each been scored on arrival.
 */
export function mayReachTrigger(p: Persona): boolean {
  const counted = p.waitingPoignancy.filter((w) => w.trigger).length;
  return counted > 0 && p.scratch.importanceTriggerCurr - counted * expectedPoignancy(p) <= 0;
}

/** Once per step before reflecting: the call plan scores the waiting memories of whoever is due (sim.calls.scoreDue). */
export function scoreDue(sim: SimContext, personas: readonly Persona[]): Promise<void> {
  return sim.calls.scoreDue(personas);
}

/** Packed: score the waiting memories of whoever is due (a full batch, the turn of the hours, or the reflection trigger in reach). */
export async function scoreWaitingDue(sim: SimContext, personas: readonly Persona[]): Promise<void> {
  const step = sim.clock.stepSeconds * 1000;
  const every = SCORE_EVERY_HOURS * HOUR;
  const turn = (sim.clock.now + step) % every < step;
  // A sleeper's turn waits for its waking (nothing of its own retrieves while it sleeps; the trigger still scores at once).
  await Promise.all(personas.filter((p) => p.waitingPoignancy.length >= (turn && !isAsleep(p) ? 1 : POIGNANCY_BATCH) || mayReachTrigger(p)).map((p) => scoreWaiting(sim, p)));
}

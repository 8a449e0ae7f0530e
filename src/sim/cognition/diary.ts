import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import { dayStart } from '../clock';

/** Memories a diary entry reads: today's most poignant (as many as an interview answer draws on). */
const DIARY_MEMORIES = 30;

/**
 * The persona's diary entry for today (the diaryEntry call), from today's memories: the most
 * poignant, in the order they happened, idling left out. Read-only, like an interview: asked on
 * demand (the inspector, a player), never by a step, so it changes nothing and no run depends on it.
 */
export function diary(sim: SimContext, p: Persona): Promise<string> {
  const from = dayStart(sim.clock.now);
  const today = p.memory.nodes.filter((n) => n.created >= from && !n.description.includes('is idle'));
  const kept = [...today]
    .sort((a, b) => b.poignancy - a.poignancy || a.id - b.id)
    .slice(0, DIARY_MEMORIES)
    .sort((a, b) => a.created - b.created || a.id - b.id);
  return sim.brain.diaryEntry({ persona: p, now: sim.clock.now }, kept);
}

import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ChatLine } from '../persona/memory';
import { ensureEmbeddings, scoreMemories, unembedded } from './retrieve';

/** Memories an interview answer draws on per question (as many as a reflection). */
const INTERVIEW_MEMORIES = 30;

/**
 * An interview (Smallville's analysis mode): the persona answers a question in character from the
 * memories most relevant to it. Read-only: scoring touches no memory (last_accessed stays), and the
 * answer is not remembered.
 */
export async function interview(sim: SimContext, p: Persona, question: string, transcript: ChatLine[] = []): Promise<string> {
  await ensureEmbeddings(sim, p, [question, ...unembedded(sim, p)]);
  const memories = scoreMemories(p, sim.embeddings, question, sim.clock.now, INTERVIEW_MEMORIES).map((s) => s.node);
  return sim.brain.interview({ persona: p, now: sim.clock.now }, question, memories, transcript);
}

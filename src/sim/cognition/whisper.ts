import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { THIRTY_DAYS } from '../persona/memory';
import { keywordsOf } from './converse';
import { addScored } from './poignancy';
import { addCommitment, parseCommitment, placesFor } from './commitments';
import type { Commitment } from '../persona/commitment';

/**
 * A whisper, the player as the persona's inner voice (Smallville's load_history_via_whisper): the
 * brain turns it into a statement the persona believes, stored as a thought that expires in 30
 * days with the whisper's poignancy. A timed plan in it becomes a commitment, so it shapes the day.
 */
export async function whisper(sim: SimContext, p: Persona, text: string): Promise<{ thought: ConceptNode; commitment: Commitment | null }> {
  const now = sim.clock.now;
  const ctx = { persona: p, now };
  const statement = await sim.brain.whisperInnerThought(ctx, text);
  const thought = await addScored(
    sim,
    p,
    'thought',
    { created: now, expiration: now + THIRTY_DAYS, subject: p.name, predicate: 'thinks', object: 'a whisper', description: statement, keywords: keywordsOf(statement) },
    { kind: 'event', text, trigger: false },
  );
  const c = parseCommitment(statement, placesFor(sim, p), now, 'whisper');
  return { thought, commitment: c && addCommitment(p, c) ? c : null };
}

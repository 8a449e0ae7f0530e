import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { THIRTY_DAYS, isExpired } from '../persona/memory';
import { keywordsOf } from './converse';
import { newRetrieve, RETRIEVE_COUNT } from './retrieve';
import { addScored } from './poignancy';
import { at } from '../checked';
import { withoutStep } from './bearing';

const FOCAL_POINTS = 3;
const INSIGHTS_PER_FOCAL_POINT = 5;

/**
 * Reflect: when the summed poignancy of new memories reaches the importance trigger, ask for focal
 * points about what happened since the last reflection; for each, retrieve the 30 best memories (recency, relevance, importance) and ask
 * for insights with evidence; store them as thoughts; reset the counter.
 */
export async function reflect(sim: SimContext, p: Persona): Promise<ConceptNode[]> {
  // The no-reflection ablation: no insights, ever.
  if (!sim.modules.reflection) return [];
  const s = p.scratch;
  if (s.importanceTriggerCurr > 0 || s.importanceEleN === 0) return [];
  const now = sim.clock.now;
  const ctx = { persona: p, now };
  const recent = p.memory.nodes
    .slice(-s.importanceEleN)
    .filter((n) => !isExpired(n, now) && !n.description.includes('is idle'));
  const added: ConceptNode[] = [];
  if (recent.length > 0) {
    // Packed asks about each thing seen once, not each step of it (the prompt numbers each text once).
    const focal = await sim.brain.focalPoints(ctx, recent.map((n) => (sim.callPlan === 'packed' ? withoutStep(n, n.embeddingKey) : n.embeddingKey)), FOCAL_POINTS);
    const retrieved = await newRetrieve(sim, p, focal);
    const groups = focal.map((point) => {
      const related = retrieved.get(point) ?? [];
      return { point, pool: related.length > 0 ? related : recent.slice(-RETRIEVE_COUNT) };
    });
    // Packed: the insights for every focal point in one call; faithful: one call per focal point.
    // (The steps of one thing seen read as one statement, numbered once: evidence citing it names the first of them.)
    const packed = sim.callPlan === 'packed' ? await sim.brain.reflectionInsights(ctx, groups.map(({ point, pool }) => ({ focal: point, statements: pool.map((n) => withoutStep(n, n.embeddingKey)) })), INSIGHTS_PER_FOCAL_POINT) : null;
    for (const [k, { point, pool }] of groups.entries()) {
      const insights = packed ? (packed[k] ?? []) : await sim.brain.insights(ctx, pool.map((n) => n.embeddingKey), INSIGHTS_PER_FOCAL_POINT);
      for (const ins of insights) {
        const evidence = ins.evidence.map((i) => at(pool, i - 1, 'insight evidence').id);
        added.push(
          await addScored(
            sim,
            p,
            'thought',
            { created: now, expiration: now + THIRTY_DAYS, subject: p.name, predicate: 'reflects', object: point, description: ins.insight, keywords: keywordsOf(ins.insight), evidence },
            { kind: 'thought', text: ins.insight, trigger: false },
          ),
        );
      }
    }
  }
  s.importanceTriggerCurr = s.importanceTriggerMax;
  s.importanceEleN = 0;
  p.lastReflection = now;
  return added;
}

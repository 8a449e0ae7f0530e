import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { THIRTY_DAYS, isExpired } from '../persona/memory';
import { keywordsOf } from '../persona/memory';
import { newRetrieve, RETRIEVE_COUNT } from './retrieve';
import { addScored } from './poignancy';
import { at } from '../checked';

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
    // The call plan words each memory (packed: each thing seen once, not each step of it).
    const focal = await sim.brain.focalPoints(ctx, recent.map((n) => sim.calls.focalStatement(n)), FOCAL_POINTS);
    const retrieved = await newRetrieve(sim, p, focal);
    const groups = focal.map((point) => {
      const related = retrieved.get(point) ?? [];
      return { point, pool: related.length > 0 ? related : recent.slice(-RETRIEVE_COUNT) };
    });
    // Each focal point's insights, stored as thoughts with their evidence (one call each, or all in one).
    await sim.calls.insights(p, groups, INSIGHTS_PER_FOCAL_POINT, async (k, insights) => {
      const { point, pool } = at(groups, k, 'focal point');
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
    });
  }
  s.importanceTriggerCurr = s.importanceTriggerMax;
  s.importanceEleN = 0;
  p.lastReflection = now;
  return added;
}

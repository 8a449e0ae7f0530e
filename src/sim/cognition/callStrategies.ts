import type { CallPlan } from '../brain/callPlan';
import type { SimContext } from '../context';
import type { CallStrategy } from '../brain/callStrategy';
import { faithfulCalls } from './faithfulCalls';
import { packedCalls } from './packedCalls';

/** Every call plan's strategy, bound to one simulation (which picks the one its plan names). */
export function callStrategies(sim: SimContext): Record<CallPlan, CallStrategy> {
  return { faithful: faithfulCalls(sim), packed: packedCalls(sim) };
}

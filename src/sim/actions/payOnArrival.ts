import type { SimContext } from '../context';
import { arrived } from '../persona/currentAction';
import { placeFor, REGISTRY } from './registry';
import { placeAt } from '../world/address';
import { actionWorldOf, applyEffects } from './validate';

/**
 * Money changes hands where the payer stands (docs/economy.md): a CHECK_IN's wage and a BUY's price
 * are decided when the action starts (applyEffects holds them in `agent.pendingPayment`) and paid
 * here, after everyone has moved, once the persona stands in the place. If it has turned to
 * something else first, or its walk ended elsewhere, nothing is paid. On arrival the action is checked again (the shop may have
 * closed, the last slot gone) and its executor run on the wallet as it is then.
 */
export function settleArrivals(sim: SimContext): void {
  let w: ReturnType<typeof actionWorldOf> | null = null;
  for (const p of sim.personas) {
    const due = p.agent.pendingPayment;
    if (!due) continue;
    // A chat or a reaction starts a new action without a new registered id: the start time tells.
    if (p.scratch.actionId !== due.action || p.scratch.actionAt !== due.since || p.scratch.actStartTime !== due.since) {
      p.agent.pendingPayment = null;
      continue;
    }
    w ??= actionWorldOf(sim);
    const def = REGISTRY.def(due.action);
    const place = placeFor(def, w, p, due.target);
    // Paid only standing in the place: still on the way, it waits; at the end of a walk that led elsewhere, it is dropped.
    const there = !place?.sector || placeAt(sim.world, p.tile.x, p.tile.y).sector === place.sector;
    if (!there && !arrived(p)) continue;
    p.agent.pendingPayment = null;
    if (!place || !there) continue;
    const call = { target: due.target, place };
    const why = def.precondition(w, p, call);
    if (why) {
      p.agent.lastRejection = `${def.id} on arrival: ${why}`;
      continue;
    }
    applyEffects(sim, p, def.executor(w, p, call), due.source, due.reason, { arrived: true });
  }
}

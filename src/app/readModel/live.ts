import { at } from '../../sim/checked';
import type { Simulation } from '../../sim/simulation';
import { lastRetrieval } from '../../sim/cognition/retrievalTrace';
import { decisionLogOf } from '../../sim/actions/decisionLog';
import { printAddress } from '../../sim/world/actionAddress';
import { seriesFromPersonaHours } from './llmSeries';
import type { CallRecord } from '../../llm/callLog';
import type { CallLogHandle, CostView, EconomyView, InspectorSource } from './types';

/**
 * The inspector's view of the running town. `sim()` is the live Simulation (it changes when a replay
 * is forked into a live town); `llm()` gives the current LLM brain, or null offline.
 */
export function liveSource(simOf: () => Simulation | null, llm: () => CallLogHandle | null): InspectorSource {
  const live = (): Simulation => {
    const sim = simOf();
    if (!sim) throw new Error('The town is not running');
    return sim;
  };
  // Per-persona call lists, kept up to date incrementally (the log holds up to 5000 records).
  let indexed: readonly CallRecord[] | null = null;
  let upTo = 0;
  let lastId = 0;
  const byPersona = new Map<string, CallRecord[]>();
  const calls = (id: string): readonly CallRecord[] => {
    const log = llm()?.log;
    if (!log) return [];
    const recs = log.records;
    // A new brain (new log) or a trimmed log: start over.
    if (recs !== indexed || upTo > recs.length || (upTo > 0 && recs[upTo - 1]?.id !== lastId)) {
      indexed = recs;
      upTo = 0;
      byPersona.clear();
    }
    for (; upTo < recs.length; upTo++) {
      const r = at(recs, upTo, 'call record');
      let list = byPersona.get(r.persona);
      if (!list) byPersona.set(r.persona, (list = []));
      list.push(r);
      lastId = r.id;
    }
    return byPersona.get(id) ?? [];
  };
  return {
    mode: 'live',
    world: () => simOf()?.world ?? null,
    persona(id) {
      const sim = simOf();
      const p = sim?.byId.get(id);
      if (!sim || !p) return null;
      const s = p.scratch;
      return {
        id: p.id,
        name: p.name,
        tile: s.currTile,
        emoji: s.actPronunciatio ?? '',
        action: s.actDescription ?? '',
        address: s.actAddress ? printAddress(s.actAddress) : '',
        chattingWith: s.chattingWith,
        actStart: s.actStartTime,
        actEnd: s.actEndTime(),
        chat: s.chat,
        path: s.plannedPath,
        currently: p.currently,
        dailyReq: s.dailyReq,
        plannedDay: p.plannedDay,
        hourly: s.fDailyScheduleHourlyOrg,
        schedule: s.fDailySchedule,
        commitments: p.commitments,
        memory: p.memory.nodes,
        retrieval: lastRetrieval(p),
        agent: {
          mode: p.agent.mode,
          actionId: s.actionId,
          target: s.actionTarget,
          reason: s.actionReason,
          stats: p.agent.stats,
          lastRejection: p.agent.lastRejection,
          credits: p.agent.wallet.credits,
          holdings: p.agent.wallet.holdings,
          workToday: sim.walletOf(p).workToday,
          recent: p.agent.recent,
          decisions: decisionLogOf(p),
        },
        reflection: { gathered: s.importanceTriggerMax - s.importanceTriggerCurr, threshold: s.importanceTriggerMax, last: p.lastReflection },
      };
    },
    calls,
    llm() {
      const log = llm()?.log;
      if (!log) return null;
      const t = log.totals;
      const sim = simOf();
      const first = log.records[0]?.gameTime;
      // The town's own personas (not the player's resident) over the game time since the first call.
      const people = sim ? sim.personas.filter((p) => p.agent.mode !== 'human').length : 0;
      const personaDays = sim && first !== undefined ? people * Math.max(1 / 24, (sim.now - first) / 86_400_000) : 0;
      const handle = llm();
      const cost: CostView | undefined = personaDays > 0 ? { model: handle?.client?.config.model ?? '', personaDays, calls: t.calls, tokens: t.promptTokens + t.completionTokens, cachedTokens: t.cachedTokens ?? 0, promptTokens: t.promptTokens, cost: t.cost, price: log.price ?? null } : undefined;
      return { totals: { calls: t.calls, tokens: t.promptTokens + t.completionTokens, cost: t.cost, fallbacks: sim?.brain.fallbackTotal ?? t.fallbacks }, hourly: seriesFromPersonaHours(log.byPersonaHour), ...(cost ? { cost } : {}) };
    },
    guardFallbacks: () => simOf()?.brain.fallbackTotal ?? 0,
    eventAt: (address) => simOf()?.objectEvents.get(address)?.description ?? null,
    whisper: (id, text) => live().whisper(id, text),
    queuedWhispers: () => simOf()?.queuedWhispers ?? 0,
    interview: (id, q, transcript) => live().interview(id, q, transcript),
    setBrainMode: (id, mode) => live().setBrainMode(id, mode),
    brainModeOf: (id) => simOf()?.brainModeOf(id) ?? null,
    askTown: (text) => live().askTown(text),
    queuedRequests: () => simOf()?.queuedRequests ?? 0,
    townPlans: () => simOf()?.director.plans() ?? [],
    talkProblem: (id) => {
      const sim = simOf();
      const other = sim?.byId.get(id);
      if (!sim?.player || !other) return undefined;
      return other === sim.player.persona ? 'This is you' : sim.player.talkProblem(sim, other);
    },
    talkInPerson: (id) => live().playerInput({ kind: 'talk', personaId: id }),
    economy: () => {
      const sim = simOf();
      return sim ? economyViewOf(sim) : null;
    },
    setPulse: (on) => live().setPulse(on),
  };
}

/** The economy's figures for the town panel. */
function economyViewOf(sim: Simulation): EconomyView {
  const e = sim.economy;
  const now = sim.now;
  const sales = e.salesToday(now);
  return {
    people: sim.personas.map((p) => ({ id: p.id, name: p.name })),
    history: e.state.history,
    jobs: e.jobs.map((j) => ({ id: j.id, title: j.title, sector: j.sector, filled: e.filledToday(j, now).length, slots: j.slots, wage: j.wage })),
    sales: e.shops().map((sector) => ({ sector, count: sales[sector] ?? 0 })),
    pulse: { enabled: sim.pulseOn, rounds: e.state.rounds, skipped: e.state.skippedRounds, last: e.state.lastRound },
  };
}

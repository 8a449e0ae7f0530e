import type { HamletStore } from '../../store/store';
import type { WorldModel } from '../../sim/world/types';
import type { CallRecord } from '../../llm/callLog';
import type { ReplayInspect } from '../../replay/player';
import { seriesFromCalls } from './llmSeries';
import type { InspectorSource, MemoryView, PersonaView } from './types';

/**
 * The inspector's view of an open replay at the step shown (store.replay.player, store.step). A replay
 * records frames, memories (no keywords), LLM calls and conversations, so Now, Memory, Thoughts,
 * Chats and Brain fill; the day plan, the path and retrieval scores are not recorded and stay empty.
 */
export function replaySource(store: HamletStore, world: () => WorldModel | null): InspectorSource {
  let cacheKey = '';
  let cache = new Map<string, unknown>();
  const cached = <T>(key: string, make: () => T): T => {
    const s = store.getState();
    const k = `${s.step}|${s.replay?.title ?? ''}|${s.replay?.player ? 1 : 0}`;
    if (k !== cacheKey) {
      cacheKey = k;
      cache = new Map();
    }
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key) as T;
  };
  const player = (): ReplayInspect | null => store.getState().replay?.player ?? null;

  const calls = (id: string): CallRecord[] =>
    cached(`calls:${id}`, () => (player()?.callsBefore(id, store.getState().step, 2000) ?? []).map((c, i) => ({ ...c, id: i + 1 })));

  return {
    mode: 'replay',
    world,
    persona(id) {
      const pl = player();
      const s = store.getState();
      const f = s.personas.find((x) => x.id === id);
      if (!pl || !f) return null;
      return cached(`persona:${id}`, (): PersonaView => {
        const convos = pl.conversationsBefore(s.step).filter((c) => c.participants.includes(f.name));
        const byStep = new Map(convos.map((c) => [c.step, c]));
        const memory: MemoryView[] = pl.memoriesAt(id, s.step, 5000).map((m) => ({
          id: m.id,
          type: m.type,
          created: pl.timeOf(m.step),
          description: m.description,
          poignancy: m.poignancy,
          keywords: [],
          evidence: m.evidence,
          predicate: m.predicate,
          transcript: m.type === 'chat' ? (byStep.get(m.step)?.lines.map(([speaker, text]) => ({ speaker, text })) ?? []) : [],
        }));
        // A replay without chat memories (a Smallville import records where people were and what they
        // said, not what they remembered): its conversations are this persona's chats.
        if (!memory.some((m) => m.type === 'chat')) {
          convos.forEach((c, i) => {
            const other = c.participants[0] === f.name ? c.participants[1] : c.participants[0];
            memory.push({
              id: -(i + 1),
              type: 'chat',
              created: c.time,
              description: `conversation with ${other}: ${c.summary}`,
              poignancy: 0,
              keywords: [],
              evidence: [],
              predicate: 'chat with',
              transcript: c.lines.map(([speaker, text]) => ({ speaker, text })),
            });
          });
          memory.sort((a, b) => a.created - b.created);
        }
        return {
          id,
          name: f.name,
          tile: f.tile,
          emoji: f.emoji,
          action: f.description,
          address: f.address,
          chattingWith: f.chattingWith,
          actStart: null,
          actEnd: null,
          chat: null,
          path: [],
          currently: null,
          dailyReq: [],
          plannedDay: null,
          hourly: [],
          schedule: [],
          commitments: [],
          memory,
          retrieval: null,
          // Recordings since the wallets were recorded carry credits, holdings and today's job; older ones show none.
          agent:
            f.actionId || f.wallet
              ? { mode: f.brainMode ?? 'generative', actionId: f.actionId ?? null, target: f.actionTarget ?? '', reason: f.actionReason ?? null, stats: null, lastRejection: null, credits: f.wallet?.credits ?? null, holdings: f.wallet?.holdings ?? null, workToday: f.wallet?.workToday ?? null, recent: [], decisions: [] }
              : null,
          // A replay records the reflections, not the poignancy gathered towards the next one.
          reflection: null,
        };
      });
    },
    calls,
    llm() {
      const pl = player();
      if (!pl) return null;
      return cached('llm', () => {
        const all = pl.personas.flatMap((p) => calls(p.id));
        if (all.length === 0) return null;
        const fallbacks = all.filter((c) => c.outcome === 'fallback').length;
        return { totals: { calls: all.length, tokens: all.reduce((n, c) => n + c.tokens.prompt + c.tokens.completion, 0), cost: 0, fallbacks }, hourly: seriesFromCalls(all) };
      });
    },
    guardFallbacks: () => 0,
    eventAt(address) {
      const pl = player();
      if (!pl) return null;
      return cached('objects', () => pl.objectEventsAt(store.getState().step)).get(address) ?? null;
    },
  };
}

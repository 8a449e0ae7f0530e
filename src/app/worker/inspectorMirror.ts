import type { HamletStore } from '../../store/store';
import type { WorldModel } from '../../sim/world/types';
import type { BrainMode } from '../../sim/persona/agentState';
import type { ChatLine } from '../../sim/persona/memory';
import { requestText } from '../../sim/town/director';
import type { InspectorSource, MemoryView, PersonaView } from '../readModel/types';
import type { PersonaFrame } from '../../sim/simulation';
import { NO_SNAPSHOT, type InspectorSnapshot } from './protocol';

/** What the mirror asks the worker: a snapshot for a persona, and the commands the inspector sends. */
interface InspectorHost {
  inspect(id: string | null, withChats: boolean): Promise<InspectorSnapshot>;
  whisper(id: string, text: string): Promise<void>;
  interview(id: string, question: string, transcript: ChatLine[]): Promise<string>;
  setBrainMode(id: string, mode: BrainMode): Promise<void>;
  askTown(text: string): Promise<string>;
  setPulse(on: boolean): Promise<void>;
  playerTalk(id: string): Promise<void>;
}


/** Another resident than the selected one, as far as the mirror knows it: its frame and its chats (what the town graph reads). */
function chatsOnly(f: PersonaFrame, memory: readonly MemoryView[]): PersonaView {
  return { id: f.id, name: f.name, tile: f.tile, emoji: f.emoji, action: f.description, address: f.address, chattingWith: f.chattingWith, actStart: null, actEnd: null, chat: null, path: [], currently: null, dailyReq: [], plannedDay: null, hourly: [], schedule: [], commitments: [], memory, retrieval: null, agent: null, reflection: null };
}

/**
 * The inspector's read model of a town that runs in the worker (src/app/readModel/types.ts): the
 * inspector reads synchronously, so this answers from the latest snapshot the worker sent, and asks
 * for a new one (at most `everyMs` apart, one at a time) whenever the page's store changes. A fresh
 * snapshot nudges the store, so the inspector draws it. Commands go to the worker as messages.
 */
export function inspectorMirror(store: HamletStore, host: InspectorHost, world: () => WorldModel | null, everyMs = 250): InspectorSource & { refresh(): void; show(s: InspectorSnapshot): void } {
  let snap = NO_SNAPSHOT;
  /** The first read asks for a snapshot (a paused town changes nothing that would). */
  const first = () => {
    if (snap === NO_SNAPSHOT) refresh();
  };
  let events = new Map<string, string>();
  let chats = new Map<string, readonly MemoryView[]>();
  /** Someone read another resident than the selected one (the town graph): everyone's chats are asked for from then on. */
  let wantChats = false;
  let asking = false;
  let again = false;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nudging = false;
  /** Take a snapshot (asked for, or sent with a town the worker took on) and nudge the store: listeners (the inspector) read it. */
  const show = (s: InspectorSnapshot) => {
    snap = s;
    events = new Map(s.events);
    if (s.chats) chats = new Map(s.chats);
    nudging = true;
    try {
      store.setState({});
    } finally {
      nudging = false;
    }
  };
  const ask = () => {
    timer = null;
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    last = performance.now();
    const id = store.getState().selectedId;
    host
      .inspect(id, wantChats)
      .then(show)
      .catch((err: unknown) => console.warn('The inspector could not read the town:', err))
      .finally(() => {
        asking = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  };
  const refresh = () => {
    if (timer) return;
    timer = setTimeout(ask, Math.max(0, everyMs - (performance.now() - last)));
  };
  // Whatever changes in the store may change what the inspector shows (its own nudge aside).
  store.subscribe((s) => {
    if (!nudging && s.mode === 'live' && s.inspector.open) refresh();
  });
  const sel = (id: string) => store.getState().selectedId === id && snap.persona?.id === id;
  const later = (p: Promise<unknown>) => void p.then(refresh, (err: unknown) => store.setState({ notice: err instanceof Error ? err.message : String(err) }));
  return {
    mode: 'live',
    refresh,
    show,
    world,
    persona: (id) => {
      if (snap.persona?.id === id) return snap.persona;
      const frame = store.getState().personas.find((p) => p.id === id);
      if (id !== store.getState().selectedId && frame) {
        if (!wantChats) {
          wantChats = true;
          refresh();
        }
        return chatsOnly(frame, chats.get(id) ?? []);
      }
      refresh();
      return null;
    },
    calls: (id) => (sel(id) ? snap.calls : []),
    llm: () => (first(), snap.llm),
    guardFallbacks: () => (first(), snap.guardFallbacks),
    eventAt: (address) => events.get(address) ?? null,
    whisper: (id, text) => later(host.whisper(id, text)),
    queuedWhispers: () => snap.queuedWhispers,
    interview: (id, q, transcript) => host.interview(id, q, transcript),
    setBrainMode: (id, mode) => later(host.setBrainMode(id, mode)),
    brainModeOf: (id) => (sel(id) ? snap.brainMode : null),
    askTown: (text) => {
      later(host.askTown(text));
      return requestText(text);
    },
    queuedRequests: () => snap.queuedRequests,
    townPlans: () => snap.townPlans,
    economy: () => (first(), snap.economy),
    setPulse: (on) => later(host.setPulse(on)),
    talkProblem: (id) => (sel(id) ? snap.talkProblem : undefined),
    talkInPerson: (id) => later(host.playerTalk(id)),
  };
}

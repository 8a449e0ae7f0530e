import { createStore } from 'zustand/vanilla';
import type { PersonaFrame } from '../sim/simulation';
import type { ConversationRecord } from '../sim/context';

/** Steps per real second at each speed: 1× is one 10-second step per second. */
export const SPEEDS = [0, 1, 2, 5, 10, 60] as const;
export type Speed = (typeof SPEEDS)[number];

export interface FeedItem {
  time: number;
  text: string;
}

/** What the UI and the Phaser scene read. The simulation writes it after each step; the view never writes the simulation. */
export interface HamletState {
  phase: 'loading' | 'ready' | 'error';
  loadProgress: number;
  error: string | null;
  step: number;
  time: number;
  speed: Speed;
  brainName: string;
  personas: PersonaFrame[];
  /** Latest conversations, newest last (at most 50). */
  feed: FeedItem[];
  conversations: number;
  followId: string | null;
  /** Personas waiting on the model right now (shown with 💭). */
  thinking: string[];
  /** A notice for the player (budget spent, rate limited, endpoint down …). */
  notice: string | null;
  llm: { calls: number; tokens: number; cost: number; fallbacks: number } | null;
  setSpeed: (s: Speed) => void;
  follow: (id: string | null) => void;
}

export function createHamletStore() {
  return createStore<HamletState>()((set) => ({
    phase: 'loading',
    loadProgress: 0,
    error: null,
    step: 0,
    time: 0,
    speed: 1,
    brainName: 'offline',
    personas: [],
    feed: [],
    conversations: 0,
    followId: null,
    thinking: [],
    notice: null,
    llm: null,
    setSpeed: (speed) => set({ speed }),
    follow: (followId) => set({ followId }),
  }));
}

export type HamletStore = ReturnType<typeof createHamletStore>;

/** Apply one simulation step to the store. */
export function applyStep(store: HamletStore, step: number, time: number, personas: PersonaFrame[], convos: ConversationRecord[]): void {
  const s = store.getState();
  let feed = s.feed;
  if (convos.length > 0) {
    feed = [...feed, ...convos.map((c) => ({ time: c.time, text: `${c.participants[0]} and ${c.participants[1]}: ${c.summary}` }))].slice(-50);
  }
  store.setState({ step, time, personas, feed, conversations: s.conversations + convos.length });
}

import type { CallPlan } from '../sim/brain/callPlan';
import { createStore } from 'zustand/vanilla';
import type { PersonaFrame } from '../sim/simulation';
import type { ConversationRecord } from '../sim/context';
import type { ChatLine } from '../sim/persona/memory';
import type { ReplayInspect } from '../replay/player';
import type { Tile } from '../sim/world/types';
import type { EconomyEvent } from '../sim/economy/economy';
import type { EndedChat, PlayerView } from '../sim/player/controller';

/** Steps per real second at each speed: 1× is one 10-second step per second. */
export const SPEEDS = [0, 1, 2, 5, 10, 60] as const;
/** The speeds keys 1–5 choose, the same live and in replays (steps per real second). */
export const KEY_SPEEDS = [1, 2, 5, 10, 60] as const;
export type Speed = (typeof SPEEDS)[number];

/** The open replay, as the view and the inspector read it (the page's src/app/replayMode.ts writes it). */
export interface ReplayView {
  title: string;
  /** Shown while the replay is open (e.g. how a Smallville import was mapped). */
  notice: string | null;
  source: 'hamlet' | 'smallville';
  /** Who made the replay's decisions: "offline", "llm:<model>" or "smallville". */
  brain: string;
  firstStep: number;
  lastStep: number;
  playing: boolean;
  /** Steps per real second, 1 to 64. */
  speed: number;
  /** Why "continue live from here" is not possible, or null when it is. */
  whyNotForkable: string | null;
  /** Read-only: frames, memories, LLM calls and conversations of the replay at any step (the store's `step`). */
  player: ReplayInspect;
}

export interface FeedItem {
  time: number;
  /** The whole line, for tests and screen readers ("Ana Moreno bought bread at Crumb & Crust Bakery (−4 credits)"). */
  text: string;
  /** An economy event (docs/economy.md#the-activity-feed): who (click to inspect), what happened, why. Absent for conversations and town-plan news. */
  personaId?: string;
  name?: string;
  what?: string;
  reason?: string;
  /** Who decided: the hourly pulse, the persona's plan or brain. */
  source?: string;
}

/** The feed keeps the latest events, first in first out (docs/economy.md#the-activity-feed: 50). */
export const FEED_SIZE = 50;

/** An economy event as a feed line. */
export function economyFeedItem(e: EconomyEvent): FeedItem {
  return { time: e.time, text: `${e.name} ${e.what}`, personaId: e.personaId, name: e.name, what: e.what, reason: e.reason, source: e.source };
}

/**
 * The model endpoint when it is not serving the town, for the page's banner (src/ui/endpointBanner.ts):
 * being checked before the town hands it work, unreachable on load (the town runs on the offline
 * brain), or down (the circuit breaker is open: the offline brain stands in until it answers again).
 */
export type EndpointNotice =
  | { state: 'checking'; baseURL: string }
  | { state: 'unreachable'; baseURL: string; reason: string }
  /** `retryAt`: wall time (Date.now()) of the next probe; `retrying` while one is under way. */
  | { state: 'down'; baseURL: string; reason: string; retryAt: number; retrying: boolean }
  /**
   * The endpoint is not down, but `calls` calls in a row fell back to the offline brain (replies
   * nothing could read): `reason` the first reason of the run, `shared` how many of them it failed.
   */
  | { state: 'unreadable'; baseURL: string; reason: string; calls: number; shared: number }
  /** A loaded save names this model: offered, not used, until the player says so (src/app/saveBrain.ts). */
  | { state: 'offered'; baseURL: string; model: string };

/** What the UI and the Phaser scene read. The simulation writes it after each step; the view never writes the simulation. */
export interface HamletState {
  phase: 'loading' | 'ready' | 'error';
  loadProgress: number;
  error: string | null;
  step: number;
  time: number;
  speed: Speed;
  brainName: string;
  /** How the town asks its brain (docs/call-plans.md). */
  callPlan: CallPlan;
  personas: PersonaFrame[];
  /** Latest conversations, town-plan news and economy events, newest last (at most FEED_SIZE). */
  feed: FeedItem[];
  conversations: number;
  followId: string | null;
  /** Personas waiting on the model right now (shown with 💭). */
  thinking: string[];
  /** A notice for the player (budget spent, rate limited, endpoint down …). */
  notice: string | null;
  llm: { calls: number; tokens: number; cost: number; fallbacks: number } | null;
  /** The model endpoint when it is not serving the town (checked on load, unreachable, or down), else null. */
  endpoint: EndpointNotice | null;
  /** The persona the inspector shows (clicked on the map or picked from the list). */
  selectedId: string | null;
  /** The map tile under the pointer, or null off the map. */
  hoverTile: Tile | null;
  /** Inspector overlay shown (key I), collision grid and place outlines drawn on the map. */
  inspector: { open: boolean; grid: boolean };
  /** The selected persona's planned path, for the map to draw (written by the inspector). */
  selectedPath: Tile[];
  /** 'replay' while a recorded day is shown: the live town waits, `personas`/`time`/`step`/`feed` come from the replay. */
  mode: 'live' | 'replay';
  replay: ReplayView | null;
  /** A compared replay's (B's) residents at the current step, drawn faded on the map ("Ghosts of B"); empty when none. */
  ghosts: PersonaFrame[];
  /** The player's resident, its open conversation and what was refused at the last step (null when nobody plays). */
  player: PlayerView | null;
  /** The last conversation the player had, kept on screen after it ends (with why it ended). */
  lastPlayerChat: EndedChat | null;
  /** Spoken lines over the speakers' heads (toggle). */
  bubbles: boolean;
  /** Lines spoken at the latest step(s), for the speech bubbles; `seq` grows with each batch. */
  spoken: { seq: number; lines: ChatLine[] };
  /** The camera goes where the action is: each new conversation, or the busiest spot (toggle). */
  followAction: boolean;
  /** A one-off camera move to a tile (a feed line clicked); `seq` tells repeated moves apart. */
  panTo: { x: number; y: number; seq: number } | null;
  /** A headless run to a time (skip to next morning, jump to an hour) under way: its progress. */
  fastForward: { label: string; done: number; total: number } | null;
  setSpeed: (s: Speed) => void;
  follow: (id: string | null) => void;
  select: (id: string | null) => void;
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
    callPlan: 'faithful',
    personas: [],
    feed: [],
    conversations: 0,
    followId: null,
    thinking: [],
    notice: null,
    llm: null,
    endpoint: null,
    selectedId: null,
    hoverTile: null,
    inspector: { open: true, grid: false },
    selectedPath: [],
    mode: 'live',
    replay: null,
    ghosts: [],
    player: null,
    lastPlayerChat: null,
    bubbles: true,
    spoken: { seq: 0, lines: [] },
    followAction: false,
    panTo: null,
    fastForward: null,
    setSpeed: (speed) => set({ speed }),
    follow: (followId) => set({ followId }),
    select: (selectedId) => set((s) => ({ selectedId, selectedPath: selectedId === s.selectedId ? s.selectedPath : [] })),
  }));
}

export type HamletStore = ReturnType<typeof createHamletStore>;

/** The player's side of a step: the view, and the chat that ended (kept on screen). */
export function applyPlayer(store: HamletStore, player: PlayerView | null): void {
  const s = store.getState();
  const ended = player?.ended.at(-1);
  // The lines of the player's chat new since the last step, for the speech bubbles.
  const lines = player?.chat?.lines ?? ended?.lines ?? [];
  const before = s.player?.chat && s.player.chat.with === (player?.chat ?? ended)?.with ? s.player.chat.lines.length : 0;
  const fresh = lines.slice(before);
  const spoken = fresh.length > 0 ? { seq: s.spoken.seq + 1, lines: fresh } : s.spoken;
  store.setState(ended ? { player, lastPlayerChat: ended, spoken } : player?.chat ? { player, lastPlayerChat: null, spoken } : { player, spoken });
}

/** Apply one simulation step to the store. */
export function applyStep(store: HamletStore, step: number, time: number, personas: PersonaFrame[], convos: ConversationRecord[], townEvents: readonly FeedItem[] = [], economyEvents: readonly EconomyEvent[] = []): void {
  const s = store.getState();
  let feed = s.feed;
  if (convos.length > 0 || townEvents.length > 0 || economyEvents.length > 0) {
    feed = [...feed, ...townEvents, ...economyEvents.map(economyFeedItem), ...convos.map((c) => ({ time: c.time, text: `${c.participants[0]} and ${c.participants[1]}: ${c.summary}` }))].slice(-FEED_SIZE);
  }
  // The player's own chat was shown line by line as it went (applyPlayer).
  const said = convos.filter((c) => !s.player || !c.participants.includes(s.player.name)).flatMap((c) => c.lines);
  const spoken = said.length > 0 ? { seq: s.spoken.seq + 1, lines: said } : s.spoken;
  store.setState({ step, time, personas, feed, conversations: s.conversations + convos.length, spoken });
}

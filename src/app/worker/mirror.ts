import type { HamletState, HamletStore } from '../../store/store';
import type { ActionOption } from '../../sim/actions/validate';

/**
 * The page's store, split between two threads (docs/worker.md). The worker holds the town and a
 * store of its own; what the town writes there (the clock, the residents' frames, the feed, the brain's
 * totals and notices, your resident) is sent to the page as patches, at most one a frame: the page
 * applies a patch with one setState, however many steps it covers. What the page writes that the
 * town reads (the speed, live or replay, whom the inspector shows) goes the other way.
 */

/** What the town writes: the worker's store sends these to the page. */
const TOWN_KEYS = [
  'phase',
  'error',
  'step',
  'time',
  'brainName',
  'callPlan',
  'personas',
  'feed',
  'conversations',
  'thinking',
  'notice',
  'llm',
  'endpoint',
  'player',
  'lastPlayerChat',
  'spoken',
  'fastForward',
  'followId',
] as const satisfies readonly (keyof HamletState)[];

/** What the live town shows on the map and in the feed: while a replay is shown, the replay's own stand, and these wait. */
const LIVE_VIEW_KEYS: ReadonlySet<string> = new Set(['step', 'time', 'personas', 'feed', 'conversations', 'thinking', 'player', 'lastPlayerChat', 'spoken', 'fastForward', 'followId']);

/** What the page writes that the town reads: the page's store sends these to the worker. */
const PAGE_KEYS = ['speed', 'mode', 'selectedId'] as const satisfies readonly (keyof HamletState)[];

type TownKey = (typeof TOWN_KEYS)[number];
type PageKey = (typeof PAGE_KEYS)[number];
type TownPatch = Partial<Pick<HamletState, TownKey>>;
export type PagePatch = Partial<Pick<HamletState, PageKey>>;

/** The keys of `keys` that differ between two states, as a patch. */
function changed<K extends keyof HamletState>(keys: readonly K[], s: HamletState, prev: HamletState): Partial<Pick<HamletState, K>> | null {
  let patch: Partial<Pick<HamletState, K>> | null = null;
  for (const k of keys) {
    if (s[k] === prev[k]) continue;
    patch ??= {};
    patch[k] = s[k];
  }
  return patch;
}

/**
 * Two patches as one (the later wins), except the spoken lines: those of every step covered are
 * kept, so a bubble said between two frames is still shown.
 */
export function mergePatches(a: TownPatch, b: TownPatch): TownPatch {
  const merged = { ...a, ...b };
  if (a.spoken && b.spoken) merged.spoken = { seq: b.spoken.seq, lines: [...a.spoken.lines, ...b.spoken.lines].slice(-40) };
  return merged;
}

/** A patch and its number: patches are numbered in the order the worker made them. */
export interface NumberedPatch {
  seq: number;
  patch: TownPatch;
  /**
   * Your resident's choices (the player panel's menu) as they are after this patch, with a patch that
   * changes your resident: the panel reads them in the same setState that shows the change.
   */
  options?: ActionOption[];
}

/**
 * Worker side: hears the worker's store and calls `send` with what the town changed, batched: the
 * first change schedules a send `everyMs` later, and the changes until then go with it. `take()`
 * hands the pending changes to a reply instead (a step the page asked for returns its own patch).
 */
export function sendTownChanges(store: HamletStore, send: (p: NumberedPatch) => void, everyMs = 16): { flush(): void; take(): NumberedPatch | null; dispose(): void } {
  let pending: TownPatch | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let seq = 0;
  const take = (): NumberedPatch | null => {
    if (timer) clearTimeout(timer);
    timer = null;
    const patch = pending;
    pending = null;
    return patch ? { seq: ++seq, patch } : null;
  };
  const flush = () => {
    const p = take();
    if (p) send(p);
  };
  const unsubscribe = store.subscribe((s, prev) => {
    const patch = changed(TOWN_KEYS, s, prev);
    if (!patch) return;
    pending = pending ? mergePatches(pending, patch) : patch;
    timer ??= setTimeout(flush, everyMs);
  });
  return {
    flush,
    take,
    dispose() {
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

/** The page's side of the town's patches (townPatchApplier). */
export interface TownPatchApplier {
  /** Apply patches, any number of them in one setState. */
  apply(...patches: NumberedPatch[]): void;
  /** A town shown at once on the page (adopted): the live view from here on. */
  remember(state: Partial<HamletState>): void;
  /** Show the live town again (a replay closed), as the worker last sent it: at once, no message needed. */
  showLive(): void;
}

/**
 * Page side: applies numbered patches to the page's store, any number of them in one setState (the
 * page applies what arrived during a frame together). Patches come by two ways (sent as they are
 * made, and in the reply to a step the page asked for), so one may overtake another: a key is taken
 * from a patch only when no later patch has set it already. While a replay is shown it holds the
 * live view back (the replay has the map, clock and feed) and keeps it, with what the live town
 * showed before the replay opened, for showLive().
 */
export function townPatchApplier(store: HamletStore): TownPatchApplier {
  const setAt = new Map<string, number>();
  /** The live town's view (LIVE_VIEW_KEYS but the spoken lines, said once) as the page last had it. */
  let live: TownPatch = {};
  const keep = (patch: TownPatch) => {
    for (const [k, v] of Object.entries(patch)) if (LIVE_VIEW_KEYS.has(k) && k !== 'spoken') (live as Record<string, unknown>)[k] = v;
  };
  return {
    apply(...patches) {
      let fresh: TownPatch = {};
      // A step that was under way when a replay opened is not shown over it (the page shows the live town again when it closes).
      const replay = store.getState().mode === 'replay';
      for (const { seq, patch } of [...patches].sort((a, b) => a.seq - b.seq)) {
        const taken: TownPatch = {};
        const part: TownPatch = {};
        for (const [k, v] of Object.entries(patch)) {
          if ((setAt.get(k) ?? 0) > seq) continue;
          setAt.set(k, seq);
          (taken as Record<string, unknown>)[k] = v;
          if (!(replay && LIVE_VIEW_KEYS.has(k))) (part as Record<string, unknown>)[k] = v;
        }
        keep(taken);
        fresh = mergePatches(fresh, part);
      }
      store.setState(fresh);
    },
    remember(state) {
      live = {};
      keep(state);
    },
    showLive() {
      store.setState(live);
    },
  };
}

/** Page side: hears the page's store and calls `send` with what the page changed that the town reads. */
export function sendPageChanges(store: HamletStore, send: (patch: PagePatch) => void): () => void {
  return store.subscribe((s, prev) => {
    const patch = changed(PAGE_KEYS, s, prev);
    if (patch) send(patch);
  });
}

/** The page's store's part that the town reads, now (sent once when a worker starts). */
export function pageState(store: HamletStore): PagePatch {
  const s = store.getState();
  return { speed: s.speed, mode: s.mode, selectedId: s.selectedId };
}

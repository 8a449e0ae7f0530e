import type { HamletState, HamletStore } from '../../store/store';

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

/** What the page writes that the town reads: the page's store sends these to the worker. */
const PAGE_KEYS = ['speed', 'mode', 'selectedId'] as const satisfies readonly (keyof HamletState)[];

type TownKey = (typeof TOWN_KEYS)[number];
type PageKey = (typeof PAGE_KEYS)[number];
export type TownPatch = Partial<Pick<HamletState, TownKey>>;
type PagePatch = Partial<Pick<HamletState, PageKey>>;

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

/**
 * Worker side: hears the worker's store and calls `send` with what the town changed, batched: the
 * first change schedules a send `everyMs` later, and the changes until then go with it.
 */
export function sendTownChanges(store: HamletStore, send: (patch: TownPatch) => void, everyMs = 16): { flush(): void; dispose(): void } {
  let pending: TownPatch | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const p = pending;
    pending = null;
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
    dispose() {
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
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

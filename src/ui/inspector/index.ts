import type { HamletStore } from '../../store/store';
import { installInspectorKeys } from './keys';
import { personaPanel } from './panel';
import type { InspectorSource } from '../../app/readModel/types';
import { tileReadout } from './tileReadout';
import { townPanel } from './townPanel';
import './inspector.css';
import { pageLayout } from '../layout';


export interface Inspector {
  /** Feed it another source than the live town / the open replay (null: back to those). */
  setSource(source: InspectorSource | null): void;
  readonly source: InspectorSource;
  /** What refreshing has cost so far (wall time in the page), for the benchmark-minded. */
  readonly stats: { refreshes: number; totalMs: number; maxMs: number };
}

/** Refreshes per second: enough to follow a persona, cheap enough never to cost frames. */
const REFRESH_HZ = 4;

/**
 * The in-game inspector: a persona panel with tabs, a town panel and the tile readout, as a DOM
 * overlay that reads the store and an InspectorSource a few times a second.
 */
export function mountInspector(root: HTMLElement, store: HamletStore, sources: { live: InspectorSource; replay?: InspectorSource }): Inspector {
  let override: InspectorSource | null = null;
  // A replay shown in the page (store.mode) is inspected through its own source.
  const current = () => override ?? (store.getState().mode === 'replay' && sources.replay ? sources.replay : sources.live);
  let source = current();
  const town = townPanel(store);
  const panel = personaPanel(store);
  const tile = tileReadout(store);
  // Town panel first on the left, the persona panel on the right, the readout over the map's bottom edge.
  const layout = pageLayout(root);
  layout.slot('left').prepend(town.el);
  layout.slot('right').append(panel.el);
  layout.slot('center').append(tile.el);
  installInspectorKeys(store);

  const stats = { refreshes: 0, totalMs: 0, maxMs: 0 };
  const refresh = () => {
    if (store.getState().phase !== 'ready') return;
    const t0 = performance.now();
    refreshAll();
    const ms = performance.now() - t0;
    stats.refreshes++;
    stats.totalMs += ms;
    stats.maxMs = Math.max(stats.maxMs, ms);
  };
  const refreshAll = () => {
    source = current();
    town.refresh(source);
    panel.refresh(source);
    tile.refresh(source);
  };
  setInterval(refresh, 1000 / REFRESH_HZ);
  // Open at once on a click rather than at the next tick.
  store.subscribe((s, prev) => {
    if (s.selectedId !== prev.selectedId || s.inspector !== prev.inspector || s.mode !== prev.mode) refresh();
    else if (s.hoverTile !== prev.hoverTile && s.phase === 'ready') tile.refresh(source);
  });
  refresh();
  return {
    setSource(s) {
      override = s;
      refresh();
    },
    get source() {
      return source;
    },
    stats,
  };
}

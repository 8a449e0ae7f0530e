import type { HamletStore } from '../../store/store';
import { h } from '../dom';
import { button, renderIfChanged } from './dom';
import type { InspectorSource } from '../../app/readModel/types';
import { tileInfo, tileLine } from './tileInfo';

interface TileReadout {
  el: HTMLElement;
  refresh(source: InspectorSource): void;
}

/** The hovered tile: coordinates, collision, address, what is happening on it; and the grid toggle. */
export function tileReadout(store: HamletStore): TileReadout {
  const line = h('div', { class: 'tile-line' });
  const events = h('ul', { class: 'tile-events' });
  const grid = button('Grid & places (G)', () => toggleGrid(store), 'insp-btn', 'Draw the collision grid and sector/arena outlines');
  grid.name = 'grid';
  const el = h('div', { class: 'tile-readout' }, h('div', { class: 'tile-top' }, line, grid), events);
  return {
    el,
    refresh(source) {
      const s = store.getState();
      el.hidden = !s.inspector.open;
      grid.classList.toggle('active', s.inspector.grid);
      const world = source.world();
      const t = s.hoverTile && world ? tileInfo(world, s.hoverTile.x, s.hoverTile.y, (a) => source.eventAt(a), s.personas.map((p) => ({ name: p.name, tile: p.tile, description: p.description }))) : null;
      line.textContent = t ? tileLine(t) : world ? 'Hover a tile to see its address' : 'No tile details for this map (it is not Hamlet’s)';
      renderIfChanged(events, t ? t.events.join('\n') : '', () => (t ? t.events.map((e) => h('li', { text: e })) : []));
    },
  };
}

export function toggleGrid(store: HamletStore): void {
  const s = store.getState();
  store.setState({ inspector: { ...s.inspector, grid: !s.inspector.grid } });
}

import type { HamletStore } from '../store/store';
import type { WorldModel } from '../sim/world/types';
import { PLACE_KINDS } from '../sim/placeKinds';
import { pageLayout } from './layout';

/** What the minimap reads: the town's map (null: none to show, e.g. a replay on its own map) and the part in view, in tiles. */
interface MinimapSource {
  world(): WorldModel | null;
  view(): { x: number; y: number; w: number; h: number } | null;
}

const WIDTH = 200;
const REFRESH_MS = 250;

/**
 * A minimap in the corner of the map (the layout's center cell, above the tile readout; off on a
 * phone, where that cell shows nothing): the places by kind, everyone as a dot (the selected one
 * ringed), and the part of the town on screen as a frame. A click moves the view there. Redrawn
 * four times a second while visible; text-free, so it is labelled for screen readers.
 */
export function mountMinimap(store: HamletStore, source: MinimapSource): void {
  const canvas = document.createElement('canvas');
  canvas.className = 'minimap';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Minimap of the town: places, people as dots and the part on screen; click to move the view there');
  canvas.title = 'Click to move the view there';
  pageLayout().slot('center').append(canvas);
  let scale = 1;
  const draw = () => {
    const world = source.world();
    canvas.hidden = !world;
    if (!world || !canvas.isConnected || canvas.offsetParent === null) return;
    scale = WIDTH / world.width;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const w = WIDTH;
    const h = Math.round(world.height * scale);
    if (canvas.width !== Math.round(w * ratio)) {
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
      canvas.style.width = `${w}px`;
      canvas.style.height = `${h}px`;
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio * scale, 0, 0, ratio * scale, 0, 0);
    g.fillStyle = '#2f4a33';
    g.fillRect(0, 0, world.width, world.height);
    for (const s of world.sectors) {
      g.fillStyle = PLACE_KINDS[s.kind].colours.minimap;
      g.fillRect(s.rect.x, s.rect.y, s.rect.w, s.rect.h);
    }
    const state = store.getState();
    for (const p of state.personas) {
      g.fillStyle = p.id === state.selectedId ? '#ffffff' : '#f2b35b';
      g.beginPath();
      g.arc(p.tile.x + 0.5, p.tile.y + 0.5, p.id === state.selectedId ? 1.6 : 1.1, 0, Math.PI * 2);
      g.fill();
    }
    const v = source.view();
    if (v) {
      g.strokeStyle = '#ffffff';
      g.lineWidth = 1 / scale;
      g.strokeRect(v.x, v.y, v.w, v.h);
    }
  };
  canvas.addEventListener('click', (e) => {
    const r = canvas.getBoundingClientRect();
    const x = Math.floor((e.clientX - r.left) / scale);
    const y = Math.floor((e.clientY - r.top) / scale);
    store.setState({ followId: null, panTo: { x, y, seq: (store.getState().panTo?.seq ?? 0) + 1 } });
  });
  setInterval(draw, REFRESH_MS);
  draw();
}

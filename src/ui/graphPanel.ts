import './graph/graph.css';
import type { HamletStore } from '../store/store';
import type { InspectorSource } from '../app/readModel/types';
import { foldingPanel, pageLayout } from './layout';
import { barButton } from './hud';

/**
 * The top bar's 🕸 button and its panel (right slot): who talked with whom in the town, and about
 * what, as a graph (src/ui/graph/townGraph.ts, loaded on first use so the first load stays small).
 * Redrawn when opened and by ↻; a click on a person opens them in the inspector.
 */
export function mountTownGraph(store: HamletStore, source: () => InspectorSource | null): { open(): Promise<void> } {
  const bar = document.querySelector<HTMLElement>('.hud-bar');
  const openBtn = barButton('🕸', 'Who talked', 'Who talked with whom, and about what: the town as a graph');
  openBtn.name = 'town-graph';
  bar?.append(openBtn);
  const redraw = Object.assign(document.createElement('button'), { type: 'button', className: 'insp-btn', textContent: '↻', title: 'Draw again with the conversations since', name: 'graph-redraw' });
  const close = Object.assign(document.createElement('button'), { type: 'button', className: 'insp-btn', textContent: '✕', title: 'Close', name: 'graph-close' });
  const panel = foldingPanel({ title: 'Who talked with whom', name: 'graph', className: 'graph-panel', headExtras: [redraw, close], startFolded: false });
  panel.el.hidden = true;
  const status = document.createElement('p');
  status.className = 'insp-muted graph-status';
  const holder = document.createElement('div');
  holder.className = 'graph-holder';
  panel.body.append(status, holder);
  pageLayout().slot('right').append(panel.el);

  const draw = async () => {
    const src = source();
    if (!src) return;
    status.textContent = 'Drawing…';
    const { buildTownGraph, drawTownGraph } = await import('./graph/townGraph');
    const people = store.getState().personas.map((p) => ({ id: p.id, name: p.name }));
    const graph = buildTownGraph(people, src);
    const talks = graph.edges.reduce((n, e) => n + e.weight, 0);
    status.textContent = talks ? `${talks} conversation${talks === 1 ? '' : 's'} between ${graph.edges.length} pairs. Hover a line for what they talked about; click a person to open them.` : 'Nobody has talked yet: let the town run a while.';
    holder.replaceChildren(drawTownGraph(graph, (id) => store.getState().select(id)));
  };
  const open = async () => {
    panel.el.hidden = false;
    panel.fold(false);
    await draw();
  };
  openBtn.addEventListener('click', () => (panel.el.hidden ? void open() : (panel.el.hidden = true)));
  redraw.addEventListener('click', () => void draw());
  close.addEventListener('click', () => (panel.el.hidden = true));
  return { open };
}

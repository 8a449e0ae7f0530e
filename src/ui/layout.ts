import './layout.css';
import { defined } from '../sim/checked';

/**
 * The page's layout: every DOM panel lives in one of five slots of a full-screen grid over the map, so
 * panels never overlap each other at any screen size (docs/ui-layout.md):
 *
 *   top     the bar with the clock (always on screen), then notices and banners
 *   left    the town's panels (Town, activity, replays, …), stacked; each can fold to its header
 *   right   what you opened (the persona inspector, settings); stacked
 *   center  small readouts over the map, along its bottom edge (the tile readout)
 *   bottom  full-width bars (the replay controls)
 *
 * On a phone (narrow screen) the left panels fold into a row of headers at the bottom and the right
 * slot becomes a bottom sheet above them. Empty slot area lets pointer events through to the map.
 */
type SlotName = 'top' | 'left' | 'right' | 'center' | 'bottom';

interface Layout {
  readonly root: HTMLElement;
  slot(name: SlotName): HTMLElement;
}

/** Widths below this are laid out as a phone (keep in step with layout.css). */
const NARROW_PX = 700;

function isNarrow(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(max-width: ${NARROW_PX}px)`).matches;
}

let shared: Layout | null = null;

/** The page's one layout (made on first use, under `parent`). */
export function pageLayout(parent: HTMLElement = document.body): Layout {
  if (shared && shared.root.isConnected) return shared;
  const root = document.createElement('div');
  root.id = 'ui';
  const slots = new Map<SlotName, HTMLElement>();
  for (const name of ['top', 'left', 'center', 'right', 'bottom'] as SlotName[]) {
    const s = document.createElement('div');
    s.className = `slot slot-${name}`;
    s.dataset.slot = name;
    slots.set(name, s);
    root.append(s);
  }
  parent.append(root);
  fitVisibleHeight(root);
  shared = { root, slot: (name) => defined(slots.get(name), `the ${name} slot`) };
  return shared;
}

/**
 * The layout's height is the part of the page one can see: with a phone's keyboard open, iOS keeps
 * the page's height and only the visual viewport shrinks, so the panels (a chat's input) would sit
 * under the keyboard. `--ui-h` is that height for the CSS (layout.css, play.css).
 */
function fitVisibleHeight(root: HTMLElement): void {
  const vv = window.visualViewport;
  const fit = () => {
    const h = vv ? vv.height : window.innerHeight;
    root.style.setProperty('--ui-h', `${Math.round(h)}px`);
    root.style.height = vv && vv.height < window.innerHeight - 1 ? `${Math.round(vv.height)}px` : '';
    root.style.top = vv && vv.offsetTop > 0 ? `${Math.round(vv.offsetTop)}px` : '';
  };
  vv?.addEventListener('resize', fit);
  vv?.addEventListener('scroll', fit);
  window.addEventListener('resize', fit);
  fit();
}

/** The part of the page the map shows between the slots (the center slot's grid cell), in CSS px; null before the layout exists. */
export function mapArea(): { left: number; top: number; right: number; bottom: number } | null {
  const r = shared?.slot('center').getBoundingClientRect();
  return r && r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
}

interface FoldingPanel {
  el: HTMLElement;
  head: HTMLElement;
  body: HTMLElement;
  /** Fold to the header (true) or open. */
  fold(folded: boolean): void;
  readonly folded: boolean;
}

/**
 * A panel with a header that folds it: a title, optional header buttons, and a body. On a phone the
 * left slot's panels start folded, and opening one folds the others there (one open at a time).
 */
export function foldingPanel(opts: { title: string; name: string; className?: string; headExtras?: HTMLElement[]; startFolded?: boolean }): FoldingPanel {
  const el = document.createElement('section');
  el.className = `panel ${opts.className ?? ''}`.trim();
  el.dataset.panel = opts.name;
  el.setAttribute('aria-label', opts.title);
  const head = document.createElement('header');
  head.className = 'panel-head';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'panel-toggle';
  toggle.name = `fold-${opts.name}`;
  const title = document.createElement('h2');
  title.className = 'panel-title';
  title.textContent = opts.title;
  const mark = document.createElement('span');
  mark.className = 'panel-mark';
  mark.setAttribute('aria-hidden', 'true');
  toggle.append(mark, title);
  head.append(toggle, ...(opts.headExtras ?? []));
  const body = document.createElement('div');
  body.className = 'panel-body';
  el.append(head, body);
  const api: FoldingPanel = {
    el,
    head,
    body,
    fold(folded) {
      el.classList.toggle('folded', folded);
      toggle.setAttribute('aria-expanded', String(!folded));
      toggle.title = folded ? `Open ${opts.title}` : `Fold ${opts.title}`;
      mark.textContent = folded ? '▸' : '▾';
      if (!folded && isNarrow()) {
        // One open panel at a time in a phone's row of headers.
        for (const other of el.parentElement?.querySelectorAll<HTMLElement>(':scope > .panel:not(.folded)') ?? []) {
          if (other !== el) other.querySelector<HTMLButtonElement>(':scope > .panel-head > .panel-toggle')?.click();
        }
      }
    },
    get folded() {
      return el.classList.contains('folded');
    },
  };
  toggle.addEventListener('click', () => api.fold(!api.folded));
  api.fold(opts.startFolded ?? isNarrow());
  return api;
}

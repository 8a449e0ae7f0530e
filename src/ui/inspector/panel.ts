import type { HamletStore } from '../../store/store';
import { defined } from '../../sim/checked';
import type { Tile } from '../../sim/world/types';
import { h } from '../dom';
import { button } from './dom';
import type { InspectorSource } from '../../app/readModel/types';
import type { Tab, TabId } from './tab';
import { nowTab } from './tabs/now';
import { dayTab } from './tabs/day';
import { memoryTab } from './tabs/memory';
import { thoughtsTab } from './tabs/thoughts';
import { chatsTab } from './tabs/chats';
import { brainTab } from './tabs/brain';
import { talkTab } from './tabs/talk';

interface PersonaPanel {
  el: HTMLElement;
  refresh(source: InspectorSource): void;
  show(tab: TabId): void;
}

function pathKey(path: readonly Tile[]): string {
  const a = path[0];
  const b = path[path.length - 1];
  return a && b ? `${path.length}:${a.x},${a.y}:${b.x},${b.y}` : '';
}

/** The persona panel: a header (name, follow, close) and tabs; only the shown tab refreshes. */
export function personaPanel(store: HamletStore): PersonaPanel {
  const tabs: Tab[] = [nowTab(), dayTab(), memoryTab(), thoughtsTab(), chatsTab(), brainTab(), talkTab()];
  let active: TabId = 'now';
  let shownId: string | null = null;
  let lastPath = '';
  let source: InspectorSource | null = null;

  const emoji = h('span', { class: 'insp-emoji' });
  const name = h('h2', { class: 'insp-name' });
  const follow = button('Follow', () => {
    const s = store.getState();
    s.follow(s.followId === s.selectedId ? null : s.selectedId);
  }, 'insp-btn', 'Keep the camera on this persona');
  // The key only where there is a keyboard (hidden on a touch screen: play.css .keys-hint).
  follow.append(h('span', { class: 'keys-hint' }, ' (F)'));
  follow.name = 'follow';
  const close = button('✕', () => store.getState().select(null), 'insp-btn insp-close', 'Close (Esc)');
  close.name = 'close';
  const nav = h('nav', { class: 'insp-tabs' });
  const body = h('div', { class: 'insp-body' });
  const buttons = new Map<TabId, HTMLButtonElement>();
  for (const t of tabs) {
    const b = button(t.label, () => show(t.id), 'insp-tab-btn');
    b.dataset.tab = t.id;
    b.setAttribute('role', 'tab');
    t.el.setAttribute('role', 'tabpanel');
    buttons.set(t.id, b);
    nav.append(b);
    t.el.hidden = true;
    body.append(t.el);
  }
  nav.setAttribute('role', 'tablist');
  const el = h('aside', { class: 'insp-panel' }, h('header', { class: 'insp-head' }, emoji, name, follow, close), nav, body);
  el.setAttribute('aria-label', 'Persona inspector');
  el.hidden = true;

  function show(id: TabId, nodeId?: number): void {
    active = id;
    for (const t of tabs) t.el.hidden = t.id !== id;
    for (const [tid, b] of buttons) {
      b.classList.toggle('active', tid === id);
      b.setAttribute('aria-selected', String(tid === id));
    }
    el.dataset.tab = id;
    if (source) refresh(source);
    if (nodeId !== undefined) tabs.find((t) => t.id === id)?.focusNode?.(nodeId);
  }

  function refresh(src: InspectorSource): void {
    source = src;
    const s = store.getState();
    const p = s.inspector.open && s.selectedId ? src.persona(s.selectedId) : null;
    el.hidden = !p;
    if (!p) {
      if (lastPath !== '') {
        lastPath = '';
        store.setState({ selectedPath: [] });
      }
      return;
    }
    if (p.id !== shownId) {
      shownId = p.id;
      for (const t of tabs) t.reset?.();
      name.textContent = p.name;
      el.dataset.persona = p.id;
      body.scrollTop = 0;
    }
    emoji.textContent = p.emoji || '🙂';
    follow.classList.toggle('active', s.followId === p.id);
    // Whisper and Ask change or question a live town: not in a replay.
    const liveOnlyHidden = src.mode !== 'live';
    for (const t of tabs) {
      const b = buttons.get(t.id);
      if (t.liveOnly && b) b.hidden = liveOnlyHidden;
    }
    if (liveOnlyHidden && tabs.find((t) => t.id === active)?.liveOnly) return show('now');
    const pk = pathKey(p.path);
    if (pk !== lastPath) {
      lastPath = pk;
      store.setState({ selectedPath: p.path.map((t) => ({ x: t.x, y: t.y })) });
    }
    const tab = defined(tabs.find((t) => t.id === active), `the ${active} tab`);
    tab.refresh({ source: src, persona: p, now: s.time, step: s.step, store, goTo: (id, nodeId) => show(id, nodeId) });
  }

  show('now');
  return { el, refresh, show };
}

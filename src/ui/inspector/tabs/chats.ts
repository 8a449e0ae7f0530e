import { h } from '../../dom';
import { renderIfChanged, button } from '../dom';
import type { Tab, TabContext } from '../tab';
import { when } from './memory';

const PAGE = 20;

/** Chats: the conversation in progress and every remembered conversation's transcript, newest first. */
export function chatsTab(): Tab {
  const el = h('div', { class: 'insp-tab insp-chats' });
  let shown = PAGE;
  return {
    id: 'chats',
    label: 'Chats',
    el,
    reset() {
      shown = PAGE;
    },
    refresh(ctx: TabContext) {
      const p = ctx.persona;
      const mem = p.memory;
      const live = p.chat ? `${p.chat.length}:${p.chat[p.chat.length - 1]?.text ?? ''}` : '';
      let newest = 0;
      for (let i = mem.length - 1; i >= 0; i--) {
        const m = mem[i];
        if (m?.type === 'chat') {
          newest = m.id;
          break;
        }
      }
      renderIfChanged(el, `${p.id}|${newest}|${shown}|${live}`, () => {
        const out: Node[] = [];
        if (p.chat && p.chat.length > 0) out.push(transcriptCard(`Now, with ${p.chattingWith ?? 'someone'}`, p.chat, 'live'));
        const chats = [];
        for (let i = mem.length - 1; i >= 0 && chats.length < shown + 1; i--) {
          const m = mem[i];
          if (m?.type === 'chat') chats.push(m);
        }
        for (const c of chats.slice(0, shown)) out.push(transcriptCard(`${when(c.created)} · ${c.description}`, c.transcript, ''));
        if (out.length === 0) out.push(h('p', { class: 'insp-muted', text: 'No conversations yet.' }));
        if (chats.length > shown) out.push(button('Show older', () => ((shown += PAGE), this.refresh(ctx))));
        return out;
      });
    },
  };
}

function transcriptCard(title: string, lines: readonly { speaker: string; text: string }[], cls: string): HTMLElement {
  const ol = h('ol', { class: 'insp-transcript' });
  for (const l of lines) ol.append(h('li', null, h('b', { text: `${l.speaker}: ` }), h('span', { class: 'insp-line', text: l.text })));
  if (lines.length === 0) ol.append(h('li', { class: 'insp-muted', text: '(no transcript recorded)' }));
  return h('div', { class: `insp-card ${cls}` }, h('div', { class: 'insp-card-title', text: title }), ol);
}

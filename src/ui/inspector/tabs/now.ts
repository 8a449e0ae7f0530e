import { formatHHMM } from '../../../sim/clock';
import { h, renderIfChanged } from '../dom';
import { duration } from '../timeline';
import type { Tab, TabContext } from '../tab';

/** Now: what the persona is doing, where, for how long, with whom; its path is drawn on the map. */
export function nowTab(): Tab {
  const el = h('div', { class: 'insp-tab insp-now' });
  return {
    id: 'now',
    label: 'Now',
    el,
    refresh(ctx: TabContext) {
      const p = ctx.persona;
      const left = p.actEnd !== null ? p.actEnd - ctx.now : null;
      const chatKey = p.chat ? `${p.chat.length}:${p.chat[p.chat.length - 1]?.text ?? ''}` : '';
      const key = [p.action, p.address, p.emoji, p.chattingWith, p.actStart, p.actEnd, Math.floor(ctx.now / 10_000), p.path.length, p.tile.x, p.tile.y, chatKey, p.currently].join('|');
      renderIfChanged(el, key, () => {
        const rows: [string, Node | string][] = [
          ['Action', h('span', { class: 'insp-action', text: p.action || 'idle' })],
          ['Emoji', h('span', { class: 'insp-emoji-big', text: p.emoji || '—' })],
          ['Address', h('code', { class: 'insp-addr', text: p.address || '—' })],
          [
            'Time',
            p.actStart !== null && p.actEnd !== null
              ? `${formatHHMM(p.actStart)}–${formatHHMM(p.actEnd)} · ${left !== null && left > 0 ? `${duration(left)} left` : 'ending now'}`
              : '—',
          ],
          ['Chatting with', p.chattingWith ? partnerLink(ctx, p.chattingWith) : '—'],
          ['Tile', `(${p.tile.x}, ${p.tile.y}) · ${p.path.length > 0 ? `walking, ${p.path.length} tiles to go (path on the map)` : 'standing'}`],
        ];
        if (p.currently) rows.push(['Currently', p.currently]);
        const dl = h('dl', { class: 'insp-dl' });
        for (const [k, v] of rows) dl.append(h('dt', { text: k }), h('dd', null, v));
        const out: Node[] = [dl];
        if (p.chat && p.chat.length > 0) {
          out.push(h('h4', { text: 'Conversation in progress' }));
          const ol = h('ol', { class: 'insp-transcript' });
          for (const line of p.chat.slice(-12)) ol.append(h('li', null, h('b', { text: `${line.speaker}: ` }), h('span', { text: line.text })));
          out.push(ol);
        }
        return out;
      });
    },
  };
}

/** The chat partner's name; clicking it inspects them. */
function partnerLink(ctx: TabContext, name: string): Node {
  const other = ctx.store.getState().personas.find((f) => f.name === name);
  if (!other) return document.createTextNode(name);
  const a = h('a', { class: 'insp-link', text: name, title: `Inspect ${name}` });
  a.href = '#';
  a.addEventListener('click', (e) => {
    e.preventDefault();
    ctx.store.getState().select(other.id);
  });
  return a;
}

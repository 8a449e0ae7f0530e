import { h } from '../../dom';
import { renderIfChanged, button } from '../dom';
import { nodeById } from '../memoryFilter';
import type { ReflectionView } from '../../../app/readModel/types';
import type { Tab, TabContext } from '../tab';
import { evidenceLink, when } from './memory';

const PAGE = 60;

/** The line over the thoughts: how near the next reflection is, and when the last one was. */
function reflectionLine(r: ReflectionView): string {
  const gathered = Math.max(0, Math.min(r.threshold, Math.floor(r.gathered)));
  const next = `Next reflection when the poignancy of what happens adds up to ${r.threshold}: ${gathered} so far`;
  return r.last === null ? `${next} · not reflected yet` : `${next} · last reflected ${when(r.last)}`;
}

/** Thoughts: reflections and other thoughts, newest first, each with links that jump to its evidence. */
export function thoughtsTab(): Tab {
  const el = h('div', { class: 'insp-tab insp-thoughts' });
  let shown = PAGE;
  return {
    id: 'thoughts',
    label: 'Thoughts',
    el,
    reset() {
      shown = PAGE;
    },
    refresh(ctx: TabContext) {
      const mem = ctx.persona.memory;
      // Only a new thought redraws (not every new memory): the newest thought's id is the key.
      let newest = 0;
      for (let i = mem.length - 1; i >= 0; i--) {
        const m = mem[i];
        if (m?.type === 'thought') {
          newest = m.id;
          break;
        }
      }
      const r = ctx.persona.reflection;
      renderIfChanged(el, `${ctx.persona.id}|${newest}|${shown}|${r ? `${Math.floor(r.gathered)}|${r.last}` : ''}`, () => {
        const head = r ? h('p', { class: 'insp-muted insp-reflect-next', text: reflectionLine(r) }) : null;
        const thoughts = [];
        for (let i = mem.length - 1; i >= 0 && thoughts.length < shown + 1; i--) {
          const m = mem[i];
          if (m?.type === 'thought') thoughts.push(m);
        }
        if (thoughts.length === 0) return [head, h('p', { class: 'insp-muted', text: 'No thoughts yet: reflections come once enough has happened to the persona.' })].filter((x) => x !== null);
        const ul = h('ul', { class: 'insp-cards' });
        for (const t of thoughts.slice(0, shown)) {
          const ev = h('div', { class: 'insp-evidence' });
          if (t.evidence.length > 0) {
            ev.append(h('span', { class: 'insp-muted', text: 'because of ' }));
            for (const id of t.evidence) {
              const a = evidenceLink(ctx, id, (x) => ctx.goTo('memory', x));
              const n = nodeById(mem, id);
              ev.append(a, h('span', { class: 'insp-ev-text', text: n ? ` ${n.description}` : '' }), h('br'));
            }
          }
          const kind = t.predicate === 'reflects' ? 'reflection' : t.object === 'a whisper' ? 'from a whisper' : t.predicate === 'plan' ? 'plan' : 'thought';
          ul.append(
            h(
              'li',
              { class: 'insp-card', data: { id: String(t.id) } },
              h('div', { class: 'insp-muted', text: `#${t.id} · ${kind} · ${when(t.created)} · ★${t.poignancy}` }),
              h('div', { class: 'insp-card-text', text: t.description }),
              t.evidence.length > 0 ? ev : null,
            ),
          );
        }
        const out: Node[] = head ? [head, ul] : [ul];
        if (thoughts.length > shown) out.push(button('Show older', () => ((shown += PAGE), this.refresh(ctx))));
        return out;
      });
    },
  };
}

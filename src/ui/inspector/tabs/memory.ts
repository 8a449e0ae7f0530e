import { formatHHMM, weekdayOf } from '../../../sim/clock';
import type { NodeType } from '../../../sim/persona/memory';
import type { ScoredRow } from '../../../sim/cognition/retrievalTrace';
import { h } from '../../dom';
import { renderIfChanged } from '../dom';
import { filterMemories, nodeById } from '../memoryFilter';
import type { MemoryView } from '../../../app/readModel/types';
import type { Tab, TabContext } from '../tab';
import { VirtualList } from '../virtualList';

const TYPES: NodeType[] = ['event', 'chat', 'thought'];
const ROW_HEIGHT = 40;

export function when(ms: number): string {
  return `${weekdayOf(ms)} ${formatHHMM(ms)}`;
}

const f2 = (x: number) => x.toFixed(2);

/**
 * Memory: the associative stream (newest first, virtualised) with search and type filters, a node's
 * detail, and the latest retrieval's per-node recency, importance, relevance and total score.
 */
export function memoryTab(): Tab {
  const types = new Set<NodeType>(TYPES);
  let search = '';
  let selected: number | null = null;
  let ctxRef: TabContext | null = null;
  let focalIndex = 0;
  let scores = new Map<number, ScoredRow>();

  const input = h('input', { class: 'insp-search' });
  input.type = 'search';
  input.placeholder = 'Search memories…';
  input.name = 'memory-search';
  input.addEventListener('input', () => {
    search = input.value;
    refreshNow();
  });
  const checks = h('div', { class: 'insp-checks' });
  for (const t of TYPES) {
    const cb = h('input');
    cb.type = 'checkbox';
    cb.checked = true;
    cb.name = `type-${t}`;
    cb.addEventListener('change', () => {
      if (cb.checked) types.add(t);
      else types.delete(t);
      refreshNow();
    });
    checks.append(h('label', { class: `insp-type-${t}` }, cb, ` ${t}`));
  }
  const count = h('span', { class: 'insp-muted insp-count' });
  const retrieval = h('details', { class: 'insp-retrieval' });
  retrieval.open = true;
  const list = new VirtualList<MemoryView>(ROW_HEIGHT, (n) => row(n), 'insp-mem-list', (n) => n.id);
  const detail = h('div', { class: 'insp-mem-detail' });
  const el = h('div', { class: 'insp-tab insp-memory' }, h('div', { class: 'insp-mem-controls' }, input, checks, count), retrieval, list.el, detail);

  function refreshNow(): void {
    if (ctxRef) tab.refresh(ctxRef);
  }

  function select(id: number): void {
    selected = id;
    list.redraw();
    if (ctxRef) renderDetail(ctxRef);
  }

  function row(n: MemoryView): HTMLElement {
    const s = scores.get(n.id);
    const r = h(
      'div',
      { class: `insp-mem-row${n.id === selected ? ' selected' : ''}`, data: { id: String(n.id) } },
      h(
        'div',
        { class: 'insp-mem-meta' },
        h('span', { class: `insp-badge insp-type-${n.type}`, text: n.type }),
        h('span', { class: 'insp-muted', text: `#${n.id} · ${when(n.created)} · ★${n.poignancy}` }),
        s ? h('span', { class: 'insp-score', text: `score ${f2(s.score)}`, title: `recency ${f2(s.recency)} · importance ${f2(s.importance)} · relevance ${f2(s.relevance)}` }) : null,
      ),
      h('div', { class: 'insp-mem-desc', text: n.description, title: n.description }),
    );
    r.addEventListener('click', () => select(n.id));
    return r;
  }

  function renderDetail(ctx: TabContext): void {
    const n = selected === null ? undefined : nodeById(ctx.persona.memory, selected);
    renderIfChanged(detail, `${ctx.persona.id}|${selected}|${n ? 1 : 0}|${scores.get(selected ?? -1)?.score ?? ''}`, () => {
      if (!n) return [h('p', { class: 'insp-muted', text: 'Click a memory to see it whole.' })];
      const dl = h('dl', { class: 'insp-dl' });
      const add = (k: string, v: Node | string) => dl.append(h('dt', { text: k }), h('dd', null, v));
      add('Node', `#${n.id} ${n.type}${n.depth ? ` (depth ${n.depth})` : ''}`);
      add('Created', when(n.created));
      if (n.expiration) add('Expires', when(n.expiration));
      add('Poignancy', String(n.poignancy));
      add('Keywords', n.keywords.join(', ') || '—');
      const s = scores.get(n.id);
      if (s) add('Latest retrieval', `recency ${f2(s.recency)} · importance ${f2(s.importance)} · relevance ${f2(s.relevance)} · total ${f2(s.score)}`);
      const out: Node[] = [h('div', { class: 'insp-mem-full', text: n.description }), dl];
      if (n.evidence.length > 0) {
        const ev = h('div', { class: 'insp-evidence' }, h('span', { class: 'insp-muted', text: 'Evidence: ' }));
        for (const id of n.evidence) ev.append(evidenceLink(ctx, id, (x) => select(x)));
        out.push(ev);
      }
      if (n.transcript.length > 0) {
        const ol = h('ol', { class: 'insp-transcript' });
        for (const l of n.transcript) ol.append(h('li', null, h('b', { text: `${l.speaker}: ` }), h('span', { text: l.text })));
        out.push(ol);
      }
      return out;
    });
  }

  function renderRetrieval(ctx: TabContext): void {
    const tr = ctx.persona.retrieval;
    const focal = tr?.focal[Math.min(focalIndex, (tr?.focal.length ?? 1) - 1)];
    scores = new Map((focal?.rows ?? []).map((r) => [r.id, r]));
    renderIfChanged(retrieval, `${ctx.source.mode}|${ctx.persona.id}|${tr?.time ?? ''}|${tr?.focal.length ?? 0}|${focalIndex}`, () => {
      const summary = h('summary', { text: tr ? `Latest retrieval · ${when(tr.time)}` : 'Latest retrieval · none yet' });
      if (!tr || !focal) return [summary, h('p', { class: 'insp-muted', text: ctx.source.mode === 'replay' ? 'A replay does not record retrieval scores.' : 'Retrieval with scores happens when the persona reflects, plans a new day or talks.' })];
      const pick = h('select', { class: 'insp-focal' });
      pick.name = 'focal';
      tr.focal.forEach((fp, i) => {
        const o = h('option', { text: fp.text });
        o.value = String(i);
        pick.append(o);
      });
      pick.value = String(Math.min(focalIndex, tr.focal.length - 1));
      pick.addEventListener('change', () => {
        focalIndex = Number(pick.value);
        refreshNow();
      });
      const table = h('table', { class: 'insp-scores' });
      table.append(h('thead', null, h('tr', null, ...['#', 'memory', 'rec', 'imp', 'rel', 'total'].map((t) => h('th', { text: t })))));
      const body = h('tbody');
      for (const r of focal.rows) {
        const n = nodeById(ctx.persona.memory, r.id);
        const tr2 = h('tr', { title: 'Show this memory' }, h('td', { text: String(r.id) }), h('td', { class: 'insp-ellipsis', text: n?.description ?? '' }), h('td', { text: f2(r.recency) }), h('td', { text: f2(r.importance) }), h('td', { text: f2(r.relevance) }), h('td', { text: f2(r.score) }));
        tr2.addEventListener('click', () => tab.focusNode(r.id));
        body.append(tr2);
      }
      table.append(body);
      return [summary, h('label', { class: 'insp-focal-label' }, h('span', { text: 'Focal point ' }), pick), h('div', { class: 'insp-scores-box' }, table)];
    });
  }

  let lastKey = '';
  let filtered: MemoryView[] = [];
  const tab = {
    id: 'memory',
    label: 'Memory',
    el,
    reset() {
      selected = null;
      focalIndex = 0;
      lastKey = '';
      list.el.scrollTop = 0;
    },
    focusNode(id: number) {
      selected = id;
      // Make sure the node passes the filters.
      const n = ctxRef ? nodeById(ctxRef.persona.memory, id) : undefined;
      if (n && !types.has(n.type)) {
        types.add(n.type);
        checks.querySelectorAll<HTMLInputElement>('input').forEach((cb) => (cb.checked = types.has(cb.name.slice(5) as NodeType)));
      }
      if (search) {
        search = '';
        input.value = '';
      }
      refreshNow();
      const i = filtered.findIndex((m) => m.id === id);
      if (i >= 0) list.scrollTo(i);
      list.redraw();
    },
    refresh(ctx: TabContext) {
      ctxRef = ctx;
      const mem = ctx.persona.memory;
      renderRetrieval(ctx);
      const key = `${ctx.persona.id}|${mem.length}|${[...types].join()}|${search}|${ctx.persona.retrieval?.time ?? ''}|${focalIndex}`;
      if (key !== lastKey) {
        lastKey = key;
        filtered = filterMemories(mem, types, search);
        count.textContent = `${filtered.length} of ${mem.length}`;
        list.set(filtered, key);
      }
      renderDetail(ctx);
    },
  } satisfies Tab;
  return tab;
}

/** "#12 Isabella is making coffee" as a link that shows the node. */
export function evidenceLink(ctx: TabContext, id: number, go: (id: number) => void): HTMLElement {
  const n = nodeById(ctx.persona.memory, id);
  const a = h('a', { class: 'insp-link insp-ev', text: `#${id}`, title: n?.description ?? 'not in the stream' });
  a.href = '#';
  a.addEventListener('click', (e) => {
    e.preventDefault();
    go(id);
  });
  return a;
}

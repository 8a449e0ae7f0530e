import type { CallRecord } from '../../../llm/callLog';
import { h } from '../../dom';
import { asText, copyButton, renderIfChanged } from '../dom';
import type { Tab, TabContext } from '../tab';
import { VirtualList } from '../virtualList';
import { when } from './memory';

const ROW = 26;

/** Brain: every LLM call made for this persona, newest first; the chosen one whole (prompt, replies, parsed), with copy buttons. */
export function brainTab(): Tab {
  let selected: number | null = null;
  let calls: readonly CallRecord[] = [];
  const summary = h('div', { class: 'insp-brain-summary' });
  const list = new VirtualList<CallRecord>(ROW, (c) => row(c), 'insp-call-list', (c) => c.id);
  const detail = h('div', { class: 'insp-call-detail' });
  const el = h('div', { class: 'insp-tab insp-brain' }, summary, list.el, detail);
  let ctxRef: TabContext | null = null;

  function row(c: CallRecord): HTMLElement {
    const r = h(
      'div',
      { class: `insp-call-row outcome-${c.outcome}${c.id === selected ? ' selected' : ''}`, data: { id: String(c.id) } },
      h('span', { class: 'insp-time', text: when(c.gameTime) }),
      h('span', { class: 'insp-call-module', text: c.module }),
      h('span', { class: `insp-badge outcome-${c.outcome}`, text: c.outcome }),
      h('span', { class: 'insp-muted', text: `${c.latencyMs} ms · ${c.tokens.prompt + c.tokens.completion} tok${c.retries ? ` · ${c.retries} retr` : ''}` }),
    );
    r.addEventListener('click', () => {
      selected = c.id;
      list.redraw();
      if (ctxRef) renderDetail();
    });
    return r;
  }

  function block(title: string, text: string): HTMLElement {
    return h('section', { class: 'insp-block' }, h('div', { class: 'insp-block-head' }, h('h4', { text: title }), copyButton(() => text)), h('pre', { class: 'insp-pre', text }));
  }

  function renderDetail(): void {
    const c = calls.find((x) => x.id === selected) ?? calls[calls.length - 1];
    // The call shown stays put while newer calls come in (click the top row for the newest).
    if (c && selected === null) {
      selected = c.id;
      list.redraw();
    }
    renderIfChanged(detail, `${c?.id ?? 'none'}`, () => {
      if (!c) return [];
      const facts = h('dl', { class: 'insp-dl' });
      const add = (k: string, v: string) => facts.append(h('dt', { text: k }), h('dd', { text: v }));
      add('Call', `#${c.id} ${c.module} (prompt ${c.prompt} v${c.promptVersion})`);
      add('Game time', when(c.gameTime));
      add('Outcome', `${c.outcome}${c.retries ? ` after ${c.retries} ${c.retries === 1 ? 'retry' : 'retries'}` : ''}${c.outcome === 'fallback' ? ' — the documented fallback was used' : ''}`);
      add('Latency', `${c.latencyMs} ms`);
      add('Tokens', `${c.tokens.prompt} prompt + ${c.tokens.completion} completion`);
      if (c.error) add('Error', c.error);
      const out: Node[] = [facts, block('Prompt', c.promptText)];
      c.replies.forEach((r, i) => out.push(block(c.replies.length > 1 ? `Raw reply, attempt ${i + 1}` : 'Raw reply', r)));
      if (c.replies.length === 0) out.push(h('p', { class: 'insp-muted', text: 'No reply text (the request failed or this was an embeddings call).' }));
      out.push(block('Parsed result', asText(c.parsed)));
      return out;
    });
  }

  return {
    id: 'brain',
    label: 'Brain',
    el,
    reset() {
      selected = null;
      list.el.scrollTop = 0;
    },
    refresh(ctx: TabContext) {
      ctxRef = ctx;
      calls = ctx.source.calls(ctx.persona.id);
      const llm = ctx.source.llm();
      const last = calls[calls.length - 1];
      const fallbacks = calls.filter((c) => c.outcome === 'fallback').length;
      const retried = calls.reduce((n, c) => n + c.retries, 0);
      const tokens = calls.reduce((n, c) => n + c.tokens.prompt + c.tokens.completion, 0);
      summary.textContent = llm
        ? `${calls.length} calls · ${tokens.toLocaleString('en')} tokens · ${retried} retries · ${fallbacks} fallbacks`
        : `The offline brain is thinking for the town: it makes no model calls, so there is nothing to show here. Switch to a model under ⚙ Brain to see every prompt and reply. (Guard fallbacks so far, town-wide: ${ctx.source.guardFallbacks()}.)`;
      const newestFirst = calls.slice().reverse();
      list.el.hidden = calls.length === 0;
      list.set(newestFirst, `${ctx.persona.id}|${calls.length}|${last?.id ?? 0}`);
      if (llm && calls.length === 0) detail.replaceChildren(h('p', { class: 'insp-muted', text: 'No calls for this persona yet.' }));
      else renderDetail();
    },
  };
}

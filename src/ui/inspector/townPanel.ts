import { SPEEDS, type HamletStore } from '../../store/store';
import { formatDate, formatHHMM } from '../../sim/clock';
import { button, h, renderIfChanged } from './dom';
import type { HourBucket } from './llmSeries';
import type { InspectorSource } from './source';
import { townActionTotals } from '../../sim/actions/state';
import type { PersonaFrame } from '../../sim/simulation';

export interface TownPanel {
  el: HTMLElement;
  refresh(source: InspectorSource): void;
}

function hourLabel(hour: number | undefined): string {
  return hour === undefined ? '' : `${String(hour % 24).padStart(2, '0')}:00`;
}

/** Bars of calls per game hour (last 24 hours of game time), tallest bar = the busiest hour; fallbacks in red. */
function chart(hourly: HourBucket[]): HTMLElement {
  const buckets = hourly.slice(-24);
  const max = Math.max(1, ...buckets.map((b) => b.calls));
  const box = h('div', { class: 'town-chart', title: 'LLM calls per game hour' });
  for (const b of buckets) {
    const col = h('div', { class: 'town-bar', title: `${String(b.hour % 24).padStart(2, '0')}:00 — ${b.calls} calls, ${b.tokens.toLocaleString('en')} tokens${b.cost ? `, $${b.cost.toFixed(4)}` : ''}, ${b.fallbacks} fallbacks` });
    col.style.height = `${Math.max(2, (b.calls / max) * 100)}%`;
    if (b.fallbacks > 0) {
      const red = h('div', { class: 'town-bar-fb' });
      red.style.height = `${Math.min(100, (b.fallbacks / b.calls) * 100)}%`;
      col.append(red);
    }
    box.append(col);
  }
  return box;
}

/** Decisions checked, refused and defaulted town-wide, and how many personas each brain runs; null when frames carry no counters (a replay). */
export function actionLine(personas: readonly PersonaFrame[]): string | null {
  if (!personas.some((p) => p.actionStats)) return null;
  const t = townActionTotals(personas);
  const g = t.byMode.generative.personas;
  const r = t.byMode.registry.personas;
  return `Actions: ${t.decisions.toLocaleString('en')} checked · ${t.rejections} refused · ${t.retries} asked again · ${t.defaults} scene defaults · brains: ${g} generative, ${r} registry`;
}

/** The town panel: clock and speed, LLM use over game time, and every persona with its emoji and action (click to inspect). */
export function townPanel(store: HamletStore): TownPanel {
  const time = h('div', { class: 'town-time' });
  const speeds = h('div', { class: 'town-speeds' });
  const speedButtons = SPEEDS.map((sp, i) => {
    const b = button(sp === 0 ? '⏸' : `${sp}×`, () => store.getState().setSpeed(sp), 'insp-btn town-speed', sp === 0 ? 'Pause (space)' : `${sp}× (key ${i + 1})`);
    b.dataset.speed = String(sp);
    speeds.append(b);
    return b;
  });
  const llm = h('div', { class: 'town-llm' });
  const actions = h('div', { class: 'town-actions' });
  const list = h('ul', { class: 'town-list' });
  const collapse = button('▾', () => {
    el.classList.toggle('collapsed');
    collapse.textContent = el.classList.contains('collapsed') ? '▸' : '▾';
  }, 'insp-btn insp-close', 'Fold the town panel');
  const el = h(
    'aside',
    { class: 'town-panel' },
    h('header', { class: 'insp-head' }, h('h2', { class: 'insp-name', text: 'Town' }), collapse),
    h('div', { class: 'town-body' }, h('div', { class: 'town-clock' }, time, speeds), llm, actions, h('h4', { text: 'People' }), list),
  );

  el.setAttribute('aria-label', 'Town');
  return {
    el,
    refresh(source) {
      const s = store.getState();
      el.hidden = !s.inspector.open;
      if (el.hidden) return;
      time.textContent = `${formatDate(s.time)} · ${formatHHMM(s.time)} · step ${s.step}`;
      // A replay has its own play controls; these drive the live town.
      speeds.hidden = source.mode !== 'live';
      speedButtons.forEach((b, i) => b.classList.toggle('active', SPEEDS[i] === s.speed));
      const use = source.llm();
      const t = use?.totals;
      renderIfChanged(llm, t ? `${t.calls}|${t.fallbacks}|${use!.hourly.length}` : `off|${source.mode}|${source.guardFallbacks()}`, () =>
        t
          ? [
              h('div', { class: 'town-totals', text: `LLM: ${t.calls} calls · ${t.tokens.toLocaleString('en')} tokens · $${t.cost.toFixed(3)} · ${t.fallbacks} fallbacks` }),
              chart(use!.hourly),
              h('div', { class: 'town-chart-axis' }, h('span', { text: `calls per game hour (${hourLabel(use!.hourly.slice(-24)[0]?.hour)}…)` }), h('span', { text: 'fallbacks in red' })),
            ]
          : [h('div', { class: 'town-totals', text: source.mode === 'replay' ? 'No LLM calls in this replay (recorded with the offline brain, or without cognition)' : `Offline brain: no model calls · ${source.guardFallbacks()} fallbacks` })],
      );
      const act = actionLine(s.personas);
      actions.hidden = act === null;
      if (act !== null && actions.textContent !== act) actions.textContent = act;
      const key = s.personas.map((p) => `${p.id}${p.emoji}${p.description}${p.chattingWith}`).join('|') + `|${s.selectedId}`;
      renderIfChanged(list, key, () =>
        s.personas.map((p) => {
          const li = h(
            'li',
            { class: p.id === s.selectedId ? 'selected' : '', data: { id: p.id }, title: `${p.name}: ${p.description || 'idle'}` },
            h('span', { class: 'town-emoji', text: p.chattingWith ? '💬' : p.emoji || '·' }),
            h('span', { class: 'town-pname', text: p.name }),
            h('span', { class: 'town-act', text: p.description || 'idle' }),
          );
          li.addEventListener('click', () => store.getState().select(p.id));
          return li;
        }),
      );
    },
  };
}

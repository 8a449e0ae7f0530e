import { SPEEDS, type HamletStore } from '../../store/store';
import { formatDate, formatHHMM } from '../../sim/clock';
import { h } from '../dom';
import { button, renderIfChanged } from './dom';
import { foldingPanel } from '../layout';
import type { HourBucket } from '../../app/readModel/llmSeries';
import type { InspectorSource } from '../../app/readModel/types';
import { townActionTotals } from '../../sim/persona/agentState';
import { speedTitle } from './keys';
import { costLines } from './costLine';
import type { PersonaFrame } from '../../sim/simulation';
import type { StepStatus, TownPlan } from '../../sim/town/planningTool';
import { economySection } from './economyView';

interface TownPanel {
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

/** Why a replay shows no LLM calls, in the words of who recorded it. */
export function noCallsText(brain: string | undefined): string {
  if (brain === 'smallville') return 'No LLM calls in this replay: a Smallville import holds where everyone was and what they said, not the model calls behind it';
  if (brain?.startsWith('llm:')) return `No LLM calls recorded in this replay (brain ${brain.slice(4)}; recorded without cognitive detail)`;
  return 'No LLM calls in this replay (recorded with the offline brain, or without cognition)';
}

const STATUS_MARK: Record<StepStatus, string> = { not_started: '○', in_progress: '→', completed: '✓', blocked: '!' };
const STATUS_WORDS: Record<StepStatus, string> = { not_started: 'not started', in_progress: 'in progress', completed: 'done', blocked: 'blocked' };

/** A plan as the panel shows it: title, id, progress, and each step (status, who, what, notes); all as text. */
function planView(plan: TownPlan, names: Map<string, string>, select: (id: string) => void): HTMLElement {
  const done = plan.steps.filter((st) => st.status === 'completed').length;
  const steps = h('ol', { class: 'town-plan-steps' });
  for (const st of plan.steps) {
    const who = st.assignee ? names.get(st.assignee) : undefined;
    const li = h('li', { class: `town-plan-step ${st.status}`, title: STATUS_WORDS[st.status] }, h('span', { class: 'town-plan-mark', text: STATUS_MARK[st.status] }), h('span', { class: 'town-plan-text', text: st.text }));
    if (who && st.assignee) {
      const id = st.assignee;
      li.append(button(`Inspect ${who}`, () => select(id), 'insp-btn town-plan-who', `Open ${who} in the inspector`));
    }
    if (st.notes) li.append(h('div', { class: 'town-plan-notes', text: st.notes }));
    steps.append(li);
  }
  return h(
    'div',
    { class: 'town-plan', data: { id: plan.id } },
    h('div', { class: 'town-plan-title', text: plan.title }),
    h('div', { class: 'town-plan-meta', text: `${plan.id} · ${done}/${plan.steps.length} done${plan.fallback ? ' · default plan (the brain gave none)' : ''}` }),
    steps,
  );
}

/** The town panel: clock and speed, LLM use over game time, and every persona with its emoji and action (click to inspect). */
export function townPanel(store: HamletStore): TownPanel {
  const time = h('div', { class: 'town-time' });
  const speeds = h('div', { class: 'town-speeds' });
  const speedButtons = SPEEDS.map((sp) => {
    const b = button(sp === 0 ? '⏸' : `${sp}×`, () => store.getState().setSpeed(sp), 'insp-btn town-speed', speedTitle(sp));
    b.dataset.speed = String(sp);
    speeds.append(b);
    return b;
  });
  const llm = h('div', { class: 'town-llm' });
  const actions = h('div', { class: 'town-actions' });
  const list = h('ul', { class: 'town-list' });
  // Ask the town (docs/director.md): a request becomes a plan at the next step.
  const askText = h('input', { class: 'insp-input' });
  askText.name = 'ask-town';
  askText.placeholder = 'e.g. Hold a Valentine’s party at the café tomorrow at 5 pm';
  const askStatus = h('div', { class: 'insp-status', data: { role: 'ask-town-status' } });
  let askSource: InspectorSource | null = null;
  const doAsk = () => {
    const text = askText.value.trim();
    if (!text || !askSource?.askTown) return;
    try {
      askSource.askTown(text);
      askText.value = '';
      askStatus.textContent = 'Asked: the town makes a plan at the next step.';
    } catch (err) {
      askStatus.textContent = err instanceof Error ? err.message : String(err);
    }
  };
  askText.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') doAsk();
  });
  const askBtn = button('Ask the town', doAsk, 'insp-btn primary');
  askBtn.name = 'ask-town-send';
  const ask = h('div', { class: 'town-ask' }, h('h4', { text: 'Ask the town' }), h('div', { class: 'insp-row' }, askText, askBtn), askStatus);
  const plans = h('div', { class: 'town-plans' });
  const economy = economySection();
  const box = foldingPanel({ title: 'Town', name: 'town', className: 'town-panel insp-scope grow' });
  const el = box.el;
  box.body.classList.add('town-body');
  box.body.append(h('div', { class: 'town-clock' }, time, speeds), llm, actions, economy.el, ask, plans, h('h4', { text: 'People' }), list);

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
      const hourly = use?.hourly ?? [];
      renderIfChanged(llm, t ? `${t.calls}|${t.fallbacks}|${hourly.length}` : `off|${source.mode}|${s.replay?.brain ?? ""}|${source.guardFallbacks()}`, () =>
        t
          ? [
              h('div', { class: 'town-totals', text: `LLM: ${t.calls} calls · ${t.tokens.toLocaleString('en')} tokens · $${t.cost.toFixed(3)} · ${t.fallbacks} fallbacks` }),
              ...(use?.cost ? [h('div', { class: 'town-cost', title: 'What the running town costs' }, ...costLines(use.cost).map((line) => h('div', { text: line })))] : []),
              chart(hourly),
              h('div', { class: 'town-chart-axis' }, h('span', { text: `calls per game hour (${hourLabel(hourly.slice(-24)[0]?.hour)}…)` }), h('span', { text: 'fallbacks in red' })),
            ]
          : [h('div', { class: 'town-totals', text: source.mode === 'replay' ? noCallsText(s.replay?.brain) : `Offline brain: no model calls · ${source.guardFallbacks()} fallbacks` })],
      );
      // Plans are made by the live town; a replay does not record them.
      askSource = source;
      ask.hidden = !source.askTown;
      const townPlans = source.townPlans?.() ?? [];
      const queued = source.queuedRequests?.() ?? 0;
      plans.hidden = townPlans.length === 0 && queued === 0;
      if (queued === 0 && askStatus.textContent?.startsWith('Asked')) askStatus.textContent = '';
      const names = new Map(s.personas.map((p) => [p.id, p.name]));
      renderIfChanged(plans, `${queued}|${townPlans.map((pl) => pl.id + pl.steps.map((st) => st.status + st.notes).join()).join('|')}`, () => [
        h('h4', { text: 'Town plans' }),
        ...(queued > 0 ? [h('div', { class: 'insp-muted', text: `${queued} request${queued === 1 ? '' : 's'} waiting for the next step…` })] : []),
        ...townPlans.slice().reverse().map((pl) => planView(pl, names, (id) => store.getState().select(id))),
      ]);
      economy.refresh(source.economy?.() ?? null, s.selectedId, source.setPulse?.bind(source) ?? null, (id) => store.getState().select(id));
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
          // A row is a button for the keyboard and a screen reader too: Tab to it, Enter opens the persona.
          li.tabIndex = 0;
          li.setAttribute('role', 'button');
          li.addEventListener('click', () => store.getState().select(p.id));
          li.addEventListener('keydown', (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              store.getState().select(p.id);
            }
          });
          return li;
        }),
      );
    },
  };
}

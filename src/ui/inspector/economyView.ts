import { formatHHMM } from '../../sim/clock';
import type { EconomyView } from '../../app/readModel/types';
import { h } from '../dom';
import { button, renderIfChanged } from './dom';

const SVG = 'http://www.w3.org/2000/svg';

/** Credits per person over the last 24 game hours: one thin line each, the selected person's drawn bold. */
function creditsChart(v: EconomyView, selectedId: string | null): Element {
  const samples = v.history.slice(-24);
  const W = 240;
  const H = 64;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'econ-credits');
  svg.setAttribute('role', 'img');
  const all = samples.flatMap(([, c]) => c);
  // The range the town's credits span (not from 0): people's ups and downs stay readable at the panel's width.
  const max = Math.max(1, ...all);
  const min = Math.min(max - 1, ...all);
  const x = (i: number) => (samples.length < 2 ? W / 2 : (i / (samples.length - 1)) * (W - 2) + 1);
  const y = (c: number) => H - 2 - ((c - min) / (max - min)) * (H - 4);
  const sel = v.people.findIndex((p) => p.id === selectedId);
  const selected = v.people[sel];
  const title = document.createElementNS(SVG, 'title');
  title.textContent = `Credits per person over the last ${samples.length} game hours (${min}–${max})${selected ? `; ${selected.name} in bold` : ''}`;
  svg.append(title);
  const order = v.people.map((_, i) => i).filter((i) => i !== sel);
  if (sel >= 0) order.push(sel);
  for (const i of order) {
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', samples.map(([, c], k) => `${x(k).toFixed(1)},${y(c[i] ?? 0).toFixed(1)}`).join(' '));
    line.setAttribute('class', i === sel ? 'econ-line selected' : 'econ-line');
    const t = document.createElementNS(SVG, 'title');
    t.textContent = `${v.people[i]?.name}: ${samples.at(-1)?.[1][i] ?? 0} credits`;
    line.append(t);
    svg.append(line);
  }
  return svg;
}

/** Horizontal bars: label, a bar scaled to `max`, the figure. */
function bars(rows: { label: string; value: number; max: number; text: string; title?: string }[], cls: string): HTMLElement {
  const box = h('div', { class: `econ-bars ${cls}` });
  for (const r of rows) {
    const fill = h('span', { class: 'econ-bar-fill' });
    fill.style.width = `${Math.min(100, (r.value / Math.max(1, r.max)) * 100)}%`;
    box.append(h('div', { class: 'econ-bar-row', title: r.title ?? `${r.label}: ${r.text}` }, h('span', { class: 'econ-bar-label', text: r.label }), h('span', { class: 'econ-bar' }, fill), h('span', { class: 'econ-bar-value', text: r.text })));
  }
  return box;
}

function roundLine(v: EconomyView): string {
  const p = v.pulse;
  const last = p.last;
  const head = `Hourly pulse: ${p.enabled ? 'on' : 'off'} · ${p.rounds} round${p.rounds === 1 ? '' : 's'}${p.skipped ? `, ${p.skipped} skipped` : ''}`;
  if (!last) return head;
  if (last.skipped) return `${head} · last at ${formatHHMM(last.time)} skipped: ${last.skipped}`;
  return `${head} · last at ${formatHHMM(last.time)}: ${last.success} done, ${last.failed} skipped, ${last.rested} rest · snapshot ≈${last.tokens.toLocaleString('en')} tokens${last.trimmed ? ` (${last.trimmed})` : ''}`;
}

/** The town panel's economy section; `setPulse` is given in a live town only. */
export function economySection(): { el: HTMLElement; refresh(v: EconomyView | null, selectedId: string | null, setPulse: ((on: boolean) => void) | null, select: (id: string) => void): void } {
  const el = h('div', { class: 'town-economy' });
  // Folds to one line of figures (the panel is short at 1280×800); the fold is the reader's, kept across refreshes.
  const fold = h('details', { class: 'econ-fold' });
  fold.open = true;
  const summary = h('summary', { class: 'econ-summary' });
  const body = h('div', { class: 'econ-body' });
  fold.append(summary, body);
  el.append(fold);
  return {
    el,
    refresh(v, selectedId, setPulse, select) {
      el.hidden = v === null;
      if (!v) return;
      const now = v.history.at(-1);
      const filled = v.jobs.reduce((n, j) => n + j.filled, 0);
      const slots = v.jobs.reduce((n, j) => n + j.slots, 0);
      const sold = v.sales.reduce((n, x) => n + x.count, 0);
      // Credits are sampled at each game hour's first step: before the first, the town's money is not known here (not "0 credits").
      const credits = now ? `${now[1].reduce((a, b) => a + b, 0).toLocaleString('en')} credits in town · ` : '';
      const summaryText = `Economy · ${credits}${filled}/${slots} shifts · ${sold} sold today`;
      if (summary.textContent !== summaryText) summary.textContent = summaryText;
      const last = v.history.at(-1);
      const key = [v.pulse.enabled, v.pulse.rounds, v.pulse.last?.time, last?.[0], last?.[1].join(','), v.jobs.map((j) => j.filled).join(','), v.sales.map((s) => s.count).join(','), selectedId, !!setPulse].join('|');
      renderIfChanged(body, key, () => {
        const jobs = v.jobs.filter((j) => j.filled > 0 || j.slots > 0);
        // One bar per workplace (its jobs in the bar's title): half the rows of one per job, so the panel stays short.
        const places = [...new Set(jobs.map((j) => j.sector))].map((sector) => {
          const here = jobs.filter((j) => j.sector === sector);
          return { sector, filled: here.reduce((n, j) => n + j.filled, 0), slots: here.reduce((n, j) => n + j.slots, 0), titles: here.map((j) => `${j.title} ${j.filled}/${j.slots}`).join(', ') };
        });
        const maxSales = Math.max(1, ...v.sales.map((s) => s.count));
        const outcomes = h('ol', { class: 'econ-round' });
        for (const o of v.pulse.last?.outcomes.filter((x) => x.result !== 'rest') ?? []) {
          const li = h('li', { class: `econ-outcome ${o.result}` }, h('b', { text: o.name }), ` ${o.action} — ${o.result}`, o.note ? h('span', { class: 'insp-note', text: ` (${o.note})` }) : null, o.reason ? h('div', { class: 'econ-reason', text: `“${o.reason}”` }) : null);
          const id = o.personaId;
          li.addEventListener('click', () => select(id));
          outcomes.append(li);
        }
        const total = last ? last[1].reduce((a, b) => a + b, 0) : 0;
        const seen = v.history.slice(-24).flatMap(([, c]) => c);
        const range = seen.length > 0 ? [Math.min(...seen), Math.max(...seen)] : null;
        // The charts first (what the panel is for at a glance), then the pulse's status and switch, then the last round.
        return [
          h('div', { class: 'econ-caption', text: last ? `Credits per person over the day${range ? ` (${range[0]}–${range[1]})` : ''} · ${total.toLocaleString('en')} in town` : 'Credits per person over the day · from the first step on' }),
          creditsChart(v, selectedId),
          h('div', { class: 'econ-caption', text: `Jobs filled today · ${jobs.reduce((n, j) => n + j.filled, 0)} of ${jobs.reduce((n, j) => n + j.slots, 0)} slots` }),
          bars(places.map((j) => ({ label: j.sector, value: j.filled, max: j.slots, text: `${j.filled}/${j.slots}`, title: `${j.sector}: ${j.titles}` })), 'econ-jobs'),
          h('div', { class: 'econ-caption', text: `Sales per shop today · ${v.sales.reduce((n, s) => n + s.count, 0)}` }),
          v.sales.length > 0 ? bars(v.sales.map((s) => ({ label: s.sector, value: s.count, max: maxSales, text: String(s.count) })), 'econ-sales') : h('div', { class: 'insp-muted', text: 'Nothing sold yet today.' }),
          h('div', { class: 'econ-pulse', text: roundLine(v) }),
          ...(setPulse ? [button(v.pulse.enabled ? 'Switch the hourly pulse off' : 'Switch the hourly pulse on', () => setPulse(!v.pulse.enabled), 'insp-btn econ-pulse-toggle', 'One town-wide decision an hour')] : []),
          ...(outcomes.childElementCount > 0 ? [h('details', { class: 'econ-last' }, h('summary', { text: 'Last round’s decisions (rests left out)' }), outcomes)] : []),
        ];
      });
    },
  };
}

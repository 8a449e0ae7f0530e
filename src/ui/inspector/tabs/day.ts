import { commitmentPhrase, SEEKING } from '../../../sim/cognition/commitments';

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
import { DAY, formatDate } from '../../../sim/clock';
import { h } from '../../dom';
import { renderIfChanged } from '../dom';
import { DAY_MINUTES, hhmm, minuteOf, scheduleSegments, segmentAt, type Segment } from '../timeline';
import type { Tab, TabContext } from '../tab';

/** A stable pastel colour per task label, so the same activity looks the same on both rows. */
function colourOf(label: string): string {
  if (/sleep/i.test(label)) return 'hsl(240 14% 38%)';
  let hash = 0;
  for (const ch of label.toLowerCase().split(/\W+/).slice(0, 2).join(' ')) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return `hsl(${Math.abs(hash) % 360} 45% 52%)`;
}

function bar(segments: Segment[], title: string): HTMLElement {
  const row = h('div', { class: 'tl-row' }, h('div', { class: 'tl-label', text: title }));
  const track = h('div', { class: 'tl-track' });
  for (const s of segments) {
    const seg = h('div', { class: 'tl-seg', title: `${hhmm(s.start)}–${hhmm(s.end)} ${s.label}` });
    seg.style.left = `${(s.start / DAY_MINUTES) * 100}%`;
    seg.style.width = `${((s.end - s.start) / DAY_MINUTES) * 100}%`;
    seg.style.background = colourOf(s.label);
    if (s.end - s.start >= 90) seg.textContent = s.label;
    track.append(seg);
  }
  row.append(track);
  return row;
}

/** Day: the daily plan, commitments, the hourly schedule and its decomposition as a timeline with now marked. */
export function dayTab(): Tab {
  const el = h('div', { class: 'insp-tab insp-day' });
  const chart = h('div', { class: 'tl' });
  const plan = h('div');
  const list = h('ol', { class: 'insp-sched' });
  el.append(plan, h('h4', { text: 'Schedule' }), chart, h('h4', { text: 'Tasks today (decomposed)' }), list);
  let lastCurrent = -1;
  return {
    id: 'day',
    label: 'Day',
    el,
    reset() {
      lastCurrent = -1;
    },
    refresh(ctx: TabContext) {
      const p = ctx.persona;
      const minute = minuteOf(ctx.now);
      const today = Math.floor(ctx.now / DAY);
      const planKey = `${ctx.source.mode}|${p.plannedDay}|${today}|${p.dailyReq.join('\n')}|${p.commitments.map((c) => `${c.event}${c.day}${c.start}${c.scheduledOn}`).join(',')}`;
      renderIfChanged(plan, planKey, () => {
        const out: Node[] = [h('h4', { text: 'Daily plan' })];
        // Which day's plan this is: today's, or (before waking) the last one made.
        if (p.plannedDay !== null && p.dailyReq.length > 0) {
          const current = p.plannedDay === today;
          out.push(h('p', { class: current ? 'insp-plan-day' : 'insp-plan-day insp-muted', text: current ? `Today's plan (${formatDate(p.plannedDay * DAY)})` : `Plan of ${formatDate(p.plannedDay * DAY)} — today's is made on waking up` }));
        }
        if (p.dailyReq.length === 0) out.push(h('p', { class: 'insp-muted', text: ctx.source.mode === 'replay' ? 'A replay does not record plans and schedules.' : 'No plan yet (made when the persona wakes up).' }));
        else {
          const ol = h('ol', { class: 'insp-plan' });
          for (const item of p.dailyReq) ol.append(h('li', { text: item }));
          out.push(ol);
        }
        if (p.commitments.length > 0) {
          out.push(h('h4', { text: 'Commitments' }));
          const ul = h('ul', { class: 'insp-commit' });
          for (const c of p.commitments) {
            ul.append(h('li', null, h('span', { text: upperFirst(commitmentPhrase(c)) }), h('small', { text: ` · ${c.minutes} min · ${c.source === SEEKING ? 'to tell them' : `from ${c.source}`}${c.with?.length ? ` · with ${c.with.join(', ')}` : ''}${c.scheduledOn !== null ? ' · in the schedule' : ''}` })));
          }
          out.push(ul);
        }
        return out;
      });
      const hourly = scheduleSegments(p.hourly);
      const tasks = scheduleSegments(p.schedule);
      const schedKey = `${p.hourly.length}|${p.schedule.map((s) => s[0] + s[1]).join(',')}`;
      renderIfChanged(chart, schedKey, () => {
        const axis = h('div', { class: 'tl-row tl-axis' }, h('div', { class: 'tl-label' }));
        const ticks = h('div', { class: 'tl-track' });
        for (let hr = 0; hr <= 24; hr += 3) {
          const t = h('span', { class: 'tl-tick', text: String(hr) });
          t.style.left = `${(hr / 24) * 100}%`;
          ticks.append(t);
        }
        axis.append(ticks);
        const marker = h('div', { class: 'tl-now', title: 'now' });
        return [axis, bar(hourly, 'Hourly'), bar(tasks, 'Tasks'), marker];
      });
      const marker = chart.querySelector<HTMLElement>('.tl-now');
      // The marker sits over the tracks, which start after the 52 px label column.
      if (marker) marker.style.left = `calc(52px + (100% - 52px) * ${minute / DAY_MINUTES})`;
      const current = segmentAt(tasks, minute)?.index ?? -1;
      renderIfChanged(list, `${schedKey}|${current}`, () =>
        tasks.length === 0
          ? [h('li', { class: 'insp-muted', text: 'No schedule yet.' })]
          : tasks.map((s) => h('li', { class: s.index === current ? 'current' : s.end <= minute ? 'past' : '' }, h('span', { class: 'insp-time', text: `${hhmm(s.start)}–${hhmm(s.end)}` }), h('span', { text: s.label }))),
      );
      if (current !== lastCurrent) {
        lastCurrent = current;
        // Scroll the list only (scrollIntoView would scroll the whole panel too); the list is position: relative.
        const li = list.querySelector<HTMLElement>('li.current');
        if (li) list.scrollTop = Math.max(0, li.offsetTop - list.clientHeight / 2);
      }
    },
  };
}

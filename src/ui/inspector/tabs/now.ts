import { formatHHMM } from '../../../sim/clock';
import { addressForPeople } from '../../../sim/world/address';
import { h } from '../../dom';
import { button, renderIfChanged } from '../dom';
import type { AgentView } from '../../../app/readModel/types';
import type { DecisionLogEntry } from '../../../sim/actions/decisionLog';
import { actionWindow, duration } from '../timeline';
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
      // The same time the Day tab lists for the task (its slot in the schedule), from one function.
      const win = actionWindow(p, ctx.now);
      const left = win ? win.end - ctx.now : null;
      const chatKey = p.chat ? `${p.chat.length}:${p.chat[p.chat.length - 1]?.text ?? ''}` : '';
      const a = p.agent;
      const pending = ctx.source.brainModeOf?.(p.id) ?? null;
      const agentKey = a ? [a.mode, pending, a.actionId, a.target, a.reason, a.stats ? Object.values(a.stats).join(',') : '', a.lastRejection, a.credits, JSON.stringify(a.holdings), a.workToday, a.recent.length, a.recent[a.recent.length - 1]?.time, a.decisions.length, a.decisions[a.decisions.length - 1]?.time].join(',') : '';
      const key = [p.action, p.address, p.emoji, p.chattingWith, p.actStart, p.actEnd, win?.start, win?.end, Math.floor(ctx.now / 10_000), p.path.length, p.tile.x, p.tile.y, chatKey, p.currently, agentKey].join('|');
      renderIfChanged(el, key, () => {
        const rows: [string, Node | string][] = [
          ['Action', h('span', { class: 'insp-action', text: p.action || 'idle' })],
          ['Emoji', h('span', { class: 'insp-emoji-big', text: p.emoji || '—' })],
          ['Place', h('span', { class: 'insp-addr', text: addressForPeople(p.address) })],
          [
            'Time',
            win ? `${formatHHMM(win.start)}–${formatHHMM(win.end)}${win.begun !== null ? ` · begun ${formatHHMM(win.begun)}` : ''} · ${left !== null && left > 0 ? `${duration(left)} left` : 'ending now'}` : '—',
          ],
          ['Chatting with', p.chattingWith ? partnerLink(ctx, p.chattingWith) : '—'],
          ['Tile', `(${p.tile.x}, ${p.tile.y}) · ${p.path.length > 0 ? `walking, ${p.path.length} tiles to go (path on the map)` : 'standing'}`],
        ];
        if (p.currently) rows.push(['Currently', p.currently]);
        if (a) rows.push(...agentRows(ctx, a, p.action, pending));
        const dl = h('dl', { class: 'insp-dl' });
        for (const [k, v] of rows) dl.append(h('dt', { text: k }), h('dd', null, v));
        const out: Node[] = [dl];
        if (p.chat && p.chat.length > 0) {
          out.push(h('h4', { text: 'Conversation in progress' }));
          const ol = h('ol', { class: 'insp-transcript' });
          for (const line of p.chat.slice(-12)) ol.append(h('li', null, h('b', { text: `${line.speaker}: ` }), h('span', { text: line.text })));
          out.push(ol);
        }
        if (a) out.push(...refusedLately(a));
        if (a && a.recent.length > 0) out.push(...recentDecisions(a));
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

const MODE_TEXT = {
  generative: 'generative — Smallville’s plan, decomposed and checked against the registry',
  registry: 'registry — one call per decision among the actions the scene allows',
  human: 'human — the player at the keyboard, through the same registered actions',
} as const;

/** The action layer: which registered action runs, why, the brain that chose it (switchable live), the counters. */
function agentRows(ctx: TabContext, a: AgentView, action: string, pending: AgentView['mode'] | null): [string, Node | string][] {
  const rows: [string, Node | string][] = [];
  rows.push(['Registered as', a.actionId ? h('code', { class: 'insp-registered', text: a.target ? `${a.actionId} → ${a.target}` : a.actionId }) : '—']);
  if (a.reason && a.reason !== action) rows.push(['Why', h('span', { class: 'insp-reason', text: a.reason })]);
  const by = proposedBy(a, action);
  if (by) rows.push(['Proposed by', by]);
  const brain = h('span', { class: 'insp-brain-mode', text: MODE_TEXT[a.mode] });
  const cell = h('span', null, brain);
  const setBrainMode = ctx.source.setBrainMode;
  if (setBrainMode && a.mode !== 'human') {
    const next = pending && pending !== a.mode ? pending : null;
    if (next) cell.append(h('span', { class: 'insp-note', text: ` · switching to ${next} at the next step` }));
    else {
      const other = a.mode === 'generative' ? 'registry' : 'generative';
      cell.append(' ', button(`Use the ${other} brain`, () => setBrainMode(ctx.persona.id, other), 'insp-btn insp-switch-brain', `From the next step on; the current action runs to its end`));
    }
  }
  rows.push(['Brain', cell]);
  if (a.stats) {
    const st = a.stats;
    rows.push(['Decisions', `${st.decisions} checked · ${st.rejections} refused · ${st.retries} asked again · ${st.defaults} scene defaults`]);
  }
  if (a.lastRejection) rows.push(['Last refused', h('span', { class: 'insp-rejection', text: a.lastRejection })]);
  if (a.credits !== null) rows.push(['Credits', h('span', { class: 'insp-credits', text: String(a.credits) })]);
  if (a.holdings) {
    const held = Object.entries(a.holdings).filter(([, n]) => n > 0);
    rows.push(['Holds', h('span', { class: 'insp-holdings', text: held.length > 0 ? held.map(([name, n]) => `${n} × ${name}`).join(', ') : 'nothing' })]);
  }
  if (a.credits !== null) rows.push(['Work today', a.workToday ? `checked in as ${a.workToday}` : 'not checked in']);
  return rows;
}

/** Who proposes what a persona does (the decision pipeline's proposers), in words. */
const PROPOSER_TEXT: Record<DecisionLogEntry['proposer'], string> = {
  planner: 'its plan for the day',
  reaction: 'a reaction to someone',
  registry: 'the registry brain',
  pulse: 'the town’s hourly pulse',
  director: 'the town director',
  player: 'the player',
};

/** "Why is Ana doing this": the proposal the current action came from (the last one that started something), and who made it. */
function proposedBy(a: AgentView, action: string): Node | null {
  const e = a.decisions.filter((d) => d.outcome === 'started' || d.instead !== null).at(-1);
  if (!e) return null;
  const cell = h('span', { class: 'insp-proposed' }, h('b', { text: PROPOSER_TEXT[e.proposer] }), ` at ${formatHHMM(e.time)}`);
  if (e.outcome === 'refused') cell.append(h('span', { class: 'insp-rejection', text: ` — it proposed ${e.action}, refused (${e.refusal ?? ''}); the scene default ${e.instead ?? ''} runs instead` }));
  // Its reason, unless the Action or Why rows above say it already.
  else if (e.reason && e.reason !== action && e.reason !== a.reason) cell.append(`: ${e.reason}`);
  return cell;
}

/** One line of a decision list: when, what (→ whom), a note in brackets, then why. */
function decisionRow(d: { time: number; action: string; target?: string | null }, note: string, why: Node): HTMLElement {
  return h('li', null, h('span', { class: 'insp-time', text: formatHHMM(d.time) }), ' ', h('code', { text: d.target ? `${d.action} → ${d.target}` : d.action }), h('span', { class: 'insp-note', text: ` (${note}) ` }), why);
}

/** How many refused proposals the Now tab lists. */
const REFUSALS_SHOWN = 4;

/** The last proposals the pipeline refused (newest first): who, what, why not. */
function refusedLately(a: AgentView): Node[] {
  const refused = a.decisions.filter((d) => d.outcome === 'refused').slice(-REFUSALS_SHOWN).reverse();
  if (refused.length === 0) return [];
  const ol = h('ol', { class: 'insp-decisions insp-refusals' });
  for (const d of refused) {
    ol.append(decisionRow(d, `${PROPOSER_TEXT[d.proposer]}${d.instead ? `; ${d.instead} instead` : ''}`, h('span', { class: 'insp-rejection', text: d.refusal ?? '' })));
  }
  return [h('h4', { text: 'Refused lately' }), ol];
}

/** Short-term memory: the last decisions that go into the next one (newest first). */
function recentDecisions(a: AgentView): Node[] {
  const ol = h('ol', { class: 'insp-decisions' });
  for (const d of a.recent.slice().reverse()) {
    ol.append(decisionRow(d, d.source, h('span', { text: d.reason })));
  }
  return [h('h4', { text: 'Last decisions (short-term memory)' }), ol];
}

import type { FeedItem, HamletStore, Speed } from '../store/store';
import { SPEEDS } from '../store/store';
import { isTyping } from './inspector/keys';
import { formatDate, formatHHMM } from '../sim/clock';
import { foldingPanel, pageLayout } from './layout';
import { at } from '../sim/checked';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  // Text is always set as text, never as HTML: it may come from a model or a person.
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The top bar (clock, speed, brain) and the activity feed. Reads the store a few times a second. */
export function mountHud(store: HamletStore, onStep: () => void, onSettings: () => void): void {
  const layout = pageLayout();
  const bar = el('div', 'hud-bar');
  const clock = el('div', 'hud-clock');
  const date = el('span', 'hud-date');
  const time = el('span', 'hud-time');
  clock.append(date, time);
  const speeds = el('div', 'hud-speeds');
  const buttons = new Map<Speed, HTMLButtonElement>();
  for (const s of SPEEDS) {
    const b = el('button', 'hud-speed', s === 0 ? '⏸' : `${s}×`);
    b.title = s === 0 ? 'Pause (space)' : `Run at ${s}× (key ${SPEEDS.indexOf(s) + 1})`;
    b.dataset.speed = String(s);
    b.addEventListener('click', () => store.getState().setSpeed(s));
    buttons.set(s, b);
    speeds.append(b);
  }
  const stepBtn = el('button', 'hud-speed', '⏭');
  stepBtn.title = 'One step (while paused)';
  stepBtn.addEventListener('click', onStep);
  speeds.append(stepBtn);
  const info = el('div', 'hud-info');
  const gear = el('button', 'hud-gear', '⚙ Brain');
  gear.title = 'Brain settings: offline or an OpenAI-compatible model';
  gear.name = 'settings';
  gear.addEventListener('click', onSettings);
  bar.append(clock, speeds, info, gear);
  const notice = el('div', 'hud-notice');
  notice.hidden = true;
  layout.slot('top').prepend(bar, notice);

  const feed = foldingPanel({ title: 'Town activity', name: 'activity', className: 'hud-feed' });
  const feedList = el('ul', 'hud-feed-list');
  feed.body.append(feedList);
  layout.slot('left').append(feed.el);

  let lastFeedKey = '';
  const render = () => {
    const s = store.getState();
    if (s.phase !== 'ready') return;
    date.textContent = formatDate(s.time);
    time.textContent = formatHHMM(s.time);
    for (const [sp, b] of buttons) b.classList.toggle('active', sp === s.speed);
    const chatting = s.personas.filter((p) => p.chattingWith).length;
    const llm = s.llm ? ` · ${s.llm.calls} calls, ${s.llm.tokens.toLocaleString('en')} tokens, $${s.llm.cost.toFixed(3)}, ${s.llm.fallbacks} fallbacks` : '';
    info.textContent = `${s.personas.length} personas · ${chatting} chatting · ${s.mode === 'replay' && s.replay ? recordedBy(s.replay.brain) : `brain: ${s.brainName} (${s.callPlan} calls)${llm}`}`;
    notice.hidden = !s.notice;
    notice.textContent = s.notice ?? '';
    // Relative times change with the game minute; the list itself only when an event arrives.
    const feedKey = `${s.feed.length}|${s.feed[s.feed.length - 1]?.text ?? ''}|${s.feed[0]?.time ?? ''}|${Math.floor(s.time / 60_000)}`;
    if (feedKey !== lastFeedKey) {
      lastFeedKey = feedKey;
      feedList.replaceChildren(...s.feed.slice().reverse().map((f) => feedLine(f, s.time, store)));
    }
  };
  render();
  setInterval(render, 250);

  window.addEventListener('keydown', (e) => {
    if (isTyping(e.target)) return;
    const s = store.getState();
    if (e.code === 'Space') {
      e.preventDefault();
      s.setSpeed(s.speed === 0 ? 1 : 0);
    } else if (/^Digit[1-6]$/.test(e.code)) {
      s.setSpeed(at(SPEEDS, Number(e.code.slice(5)) - 1, 'speed key'));
    } else if (e.code === 'Escape') {
      s.follow(null);
    }
  });
}

/** Who made a replay's decisions, for the top bar ("offline", "llm:<model>", "smallville"). */
export function recordedBy(brain: string): string {
  if (brain === 'smallville') return 'replay imported from Smallville';
  if (brain.startsWith('llm:')) return `replay recorded with ${brain.slice(4)}`;
  return brain === 'offline' ? 'replay recorded with the offline brain' : `replay recorded with ${brain}`;
}

/** "just now", "12 min ago", "3 h ago" (game time). */
function relativeGameTime(then: number, now: number): string {
  const min = Math.max(0, Math.floor((now - then) / 60_000));
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const hours = Math.floor(min / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/**
 * One feed line. An economy event (seed 004) reads "Ana Moreno bought bread at Crumb & Crust Bakery ·
 * 09:12 · 5 min ago · 'no food left'" as a light system line; its name jumps to the persona (camera and
 * inspector). Conversations and town-plan news are plain lines.
 */
function feedLine(f: FeedItem, now: number, store: HamletStore): HTMLLIElement {
  const li = el('li');
  if (!f.personaId || !f.name) {
    li.append(el('span', 'feed-time', formatHHMM(f.time)), el('span', 'feed-text', f.text));
    return li;
  }
  li.className = 'feed-econ';
  li.dataset.persona = f.personaId;
  const who = el('button', 'feed-who', f.name);
  who.type = 'button';
  who.title = `Show ${f.name} (camera and inspector)`;
  const id = f.personaId;
  who.addEventListener('click', () => {
    const s = store.getState();
    s.select(id);
    s.follow(id);
    if (!s.inspector.open) store.setState({ inspector: { ...s.inspector, open: true } });
  });
  li.append(el('span', 'feed-time', formatHHMM(f.time)), who, el('span', 'feed-text', ` ${f.what ?? ''}`), el('span', 'feed-ago', ` · ${relativeGameTime(f.time, now)}`));
  if (f.reason) li.append(el('span', 'feed-reason', ` · “${f.reason}”`));
  return li;
}

/** The loading screen's progress bar. */
export function setLoading(progress: number, label: string): void {
  const fill = document.getElementById('loading-fill');
  const text = document.getElementById('loading-text');
  const box = document.getElementById('loading');
  if (fill) fill.style.width = `${Math.round(progress * 100)}%`;
  if (text) text.textContent = label;
  box?.setAttribute('aria-valuenow', String(Math.round(progress * 100)));
}

export function hideLoading(): void {
  document.getElementById('loading')?.classList.add('done');
}

export function showError(message: string): void {
  const box = document.getElementById('loading');
  const text = document.getElementById('loading-text');
  box?.classList.remove('done');
  box?.classList.add('error');
  if (text) text.textContent = message;
}

/** The hover tooltip (text only). */
export function showTooltip(text: string | null, x: number, y: number): void {
  const tip = document.getElementById('tooltip');
  if (!tip) return;
  if (!text) {
    tip.hidden = true;
    return;
  }
  tip.textContent = text;
  tip.hidden = false;
  tip.style.left = `${x + 14}px`;
  tip.style.top = `${y + 14}px`;
}

import type { FeedItem, HamletStore, Speed } from '../store/store';
import { KEY_SPEEDS, SPEEDS } from '../store/store';
import type { PersonaFrame } from '../sim/simulation';
import { isTyping, speedTitle } from './inspector/keys';
import { formatDate, formatHHMM, nextMorning, nextTimeAtHour } from '../sim/clock';
import { foldingPanel, pageLayout } from './layout';
import { at } from '../sim/checked';
import { el } from './dom';

/**
 * A top-bar button with an icon and a label; the label is dropped on narrower desktops (styles.css)
 * so the bar stays on one line, and stays the button's accessible name and tooltip.
 */
export function barButton(icon: string, label: string, title: string): HTMLButtonElement {
  const b = el('button', 'hud-gear');
  b.append(el('span', 'hud-icon', icon), el('span', 'hud-label', label));
  b.setAttribute('aria-label', label);
  b.title = title;
  return b;
}

/** What the top bar asks of the live town beyond its speed. */
interface HudActions {
  /** Run the town headless to a game time, then go on (src/store/liveRunner.ts fastForward). */
  skipTo?(time: number, label: string): void;
  /** Open the start screen (New town, Continue, Watch, Open, Settings). */
  openMenu?(): void;
}

/** The top bar (clock, speed, time jumps, brain) and the activity feed. Reads the store a few times a second. */
export function mountHud(store: HamletStore, onStep: () => void, onSettings: () => void, actions: HudActions = {}): void {
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
    b.title = speedTitle(s);
    b.dataset.speed = String(s);
    b.addEventListener('click', () => store.getState().setSpeed(s));
    buttons.set(s, b);
    speeds.append(b);
  }
  const stepBtn = el('button', 'hud-speed', '⏭');
  stepBtn.title = 'One step (while paused)';
  stepBtn.addEventListener('click', onStep);
  speeds.append(stepBtn);
  // Time jumps: the town runs headless to the time (a progress bar shows), then goes on.
  const jumps = el('div', 'hud-jumps');
  const morning = el('button', 'hud-speed', '🌅');
  morning.name = 'skip-morning';
  morning.title = 'Skip to next morning (6:00)';
  morning.addEventListener('click', () => actions.skipTo?.(nextMorning(store.getState().time), 'Skipping to the next morning'));
  const hour = el('select', 'hud-jump-hour');
  hour.name = 'jump-hour';
  hour.title = 'Jump to an hour (the next time the clock reads it)';
  hour.append(new Option('⏩ hour…', ''));
  for (let h = 0; h < 24; h++) hour.append(new Option(`${String(h).padStart(2, '0')}:00`, String(h)));
  hour.addEventListener('change', () => {
    const h = Number(hour.value);
    hour.value = '';
    if (Number.isInteger(h)) actions.skipTo?.(nextTimeAtHour(store.getState().time, h), `Jumping to ${String(h).padStart(2, '0')}:00`);
  });
  jumps.append(morning, hour);
  jumps.hidden = !actions.skipTo;
  const progress = el('div', 'hud-progress');
  progress.setAttribute('role', 'progressbar');
  const progressText = el('span', 'hud-progress-text');
  const progressBar = el('div', 'bar');
  const progressFill = el('div', 'bar-fill');
  progressBar.append(progressFill);
  progress.append(progressText, progressBar);
  progress.hidden = true;
  const info = el('div', 'hud-info');
  const gear = barButton('⚙', 'Brain', 'Brain settings: offline or an OpenAI-compatible model');
  gear.name = 'settings';
  gear.addEventListener('click', onSettings);
  const menu = barButton('☰', 'Menu', 'New town, continue, watch or open a replay, settings');
  menu.name = 'menu';
  menu.addEventListener('click', () => actions.openMenu?.());
  menu.hidden = !actions.openMenu;
  bar.append(menu, clock, speeds, jumps, info, gear);
  const notice = el('div', 'hud-notice');
  notice.hidden = true;
  layout.slot('top').prepend(bar, progress, notice);

  // Optional views of the action: follow it with the camera, speech bubbles over the speakers.
  const toggle = (label: string, name: string, title: string, key: 'followAction' | 'bubbles') => {
    const b = el('button', 'hud-toggle', label);
    b.name = name;
    b.title = title;
    b.setAttribute('aria-pressed', String(store.getState()[key]));
    b.addEventListener('click', () => {
      const on = !store.getState()[key];
      store.setState({ [key]: on });
      // Pressed at once, not at the next 250 ms redraw: the button answers the click it got.
      b.setAttribute('aria-pressed', String(on));
      // Following the action takes the camera off whoever it followed (your resident, a persona).
      if (on && key === 'followAction') store.getState().follow(null);
    });
    return b;
  };
  const followBtn = toggle('🎥 Follow the action', 'follow-action', 'The camera goes to each new conversation, or where the most people are', 'followAction');
  const bubblesBtn = toggle('💬 Bubbles', 'bubbles', 'Show spoken lines over the speakers for a moment', 'bubbles');
  const feed = foldingPanel({ title: 'Town activity', name: 'activity', className: 'hud-feed' });
  const feedList = el('ul', 'hud-feed-list');
  const tools = el('div', 'hud-feed-tools');
  tools.append(followBtn, bubblesBtn);
  feed.body.append(tools, feedList);
  feedList.addEventListener('keydown', (e) => {
    if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLElement && e.target.matches('li[tabindex]')) {
      e.preventDefault();
      e.target.click();
    }
  });
  // A line clicked: the camera goes to the first persona it names, whose inspector opens.
  feedList.addEventListener('click', (e) => {
    const li = (e.target as HTMLElement).closest('li');
    const text = li?.dataset.text;
    if (!text) return;
    const s = store.getState();
    const who = personaNamedIn(text, s.personas);
    if (!who) return;
    s.follow(null);
    s.select(who.id);
    store.setState({ panTo: { x: who.tile.x, y: who.tile.y, seq: (s.panTo?.seq ?? 0) + 1 } });
    if (!s.inspector.open) store.setState({ inspector: { ...store.getState().inspector, open: true } });
  });
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
    // On one line, cut with … when the bar is short of room: whole in the tooltip.
    info.title = info.textContent;
    clock.title = date.textContent;
    jumps.hidden = !actions.skipTo || s.mode !== 'live' || !!s.fastForward;
    progress.hidden = !s.fastForward;
    if (s.fastForward) {
      const f = s.fastForward;
      const pct = f.total ? Math.round((f.done / f.total) * 100) : 100;
      progressText.textContent = `${f.label}… ${pct}%`;
      progressFill.style.width = `${pct}%`;
      progress.setAttribute('aria-valuenow', String(pct));
    }
    followBtn.setAttribute('aria-pressed', String(s.followAction));
    bubblesBtn.setAttribute('aria-pressed', String(s.bubbles));
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
    } else if (/^Digit[1-5]$/.test(e.code)) {
      // The same keys mean the same speeds in a replay (src/ui/replay/replayUi.ts).
      s.setSpeed(at(KEY_SPEEDS, Number(e.code.slice(5)) - 1, 'speed key'));
    } else if (e.code === 'Escape') {
      s.follow(null);
    }
  });
}

/** The persona a feed line names first (a conversation's first speaker, a plan step's resident), or null. */
function personaNamedIn(text: string, personas: readonly PersonaFrame[]): PersonaFrame | null {
  let best: PersonaFrame | null = null;
  let at = Infinity;
  for (const p of personas) {
    const i = text.indexOf(p.name);
    if (i >= 0 && i < at) {
      at = i;
      best = p;
    }
  }
  return best;
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
 * One feed line. An economy event (docs/economy.md#the-activity-feed) reads "Ana Moreno bought bread at Crumb & Crust Bakery ·
 * 09:12 · 5 min ago · 'no food left'" as a light system line; its name jumps to the persona (camera and
 * inspector). Conversations and town-plan news are plain lines.
 */
function feedLine(f: FeedItem, now: number, store: HamletStore): HTMLLIElement {
  const li = el('li');
  if (!f.personaId || !f.name) {
    // A conversation or town-plan line: a click on it shows the first persona it names (see mountHud).
    li.dataset.text = f.text;
    if (personaNamedIn(f.text, store.getState().personas)) {
      li.classList.add('feed-link');
      li.title = 'Show them on the map';
      // Reachable by Tab; Enter does what a click does (the list's handler in mountHud).
      li.tabIndex = 0;
      li.setAttribute('role', 'button');
    }
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
  li.title = `${formatHHMM(f.time)} ${f.name} ${f.what ?? ''}${f.reason ? ` · “${f.reason}”` : ''}`;
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

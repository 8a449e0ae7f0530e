import './play.css';
import type { HamletStore } from '../store/store';
import type { PlayerInput } from '../sim/player/controller';
import type { ActionOption } from '../sim/actions/validate';
import { TALK_DISTANCE } from '../sim/player/controller';
import { isTyping } from './inspector/keys';
import { foldingPanel, pageLayout } from './layout';
import { actionLabel } from './actionLabels';
import { el } from './dom';

/** What the panels ask of the live town: queue an input (taken at the next step) and read the options. */
interface PlayerActions {
  input(i: PlayerInput): void;
  /** The registered actions the resident may take where it stands now. */
  options(): ActionOption[];
}

const KEYS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  KeyW: [0, -1],
  KeyS: [0, 1],
  KeyA: [-1, 0],
  KeyD: [1, 0],
};

/**
 * The player's panels: "You" (what your resident is doing, what it may do here, who is near enough to
 * talk to, and what was refused) in the left slot, and the conversation in the right slot while one
 * is open (and after it ends, with why). WASD or the arrows walk a tile per key press.
 */
export function mountPlayerPanels(store: HamletStore, actions: PlayerActions): void {
  const layout = pageLayout();
  const you = foldingPanel({ title: 'You', name: 'player', className: 'player-panel' });
  const status = el('p', 'player-status');
  const near = el('div', 'player-near');
  const actRow = el('div', 'player-act');
  const actSelect = el('select', 'player-action');
  actSelect.name = 'player-action';
  const actBtn = el('button', 'insp-btn', 'Do it');
  actBtn.name = 'player-do';
  actRow.append(actSelect, actBtn);
  const refused = el('p', 'player-refused');
  refused.setAttribute('role', 'status');
  const help = el('p', 'insp-muted');
  // What to press on a keyboard; what to tap on a touch screen (play.css shows one of the two).
  help.append(el('span', 'keys-hint', 'Walk with WASD or the arrow keys, or click a tile. '), el('span', 'touch-hint', 'Tap a tile to walk there. '), 'Walk up to someone to talk.');
  you.body.append(status, near, actRow, refused, help);
  layout.slot('left').prepend(you.el);

  // Open from the start, on a phone too: a conversation you start is what you want to see.
  const chat = foldingPanel({ title: 'Conversation', name: 'chat', className: 'chat-panel', startFolded: false });
  const log = el('ol', 'chat-log');
  const state = el('p', 'chat-state');
  const form = el('form', 'chat-form');
  const text = el('input', 'insp-input');
  text.name = 'chat-text';
  text.placeholder = 'Say something…';
  text.maxLength = 500;
  text.autocomplete = 'off';
  const send = el('button', 'insp-btn primary', 'Send');
  send.name = 'chat-send';
  send.type = 'submit';
  const leave = el('button', 'insp-btn', 'Leave');
  leave.name = 'chat-leave';
  leave.type = 'button';
  form.append(text, send, leave);
  // Tapping Send keeps the input focused: a phone's keyboard stays up for the next line.
  send.addEventListener('pointerdown', (e) => e.preventDefault());
  const close = el('button', 'insp-btn', 'Close');
  close.name = 'chat-close';
  close.type = 'button';
  chat.body.append(log, state, form, close);
  chat.el.hidden = true;
  layout.slot('right').prepend(chat.el);
  // The newest line stays in view when the panel is resized (a phone turned, the sheet made shorter).
  new ResizeObserver(() => {
    log.scrollTop = log.scrollHeight;
  }).observe(log);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const t = text.value.trim();
    if (!t) return;
    actions.input({ kind: 'say', text: t });
    pending = t;
    text.value = '';
    render();
  });
  leave.addEventListener('click', () => actions.input({ kind: 'leave' }));
  close.addEventListener('click', () => store.setState({ lastPlayerChat: null }));
  // The whole of a long entry on hover ("Shift: shelf stacker at Willow Grocery & Pharmacy" is cut on a desktop's panel).
  const showChoice = () => (actSelect.title = actSelect.selectedOptions[0]?.text ?? '');
  actSelect.addEventListener('change', showChoice);
  actBtn.addEventListener('click', () => {
    const [action, target] = actSelect.value.split('|');
    if (action) actions.input({ kind: 'act', action, target: target ?? '' });
  });

  // Keys walk the resident (not while typing, and not in a replay).
  window.addEventListener('keydown', (e) => {
    const dir = KEYS[e.code];
    const s = store.getState();
    if (!dir || !s.player || s.mode !== 'live' || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    e.preventDefault();
    actions.input({ kind: 'step', dx: dir[0], dy: dir[1] });
  });

  /** A line the player sent that the town has not taken in yet (shown greyed). */
  let pending: string | null = null;
  let optionsKey = '';
  let lastLog = '';
  const render = () => {
    const s = store.getState();
    const p = s.player;
    you.el.hidden = !p || s.mode !== 'live';
    const shown = p?.chat ?? s.lastPlayerChat;
    chat.el.hidden = !shown || s.mode !== 'live';
    if (!p) return;
    const me = s.personas.find((f) => f.id === p.id);
    if (!me) return;
    status.textContent = `${p.name} is ${me.description || 'here'}.`;
    // Who is near enough to talk to.
    const nearby = s.personas.filter((f) => f.id !== p.id && Math.abs(f.tile.x - me.tile.x) <= TALK_DISTANCE && Math.abs(f.tile.y - me.tile.y) <= TALK_DISTANCE);
    const nearKey = nearby.map((f) => `${f.id}:${f.chattingWith ?? ''}`).join(',') + (p.chat ? '#' : '');
    if (near.dataset.key !== nearKey) {
      near.dataset.key = nearKey;
      near.replaceChildren(
        ...nearby.map((f) => {
          const b = el('button', 'insp-btn talk-to', `Talk to ${f.name.split(' ')[0]}`);
          b.name = `talk-${f.id}`;
          b.disabled = !!p.chat;
          b.title = f.description;
          b.addEventListener('click', () => actions.input({ kind: 'talk', personaId: f.id }));
          return b;
        }),
      );
    }
    // The registered actions possible now (re-read when the place, the hour or what the resident is
    // doing changes: before it has arrived it counts as asleep, and then waking up was offered).
    const key = `${me.tile.x},${me.tile.y},${Math.floor(s.time / 3_600_000)},${me.description}`;
    if (key !== optionsKey) {
      optionsKey = key;
      const opts = actions.options();
      actSelect.replaceChildren(...opts.flatMap((o) => (o.targets.length ? o.targets : ['']).map((t) => Object.assign(new Option(actionLabel(o.id, t), `${o.id}|${t}`), { title: o.description }))));
      showChoice();
    }
    refused.textContent = p.refusals.length ? `Not possible: ${p.refusals.join('; ')}` : '';
    // The conversation.
    if (shown) {
      const said = pending;
      if (said && shown.lines.some((l) => l.speaker === p.name && l.text.endsWith(said))) pending = null;
      const ended = p.chat ? null : s.lastPlayerChat;
      const logKey = `${shown.with}|${shown.lines.length}|${pending ?? ''}|${ended?.reason ?? ''}`;
      if (logKey !== lastLog) {
        lastLog = logKey;
        log.replaceChildren(
          ...shown.lines.map((l) => {
            const li = el('li', l.speaker === p.name ? 'me' : 'them');
            li.append(el('b', undefined, `${l.speaker === p.name ? 'You' : l.speaker}: `), el('span', undefined, l.text));
            return li;
          }),
          ...(pending ? [Object.assign(el('li', 'me pending'), { textContent: `You: ${pending}` })] : []),
        );
        log.scrollTop = log.scrollHeight;
      }
      const last = shown.lines.at(-1);
      const first = shown.with.split(' ')[0];
      state.textContent = ended ? `The conversation ended: ${ended.reason}.` : pending || last?.speaker === p.name ? `${first} is answering (at the next step)…` : `Talking with ${shown.with}`;
      form.hidden = !!ended;
      close.hidden = !ended;
      if (p.chat && !chat.el.dataset.open) {
        chat.el.dataset.open = '1';
        chat.fold(false);
        text.focus();
      }
      if (!p.chat) delete chat.el.dataset.open;
    }
  };
  store.subscribe((s, prev) => {
    if (s.player !== prev.player || s.lastPlayerChat !== prev.lastPlayerChat || s.mode !== prev.mode || s.personas !== prev.personas) render();
  });
  render();
}

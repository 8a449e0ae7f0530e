import './play.css';
import type { HamletState, HamletStore } from '../store/store';
import { pageLayout } from './layout';

/** Kept once the player has seen the hints through or skipped them. */
const DONE_KEY = 'hamlet-guide-done';

interface Hint {
  text: string;
  /** Done once this holds of the page's state (and whether the player has opened a way to talk). */
  done(s: HamletState, talked: boolean): boolean;
}

/** The first minute's three hints, in order; each goes when the player has done it. */
const HINTS: readonly Hint[] = [
  { text: 'Click (or tap) someone on the map to see what they are doing and why.', done: (s) => s.selectedId !== null },
  { text: 'Talk: walk up to someone and use “Talk to …” in the You panel, or whisper in a persona’s Talk tab.', done: (s, talked) => talked || !!s.player?.chat },
  { text: 'Speed up: press 3, 4 or 5 (or click 5×, 10×, 60×) and watch the town’s day go by.', done: (s) => s.speed >= 5 },
];

/**
 * A first-minute guide over the map (the top slot, under the clock): three hints, one at a time —
 * click a persona, talk, speed up — each gone once done; "Skip" ends it. Shown until finished once
 * in this browser (localStorage). Text only.
 */
export function mountGuide(store: HamletStore): void {
  if (readDone()) return;
  const box = document.createElement('div');
  box.className = 'guide';
  box.setAttribute('role', 'status');
  const step = document.createElement('span');
  step.className = 'guide-step';
  const text = document.createElement('span');
  text.className = 'guide-text';
  const skip = document.createElement('button');
  skip.type = 'button';
  skip.name = 'guide-skip';
  skip.className = 'guide-skip';
  skip.textContent = 'Skip';
  skip.title = 'No more hints';
  box.append(step, text, skip);
  pageLayout().slot('top').append(box);
  let at = 0;
  let talked = false;
  // A way to talk opened: the inspector's Talk tab, a "Talk to …" button, a line sent.
  const onClick = (e: Event) => {
    if (!(e.target instanceof Element) || !e.target.closest('[data-tab=talk], .talk-to, button[name=chat-send]')) return;
    talked = true;
    show(store.getState());
  };
  document.addEventListener('click', onClick, true);
  const finish = () => {
    box.remove();
    unsubscribe();
    document.removeEventListener('click', onClick, true);
    try {
      localStorage.setItem(DONE_KEY, '1');
    } catch {
      // Storage off: the hints come back next visit.
    }
  };
  const show = (s: HamletState) => {
    while (at < HINTS.length && HINTS[at]?.done(s, talked)) at++;
    const hint = HINTS[at];
    if (!hint) return finish();
    step.textContent = `Hint ${at + 1} of ${HINTS.length}`;
    text.textContent = hint.text;
    box.hidden = s.mode !== 'live';
  };
  skip.addEventListener('click', finish);
  const unsubscribe = store.subscribe((s) => show(s));
  show(store.getState());
}

function readDone(): boolean {
  try {
    return localStorage.getItem(DONE_KEY) === '1';
  } catch {
    return false;
  }
}

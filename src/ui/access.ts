import { barButton } from './hud';
import { pageLayout } from './layout';

const SCALES = [1, 1.15, 1.3] as const;
const KEY = 'hamlet-text-scale';

/**
 * The top bar's "Aa" button: the panels' text at 100 %, 115 % or 130 % (kept in this browser). The
 * panels are scaled whole (CSS zoom on each slot's panels: layout.css), so they keep their layout.
 */
export function mountTextSize(): void {
  const root = pageLayout().root;
  let at = Math.max(0, SCALES.indexOf(Number(readScale()) as (typeof SCALES)[number]));
  const btn = barButton('Aa', 'Text size', '');
  btn.name = 'text-size';
  const apply = () => {
    const scale = SCALES[at] ?? 1;
    root.style.setProperty('--text-scale', String(scale));
    btn.title = `Text size ${Math.round(scale * 100)} % (click for ${Math.round((SCALES[(at + 1) % SCALES.length] ?? 1) * 100)} %)`;
    btn.setAttribute('aria-label', `Text size ${Math.round(scale * 100)} percent`);
  };
  btn.addEventListener('click', () => {
    at = (at + 1) % SCALES.length;
    apply();
    try {
      localStorage.setItem(KEY, String(SCALES[at]));
    } catch {
      // Storage off: the size holds for this visit.
    }
  });
  document.querySelector('.hud-bar')?.append(btn);
  apply();
}

function readScale(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

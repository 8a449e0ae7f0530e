import { h } from '../dom';

/** The inspector's buttons and refresh helpers (elements: src/ui/dom.ts). */
export function button(label: string, onClick: () => void, cls = 'insp-btn', title?: string): HTMLButtonElement {
  const b = h('button', { class: cls, text: label, title });
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** A "copy" button that puts `text()` on the clipboard and says so. */
export function copyButton(text: () => string, label = 'copy'): HTMLButtonElement {
  const b = button(label, () => {
    const value = text();
    const done = () => {
      b.textContent = 'copied ✓';
      setTimeout(() => (b.textContent = label), 1200);
    };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(value).then(done, () => fallbackCopy(value) && done());
    else if (fallbackCopy(value)) done();
  }, 'insp-btn insp-copy', 'Copy to the clipboard');
  return b;
}

function fallbackCopy(value: string): boolean {
  const ta = document.createElement('textarea');
  ta.value = value;
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.append(ta);
  ta.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  ta.remove();
  return ok;
}

/** Replace an element's children only when the key changed (keeps the DOM still between refreshes). */
export function renderIfChanged(el: HTMLElement & { _key?: string }, key: string, build: () => (Node | string)[]): void {
  if (el._key === key) return;
  el._key = key;
  el.replaceChildren(...build());
}

/** A value as readable text: strings as they are, everything else as pretty JSON. */
export function asText(v: unknown): string {
  if (v === undefined) return '(none)';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}

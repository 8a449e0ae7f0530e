/**
 * Building the page's DOM. Every string goes in as text (textContent), never as HTML: names,
 * descriptions, replies and file contents come from models, players and files someone else made.
 */

/** An element with its children: `h('div', { class: 'row' }, label, input)`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; text?: string; title?: string; data?: Record<string, string> } | null = null,
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (props?.class) e.className = props.class;
  if (props?.text !== undefined) e.textContent = props.text;
  if (props?.title !== undefined) e.title = props.title;
  if (props?.data) for (const [k, v] of Object.entries(props.data)) e.dataset[k] = v;
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** An element with a class and text, the short form: `el('p', 'hint', 'Drop a file here')`. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  return h(tag, { class: className, text });
}

import { h } from '../dom';
import { at } from '../../sim/checked';
import { rowsAddedAbove, rowWindow, scrollToRow } from './virtualWindow';

/**
 * A scrolling list of fixed-height rows that only keeps the visible rows (plus a few) in the DOM,
 * so a memory stream of thousands of nodes costs as much as one of thirty.
 */
export class VirtualList<T> {
  readonly el: HTMLDivElement;
  private readonly inner: HTMLDivElement;
  private items: readonly T[] = [];
  private version = '';
  private drawn = '';
  private frame = 0;

  constructor(
    private readonly rowHeight: number,
    private readonly renderRow: (item: T, index: number) => HTMLElement,
    cls = '',
    /** A stable key per item: when given, rows added above keep a scrolled list still. */
    private readonly keyOf?: (item: T) => string | number,
  ) {
    this.inner = h('div', { class: 'vlist-inner' });
    this.el = h('div', { class: `vlist ${cls}` }, this.inner);
    this.el.addEventListener('scroll', () => {
      if (this.frame) return;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
    });
  }

  /** New items (re-drawn only when `version` differs from the last call's). */
  set(items: readonly T[], version: string): void {
    if (version === this.version && items.length === this.items.length) return;
    if (this.keyOf && this.el.scrollTop > 0 && this.items.length > 0 && items.length > 0) {
      const top = this.items[0];
      const above = top === undefined ? 0 : rowsAddedAbove(this.keyOf(top), items.slice(0, 1001).map(this.keyOf));
      if (above > 0) this.el.scrollTop += above * this.rowHeight;
    }
    this.items = items;
    this.version = version;
    this.draw();
  }

  get length(): number {
    return this.items.length;
  }

  /** Redraw (e.g. after the selection changed, which the row renderer reads). */
  redraw(): void {
    this.drawn = '';
    this.draw();
  }

  scrollTo(index: number): void {
    const top = scrollToRow(index, this.el.scrollTop, this.el.clientHeight, this.rowHeight);
    if (top !== this.el.scrollTop) this.el.scrollTop = top;
    this.draw();
  }

  private draw(): void {
    const w = rowWindow(this.el.scrollTop, this.el.clientHeight || 300, this.rowHeight, this.items.length);
    const key = `${this.version}|${w.start}|${w.end}`;
    if (key === this.drawn) return;
    this.drawn = key;
    this.inner.style.height = `${w.total}px`;
    const rows: HTMLElement[] = [];
    for (let i = w.start; i < w.end; i++) {
      const row = this.renderRow(at(this.items, i, 'list row'), i);
      row.style.position = 'absolute';
      row.style.top = `${i * this.rowHeight}px`;
      row.style.height = `${this.rowHeight}px`;
      row.style.left = '0';
      row.style.right = '0';
      rows.push(row);
    }
    this.inner.replaceChildren(...rows);
  }
}

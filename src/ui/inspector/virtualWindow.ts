/** Which rows of a long fixed-row-height list to put in the DOM: the visible ones plus a few either side. */
interface RowWindow {
  /** First row index to render (inclusive). */
  start: number;
  /** Last row index to render (exclusive). */
  end: number;
  /** Height of the whole list, px (the scroller's content height). */
  total: number;
}

export function rowWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 6): RowWindow {
  const total = count * rowHeight;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, total: Math.max(0, total) };
  const top = Math.max(0, Math.min(scrollTop, Math.max(0, total - viewport)));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(viewport, rowHeight) / rowHeight) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + visible + overscan), total };
}

/** The scrollTop that brings row `index` into view (centred when it is out of view, unchanged when visible). */
export function scrollToRow(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top >= scrollTop && top + rowHeight <= scrollTop + viewport) return scrollTop;
  return Math.max(0, top - Math.floor((viewport - rowHeight) / 2));
}

/**
 * Rows that came in above the one that was first (a newest-first list growing): how far to move the
 * scroll position so the rows the reader is looking at stay where they are. 0 when the old first row
 * is gone or still first.
 */
export function rowsAddedAbove<K>(previousFirst: K | undefined, keys: readonly K[], limit = 1000): number {
  if (previousFirst === undefined) return 0;
  for (let i = 0; i < keys.length && i <= limit; i++) if (keys[i] === previousFirst) return i;
  return 0;
}

/** A name label over the map: x is its centre, y its top (map pixels). */
export interface LabelBox {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: LabelBox, ay: number, b: LabelBox, by: number) => Math.abs(a.x - b.x) < (a.w + b.w) / 2 && ay < by + b.h && by < ay + a.h;

/**
 * Move overlapping name labels apart: labels are placed top to bottom, left to right, each at its own
 * spot or, when that overlaps one already placed, one line lower, then two, … (at most `maxLines`).
 * Returns each label's downward offset (0 for most). Pure, so it is unit-tested without Phaser.
 */
export function stackLabels(boxes: readonly LabelBox[], maxLines = 6): Map<string, number> {
  const order = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x || (a.id < b.id ? -1 : 1));
  const placed: { box: LabelBox; y: number }[] = [];
  const out = new Map<string, number>();
  for (const box of order) {
    let dy = 0;
    for (let line = 0; line <= maxLines; line++) {
      dy = line * box.h;
      const y = box.y + dy;
      if (!placed.some((p) => overlaps(box, y, p.box, p.y))) break;
    }
    placed.push({ box, y: box.y + dy });
    out.set(box.id, dy);
  }
  return out;
}

/** A speech bubble to place on the page (CSS px): its size, its speaker's centre x, and where it may sit over or under the speaker. */
interface BubbleSpot {
  /** The speaker's centre. */
  cx: number;
  w: number;
  h: number;
  /** The bubble's bottom when it sits over the speaker's head. */
  aboveBottom: number;
  /** The bubble's top when it sits under the speaker (below the name). */
  belowTop: number;
}

/** A box on the page (CSS px) a speech bubble should not cover: another persona's head and name. */
export interface PageBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const coverage = (a: PageBox, b: PageBox) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * Where a speech bubble goes so it stays whole in the visible part of the map (below the top bar,
 * clear of the panels): over the speaker's head when there is room, else under the speaker; then
 * moved sideways (and, on a view too small for either, up or down) into the view. With `avoid` (the
 * other personas' heads and names), the spot that covers least of them wins among those that fit:
 * over, under, right or left of the speaker — so a line spoken near the top bar does not land on
 * the people standing below. A bubble wider or taller than the view keeps its left or top edge in
 * it. Returns its centre x and its top. Pure, so it is unit-tested without Phaser.
 */
export function placeBubble(b: BubbleSpot, view: PageBox, avoid: readonly PageBox[] = []): { cx: number; top: number } {
  const half = b.w / 2;
  const inX = (cx: number) => Math.max(view.left + half, Math.min(cx, view.right - half));
  const fits = (c: { cx: number; top: number }) => c.top >= view.top && c.top + b.h <= view.bottom && c.cx - half >= view.left - 0.5 && c.cx + half <= view.right + 0.5;
  const over = { cx: inX(b.cx), top: b.aboveBottom - b.h };
  const under = { cx: inX(b.cx), top: b.belowTop };
  const beside = Math.max(view.top, Math.min(b.aboveBottom - b.h / 2, view.bottom - b.h));
  const GAP = 14;
  const candidates = [over, under, ...(avoid.length ? [{ cx: b.cx + GAP + half, top: beside }, { cx: b.cx - GAP - half, top: beside }] : [])].filter(fits);
  if (candidates.length) {
    const covered = (c: { cx: number; top: number }) => avoid.reduce((sum, a) => sum + coverage({ left: c.cx - half, right: c.cx + half, top: c.top, bottom: c.top + b.h }, a), 0);
    let best = candidates[0] ?? over;
    let least = covered(best);
    for (const c of candidates.slice(1)) {
      const n = covered(c);
      if (n < least) [best, least] = [c, n];
    }
    return best;
  }
  let top = over.top;
  if (top < view.top && b.belowTop + b.h <= view.bottom) top = b.belowTop;
  top = Math.max(view.top, Math.min(top, view.bottom - b.h));
  return { cx: inX(b.cx), top };
}

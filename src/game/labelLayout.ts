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

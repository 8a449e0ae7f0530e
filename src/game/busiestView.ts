/**
 * The centre of the w×h window (in tiles) that holds the most of the given tiles; ties go to
 * the window found first. Pure, so it is unit-tested without Phaser.
 */
export function busiestView(tiles: readonly { x: number; y: number }[], w: number, h: number): { x: number; y: number } | null {
  if (tiles.length === 0) return null;
  // Try a window centred on each tile; the view then centres on the mean of those inside the best.
  let best: { x: number; y: number; n: number } | null = null;
  for (const a of tiles) {
    let n = 0;
    let sx = 0;
    let sy = 0;
    for (const b of tiles) {
      if (Math.abs(b.x - a.x) <= w / 2 && Math.abs(b.y - a.y) <= h / 2) {
        n++;
        sx += b.x;
        sy += b.y;
      }
    }
    if (!best || n > best.n) best = { x: Math.round(sx / n), y: Math.round(sy / n), n };
  }
  return best && { x: best.x, y: best.y };
}

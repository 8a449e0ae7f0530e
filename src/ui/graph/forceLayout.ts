/** A node's place in the unit square (0–1 both ways). */
interface Point {
  x: number;
  y: number;
}

/**
 * A small force-directed layout (Fruchterman and Reingold, 1991) for a town's few dozen people:
 * everyone pushes everyone away, each edge pulls its two ends together by its weight, a weak pull
 * towards the middle keeps the loners in, and the moves cool down over the rounds. Deterministic (people start on a circle in the order given), so the
 * same town draws the same way. Pure: unit-tested without a page.
 */
export function forceLayout(count: number, edges: readonly { a: number; b: number; weight: number }[], rounds = 300): Point[] {
  const pos: Point[] = Array.from({ length: count }, (_, i) => ({ x: 0.5 + 0.4 * Math.cos((2 * Math.PI * i) / Math.max(1, count)), y: 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / Math.max(1, count)) }));
  if (count < 2) return pos.map(() => ({ x: 0.5, y: 0.5 }));
  const k = 0.5 * Math.sqrt(1 / count);
  const most = Math.max(1, ...edges.map((e) => e.weight));
  for (let round = 0; round < rounds; round++) {
    const t = 0.1 * (1 - round / rounds) + 0.002;
    const move = pos.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        const pi = pos[i] as Point;
        const pj = pos[j] as Point;
        const dx = pi.x - pj.x;
        const dy = pi.y - pj.y;
        const d = Math.max(1e-3, Math.hypot(dx, dy));
        const f = (k * k) / d;
        const mi = move[i] as Point;
        const mj = move[j] as Point;
        mi.x += (dx / d) * f;
        mi.y += (dy / d) * f;
        mj.x -= (dx / d) * f;
        mj.y -= (dy / d) * f;
      }
    }
    for (const e of edges) {
      const pa = pos[e.a] as Point;
      const pb = pos[e.b] as Point;
      const dx = pa.x - pb.x;
      const dy = pa.y - pb.y;
      const d = Math.max(1e-3, Math.hypot(dx, dy));
      const f = ((d * d) / k) * (0.3 + e.weight / most);
      const ma = move[e.a] as Point;
      const mb = move[e.b] as Point;
      ma.x -= (dx / d) * f;
      ma.y -= (dy / d) * f;
      mb.x += (dx / d) * f;
      mb.y += (dy / d) * f;
    }
    pos.forEach((p, i) => {
      const m = move[i] as Point;
      // A little gravity: people who talked with nobody stay near the middle instead of lining the border.
      m.x += (0.5 - p.x) * 1.5;
      m.y += (0.5 - p.y) * 1.5;
      const len = Math.max(1e-9, Math.hypot(m.x, m.y));
      const step = Math.min(len, t);
      p.x = Math.min(0.97, Math.max(0.03, p.x + (m.x / len) * step));
      p.y = Math.min(0.97, Math.max(0.03, p.y + (m.y / len) * step));
    });
  }
  return pos;
}

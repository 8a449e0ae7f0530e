/**
 * Gardens of the homes: a front hedge with the garden path through it, flower beds by the door,
 * and a fenced back yard (with a gate) holding a tree, flower beds and a bench.
 */
import type { PlacedBuilding } from './buildings';
import { type Rect, type Town, span } from './grid';
import type { Facing } from './layout';
import { fence, hedge, put, tryTree } from './outdoor';
import { at } from '../../src/sim/checked';

export function garden(town: Town, lot: Rect, b: PlacedBuilding, facing: Facing, rand: () => number): void {
  const o = b.outer;
  const front = b.doors.find((d) => d.side === facing);
  if (!front) throw new Error(`${b.sector}: no front door on its ${facing} side`);

  // Front hedge along the lot edge on the street side; the paved path leaves its gap.
  const hedgeY = facing === 's' ? lot.y + lot.h - 1 : lot.y;
  const yardRows = facing === 's' ? hedgeY - (o.y + o.h) : o.y - hedgeY;
  if (yardRows >= 1) hedge(town, lot.x, hedgeY, lot.x + lot.w - 1, hedgeY);

  // Flower beds against the facade on both sides of the door.
  const fy = facing === 's' ? o.y + o.h : o.y - 1;
  for (const dx of [-3, -2, 2, 3]) {
    const x = front.x + dx;
    if (x > o.x && x < o.x + o.w - 1) put(town, x, fy, 'flower_bed', true);
  }

  // Back yard: fenced on three sides, the house is the fourth.
  const backTop = facing === 's' ? lot.y + 1 : o.y + o.h - 1;
  const backBottom = facing === 's' ? o.y : lot.y + lot.h - 2;
  const depth = backBottom - backTop + 1;
  if (depth < 4) return;
  const yard = span(o.x, backTop, o.x + o.w - 1, backBottom);
  const leftRoom = o.x - lot.x;
  const rightRoom = lot.x + lot.w - 1 - (o.x + o.w - 1);
  const gateX = rightRoom >= leftRoom ? yard.x + yard.w - 1 : yard.x;
  const gateY = facing === 's' ? o.y - 2 : o.y + o.h + 1;
  fence(town, yard, [[gateX, gateY]]);

  // Inside the fence.
  const inner = span(yard.x + 1, facing === 's' ? yard.y + 1 : yard.y + 1, yard.x + yard.w - 2, facing === 's' ? o.y - 1 : yard.y + yard.h - 2);
  const bedsY = facing === 's' ? inner.y : inner.y + inner.h - 1;
  for (let x = inner.x + 1; x < inner.x + inner.w - 1; x++) {
    if ((x - inner.x) % 4 !== 0) put(town, x, bedsY, 'flower_bed', true);
  }
  const benchY = facing === 's' ? inner.y + inner.h - 1 : inner.y;
  if (inner.h >= 3) put(town, inner.x + 1, benchY, 'bench', false);
  // One or two trees if there is room.
  const candidates: [number, number][] = [];
  for (let y = inner.y; y < inner.y + inner.h; y++) for (let x = inner.x; x < inner.x + inner.w - 1; x++) candidates.push([x, y]);
  let planted = 0;
  for (let k = 0; k < 40 && planted < 2 && candidates.length; k++) {
    const [x, y] = at(candidates, Math.floor(rand() * candidates.length), 'tree spot');
    if (tryTree(town, x, y)) planted++;
  }
}

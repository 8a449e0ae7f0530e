/**
 * Town Square: a paved plaza in front of the Town Hall with a fountain in a small basin, four
 * benches around it, a notice board, flower beds and lamps; grass strips with trees beside the hall.
 */
import { type Town, span } from './grid';
import { SQUARE } from './layout';
import { pave, put, tryLamp, tryTree } from './outdoor';

export function drawSquare(town: Town): void {
  const s = SQUARE;
  town.addSector('Town Square', 'square', s);
  town.addArena('plaza', s);
  town.fillGround(s, 'plaza_stone');

  // Fountain: a 3×3 basin of water with the fountain in the middle; people stand south of it.
  const cx = s.x + Math.floor(s.w / 2);
  const cy = s.y + 4;
  for (let y = cy - 1; y <= cy + 1; y++) {
    for (let x = cx - 1; x <= cx + 1; x++) {
      town.set('ground', x, y, 'water');
      town.block(x, y);
    }
  }
  town.set('furniture', cx, cy, 'fountain');
  town.addObject('fountain', span(cx - 1, cy - 1, cx + 1, cy + 2));

  // Benches facing the fountain, two tiles each.
  for (const [x, y] of [
    [cx - 6, cy - 2],
    [cx + 5, cy - 2],
    [cx - 6, cy + 3],
    [cx + 5, cy + 3],
  ] as const) {
    put(town, x, y, 'bench', false);
    put(town, x + 1, y, 'bench', false);
    town.addObject('bench', span(x, y, x + 1, y));
  }

  // Notice board by the hall's door, read from the tile below it.
  const nb = { x: cx - 4, y: s.y + 1 };
  put(town, nb.x, nb.y, 'notice_board', true);
  town.addObject('notice board', span(nb.x, nb.y, nb.x, nb.y + 1));

  // Flower beds at the basin corners and along the plaza's sides.
  for (const [x, y] of [
    [cx - 2, cy - 2],
    [cx + 2, cy - 2],
    [cx - 2, cy + 2],
    [cx + 2, cy + 2],
  ] as const) {
    put(town, x, y, 'flower_bed', true);
  }
  for (const x of [s.x, s.x + s.w - 1]) {
    for (const y of [s.y + 2, s.y + 3, s.y + s.h - 4, s.y + s.h - 3]) put(town, x, y, 'flower_bed', true);
  }
  for (const [x, y] of [
    [s.x + 5, s.y + 3],
    [s.x + s.w - 6, s.y + 3],
    [s.x + 5, s.y + s.h - 3],
    [s.x + s.w - 6, s.y + s.h - 3],
  ] as const) {
    tryLamp(town, x, y, true);
  }

  // Walkways from North Road down both sides of the Town Hall, with trees on the grass beside them.
  pave(town, span(s.x + 1, 26, s.x + 2, s.y - 1), 'plaza_stone');
  pave(town, span(s.x + s.w - 3, 26, s.x + s.w - 2, s.y - 1), 'plaza_stone');
  for (let y = 28; y < s.y; y += 4) {
    tryTree(town, s.x, y, { loose: true });
    tryTree(town, s.x + s.w - 1 - 1, y, { loose: true });
  }
}

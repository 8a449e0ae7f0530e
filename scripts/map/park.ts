/**
 * Millbrook Park: hedged on the town side, entered from Main Street (north gate) and South Road
 * (west gate). A north-south path with the playground and the garden at its top, the lawn to the
 * west and the pond (water blocked, a walkable grass bank, a wooden fishing pier) to the east.
 */
import type { TileName } from '../art/catalog';
import { type Rect, type Town, cellsOf, span } from './grid';
import { PARK } from './layout';
import { fence, hedge, pave, put, scatterTrees, tryLamp, tryTree } from './outdoor';

const PATH: TileName = 'dirt_path';

/** A named object drawn with one tile over a rectangle of cells. */
function piece(town: Town, name: string, r: Rect, tile: TileName, blocked: boolean, use?: Rect): void {
  for (const [x, y] of cellsOf(r)) {
    if (!town.isOpen(x, y)) throw new Error(`park: ${name} at (${x}, ${y}) overlaps something`);
    town.set('furniture', x, y, tile);
    if (blocked) town.block(x, y);
  }
  const all = use ? span(Math.min(r.x, use.x), Math.min(r.y, use.y), Math.max(r.x + r.w, use.x + use.w) - 1, Math.max(r.y + r.h, use.y + use.h) - 1) : r;
  town.addObject(name, all);
}

export function drawPark(town: Town, rand: () => number): void {
  const p = PARK;
  const x0 = p.x;
  const x1 = p.x + p.w - 1;
  const y0 = p.y;
  const y1 = p.y + p.h - 1;
  town.addSector('Millbrook Park', 'park', p);

  // Paths: main north-south path, the west branch to South Road, a loop round the pond.
  const px = 120; // main path columns px..px+1
  pave(town, span(px, y0, px + 1, y1 - 2), PATH);
  pave(town, span(x0, 77, px + 1, 78), PATH);
  pave(town, span(px, y1 - 2, x1 - 2, y1 - 2), PATH);

  // Hedge along the north and west edges, open at the gates (paved cells stay open).
  hedge(town, x0, y0, x1, y0, [[px - 1, y0], [px + 2, y0]]);
  hedge(town, x0, y0, x0, y1, [[x0, 76], [x0, 79]]);

  // Playground: sand inside a low fence, gate towards the main path.
  const play = span(x0 + 2, y0 + 2, x0 + 13, y0 + 12);
  town.addArena('playground', play);
  town.fillGround(span(play.x + 1, play.y + 1, play.x + play.w - 2, play.y + play.h - 2), 'sand');
  fence(town, play, [[play.x + play.w - 1, play.y + 5], [play.x + play.w - 1, play.y + 6]]);
  piece(town, 'swing', span(play.x + 3, play.y + 3, play.x + 4, play.y + 3), 'swing', false);
  piece(town, 'slide', span(play.x + 8, play.y + 3, play.x + 8, play.y + 4), 'slide', false);
  piece(town, 'sandbox', span(play.x + 3, play.y + 7, play.x + 5, play.y + 8), 'sandbox', false);
  put(town, play.x + 9, play.y + 8, 'bench', false);

  // Garden: dirt rows of flower beds and the shed, fenced, gate towards the main path.
  const gard = span(px + 3, y0 + 2, x1 - 1, y0 + 12);
  town.addArena('garden', gard);
  town.fillGround(span(gard.x + 1, gard.y + 1, gard.x + gard.w - 2, gard.y + gard.h - 2), PATH);
  fence(town, gard, [[gard.x, gard.y + 5], [gard.x, gard.y + 6]]);
  const bedRow = (x: number, y: number) => piece(town, 'flower bed', span(x, y, x + 2, y), 'flower_bed', true, span(x, y + 1, x + 2, y + 1));
  bedRow(gard.x + 2, gard.y + 2);
  bedRow(gard.x + 2, gard.y + 6);
  bedRow(gard.x + 7, gard.y + 6);
  piece(town, 'garden shed', span(gard.x + 8, gard.y + 2, gard.x + 9, gard.y + 2), 'garden_shed', true, span(gard.x + 8, gard.y + 3, gard.x + 9, gard.y + 3));
  // Lawn between the garden's rows of beds.
  for (const [x, y] of cellsOf(span(gard.x + 1, gard.y + 9, gard.x + gard.w - 2, gard.y + gard.h - 2))) town.set('ground', x, y, 'grass_flowers');

  // Pond east of the path: an ellipse of water with a grass bank inside the arena.
  const pond = span(px + 3, 70, x1 - 1, y1 - 4);
  town.addArena('pond', pond);
  const cx = pond.x + (pond.w - 1) / 2;
  const cy = pond.y + (pond.h - 1) / 2;
  const rx = pond.w / 2 - 1.6;
  const ry = pond.h / 2 - 1.8;
  const isWater = (x: number, y: number) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
  for (const [x, y] of cellsOf(pond)) {
    if (!isWater(x, y)) continue;
    town.set('ground', x, y, isWater(x, y - 1) ? 'water' : 'water_edge_n');
    town.block(x, y);
  }
  // Fishing pier from the west bank, two planks into the water.
  const pierY = Math.round(cy) + 2;
  let wx = pond.x;
  while (!isWater(wx, pierY)) wx++;
  for (const x of [wx, wx + 1]) {
    town.set('ground', x, pierY, 'bridge_wood');
    town.block(x, pierY, false);
  }
  town.addObject('fishing spot', span(wx, pierY, wx + 1, pierY));
  // Bench on the bank, north-west of the water.
  const benchY = pond.y + 3;
  let bx = pond.x;
  while (!isWater(bx + 2, benchY) && bx < cx) bx++;
  piece(town, 'pond bank bench', span(bx, benchY, bx, benchY), 'bench', false);

  // Lawn: the big open west half, with benches along the paths and picnic tables.
  const lawn = span(x0 + 1, 70, px - 1, y1 - 1);
  town.addArena('lawn', lawn);
  for (const [x, y] of [
    [x0 + 4, 76],
    [x0 + 10, 76],
    [px - 2, 84],
    [px - 2, 91],
  ] as const) {
    const r = x === px - 2 ? span(x, y, x, y + 1) : span(x, y, x + 1, y);
    piece(town, 'bench', r, 'bench', false);
  }
  piece(town, 'picnic table', span(x0 + 5, 84, x0 + 6, 84), 'picnic_table', false);
  piece(town, 'picnic table', span(x0 + 9, 90, x0 + 10, 90), 'picnic_table', false);

  // Lamps along the paths, trees everywhere else there is room.
  for (let y = y0 + 4; y < y1 - 3; y += 8) tryLamp(town, px - 1, y);
  for (let x = x0 + 3; x < px; x += 8) tryLamp(town, x, 79);
  for (const [x, y] of [
    [x0 + 2, 72],
    [x0 + 14, 73],
    [x0 + 3, 93],
    [px - 4, 95],
  ] as const) {
    tryTree(town, x, y);
  }
  scatterTrees(town, span(x0 + 1, 69, px - 1, y1 - 1), 5, rand, 0.55);
  scatterTrees(town, span(px + 2, y0 + 14, x1, 70), 4, rand, 0.7);
  scatterTrees(town, span(x0 + 1, y0 + 1, x1, y0 + 2), 3, rand, 0.9);
}

/**
 * Builds the whole town, in order: grass, streets, buildings (with their rooms and objects),
 * paths to the doors, the square, the park, gardens, lamps, trees and the forest edge.
 */
import { gid, type TileName } from '../art/catalog';
import { type Door, type PlacedBuilding, outside, placeBuilding } from './buildings';
import { type Rect, Town, span } from './grid';
import { APRONS, LOTS, type Lot, STREETS } from './layout';
import { drawStreets, fence, hedge, pave, put, rng, scatterTrees, textureGrass, tryLamp, tryTree } from './outdoor';
import { drawPark } from './park';
import { drawSquare } from './square';
import { garden } from './yards';

const PAVED = new Set(
  (['sidewalk', 'road', 'road_line_h', 'road_line_v', 'plaza_stone', 'dirt_path'] as TileName[]).map((n) => gid(n)),
);

function isPaved(town: Town, x: number, y: number): boolean {
  return town.inBounds(x, y) && PAVED.has(town.get('ground', x, y));
}

const STEP = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] } as const;

/**
 * A path from a door to the nearest paved ground: straight out; a door in a side wall first steps
 * `sideSteps` cells out and then turns towards `turn`.
 */
function doorPath(town: Town, door: Door, tile: TileName, turn: 'n' | 's' = 's', sideSteps = 2): void {
  let [x, y] = outside(door);
  let dir = STEP[door.side];
  let steps = 0;
  while (!isPaved(town, x, y)) {
    if (!town.inBounds(x, y) || town.building[town.idx(x, y)]) {
      throw new Error(`path from the door at (${door.x}, ${door.y}) runs into a building or off the map at (${x}, ${y})`);
    }
    pave(town, span(x, y, x, y), tile);
    steps++;
    if ((door.side === 'e' || door.side === 'w') && steps === sideSteps) dir = STEP[turn];
    x += dir[0];
    y += dir[1];
  }
}

export function buildTown(): Town {
  const town = new Town();
  const rand = rng(0x4a4d4c54);
  town.fillGround(span(0, 0, town.w - 1, town.h - 1), 'grass');
  for (const a of APRONS) pave(town, a, 'sidewalk'); // before the streets, whose roads cross them
  drawStreets(town, STREETS);

  const placed: { lot: Lot; b: PlacedBuilding }[] = [];
  for (const lot of LOTS) {
    const b = placeBuilding(town, lot.blueprint, lot.x, lot.y);
    town.addSector(lot.blueprint.sector, lot.blueprint.kind, lot.lot ?? b.outer);
    placed.push({ lot, b });
  }
  drawSquare(town);
  for (const { lot, b } of placed) {
    const home = lot.blueprint.kind === 'home';
    for (const d of b.doors) doorPath(town, d, home ? 'dirt_path' : 'plaza_stone', 's');
  }
  drawPark(town, rand);

  for (const { lot, b } of placed) if (lot.garden && lot.lot) garden(town, lot.lot, b, lot.facing, rand);
  decorateCampus(town, rand);
  decorateBackyards(town, rand);
  streetLamps(town);
  forestEdge(town);
  // Fill what is left with trees: loose groves on open grass.
  scatterTrees(town, span(3, 2, 136, 97), 6, rand, 0.5);
  textureGrass(town, rand);
  return town;
}

function decorateCampus(town: Town, rand: () => number): void {
  // A quad path in front of the college and the dorm, hedges along North Road, benches, trees.
  pave(town, span(75, 20, 134, 20), 'plaza_stone');
  for (const x of [80, 90, 98]) put(town, x, 19, 'bench', false);
  for (const x of [113, 121, 127]) put(town, x, 19, 'bench', false);
  hedge(town, 105, 2, 105, 18);
  for (const x of [78, 88, 100, 111, 124, 133]) tryLamp(town, x, 19);
  scatterTrees(town, span(73, 2, 136, 18), 4, rand, 0.7);
}

/** A fenced yard with a gate and some pieces of decoration inside. */
function fencedYard(town: Town, r: Rect, gate: [number, number][], items: [number, number, TileName, boolean][]): void {
  fence(town, r, gate);
  for (const [x, y, tile, blocked] of items) put(town, r.x + x, r.y + y, tile, blocked);
}

function decorateBackyards(town: Town, rand: () => number): void {
  // Behind the shops north of Main Street: a hedge along North Road, yards, planted groves.
  hedge(town, 3, 26, 55, 26);
  hedge(town, 85, 26, 136, 26);
  // Oak & Nail's lumber yard.
  fencedYard(town, span(5, 30, 15, 37), [[10, 37], [11, 37]], [
    [2, 2, 'lumber_pile', true], [3, 2, 'lumber_pile', true], [4, 2, 'lumber_pile', true],
    [7, 2, 'crates', true], [8, 2, 'crates', true], [2, 5, 'workbench', true], [7, 5, 'lumber_pile', true], [8, 5, 'lumber_pile', true],
  ]);
  // The Copper Kettle's beer garden.
  fencedYard(town, span(38, 29, 51, 36), [[44, 36], [45, 36]], [
    [3, 2, 'picnic_table', false], [4, 2, 'picnic_table', false], [9, 2, 'picnic_table', false], [10, 2, 'picnic_table', false],
    [3, 5, 'picnic_table', false], [4, 5, 'picnic_table', false], [1, 1, 'plant_pot', true], [12, 1, 'plant_pot', true],
  ]);
  // Clinic herb garden and the grocery's delivery yard.
  fencedYard(town, span(87, 29, 98, 36), [[92, 36], [93, 36]], [
    [2, 2, 'flower_bed', true], [3, 2, 'flower_bed', true], [4, 2, 'flower_bed', true], [7, 2, 'flower_bed', true],
    [8, 2, 'flower_bed', true], [9, 2, 'flower_bed', true], [2, 4, 'bench', false], [9, 4, 'bench', false],
  ]);
  fencedYard(town, span(119, 28, 134, 35), [[126, 35], [127, 35]], [
    [2, 2, 'crates', true], [3, 2, 'crates', true], [2, 3, 'crates', true], [11, 2, 'crates', true], [12, 2, 'crates', true],
    [12, 3, 'crates', true], [6, 4, 'produce_stand', true], [7, 4, 'produce_stand', true],
  ]);
  // Behind the shops south of Main Street.
  hedge(town, 35, 75, 67, 75);
  hedge(town, 73, 75, 103, 75);
  // The apartments' back garden: benches and a picnic table among trees.
  for (const [x, y, tile] of [
    [8, 72, 'bench'], [9, 72, 'bench'], [19, 72, 'bench'], [20, 72, 'bench'], [14, 73, 'picnic_table'], [15, 73, 'picnic_table'],
  ] as [number, number, TileName][]) {
    put(town, x, y, tile, false);
  }
  for (const [x, y] of [
    [8, 32], [20, 31], [22, 35], [57, 71], [42, 71], [60, 71], [80, 71], [96, 70], [5, 73], [24, 73],
  ] as const) {
    tryTree(town, x, y);
  }
  scatterTrees(town, span(3, 27, 55, 36), 4, rand, 0.8);
  scatterTrees(town, span(85, 27, 136, 35), 4, rand, 0.8);
  scatterTrees(town, span(3, 67, 103, 74), 4, rand, 0.8);
}

function streetLamps(town: Town): void {
  for (let x = 4; x < 137; x += 9) {
    tryLamp(town, x, 50); // Main Street, north sidewalk (lamp over the kerb row)
    tryLamp(town, x + 4, 54); // Main Street, south sidewalk
  }
  for (let x = 5; x < 137; x += 10) {
    tryLamp(town, x, 21); // North Road north sidewalk
  }
  for (let x = 9; x < 103; x += 10) tryLamp(town, x, 80); // South Road south sidewalk
  for (let y = 5; y < 97; y += 10) {
    tryLamp(town, 30, y); // Elm Street west sidewalk
    tryLamp(town, 72, y + 5); // Centre Street east sidewalk
  }
}

function forestEdge(town: Town): void {
  for (let x = 0; x < town.w - 1; x += 2) {
    tryTree(town, x, 1, { loose: true });
    tryTree(town, x + 1, town.h - 1, { loose: true });
  }
  for (let y = 3; y < town.h - 2; y += 2) {
    tryTree(town, 0, y, { loose: true });
    tryTree(town, town.w - 2, y + 1, { loose: true });
  }
}

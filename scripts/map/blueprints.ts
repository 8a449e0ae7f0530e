/**
 * Floor plans of the town's buildings, drawn as text as seen on the map (north up). The top row is
 * the facade. Homes come in two versions: front door in the south wall (north of a street) or in
 * the north wall (south of a street); either way living room and kitchen are at the front.
 * Characters: see legend.ts ('#' wall, '.' floor, '+' doorway, 'D' outside door, others furniture).
 */
import type { TileName } from '../art/catalog';
import { HOME_LEGEND, type Legend } from './legend';
import type { SectorKind } from '../../src/sim/world/sectorKinds';
import { at } from '../../src/sim/checked';

/** Side of the building with the front door. */
export type Facing = 'n' | 's';

export interface ArenaPlan {
  name: string;
  /** Any floor cell of the room, in plan coordinates (door at the bottom). */
  at: [number, number];
  floor: TileName;
}

export interface Blueprint {
  sector: string;
  kind: SectorKind;
  rows: string[];
  arenas: ArenaPlan[];
  legend: Legend;
  /** Brick front wall (shops, town hall) instead of plaster. */
  brick?: boolean;
}

type PlanArgs = Omit<Blueprint, 'legend'> & { legend?: Legend };

export function plan(args: PlanArgs): Blueprint {
  const width = at(args.rows, 0, `plan of ${args.sector}: first row`).length;
  args.rows.forEach((row, i) => {
    if (row.length !== width) throw new Error(`plan of ${args.sector}: row ${i} has ${row.length} cells, expected ${width}`);
  });
  return { ...args, legend: { ...HOME_LEGEND, ...(args.legend ?? {}) } };
}

// ---------------------------------------------------------------- homes

/** Cottage for one: living room + kitchen at the front (door side), bedroom + bathroom behind. */
export function cottage(sector: string, facing: Facing): Blueprint {
  const south = [
    '############',
    '#B..W.#t.nw#',
    '#b....+....#',
    '#..r..#....#',
    '#####+######',
    '#K.V..#FOnk#',
    '#.....+....#',
    '#.Ss..#.hT.#',
    '#....p#....#',
    '###D########',
  ];
  const north = [
    '###D########',
    '#K..V.#FOnk#',
    '#.....+....#',
    '#..Ss.#.hT.#',
    '#p....#....#',
    '#####+######',
    '#B..W.#t.nw#',
    '#b....+....#',
    '#..r..#....#',
    '############',
  ];
  const [front, back] = facing === 's' ? [6, 2] : [2, 7];
  return plan({
    sector,
    kind: 'home',
    rows: facing === 's' ? south : north,
    arenas: [
      { name: 'bedroom', at: [1, back], floor: 'wood_floor' },
      { name: 'bathroom', at: [8, back], floor: 'tile_floor' },
      { name: 'living room', at: [1, front], floor: 'carpet_green' },
      { name: 'kitchen', at: [8, front], floor: 'tile_floor' },
    ],
  });
}

/** House for a couple: living room + kitchen at the front, main bedroom + bathroom behind. */
export function coupleHouse(sector: string, facing: Facing, living: TileName = 'wood_floor'): Blueprint {
  const south = [
    '##############',
    '#B..B.W#t.n.w#',
    '#b..b..#.....#',
    '#......#....p#',
    '#..r...#.....#',
    '#####+##+#####',
    '#K.V.....#FOn#',
    '#........+...#',
    '#..Ss...p#.T.#',
    '#........#.h.#',
    '#####D########',
  ];
  const north = [
    '#####D########',
    '#K.V....p#FOn#',
    '#........+...#',
    '#..Ss....#.T.#',
    '#........#.h.#',
    '#####+##+#####',
    '#B..B.W#.tn.w#',
    '#b..b..#.....#',
    '#......#....p#',
    '#..r...#.....#',
    '##############',
  ];
  const [front, back] = facing === 's' ? [7, 3] : [3, 8];
  return plan({
    sector,
    kind: 'home',
    rows: facing === 's' ? south : north,
    arenas: [
      { name: 'main bedroom', at: [2, back], floor: 'wood_floor' },
      { name: 'bathroom', at: [9, back], floor: 'tile_floor' },
      { name: 'living room', at: [2, front], floor: living },
      { name: 'kitchen', at: [10, front], floor: 'tile_floor' },
    ],
  });
}

/** Family house: living room + kitchen at the front; bathroom, main bedroom, child's room behind. */
export function familyHouse(sector: string, childRoom: string, facing: Facing, living: TileName = 'carpet_red'): Blueprint {
  const south = [
    '################',
    '#tnw#B..B.W#B.d#',
    '#...#b..b..#b.h#',
    '#...#......#...#',
    '#...#..r...#..W#',
    '##+####+#####+##',
    '#K.V......#FO.n#',
    '#.........+....#',
    '#..Ss.....#.T..#',
    '#.........#.h..#',
    '#p........#....#',
    '######D#########',
  ];
  const north = [
    '######D#########',
    '#K.V......#FO.n#',
    '#.........+....#',
    '#..Ss.....#.T..#',
    '#.........#.h..#',
    '#p........#....#',
    '##+####+#####+##',
    '#t.w#B..B.W#B.d#',
    '#..n#b..b..#b.h#',
    '#...#......#...#',
    '#...#..r...#..W#',
    '################',
  ];
  const [front, back] = facing === 's' ? [7, 3] : [2, 9];
  return plan({
    sector,
    kind: 'home',
    rows: facing === 's' ? south : north,
    arenas: [
      { name: 'bathroom', at: [2, back], floor: 'tile_floor' },
      { name: 'main bedroom', at: [6, back], floor: 'wood_floor' },
      { name: childRoom, at: [13, back], floor: 'carpet_blue' },
      { name: 'living room', at: [2, front], floor: living },
      { name: 'kitchen', at: [13, front], floor: 'tile_floor' },
    ],
  });
}

/** Four flats around a central lobby; the door faces north (Main Street). */
export function apartments(): Blueprint {
  return plan({
    sector: 'Elm Street Apartments',
    kind: 'home',
    rows: [
      '###########D###########',
      '#B.FOn.tw#p.p#wt.nOF.B#',
      '#b.......#...#.......b#',
      '#........+...+........#',
      '#Ss...Th.#...#.hT...Ss#',
      '#........#...#........#',
      '##########...##########',
      '#B.FOn.tw#...#wt.nOF.B#',
      '#b.......#...#.......b#',
      '#........+...+........#',
      '#Ss...Th.#...#.hT...Ss#',
      '#........#...#........#',
      '#######################',
    ],
    arenas: [
      { name: 'lobby', at: [11, 5], floor: 'tile_floor' },
      { name: 'apartment 1', at: [2, 2], floor: 'wood_floor' },
      { name: 'apartment 2', at: [15, 2], floor: 'carpet_blue' },
      { name: 'apartment 3', at: [2, 8], floor: 'carpet_red' },
      { name: 'apartment 4', at: [15, 8], floor: 'wood_floor' },
    ],
  });
}

/** Four student rooms over a common room, with the kitchen and bathroom behind. */
export function dorm(): Blueprint {
  return plan({
    sector: 'College Dorm',
    kind: 'home',
    rows: [
      '#####################',
      '#B.dW#B.dW#Wd.B#Wd.B#',
      '#b.h.#b.h.#.h.b#.h.b#',
      '#....#....#....#....#',
      '###+####+###+####+###',
      '#K...V.............p#',
      'D...................D',
      '#...Ss.....hqh..Ss..#',
      '#...................#',
      '######+#########+####',
      '#FOnk.......#t.t.nww#',
      '#....hTTh...#.......#',
      '#...........#......p#',
      '#####################',
    ],
    arenas: [
      { name: "Ravi's room", at: [2, 3], floor: 'wood_floor' },
      { name: "Jess's room", at: [7, 3], floor: 'carpet_blue' },
      { name: "Owen's room", at: [12, 3], floor: 'wood_floor' },
      { name: "Mia's room", at: [17, 3], floor: 'carpet_red' },
      { name: 'common room', at: [2, 6], floor: 'carpet_green' },
      { name: 'kitchen', at: [2, 11], floor: 'tile_floor' },
      { name: 'bathroom', at: [14, 11], floor: 'tile_floor' },
    ],
  });
}

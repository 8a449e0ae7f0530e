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

function plan(args: PlanArgs): Blueprint {
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

// ---------------------------------------------------------------- college and town hall

export function college(): Blueprint {
  return plan({
    sector: 'Hamlet College',
    kind: 'college',
    brick: true,
    rows: [
      '#########################',
      '#p..XXX.....#p..XXX.....#',
      '#.......L...#.......L...#',
      '#..e.e.e....#..e.e.e....#',
      'D...........+...........D',
      '#..e.e.e....#..e.e.e....#',
      '#...........#...........#',
      '####+###############+####',
      '#KKK.......KKK#.........#',
      '#.............#..d...d..#',
      '#..hQh...hQh..#..h...h..#',
      '#.............+.........#',
      '#K......l....K#.......f.#',
      '#K......h....K#p........#',
      '######D###########D######',
    ],
    arenas: [
      { name: 'classroom 101', at: [2, 2], floor: 'wood_floor' },
      { name: 'classroom 102', at: [14, 2], floor: 'wood_floor' },
      { name: 'library', at: [2, 9], floor: 'carpet_green' },
      { name: 'faculty office', at: [16, 9], floor: 'carpet_blue' },
    ],
    legend: {
      X: { tile: 'blackboard', object: 'blackboard', blocked: true, merge: 'h' },
      L: { tile: 'lectern', object: 'lectern' },
      e: { tile: 'school_desk', object: 'student desk' },
      Q: { tile: 'table', object: 'library table', merge: 'h' },
      l: { tile: 'desk', object: 'librarian desk', merge: 'h' },
      f: { tile: 'filing_cabinet', object: 'filing cabinet', blocked: true },
    },
  });
}

export function townHall(): Blueprint {
  return plan({
    sector: 'Town Hall',
    kind: 'office',
    brick: true,
    rows: [
      '#####################',
      '#KK...#p..L..p#f...p#',
      '#.....#.......#.....#',
      '#..d..#.NN.NN.#..d..#',
      '#..h..+.......+..h..#',
      '#.....#.NN.NN.#.....#',
      '#.....#.......#.....#',
      '#p....#.......#....p#',
      '#.....#.......#.....#',
      '##########D##########',
    ],
    arenas: [
      { name: "mayor's office", at: [2, 2], floor: 'carpet_blue' },
      { name: 'council chamber', at: [8, 2], floor: 'carpet_red' },
      { name: "clerk's office", at: [16, 2], floor: 'wood_floor' },
    ],
    legend: {
      L: { tile: 'lectern', object: 'lectern' },
      N: { tile: 'bench', object: 'council bench', merge: 'h' },
      f: { tile: 'filing_cabinet', object: 'filing cabinet', blocked: true },
    },
  });
}

// ---------------------------------------------------------------- shops and workplaces

export function cafe(): Blueprint {
  return plan({
    sector: 'Bramble Café',
    kind: 'cafe',
    rows: [
      '#####D#########',
      '#.M......p#FOn#',
      '#.........+...#',
      '#kkkP.....#..u#',
      '#.........#..u#',
      '#.........#...#',
      '#.hC...Ch.#...#',
      '#.........#...#',
      '#.hC...Ch.#...#',
      '#p........#..x#',
      '###############',
    ],
    arenas: [
      { name: 'café', at: [6, 5], floor: 'wood_floor' },
      { name: 'café kitchen', at: [12, 5], floor: 'tile_floor' },
    ],
    legend: {
      M: { tile: 'coffee_machine', object: 'coffee machine', blocked: true },
      k: { tile: 'kitchen_counter', object: 'counter', blocked: true, merge: 'h' },
      P: { tile: 'pastry_case', object: 'pastry case', blocked: true },
      C: { tile: 'cafe_table', object: 'café table' },
    },
  });
}

export function bakery(): Blueprint {
  return plan({
    sector: 'Crumb & Crust Bakery',
    kind: 'bakery',
    rows: [
      '########D#####',
      '#...YYR.....p#',
      '#............#',
      '#.hC....Ch...#',
      '#............#',
      '##+###########',
      '#O.O..uuu..GG#',
      '#............#',
      '#x...........#',
      '##############',
    ],
    arenas: [
      { name: 'bakery shop', at: [5, 2], floor: 'wood_floor' },
      { name: 'bakehouse', at: [5, 7], floor: 'tile_floor' },
    ],
    legend: {
      O: { tile: 'oven', object: 'oven', blocked: true },
      u: { tile: 'kitchen_counter', object: 'kitchen counter', blocked: true, merge: 'h' },
      G: { tile: 'flour_sacks', object: 'flour sacks', blocked: true, merge: 'h' },
      Y: { tile: 'display_case', object: 'display case', blocked: true, merge: 'h' },
      R: { tile: 'cash_register', object: 'cash register', blocked: true },
      C: { tile: 'cafe_table', object: 'café table' },
    },
  });
}

export function bar(): Blueprint {
  return plan({
    sector: 'The Copper Kettle',
    kind: 'bar',
    brick: true,
    rows: [
      '################',
      '#.......p..#cc.#',
      '#ZZZZZZ....#cc.#',
      '#.jjjj.....+...#',
      '#..........#...#',
      '#.hU...hU..#.xx#',
      '#..........#...#',
      '#.hU....I..#...#',
      '#p.........#..x#',
      '####D###########',
    ],
    arenas: [
      { name: 'bar', at: [5, 4], floor: 'wood_floor' },
      { name: 'storeroom', at: [13, 4], floor: 'concrete_floor' },
    ],
    legend: {
      Z: { tile: 'bar_counter', object: 'bar counter', blocked: true, merge: 'h' },
      j: { tile: 'bar_stool', object: 'bar stool' },
      U: { tile: 'table', object: 'pub table' },
      I: { tile: 'piano', object: 'piano', blocked: true },
    },
  });
}

export function grocery(): Blueprint {
  return plan({
    sector: 'Willow Grocery & Pharmacy',
    kind: 'grocery',
    brick: true,
    rows: [
      '####################',
      '#GGGG..GGGG..#cc..x#',
      '#............#cc...#',
      '#............+.....#',
      '#.GGG..GGG...#######',
      '#............#MM.MM#',
      '#.AA...AA....#.....#',
      '#............+.....#',
      '#uR..........#.HHH.#',
      '#p...........#.....#',
      '####D###########D###',
    ],
    arenas: [
      { name: 'grocery', at: [5, 5], floor: 'tile_floor' },
      { name: 'storeroom', at: [16, 2], floor: 'concrete_floor' },
      { name: 'pharmacy', at: [16, 6], floor: 'tile_floor' },
    ],
    legend: {
      G: { tile: 'grocery_shelf', object: 'grocery shelf', blocked: true, merge: 'h' },
      A: { tile: 'produce_stand', object: 'produce stand', blocked: true, merge: 'h' },
      R: { tile: 'cash_register', object: 'cash register', blocked: true },
      M: { tile: 'medicine_shelf', object: 'medicine shelf', blocked: true, merge: 'h' },
      H: { tile: 'kitchen_counter', object: 'pharmacy counter', blocked: true, merge: 'h' },
    },
  });
}

export function supply(): Blueprint {
  return plan({
    sector: 'Hamlet Supply Co.',
    kind: 'shop',
    brick: true,
    rows: [
      '##############',
      '#JJJ.JJJZ#cc.#',
      '#........#cc.#',
      '#........+...#',
      '#.JJJ....#...#',
      '#........#.x.#',
      '#........#...#',
      '#uR......#...#',
      '#.......p#..x#',
      '###D##########',
    ],
    arenas: [
      { name: 'shop floor', at: [5, 5], floor: 'wood_floor' },
      { name: 'storeroom', at: [12, 5], floor: 'concrete_floor' },
    ],
    legend: {
      J: { tile: 'grocery_shelf', object: 'supply shelf', blocked: true, merge: 'h' },
      Z: { tile: 'tool_rack', object: 'tool rack', blocked: true },
      R: { tile: 'cash_register', object: 'cash register', blocked: true },
    },
  });
}

export function clinic(): Blueprint {
  return plan({
    sector: 'Hamlet Clinic',
    kind: 'clinic',
    brick: true,
    rows: [
      '##############',
      '#..p....#E..M#',
      '#.......#....#',
      '#..ll...+..d.#',
      '#.......#..c.#',
      '#.......#....#',
      '#hhhh...#....#',
      '#.......#...p#',
      '#......p#....#',
      '####D#########',
    ],
    arenas: [
      { name: 'reception', at: [5, 5], floor: 'tile_floor' },
      { name: 'exam room', at: [10, 5], floor: 'tile_floor' },
    ],
    legend: {
      E: { tile: 'exam_bed', object: 'exam bed' },
      M: { tile: 'medicine_shelf', object: 'medicine cabinet', blocked: true },
      l: { tile: 'desk', object: 'reception desk', merge: 'h' },
      h: { tile: 'chair', object: 'waiting chair' },
      d: { tile: 'desk', object: 'desk' },
      c: { tile: 'chair' },
    },
  });
}

export function books(): Blueprint {
  return plan({
    sector: 'Patel Books',
    kind: 'shop',
    brick: true,
    rows: [
      '####D######',
      '#KKK...KKK#',
      '#.........#',
      '#...rrr...#',
      '#K.a...a.K#',
      '#K.......K#',
      '#.....uR..#',
      '#p........#',
      '###########',
    ],
    arenas: [{ name: 'bookshop', at: [5, 2], floor: 'carpet_red' }],
    legend: {
      a: { tile: 'chair', object: 'reading chair' },
      R: { tile: 'cash_register', object: 'cash register', blocked: true },
    },
  });
}

export function gazette(): Blueprint {
  return plan({
    sector: 'Hamlet Gazette',
    kind: 'workplace',
    brick: true,
    rows: [
      '###D##########',
      '#.d..d..#PP..#',
      '#.h..h..#....#',
      '#.......+..YY#',
      '#.d....f#....#',
      '#.h.....#....#',
      '#.......#...x#',
      '#p......#....#',
      '#.......#p...#',
      '##############',
    ],
    arenas: [
      { name: 'newsroom', at: [4, 5], floor: 'wood_floor' },
      { name: 'print room', at: [10, 5], floor: 'concrete_floor' },
    ],
    legend: {
      P: { tile: 'printing_press', object: 'printing press', blocked: true, merge: 'h' },
      Y: { tile: 'paper_stacks', object: 'paper stacks', blocked: true, merge: 'h' },
      f: { tile: 'filing_cabinet', object: 'filing cabinet', blocked: true },
    },
  });
}

export function studio(): Blueprint {
  return plan({
    sector: 'Lantern Art Studio',
    kind: 'workplace',
    rows: [
      '###########',
      '#YYY...p..#',
      '#.........#',
      '#.E..E..E.#',
      '#.........#',
      '#...TT....#',
      '#.........#',
      '#p.......p#',
      '####D######',
    ],
    arenas: [{ name: 'studio', at: [5, 2], floor: 'wood_floor' }],
    legend: {
      Y: { tile: 'paint_shelf', object: 'paint shelf', blocked: true, merge: 'h' },
      E: { tile: 'easel', object: 'easel' },
      T: { tile: 'table', object: 'work table', merge: 'h' },
    },
  });
}

export function workshop(): Blueprint {
  return plan({
    sector: 'Oak & Nail Workshop',
    kind: 'workplace',
    rows: [
      '#############',
      '#ZZ...LLL..x#',
      '#...........#',
      '#..GG...GG..#',
      '#...........#',
      '#...........#',
      '#x.........x#',
      '#...........#',
      '######DD#####',
    ],
    arenas: [{ name: 'workshop', at: [5, 5], floor: 'concrete_floor' }],
    legend: {
      Z: { tile: 'tool_rack', object: 'tool rack', blocked: true, merge: 'h' },
      L: { tile: 'lumber_pile', object: 'lumber pile', blocked: true, merge: 'h' },
      G: { tile: 'workbench', object: 'workbench', blocked: true, merge: 'h' },
    },
  });
}

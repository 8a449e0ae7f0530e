/**
 * Floor plans of the town's college, town hall, shops and workplaces, drawn as text as seen on the
 * map (north up); the homes and the plan format are in blueprints.ts.
 */
import { plan, type Blueprint } from './blueprints';

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

/**
 * Preview scenes, drawn as ASCII: one character per tile, '.' empty, a legend per layer.
 * `cottage` is a home with garden and street; `square` a town square with café, pub and park.
 */
import type { TileName } from './catalog';

export interface Layer {
  rows: readonly string[];
  key: Readonly<Record<string, TileName>>;
}

export interface Scene {
  ground: Layer;
  walls: Layer;
  furniture: Layer;
  foreground: Layer;
}

const CANOPY: Record<string, TileName> = { '1': 'canopy_tl', '2': 'canopy_tr', '3': 'canopy_bl', '4': 'canopy_br', L: 'lamp_top', o: 'roof_lip' };

export const cottage: Scene = {
  ground: {
    rows: [
      'gggggggggggggggggggggggg',
      'gggggggggggggggggggggggg',
      'gggwwwwwwwwwgggggfgggggg',
      'gggwwwwwbbbbgggggggggggg',
      'gggwwwwwbbbbggggeeeeeegg',
      'gggwwwwwbbbbggggWWWWWWgg',
      'gggwwwwwwwwwggggWWWWWWgf',
      'gggwwwwwwwwwgfgggggggggg',
      'gggggggggmgggggggggggggg',
      'gggggggggdgggggggggggggg',
      'gggggggggdddddddddddddgg',
      'ssssssssssssssssssssssss',
      'rrrrrrrrrrrrrrrrrrrrrrrr',
      'llllllllllllllllllllllll',
      'rrrrrrrrrrrrrrrrrrrrrrrr',
      'ssssssssssssssssssssssss',
    ],
    key: {
      g: 'grass', f: 'grass_flowers', w: 'wood_floor', b: 'carpet_blue', d: 'dirt_path', s: 'sidewalk', r: 'road',
      l: 'road_line_h', e: 'water_edge_n', W: 'water', m: 'doormat',
    },
  },
  walls: {
    rows: [
      '........................',
      '..TTTTTTTTTTT...........',
      '..TfFffTfFfFT...........',
      '..T....T....T...........',
      '..T....T....T...........',
      '..T....T....T...........',
      '..T.........T...........',
      '..T....T....T...........',
      '..BBWBBBB.WBB...........',
      '........................',
      '...hhhhhh...............',
    ],
    key: { T: 'wall_top', f: 'wall_front', F: 'wall_front_window', B: 'wall_front_brick', W: 'wall_front_window_brick', h: 'hedge' },
  },
  furniture: {
    rows: [
      '........................',
      '........................',
      '........................',
      '...wHdp.PtbK..k.......k.',
      '....F...................',
      '.....r...rr.............',
      '...p.....SA.............',
      '.....c..xy..............',
      '.................ZEE.N..',
      '........................',
      '........................',
      '.............L..........',
    ],
    key: {
      w: 'wardrobe', H: 'bed_head', F: 'bed_foot', d: 'desk', p: 'plant_pot', P: 'plant_pot', t: 'tv', b: 'bookshelf',
      K: 'fridge', k: 'tree_trunk', r: 'rug', S: 'sofa_left', A: 'sofa_right', c: 'chair', x: 'table', y: 'chair',
      L: 'lamp_post', Z: 'bench', E: 'flower_bed', N: 'notice_board',
    },
  },
  foreground: {
    rows: [
      '........................',
      '........................',
      '..............12......12',
      '..............34......34',
      '........................',
      '........................',
      '........................',
      '........................',
      '.........o..............',
      '........................',
      '.............L..........',
    ],
    key: CANOPY,
  },
};

export const square: Scene = {
  ground: {
    rows: [
      'ttttttttttggkkkkkkkkkkgg',
      'ttttttttttggkkkkkkkkkkgg',
      'ttttttttttggkkkkkkkkkkgg',
      'ttttttttttggkkkkkkkkkkgg',
      'ttttttttttggkkkkkkkkkkgg',
      'ttttttttttggccccccccccgg',
      'ssssmsssssssssssmsssssss',
      'pppppppppppppppppppppppp',
      'pppppppppppppppppppppppp',
      'pppppppppppppppppppppppp',
      'pppppppppppppppppppppppp',
      'pppppppppppppppppppppppp',
      'gggggggggggggggggggggggg',
      'gdddddddddgggggaaaaaaagg',
      'gggggggggggggggaaaaaaagg',
      'gggggggggggggggaaaaaaagg',
    ],
    key: {
      t: 'tile_floor', g: 'grass', k: 'wood_floor', c: 'concrete_floor', s: 'sidewalk', m: 'doormat', p: 'plaza_stone',
      d: 'dirt_path', a: 'sand',
    },
  },
  walls: {
    rows: [
      'TTTTTTTTTT..TTTTTTTTTT..',
      'fFffFffFff..BWBBWBBWBB..',
      '..........T.............',
      '..........T.............',
      '..........T.............',
      '..........T.............',
      'BWBB.BBWBB..BBBB.BBWBB..',
      '........................',
      '........................',
      '........................',
      '........................',
      '........................',
      '=======......=========..',
      '.....................v..',
      '.....................v..',
      'hhhh.................v..',
    ],
    key: {
      T: 'wall_top', f: 'wall_front', F: 'wall_front_window', B: 'wall_front_brick', W: 'wall_front_window_brick',
      '=': 'fence_h', v: 'fence_v', h: 'hedge',
    },
  },
  furniture: {
    rows: [
      '........................',
      '........................',
      'kSMRk.O.PD..QQQQQQ..U...',
      '..........o.t.t.t.t.....',
      '.C...C....o.............',
      '.y...y......G..G..N.....',
      '........................',
      '..B...........J..B......',
      '.........L..............',
      '.......B...F...B........',
      '........................',
      '..L.........B.......L...',
      '........................',
      '..........X....w..x..z..',
      '.......................q',
      '...................s....',
    ],
    key: {
      k: 'kitchen_counter', S: 'sink', M: 'coffee_machine', R: 'cash_register', O: 'pastry_case', P: 'produce_stand',
      D: 'display_case', Q: 'bar_counter', t: 'bar_stool', o: 'plant_pot', U: 'piano', C: 'cafe_table', y: 'chair',
      G: 'picnic_table', N: 'crates', B: 'bench', J: 'notice_board', L: 'lamp_post', F: 'fountain', X: 'tree_trunk',
      w: 'swing', x: 'slide', z: 'sandbox', q: 'plant_pot', s: 'flower_bed',
    },
  },
  foreground: {
    rows: [
      '........................',
      '........................',
      '........................',
      '........................',
      '........................',
      '........................',
      '....o...........o.......',
      '.........L..............',
      '........................',
      '........................',
      '..L.................L...',
      '........................',
      '..........12............',
      '..........34............',
    ],
    key: CANOPY,
  },
};

/**
 * How each persona looks. One entry per persona id of docs/town-spec.md; the sprite renderer
 * (sprite/) turns an entry into a 96×128 walk sheet. Colours are hex strings so the table reads
 * like a costume list.
 */

export type HairStyle =
  | 'bald' // fringe of hair around the sides only
  | 'buzz'
  | 'short'
  | 'swept' // short with a side-swept fringe
  | 'spiky'
  | 'curly'
  | 'afro'
  | 'bob'
  | 'long'
  | 'ponytail'
  | 'bun'
  | 'pigtails';

export type TopStyle =
  | 'shirt' // long sleeves, collar
  | 'tshirt' // short sleeves
  | 'sweater'
  | 'hoodie'
  | 'dress'
  | 'jacket' // open jacket over `inner`
  | 'coat' // long open coat (white coat, trench) over `inner`
  | 'vest'; // waistcoat over `inner` shirt sleeves

export type BottomStyle = 'trousers' | 'shorts' | 'skirt' | 'long-skirt';

export type HatStyle = 'straw' | 'beret' | 'baker' | 'headband';

export interface Appearance {
  skin: string;
  hair: { style: HairStyle; color: string };
  facialHair?: 'beard' | 'moustache' | 'stubble';
  glasses?: string;
  top: { style: TopStyle; color: string; inner?: string };
  bottom: { style: BottomStyle; color: string };
  shoes: string;
  apron?: string;
  hat?: { style: HatStyle; color: string };
  tie?: string;
  scarf?: string;
  stethoscope?: boolean;
  freckles?: boolean;
  blush?: boolean;
}

// Skin tones, light to deep.
const SKIN = {
  fair: '#f6d2b8',
  rosy: '#f1c4a6',
  light: '#ecc39c',
  olive: '#d9a777',
  tan: '#c98e62',
  brown: '#a86b45',
  deep: '#7e4d33',
  darkest: '#5e3826',
};

// Hair colours.
const HAIR = {
  black: '#2e2630',
  darkBrown: '#4e3427',
  brown: '#7a4f33',
  auburn: '#9a4a2f',
  ginger: '#c8683a',
  blonde: '#e2bd6a',
  ash: '#bfae8c',
  grey: '#a8a4a6',
  white: '#e4e0dc',
  pink: '#d98aa8',
};

export const APPEARANCES: Record<string, Appearance> = {
  // Pharmacist, 44: white coat over a teal blouse, neat auburn bob, glasses.
  'nora-hartwell': {
    skin: SKIN.fair, hair: { style: 'bob', color: HAIR.auburn }, glasses: '#5a3a3a',
    top: { style: 'coat', color: '#eef0ee', inner: '#4f9a94' }, bottom: { style: 'trousers', color: '#5a5f73' }, shoes: '#4a3830',
  },
  // Carpenter, 46: red work shirt, brown beard, denim, tan leather apron.
  'tom-hartwell': {
    skin: SKIN.rosy, hair: { style: 'short', color: HAIR.brown }, facialHair: 'beard',
    top: { style: 'shirt', color: '#b5524d' }, bottom: { style: 'trousers', color: '#4e6a94' }, shoes: '#5a3a28', apron: '#b98455',
  },
  // Student, 19: long light-brown hair, mustard sweater, blue jeans.
  'lily-hartwell': {
    skin: SKIN.fair, hair: { style: 'long', color: '#a8744a' }, blush: true,
    top: { style: 'sweater', color: '#e0b04a' }, bottom: { style: 'trousers', color: '#5673a8' }, shoes: '#f0ece4',
  },
  // History professor, 52: plum cardigan, greying bun, glasses.
  'grace-okafor': {
    skin: SKIN.deep, hair: { style: 'bun', color: '#5a5258' }, glasses: '#c9a25a',
    top: { style: 'jacket', color: '#7a527a', inner: '#efe2c6' }, bottom: { style: 'long-skirt', color: '#4a3b4d' }, shoes: '#3a2a2a',
  },
  // Town clerk, 54: pale blue shirt and navy tie, grey moustache, glasses.
  'daniel-okafor': {
    skin: SKIN.darkest, hair: { style: 'buzz', color: '#4a4448' }, facialHair: 'moustache', glasses: '#2e2630',
    top: { style: 'shirt', color: '#a9c4df' }, tie: '#2f3f6a', bottom: { style: 'trousers', color: '#4a4e5a' }, shoes: '#2e2630',
  },
  // Café owner, 38: long dark hair, red blouse, sage apron.
  'sofia-moreno': {
    skin: SKIN.olive, hair: { style: 'long', color: HAIR.darkBrown },
    top: { style: 'shirt', color: '#c0504a' }, bottom: { style: 'skirt', color: '#4a3b4d' }, shoes: '#5a3a28', apron: '#8fae98',
  },
  // Baker, 40: baker's cap, whites, moustache.
  'luis-moreno': {
    skin: SKIN.olive, hair: { style: 'short', color: HAIR.black }, facialHair: 'moustache', hat: { style: 'baker', color: '#f6f2ea' },
    top: { style: 'tshirt', color: '#f2eee6' }, bottom: { style: 'trousers', color: '#8a8478' }, shoes: '#4a3830', apron: '#e9dcc0',
  },
  // Student, 18: big dark curls, lilac top, denim skirt.
  'ana-moreno': {
    skin: SKIN.olive, hair: { style: 'curly', color: '#3e2a24' }, blush: true,
    top: { style: 'tshirt', color: '#b49ad8' }, bottom: { style: 'skirt', color: '#4e6a94' }, shoes: '#e07a6a',
  },
  // Retired, volunteer gardener, 67: straw hat, white beard, green dungarees.
  'hans-becker': {
    skin: SKIN.rosy, hair: { style: 'bald', color: HAIR.white }, facialHair: 'beard', hat: { style: 'straw', color: '#e2c072' },
    top: { style: 'shirt', color: '#e9dcc0' }, bottom: { style: 'trousers', color: '#5e7a4e' }, shoes: '#5a3a28', apron: '#5e7a4e',
  },
  // Librarian, 63: white-grey bun, glasses, mustard cardigan, long skirt.
  'ingrid-becker': {
    skin: SKIN.fair, hair: { style: 'bun', color: HAIR.grey }, glasses: '#7a4f33',
    top: { style: 'jacket', color: '#c99a3e', inner: '#f3ece0' }, bottom: { style: 'long-skirt', color: '#5a6e80' }, shoes: '#4a3830',
  },
  // Doctor, 45: white coat over blue shirt, stethoscope, neat black hair.
  'kenji-sato': {
    skin: SKIN.light, hair: { style: 'swept', color: HAIR.black }, stethoscope: true,
    top: { style: 'coat', color: '#f4f4f2', inner: '#7c97c6' }, bottom: { style: 'trousers', color: '#3e4250' }, shoes: '#2e2630',
  },
  // Painter, 41: red beret, black bob, teal smock dress.
  'yumi-sato': {
    skin: SKIN.light, hair: { style: 'bob', color: HAIR.black }, hat: { style: 'beret', color: '#c0504a' },
    top: { style: 'dress', color: '#438787' }, bottom: { style: 'skirt', color: '#438787' }, shoes: '#3a2a2a',
  },
  // Bar owner, 35: ginger ponytail, freckles, bottle-green waistcoat over a cream shirt.
  'fiona-walsh': {
    skin: SKIN.fair, hair: { style: 'ponytail', color: HAIR.ginger }, freckles: true,
    top: { style: 'vest', color: '#2f5a3c', inner: '#efe6d2' }, bottom: { style: 'trousers', color: '#33303a' }, shoes: '#2e2630',
  },
  // Grocer, 50: moustache, green grocer's apron over a blue shirt.
  'arjun-patel': {
    skin: SKIN.brown, hair: { style: 'short', color: '#3a3436' }, facialHair: 'moustache',
    top: { style: 'shirt', color: '#7c97c6' }, bottom: { style: 'trousers', color: '#6b5a4a' }, shoes: '#3a2a2a', apron: '#4f8a5a',
  },
  // Bookseller, 47: long black hair, saffron kurta, glasses, teal scarf.
  'priya-patel': {
    skin: SKIN.brown, hair: { style: 'ponytail', color: HAIR.black }, glasses: '#7a2f3a', scarf: '#3f8a88',
    top: { style: 'dress', color: '#e0913c' }, bottom: { style: 'trousers', color: '#efe2c6' }, shoes: '#7a4f33',
  },
  // Mayor, 61: navy suit, red tie, grey hair and beard.
  'walter-brooks': {
    skin: SKIN.tan, hair: { style: 'short', color: HAIR.grey }, facialHair: 'beard',
    top: { style: 'jacket', color: '#2f3f6a', inner: '#f3f0ea' }, tie: '#b5403d', bottom: { style: 'trousers', color: '#2f3f6a' }, shoes: '#2e2630',
  },
  // Shopkeeper, 29: blonde bob, denim shirt, brown shop apron.
  'ada-quinn': {
    skin: SKIN.fair, hair: { style: 'bob', color: HAIR.blonde },
    top: { style: 'shirt', color: '#6f8fb5' }, bottom: { style: 'trousers', color: '#5a4a3a' }, shoes: '#4a3830', apron: '#8a5a3a',
  },
  // Bartender, 31: buzz cut, stubble, black waistcoat over white shirt.
  'marcus-reed': {
    skin: SKIN.deep, hair: { style: 'buzz', color: HAIR.black }, facialHair: 'stubble',
    top: { style: 'vest', color: '#2e2a32', inner: '#f3f0ea' }, bottom: { style: 'trousers', color: '#3a3640' }, shoes: '#2e2630',
  },
  // Nurse, 33: blonde bun, light-blue scrubs.
  'elena-petrova': {
    skin: SKIN.fair, hair: { style: 'bun', color: '#d8b46a' },
    top: { style: 'tshirt', color: '#8ec3d8' }, bottom: { style: 'trousers', color: '#8ec3d8' }, shoes: '#f0ece4',
  },
  // Reporter, 27: tousled brown hair, glasses, tan trench coat.
  'sam-whitaker': {
    skin: SKIN.rosy, hair: { style: 'spiky', color: HAIR.brown }, glasses: '#6a4a3a',
    top: { style: 'coat', color: '#c9a46a', inner: '#e9e2d2' }, bottom: { style: 'trousers', color: '#4a4e5a' }, shoes: '#5a3a28',
  },
  // Barista, 24: dark pigtails, cream shirt, brown café apron, dark skirt.
  'chloe-dubois': {
    skin: SKIN.fair, hair: { style: 'pigtails', color: '#3a2c2e' }, blush: true,
    top: { style: 'shirt', color: '#f0e6d8' }, bottom: { style: 'skirt', color: '#3a3640' }, shoes: '#3a2a2a', apron: '#7a4f33',
  },
  // Student, 20: side-swept black hair, orange hoodie.
  'ravi-kumar': {
    skin: SKIN.tan, hair: { style: 'swept', color: HAIR.black },
    top: { style: 'hoodie', color: '#e07a3c' }, bottom: { style: 'trousers', color: '#4e5a74' }, shoes: '#f0ece4',
  },
  // Student, 21: afro puff with a yellow headband, green sweater.
  'jess-turner': {
    skin: SKIN.deep, hair: { style: 'afro', color: '#2e2428' }, hat: { style: 'headband', color: '#f2cf5b' },
    top: { style: 'sweater', color: '#5e9a5e' }, bottom: { style: 'trousers', color: '#3a3640' }, shoes: '#b5524d',
  },
  // Student, 22: blond spiky hair, blue hoodie.
  'owen-clarke': {
    skin: SKIN.fair, hair: { style: 'spiky', color: HAIR.blonde },
    top: { style: 'hoodie', color: '#5673a8' }, bottom: { style: 'trousers', color: '#b8a27e' }, shoes: '#3a3640',
  },
  // Art student, 20: pink-dyed long hair, plum sweater, denim shorts.
  'mia-novak': {
    skin: SKIN.fair, hair: { style: 'long', color: HAIR.pink }, blush: true,
    top: { style: 'sweater', color: '#7a527a' }, bottom: { style: 'shorts', color: '#4e6a94' }, shoes: '#f0ece4',
  },
};

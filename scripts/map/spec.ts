import type { SectorKind } from '../../src/sim/world/sectorKinds';

/**
 * The town as docs/town-spec.md describes it: sectors, their kinds, arenas, objects and residents.
 * The builder's checks compare the generated map against this table.
 */

export interface ArenaSpec {
  name: string;
  /** Object names with multiplicities; for homes the minimum set (the builder may add more). */
  objects: Record<string, number>;
  /** Persona ids sleeping here, in bed order (left to right). */
  sleepers?: string[];
}

export interface SectorSpec {
  name: string;
  kind: SectorKind;
  arenas: ArenaSpec[];
  /** The economy (docs/economy.md#jobs-and-shops-are-map-data), written as the sector's Tiled properties: "title | wage | slots | HH:MM-HH:MM | arena" per job. */
  jobs?: string[];
  /** "name | price | food, drink or goods" per item sold. */
  items?: string[];
  /** A home's rent and bills: credits a day each resident pays (students living with family pay none). */
  rent?: number;
}

const KITCHEN: ArenaSpec = { name: 'kitchen', objects: { stove: 1, fridge: 1, 'kitchen table': 1, sink: 1 } };
const BATHROOM: ArenaSpec = { name: 'bathroom', objects: { toilet: 1, shower: 1, sink: 1 } };
const LIVING: ArenaSpec = { name: 'living room', objects: { sofa: 1, tv: 1, bookshelf: 1 } };

function bedroom(name: string, sleepers: string[], student = false): ArenaSpec {
  const objects: Record<string, number> = { bed: sleepers.length, wardrobe: 1 };
  if (student) objects.desk = 1;
  return { name, objects, sleepers };
}

function house(name: string, rent: number, bedrooms: ArenaSpec[]): SectorSpec {
  return { name, kind: 'home', rent, arenas: [LIVING, KITCHEN, BATHROOM, ...bedrooms] };
}

function apartment(name: string, sleeper: string): ArenaSpec {
  return {
    name,
    objects: { bed: 1, stove: 1, fridge: 1, 'kitchen table': 1, sofa: 1, toilet: 1, shower: 1 },
    sleepers: [sleeper],
  };
}

export const WORLD_NAME = 'Hamlet';

export const SECTORS: SectorSpec[] = [
  house('Hartwell House', 15, [
    bedroom('main bedroom', ['nora-hartwell', 'tom-hartwell']),
    bedroom("Lily's bedroom", ['lily-hartwell'], true),
  ]),
  house('Okafor House', 15, [bedroom('main bedroom', ['grace-okafor', 'daniel-okafor'])]),
  house('Moreno House', 15, [
    bedroom('main bedroom', ['sofia-moreno', 'luis-moreno']),
    bedroom("Ana's bedroom", ['ana-moreno'], true),
  ]),
  house('Becker House', 8, [bedroom('main bedroom', ['hans-becker', 'ingrid-becker'])]),
  house('Sato House', 16, [bedroom('main bedroom', ['kenji-sato', 'yumi-sato'])]),
  house('Walsh Cottage', 16, [bedroom('bedroom', ['fiona-walsh'])]),
  house('Patel House', 15, [bedroom('main bedroom', ['arjun-patel', 'priya-patel'])]),
  house('Brooks Cottage', 16, [bedroom('bedroom', ['walter-brooks'])]),
  house('Quinn Cottage', 15, [bedroom('bedroom', ['ada-quinn'])]),
  {
    name: 'Elm Street Apartments',
    kind: 'home',
    rent: 12,
    arenas: [
      { name: 'lobby', objects: {} },
      apartment('apartment 1', 'marcus-reed'),
      apartment('apartment 2', 'elena-petrova'),
      apartment('apartment 3', 'sam-whitaker'),
      apartment('apartment 4', 'chloe-dubois'),
    ],
  },
  {
    name: 'College Dorm',
    kind: 'home',
    rent: 5,
    arenas: [
      bedroom("Ravi's room", ['ravi-kumar'], true),
      bedroom("Jess's room", ['jess-turner'], true),
      bedroom("Owen's room", ['owen-clarke'], true),
      bedroom("Mia's room", ['mia-novak'], true),
      { name: 'common room', objects: { sofa: 1, tv: 1, bookshelf: 1 } },
      KITCHEN,
      BATHROOM,
    ],
  },
  {
    name: 'Bramble Café',
    kind: 'cafe',
    jobs: ['café owner | 50 | 1 | 07:00-15:00 | café', 'barista | 35 | 1 | 07:00-15:00 | café', 'kitchen hand | 25 | 1 | 15:00-19:00 | café kitchen'],
    items: ['coffee | 3 | drink', 'croissant | 3 | food', 'sandwich | 6 | food', 'cake to take home | 14 | food'],
    arenas: [
      { name: 'café', objects: { 'café table': 4, counter: 1, 'coffee machine': 1, 'pastry case': 1 } },
      { name: 'café kitchen', objects: { stove: 1, sink: 1, fridge: 1 } },
    ],
  },
  {
    name: 'The Copper Kettle',
    kind: 'bar',
    jobs: ['bar owner | 50 | 1 | 15:00-23:00 | bar', 'bartender | 35 | 1 | 16:00-23:00 | bar', 'glass collector | 25 | 2 | 18:00-22:00 | bar'],
    items: ['pie and mash | 7 | food', 'cider | 4 | drink', 'bottle of wine | 18 | drink'],
    arenas: [
      { name: 'bar', objects: { 'bar counter': 1, 'bar stool': 4, 'pub table': 3, piano: 1 } },
      { name: 'storeroom', objects: { crates: 1 } },
    ],
  },
  {
    name: 'Willow Grocery & Pharmacy',
    kind: 'grocery',
    jobs: ['grocer | 45 | 1 | 06:30-15:30 | grocery', 'pharmacist | 55 | 1 | 09:00-17:30 | pharmacy', 'shelf stacker | 25 | 2 | 15:00-20:00 | storeroom'],
    items: ['groceries | 8 | food', 'apples | 3 | food', 'medicine | 6 | goods', 'flowers | 9 | goods'],
    arenas: [
      { name: 'grocery', objects: { 'grocery shelf': 4, 'produce stand': 2, 'cash register': 1 } },
      { name: 'pharmacy', objects: { 'medicine shelf': 2, 'pharmacy counter': 1 } },
      { name: 'storeroom', objects: { crates: 1 } },
    ],
  },
  {
    name: 'Hamlet Supply Co.',
    kind: 'shop',
    jobs: ['shopkeeper | 45 | 1 | 08:00-17:00 | shop floor', 'stock helper | 25 | 1 | 15:00-18:00 | storeroom'],
    items: ['seedlings | 5 | goods', 'tools | 12 | goods', 'garden bench | 45 | goods'],
    arenas: [
      { name: 'shop floor', objects: { 'supply shelf': 3, 'tool rack': 1, 'cash register': 1 } },
      { name: 'storeroom', objects: { crates: 1 } },
    ],
  },
  {
    name: 'Hamlet College',
    kind: 'college',
    jobs: ['history professor | 55 | 1 | 10:00-16:00 | classroom 102', 'librarian | 45 | 1 | 09:00-17:00 | library', 'library assistant | 25 | 2 | 15:00-19:00 | library'],
    items: ['canteen meal | 4 | food'],
    arenas: [
      { name: 'classroom 101', objects: { blackboard: 1, lectern: 1, 'student desk': 6 } },
      { name: 'classroom 102', objects: { blackboard: 1, lectern: 1, 'student desk': 6 } },
      { name: 'library', objects: { bookshelf: 4, 'library table': 2, 'librarian desk': 1 } },
      { name: 'faculty office', objects: { desk: 2, 'filing cabinet': 1 } },
    ],
  },
  {
    name: 'Millbrook Park',
    kind: 'park',
    jobs: ['volunteer gardener | 15 | 2 | 07:00-11:00 | garden'],
    arenas: [
      { name: 'lawn', objects: { bench: 4, 'picnic table': 2 } },
      { name: 'pond', objects: { 'pond bank bench': 1, 'fishing spot': 1 } },
      { name: 'playground', objects: { swing: 1, slide: 1, sandbox: 1 } },
      { name: 'garden', objects: { 'flower bed': 3, 'garden shed': 1 } },
    ],
  },
  {
    name: 'Town Square',
    kind: 'square',
    arenas: [{ name: 'plaza', objects: { fountain: 1, bench: 4, 'notice board': 1 } }],
  },
  {
    name: 'Town Hall',
    kind: 'office',
    jobs: ["mayor | 55 | 1 | 09:00-17:00 | mayor's office", "town clerk | 45 | 1 | 08:30-16:30 | clerk's office"],
    arenas: [
      { name: 'council chamber', objects: { lectern: 1, 'council bench': 4 } },
      { name: "clerk's office", objects: { desk: 1, 'filing cabinet': 1 } },
      { name: "mayor's office", objects: { desk: 1, bookshelf: 1 } },
    ],
  },
  {
    name: 'Hamlet Clinic',
    kind: 'clinic',
    jobs: ['doctor | 60 | 1 | 08:00-17:00 | exam room', 'nurse | 45 | 1 | 08:00-16:00 | reception'],
    arenas: [
      { name: 'reception', objects: { 'reception desk': 1, 'waiting chair': 4 } },
      { name: 'exam room', objects: { 'exam bed': 1, desk: 1, 'medicine cabinet': 1 } },
    ],
  },
  {
    name: 'Crumb & Crust Bakery',
    kind: 'bakery',
    jobs: ['baker | 45 | 1 | 05:00-13:00 | bakehouse', 'counter help | 25 | 1 | 12:00-17:00 | bakery shop'],
    items: ['bread | 4 | food', 'pastry | 3 | food'],
    arenas: [
      { name: 'bakery shop', objects: { 'display case': 1, 'cash register': 1, 'café table': 2 } },
      { name: 'bakehouse', objects: { oven: 2, 'kitchen counter': 1, 'flour sacks': 1 } },
    ],
  },
  {
    name: 'Patel Books',
    kind: 'shop',
    jobs: ['bookseller | 40 | 1 | 10:00-18:00 | bookshop'],
    items: ['book | 10 | goods', 'art book | 25 | goods'],
    arenas: [{ name: 'bookshop', objects: { bookshelf: 4, 'reading chair': 2, 'cash register': 1 } }],
  },
  {
    name: 'Hamlet Gazette',
    kind: 'workplace',
    jobs: ['reporter | 40 | 1 | 09:30-17:30 | newsroom', 'paper round | 20 | 2 | 06:00-09:00 | print room'],
    arenas: [
      { name: 'newsroom', objects: { desk: 3, 'filing cabinet': 1 } },
      { name: 'print room', objects: { 'printing press': 1, 'paper stacks': 1 } },
    ],
  },
  {
    name: 'Lantern Art Studio',
    kind: 'workplace',
    jobs: ['painter | 35 | 1 | 10:00-17:00 | studio'],
    arenas: [{ name: 'studio', objects: { easel: 3, 'work table': 1, 'paint shelf': 1 } }],
  },
  {
    name: 'Oak & Nail Workshop',
    kind: 'workplace',
    jobs: ['carpenter | 45 | 1 | 07:30-16:00 | workshop'],
    arenas: [{ name: 'workshop', objects: { workbench: 2, 'tool rack': 1, 'lumber pile': 1 } }],
  },
];

/** persona id → "Sector:arena" of the bedroom where the persona sleeps and spawns. */
export function livingAreas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of SECTORS) {
    for (const a of s.arenas) for (const p of a.sleepers ?? []) out.set(p, `${s.name}:${a.name}`);
  }
  return out;
}

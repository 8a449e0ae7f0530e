import type { SectorKind } from './world/sectorKinds';
import type { ItemKind } from './world/economyProps';

/**
 * What a kind of place means in town, one record per kind (docs/action-registry.md, after the
 * table of actions). Read by the actions (opening hours, food, study, leisure, the scene, the
 * emoji), the economy (what it sells when the map says nothing), the brains' understanding of what
 * people say (the words for it, the get-togethers held there), the Smallville import (the titles
 * of who works there), where the player's resident stands, and the view (its colours). A map's
 * sector names its kind (src/sim/world/sectorKinds.ts); a kind missing here is a compile error.
 */
interface PlaceKind {
  /** Opening hours [from, to) for people who don't work there; null for a home (visiting hours: src/sim/actions/places.ts). */
  hours: readonly [number, number] | null;
  /** What such a place sells when the map declares no items there: [name, price, food/drink/goods]. */
  items: readonly (readonly [string, number, ItemKind])[];
  /** What people call such a place ("the pub"), as found in a sentence or a plan. */
  words: readonly string[];
  /** Something to eat is to be had there, without food in hand (EAT). */
  food: boolean;
  /** A place to study or attend classes (STUDY), whose daytime scene is SCHOOL for everyone there. */
  school: boolean;
  /** A place to spend free time: offered to a chooser before friends' homes and the rest (GO_TO). */
  leisure: boolean;
  /** What someone spending time there shows over their head. */
  emoji: string;
  /** Get-togethers held at such a place, as an invitation names them ("the drinks"): where one goes when the invitation names no place. */
  gatherings: readonly string[];
  /** Who works there, by title: the one who opens, runs or owns it, and the staff (for imported residents whose files name no title: src/pack/smallvillePersonas.ts). */
  work: { owner: string; staff: string } | null;
  /** Where a newcomer with no home in town (the player's resident) stands and "lives": the kinds with a rank, the lowest the map has first (src/sim/player/player.ts); null: never. */
  newcomerRank: number | null;
  /** What it is drawn in: the floor of a town drawn from its meaning (src/game/semanticMapView.ts) and its patch on the minimap (src/ui/minimap.ts). */
  colours: { floor: number; minimap: string };
}

export const PLACE_KINDS: Readonly<Record<SectorKind, PlaceKind>> = {
  home: { hours: null, items: [], words: [], food: true, school: false, leisure: false, emoji: '🏠', gatherings: [], work: null, newcomerRank: null, colours: { floor: 0xcdb38f, minimap: '#8a6f5a' } },
  cafe: { hours: [7, 19], items: [['coffee', 3, 'drink']], words: ['café', 'cafe', 'coffee shop'], food: true, school: false, leisure: true, emoji: '☕', gatherings: ['the coffee', 'the lunch', 'the dinner', 'the breakfast'], work: { owner: 'café owner', staff: 'barista' }, newcomerRank: null, colours: { floor: 0xd9a066, minimap: '#c98b4f' } },
  bar: { hours: [11, 24], items: [['cider', 5, 'drink']], words: ['bar', 'pub', 'tavern'], food: true, school: false, leisure: true, emoji: '🍺', gatherings: ['the drinks', 'the lunch', 'the dinner'], work: { owner: 'bartender', staff: 'bartender' }, newcomerRank: null, colours: { floor: 0xa8754f, minimap: '#9b5d73' } },
  grocery: { hours: [7, 21], items: [['groceries', 8, 'food']], words: ['grocery', 'grocery store', 'pharmacy', 'supermarket'], food: true, school: false, leisure: true, emoji: '🛒', gatherings: [], work: { owner: 'shopkeeper', staff: 'shop assistant' }, newcomerRank: null, colours: { floor: 0xa9c98a, minimap: '#6f9f5a' } },
  shop: { hours: [8, 19], items: [['supplies', 6, 'goods']], words: [], food: false, school: false, leisure: true, emoji: '🛍️', gatherings: [], work: { owner: 'shopkeeper', staff: 'shop assistant' }, newcomerRank: null, colours: { floor: 0xc5b27a, minimap: '#b58cc8' } },
  college: { hours: [7, 23], items: [['canteen meal', 3, 'food']], words: ['college', 'campus', 'university'], food: true, school: true, leisure: false, emoji: '📚', gatherings: [], work: { owner: 'teacher', staff: 'teacher' }, newcomerRank: null, colours: { floor: 0x9fb4cf, minimap: '#5f7fb8' } },
  park: { hours: [6, 23], items: [], words: ['park'], food: true, school: false, leisure: true, emoji: '🌳', gatherings: ['walking', 'the picnic'], work: null, newcomerRank: 2, colours: { floor: 0x7fb069, minimap: '#4f9a56' } },
  office: { hours: [8, 18], items: [], words: ['town hall'], food: false, school: false, leisure: false, emoji: '🏢', gatherings: [], work: { owner: 'manager', staff: 'clerk' }, newcomerRank: null, colours: { floor: 0xb8b2c9, minimap: '#7a8699' } },
  clinic: { hours: [8, 18], items: [], words: ['clinic', "doctor's"], food: false, school: false, leisure: false, emoji: '🩺', gatherings: [], work: { owner: 'doctor', staff: 'nurse' }, newcomerRank: null, colours: { floor: 0xd8e3e8, minimap: '#d7e0e8' } },
  bakery: { hours: [6, 18], items: [['bread', 3, 'food']], words: ['bakery'], food: true, school: false, leisure: true, emoji: '🥐', gatherings: ['the breakfast'], work: { owner: 'baker', staff: 'baker' }, newcomerRank: null, colours: { floor: 0xe3c08d, minimap: '#d9a35f' } },
  workplace: { hours: [7, 19], items: [], words: [], food: false, school: false, leisure: false, emoji: '🔧', gatherings: [], work: null, newcomerRank: null, colours: { floor: 0xb9a58a, minimap: '#8f8f6a' } },
  square: { hours: [0, 24], items: [], words: ['square', 'town square', 'plaza'], food: true, school: false, leisure: true, emoji: '⛲', gatherings: ["the farmers' market"], work: null, newcomerRank: 1, colours: { floor: 0xc8c2b4, minimap: '#b9b19a' } },
};

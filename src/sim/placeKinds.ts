import type { SectorKind } from './world/sectorKinds';
import type { ItemKind } from './world/economyProps';

/**
 * What a kind of place means in town, one record per kind (docs/action-registry.md, after the
 * table of actions). Read by the actions (opening hours, food, study, leisure, the scene, the
 * emoji), the economy (what it sells when the map says nothing), the brains' understanding of what
 * people say (the words for it, the get-togethers held there) and the Smallville import (the titles
 * of who works there). A map's sector names its kind (src/sim/world/sectorKinds.ts); a kind missing
 * here is a compile error.
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
}

export const PLACE_KINDS: Readonly<Record<SectorKind, PlaceKind>> = {
  home: { hours: null, items: [], words: [], food: true, school: false, leisure: false, emoji: '🏠', gatherings: [], work: null },
  cafe: { hours: [7, 19], items: [['coffee', 3, 'drink']], words: ['café', 'cafe', 'coffee shop'], food: true, school: false, leisure: true, emoji: '☕', gatherings: ['the coffee', 'the lunch', 'the dinner', 'the breakfast'], work: { owner: 'café owner', staff: 'barista' } },
  bar: { hours: [11, 24], items: [['cider', 5, 'drink']], words: ['bar', 'pub', 'tavern'], food: true, school: false, leisure: true, emoji: '🍺', gatherings: ['the drinks', 'the lunch', 'the dinner'], work: { owner: 'bartender', staff: 'bartender' } },
  grocery: { hours: [7, 21], items: [['groceries', 8, 'food']], words: ['grocery', 'grocery store', 'pharmacy', 'supermarket'], food: true, school: false, leisure: true, emoji: '🛒', gatherings: [], work: { owner: 'shopkeeper', staff: 'shop assistant' } },
  shop: { hours: [8, 19], items: [['supplies', 6, 'goods']], words: [], food: false, school: false, leisure: true, emoji: '🛍️', gatherings: [], work: { owner: 'shopkeeper', staff: 'shop assistant' } },
  college: { hours: [7, 23], items: [['canteen meal', 3, 'food']], words: ['college', 'campus', 'university'], food: true, school: true, leisure: false, emoji: '📚', gatherings: [], work: { owner: 'teacher', staff: 'teacher' } },
  park: { hours: [6, 23], items: [], words: ['park'], food: true, school: false, leisure: true, emoji: '🌳', gatherings: ['walking', 'the picnic'], work: null },
  office: { hours: [8, 18], items: [], words: ['town hall'], food: false, school: false, leisure: false, emoji: '🏢', gatherings: [], work: { owner: 'manager', staff: 'clerk' } },
  clinic: { hours: [8, 18], items: [], words: ['clinic', "doctor's"], food: false, school: false, leisure: false, emoji: '🩺', gatherings: [], work: { owner: 'doctor', staff: 'nurse' } },
  bakery: { hours: [6, 18], items: [['bread', 3, 'food']], words: ['bakery'], food: true, school: false, leisure: true, emoji: '🥐', gatherings: ['the breakfast'], work: { owner: 'baker', staff: 'baker' } },
  workplace: { hours: [7, 19], items: [], words: [], food: false, school: false, leisure: false, emoji: '🔧', gatherings: [], work: null },
  square: { hours: [0, 24], items: [], words: ['square', 'town square', 'plaza'], food: true, school: false, leisure: true, emoji: '⛲', gatherings: ["the farmers' market"], work: null },
};

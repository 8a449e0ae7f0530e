import { readMapJson, loadTownPersonas } from '../../src/node/town';
import { loadWorld } from '../../src/sim/world/loadWorld';
import type { WorldModel } from '../../src/sim/world/types';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import { escapeRegExp } from '../../src/sim/brain/reply';

/**
 * Hamlet with every place renamed (none of the new names contains an old one): the same streets,
 * rooms and people, so a town whose offline day is believable only if the brain reads its places
 * from the map and the persona files rather than knowing Hamlet's names.
 */
export const RENAMED: Readonly<Record<string, string>> = {
  'Walsh Cottage': 'Rowan Cottage',
  'Brooks Cottage': 'Fennel Cottage',
  'Hartwell House': 'Larch House',
  'Okafor House': 'Juniper House',
  'Hamlet College': 'Ferncombe Institute',
  'College Dorm': 'Institute Halls',
  'Oak & Nail Workshop': 'Dovetail Joinery',
  'Lantern Art Studio': 'Kestrel Studio',
  'The Copper Kettle': 'The Drowned Fiddler',
  'Town Hall': 'Guildhall',
  'Hamlet Clinic': 'Ferncombe Surgery',
  'Hamlet Supply Co.': 'Ironmongers of Ferncombe',
  'Willow Grocery & Pharmacy': 'Ferncombe Stores',
  'Elm Street Apartments': 'Quayside Flats',
  'Bramble Café': 'The Blue Heron',
  'Crumb & Crust Bakery': 'Rye & Honey',
  'Hamlet Gazette': 'Ferncombe Courier',
  'Patel Books': 'The Paper Moth',
  'Becker House': 'Sorrel House',
  'Moreno House': 'Thistle House',
  'Sato House': 'Hazel House',
  'Patel House': 'Ivy House',
  'Quinn Cottage': 'Wren Cottage',
  'Town Square': 'Market Cross',
  'Millbrook Park': 'Heron Green',
};

/** Every old name replaced by its new one in a JSON document (longest first: "Patel Books" before any shorter name). */
function renameIn<T>(doc: T): T {
  const old = Object.keys(RENAMED).sort((a, b) => b.length - a.length);
  const re = new RegExp(old.map(escapeRegExp).join('|'), 'g');
  return JSON.parse(JSON.stringify(doc).replace(re, (name) => RENAMED[name] ?? name)) as T;
}

export function renamedTown(): { world: WorldModel; personas: PersonaSpec[] } {
  return { world: loadWorld(renameIn(readMapJson()), 'maps/hamlet.tmj, renamed'), personas: renameIn(loadTownPersonas()) };
}

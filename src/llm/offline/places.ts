import type { Persona } from '../../sim/persona/persona';
import type { Rng } from '../../sim/rng';
import { at } from '../../sim/checked';

/** The most specific part of an action: the subtask in parentheses if any, else the whole. */
function parts(action: string): { sub: string; parent: string } {
  const m = /^(.*) \(([^()]*)\)$/.exec(action);
  return m ? { parent: at(m, 1, 'action'), sub: at(m, 2, 'subtask') } : { parent: action, sub: action };
}

/** Sector named in the text (longest name first, so "Hamlet College" is not mistaken for "Hamlet"). */
function namedSector(text: string, options: string[]): string | undefined {
  return [...options].sort((a, b) => b.length - a.length).find((o) => text.includes(o));
}

export function chooseSector(p: Persona, action: string, options: string[]): string {
  const { parent, sub } = parts(action);
  if (/sleep|in bed|at home|getting ready for (the day|bed)/.test(action) || /^(cooking|relaxing)/.test(parent)) {
    if (options.includes(p.spec.household)) return p.spec.household;
  }
  const named = namedSector(sub, options) ?? namedSector(parent, options);
  if (named) return named;
  if (p.spec.occupation && /work|class/.test(parent) && options.includes(p.spec.occupation.workplace)) return p.spec.occupation.workplace;
  return options.includes(p.spec.household) ? p.spec.household : at(options, 0, 'chooseSector: sector options');
}

const HOME_ARENAS: [RegExp, string[]][] = [
  [/sleep|in bed|stretching in bed|pyjamas|wardrobe|getting dressed/, ['__bedroom__']],
  [/shower|toilet|bathroom|brushing teeth|washing up/, ['bathroom', 'shared bathroom']],
  [/cook|breakfast|dinner|lunch|kitchen|dishes|stove/, ['kitchen', 'shared kitchen']],
  [/tv|sofa|living room|relax|tea|chatting|greeting|reading|project/, ['living room', 'common room']],
];

export function chooseArena(p: Persona, action: string, sector: string, options: string[]): string {
  const { parent, sub } = parts(action);
  const [homeSector, bedroom] = p.spec.livingArea.split(':');
  const text = `${sub} | ${parent}`;
  // An arena named in the text wins ("studying in the library", "in the storeroom").
  const named = [...options].sort((a, b) => b.length - a.length).find((o) => sub.includes(o)) ?? options.find((o) => parent.includes(o));
  if (named) return named;
  const occ = p.spec.occupation;
  if (occ && sector === occ.workplace && options.includes(occ.arena)) return occ.arena;
  for (const [re, arenas] of HOME_ARENAS) {
    if (!re.test(text)) continue;
    for (const a of arenas) {
      const want = a === '__bedroom__' && sector === homeSector ? bedroom : a;
      if (want !== undefined && options.includes(want)) return want;
    }
  }
  if (sector === homeSector && bedroom !== undefined && options.includes(bedroom) && options.length === 1) return bedroom;
  // Public places: the first arena is the main room (café, bar, shop floor …) in our map's order.
  const publicFirst = options.find((o) => !/storeroom|kitchen|office|bakehouse|print room|back/.test(o));
  return publicFirst ?? at(options, 0, 'chooseArena: arena options');
}

/** Words in an action that point at an object. */
const OBJECT_HINTS: [RegExp, string[]][] = [
  [/sleep|in bed|stretching in bed/, ['bed']],
  [/shower/, ['shower']],
  [/toilet/, ['toilet']],
  [/teeth|washing up|sink|dishes/, ['sink']],
  [/wardrobe|dressed|pyjamas/, ['wardrobe']],
  [/cook|stove|making breakfast/, ['stove']],
  [/eating|breakfast|dinner|kitchen table/, ['kitchen table', 'café table', 'pub table', 'picnic table']],
  [/tv|sofa|relax|tea|project/, ['sofa', 'tv']],
  [/coffee machine|brewing|lattes/, ['coffee machine']],
  [/counter|order/, ['counter', 'bar counter', 'pharmacy counter', 'kitchen counter', 'reception desk']],
  [/café table|drinking coffee|over coffee|lunch/, ['café table', 'pub table', 'kitchen table', 'picnic table']],
  [/pastry/, ['pastry case', 'display case']],
  [/bar stool/, ['bar stool']],
  [/pub table/, ['pub table']],
  [/piano|tune/, ['piano']],
  [/drink/, ['bar counter', 'bar stool']],
  [/prescription|medicine shelf/, ['medicine shelf', 'pharmacy counter']],
  [/medicine cabinet/, ['medicine cabinet']],
  [/cash register|paying|serving customers/, ['cash register']],
  [/produce|vegetables/, ['produce stand']],
  [/grocery shelf|restocking the grocery/, ['grocery shelf']],
  [/supply shelf/, ['supply shelf']],
  [/tool rack|chisels|tools on/, ['tool rack']],
  [/crates|unpacking|keg|deliveries/, ['crates']],
  [/workbench|boards|joints|chair leg/, ['workbench']],
  [/lumber/, ['lumber pile']],
  [/easel|painting/, ['easel']],
  [/work table|mixing colours|canvas/, ['work table']],
  [/paint shelf|paints/, ['paint shelf']],
  [/lectern|preparing the lecture/, ['lectern']],
  [/blackboard|teaching/, ['blackboard']],
  [/student desk|notes|lecture|exercise|reading/, ['student desk', 'library table', 'reading chair']],
  [/librarian desk|checking out|cataloguing/, ['librarian desk']],
  [/bookshelf|books|reshelving|novel/, ['bookshelf']],
  [/library table|studying/, ['library table']],
  [/reading chair/, ['reading chair']],
  [/exam bed|patient|blood pressure/, ['exam bed']],
  [/reception/, ['reception desk', 'waiting chair']],
  [/filing|records|old issues/, ['filing cabinet']],
  [/desk|article|letters|budget|speech|permit|agenda|essays|notes at/, ['desk']],
  [/printing press|proofing/, ['printing press']],
  [/oven|baking|loaves/, ['oven']],
  [/dough|croissants|shaping/, ['kitchen counter']],
  [/flour/, ['flour sacks']],
  [/flower bed|weeding|watering|roses/, ['flower bed']],
  [/garden shed/, ['garden shed']],
  [/bench|sitting/, ['bench', 'pond bank bench', 'council bench']],
  [/ducks|pond/, ['pond bank bench', 'fishing spot']],
  [/fountain/, ['fountain', 'bench']],
  [/notice board/, ['notice board']],
  [/swing|playground/, ['swing', 'slide', 'sandbox']],
];

export function chooseObject(action: string, options: string[], rng: Rng): string {
  const { parent, sub } = parts(action);
  for (const text of [sub, parent]) {
    for (const [re, objects] of OBJECT_HINTS) {
      if (!re.test(text)) continue;
      const hit = objects.find((o) => options.includes(o));
      if (hit) return hit;
    }
  }
  // Nothing fits: any object of the room (the guard only offers a choice when there is one).
  return rng.pick(options);
}

import { at } from '../../sim/checked';
import { escapeRegExp } from '../../sim/brain/reply';
import type { TownPlaces } from './townPlaces';
import { mealTemplates } from './meals';
/**
 * The offline brain's activity vocabulary. Every description names its place ("… at Bramble Café",
 * "… at home"), so the place can be read back from the text alone, as a model would.
 */
export const WORK_TASKS: Record<string, string[]> = {
  pharmacist: ['checking the prescription queue at the pharmacy counter', 'filling prescriptions', 'advising a customer at the pharmacy counter', 'restocking the medicine shelf', 'updating the pharmacy records'],
  carpenter: ['measuring and cutting boards at the workbench', 'sanding a chair leg at the workbench', 'sorting the lumber pile', 'fitting joints at the workbench', 'sharpening chisels at the tool rack'],
  student: ['listening to the lecture at a student desk', 'taking notes at a student desk', 'working on a group exercise', 'studying in the library', 'reviewing the reading at a student desk'],
  'history professor': ['preparing the lecture at the lectern', 'teaching the class at the blackboard', "answering students' questions at the lectern", 'grading essays in the faculty office'],
  'town clerk': ['sorting permit applications at the desk', 'filing council records in the filing cabinet', "answering residents' letters at the desk", 'preparing the council agenda at the desk'],
  'café owner': ['brewing coffee at the coffee machine', 'serving customers at the counter', 'arranging the pastry case', 'wiping the café tables', 'checking the accounts at the counter'],
  baker: ['kneading dough at the kitchen counter', 'baking bread in the oven', 'shaping croissants at the kitchen counter', 'pulling loaves from the oven', 'hauling flour sacks'],
  'volunteer gardener': ['weeding the flower bed', 'watering the flower bed', 'fetching tools from the garden shed', 'pruning the roses by the flower bed'],
  librarian: ['checking out books at the librarian desk', 'reshelving books at the bookshelf', 'cataloguing old papers at the librarian desk', 'helping a student at the library table'],
  doctor: ['seeing a patient at the exam bed', 'writing notes at the desk', 'checking the medicine cabinet', 'reviewing test results at the desk'],
  painter: ['painting at the easel', 'mixing colours at the work table', 'stretching a canvas at the work table', 'sorting paints at the paint shelf'],
  'bar owner': ['pouring drinks at the bar counter', 'chatting with regulars at the bar counter', 'changing a keg in the storeroom', 'wiping down the pub tables'],
  bartender: ['pouring drinks at the bar counter', 'mixing cocktails at the bar counter', 'collecting glasses from the pub tables', 'playing a tune on the piano'],
  grocer: ['serving customers at the cash register', 'stacking the produce stand', 'restocking the grocery shelf', 'unpacking crates in the storeroom'],
  bookseller: ['arranging new books on the bookshelf', 'serving a customer at the cash register', 'recommending a novel to a customer', 'reading in the reading chair'],
  mayor: ['reviewing the town budget at the desk', 'meeting with residents in the council chamber', 'writing a speech at the desk', 'signing letters at the desk'],
  shopkeeper: ['serving customers at the cash register', 'restocking the supply shelf', 'sorting tools on the tool rack', 'checking deliveries in the storeroom'],
  nurse: ['welcoming patients at the reception desk', 'taking blood pressure in the exam room', 'updating patient files at the reception desk', 'restocking the medicine cabinet'],
  reporter: ['writing an article at the desk', 'going through notes at the desk', 'checking old issues in the filing cabinet', 'proofing pages at the printing press'],
  barista: ['making lattes at the coffee machine', 'taking orders at the counter', 'restocking the pastry case', 'wiping the café tables'],
  // The part-time shifts on the map, which anyone may take for a day.
  'kitchen hand': ['washing up at the sink', 'peeling vegetables by the stove', 'scrubbing pans at the sink', 'putting the crockery away by the fridge'],
  'glass collector': ['collecting glasses from the pub tables', 'washing glasses behind the bar counter', 'wiping down the pub tables', 'carrying crates to the storeroom'],
  'shelf stacker': ['unpacking crates in the storeroom', 'stacking the grocery shelf', 'restocking the produce stand', 'flattening boxes in the storeroom'],
  'stock helper': ['unpacking crates in the storeroom', 'restocking the supply shelf', 'sorting tools on the tool rack'],
  'library assistant': ['reshelving books at the bookshelf', 'helping a student at the library table', 'stamping returns at the librarian desk'],
  'counter help': ['serving customers at the cash register', 'filling the display case', 'wiping the café tables'],
  'paper round': ['picking up the bundles by the printing press', 'folding papers by the paper stacks', 'delivering papers around town'],
};
export const GENERIC_WORK = ['working at the desk', 'tidying the workspace', 'talking with a colleague', 'taking care of the day\'s tasks'];

export interface Template {
  match: RegExp;
  steps: string[];
}

/**
 * Decomposition templates by activity kind, matched by a keyword of the hourly activity; the first
 * that matches is used. Some are for a place the day names (a walk in the town's park, its square,
 * its pub, its college library): they match that place's name on this map, and are left out when
 * the map has no such place.
 */
export function templatesFor(places: TownPlaces): Template[] {
  const named = (place: string | null, match: (name: string) => string, steps: string[]): Template[] => (place ? [{ match: new RegExp(match(escapeRegExp(place))), steps }] : []);
  return [
    { match: /^hosting .*(party|celebration|dinner)/, steps: ['decorating the room with streamers', 'setting out snacks and drinks on a table', 'greeting guests at the door', 'chatting with guests at a table', 'serving drinks at the counter', 'tidying up after the guests'] },
    { match: /^going to .*(party|celebration|dinner)/, steps: ['arriving and greeting the host', 'getting a drink at the counter', 'chatting with friends at a table', 'dancing with friends', 'saying goodbye to the host'] },
    { match: /^(hosting|going to) /, steps: ['arriving and finding a seat', 'listening and joining in', 'chatting with the others afterwards'] },
    { match: /getting ready for the day/, steps: ['waking up and stretching in bed', 'using the toilet in the bathroom', 'taking a shower', 'getting dressed at the wardrobe', 'making breakfast at the stove', 'eating breakfast at the kitchen table'] },
    { match: /getting ready for bed/, steps: ['washing up at the bathroom sink', 'brushing teeth at the bathroom sink', 'changing into pyjamas at the wardrobe', 'reading in bed'] },
    // A meal out ("having dinner at The Copper Kettle" in an evening shift) is a meal wherever it is: before the place's own template.
    ...mealTemplates(),
    { match: /coffee break/, steps: ['ordering a coffee at the counter', 'drinking coffee at a café table', 'reading the news over coffee at a café table'] },
    { match: /groceries/, steps: ['picking up a basket', 'choosing vegetables at the produce stand', 'browsing the grocery shelf', 'paying at the cash register'] },
    { match: /books at/, steps: ['browsing the bookshelf', 'reading a few pages in the reading chair', 'paying at the cash register'] },
    { match: /supplies/, steps: ['browsing the supply shelf', 'looking at the tool rack', 'paying at the cash register'] },
    ...named(places.park, (park) => `walk in ${park}`, ['strolling across the lawn', 'sitting on a bench', 'watching the ducks at the pond bank bench', 'looking at the flower bed']),
    ...named(places.square, (square) => square, ['reading the notice board', 'sitting on a bench by the fountain', 'watching people pass by the fountain']),
    { match: /^visiting/, steps: ['greeting the hosts', 'having tea on the sofa', 'chatting in the living room'] },
    ...named(places.bar, (bar) => bar, ['ordering a drink at the bar counter', 'sitting on a bar stool', 'sharing a pub table with friends']),
    { match: /dinner/, steps: ['cooking dinner at the stove', 'eating dinner at the kitchen table', 'washing the dishes at the sink'] },
    { match: /relaxing/, steps: ['watching tv on the sofa', 'reading a book on the sofa', 'tidying the living room'] },
    ...named(places.college, (college) => `library at ${college}`, ['finding books at the bookshelf', 'reading at a library table', 'taking notes at a library table']),
    { match: /hobby/, steps: ['setting up at home', 'working on a personal project on the sofa', 'cleaning up'] },
  ];
}

/** Split `total` minutes into 5-minute multiples across `n` parts with the given weights. */
export function splitMinutes(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.max(5, Math.round((total * w) / sum / 5) * 5));
  let diff = total - out.reduce((a, b) => a + b, 0);
  for (let i = out.length - 1; diff !== 0 && i >= 0; i--) {
    const part = at(out, i, 'splitMinutes part');
    const change = diff > 0 ? diff : Math.max(diff, 5 - part);
    out[i] = part + change;
    diff -= change;
  }
  return out;
}

/**
 * Steps for an activity no template knows (a whispered "fishing at the pond", a walk to find
 * someone): set up, the activity itself, pack up; looking for someone is looking, asking, waiting.
 */
export function activitySteps(task: string): string[] {
  const seek = /^looking for ([A-Z][\w'-]*)/.exec(task);
  if (seek) return [`looking around for ${seek[1]}`, `asking whether anyone has seen ${seek[1]}`, `waiting for ${seek[1]}`];
  const act = task.replace(/ \([^()]*\)$/, '').replace(/ at .*$/, '').replace(/^(going to|hosting) /, '');
  if (act.length < 3 || act.length > 60) return ['getting started', 'keeping at it', 'wrapping up'];
  return [`getting ready for ${act}`, act, `packing up after ${act}`];
}

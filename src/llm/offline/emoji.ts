import { at } from '../../sim/checked';
/** Keyword → emoji, most specific first; the action's subtask is tried before its parent. */
const EMOJI: [RegExp, string][] = [
  [/sleep|in bed|asleep|nap/, '😴'],
  [/shower/, '🚿'],
  [/teeth|washing up/, '🪥'],
  [/toilet/, '🚽'],
  [/dressed|pyjamas|wardrobe/, '👕'],
  [/stretching|waking/, '🥱'],
  [/cook|stove/, '🍳'],
  [/breakfast|lunch|dinner|supper|meal|eating/, '🍽️'],
  [/dishes/, '🧽'],
  [/coffee|latte|brewing/, '☕'],
  [/drink|cocktail|keg/, '🍺'],
  [/piano|tune/, '🎹'],
  [/tv/, '📺'],
  [/tea/, '🫖'],
  [/prescription|medicine/, '💊'],
  [/patient|blood pressure|exam/, '🩺'],
  [/teaching|lecture at the lectern|blackboard/, '🧑‍🏫'],
  [/class|lecture|notes|studying|exercise|reading at a library/, '📚'],
  [/book|reading|novel|cataloguing|reshelving/, '📖'],
  [/paint|easel|canvas|colours/, '🎨'],
  [/dough|bread|baking|loaves|croissant|oven|flour/, '🥖'],
  [/boards|sanding|joints|workbench|lumber|chisel/, '🪚'],
  [/flower|weeding|watering|roses|garden/, '🌷'],
  [/ducks|pond/, '🦆'],
  [/article|writing|letters|speech|notes at/, '📝'],
  [/print|proofing/, '🗞️'],
  [/permit|records|filing|agenda|budget|accounts/, '🗂️'],
  [/paying|cash register|serving customers/, '💵'],
  [/groceries|basket|vegetables|produce|shelf|supplies|restock|stacking/, '🛒'],
  [/strolling|walk/, '🚶'],
  [/bench|sitting|fountain|notice board/, '🪑'],
  [/visiting|greeting/, '👋'],
  [/chat|talking|meeting/, '💬'],
  [/relax|sofa/, '🛋️'],
  [/tidying|wiping|clean/, '🧹'],
  [/work/, '💼'],
];

export function emojiFor(action: string): string {
  const m = /\(([^()]*)\)$/.exec(action);
  for (const text of m ? [at(m, 1, 'subtask'), action] : [action]) {
    for (const [re, e] of EMOJI) if (re.test(text)) return e;
  }
  return '🙂';
}

/** The language pieces (classifier, chrono-node, slot reader), loaded together on the first chat (see ./index.ts). */
export { classify } from './classifier';
export { readSlots, usualStart } from './slots';
export { inFirstPerson } from './firstPerson';
export { feeling } from './feeling';

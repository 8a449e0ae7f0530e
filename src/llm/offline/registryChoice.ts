import type { ActionChoice, ActionChoiceInput, ActionOption } from '../../sim/brain/port';
import type { Persona } from '../../sim/persona/persona';
import { hourOf, weekdayOf } from '../../sim/clock';
import type { Rng } from '../../sim/rng';
import { parseLifestyle } from './lifestyle';
import { at, defined } from '../../sim/checked';
import type { TownPlaces } from './townPlaces';

/**
 * The offline brain's registry decision: a daily routine read from the persona's lifestyle and job,
 * choosing only among the options offered (so it never needs a retry). Deterministic for a seed.
 */
export function offlineChooseAction(p: Persona, now: number, input: ActionChoiceInput, rng: Rng, places: TownPlaces): ActionChoice {
  const has = (id: string): ActionOption | undefined => input.options.find((o) => o.id === id);
  const pick = (id: string, reason: string, target?: string): ActionChoice | null => {
    const o = has(id);
    if (!o) return null;
    if (o.targets.length === 0) return { action: id, target: '', reason };
    const t = target && o.targets.includes(target) ? target : rng.pick(o.targets);
    return { action: id, target: t, reason };
  };
  const { wake, bed, dinner } = parseLifestyle(p.spec.lifestyle);
  const h = hourOf(now);
  const o = p.spec.occupation;
  const workDay = !!o && o.days.includes(weekdayOf(now));
  const [startH, endH] = o ? [Number(o.start.slice(0, 2)), Number(o.end.slice(0, 2)) + (o.end.endsWith('00') ? 0 : 1)] : [0, 0];
  const onShift = workDay && h >= startH - 1 && h < endH;
  const night = h >= bed || h < wake;
  const student = o?.title === 'student';
  const haunt = p.spec.haunts.find((x) => has('GO_TO')?.targets.includes(x));
  const atHome = input.here === input.home;
  const evening = h >= dinner + 1;

  const due = input.due;
  const dueChoice = (): ActionChoice | null => {
    if (!due) return null;
    const what = `${due.host ? 'hosting' : 'going to'} ${due.event} at ${due.sector} (${due.when})`;
    if (input.here !== due.sector) return pick('GO_TO', `Time to be off: ${what}.`, due.sector);
    return pick('CHAT', `At ${due.event}: talking with the people here.`) ?? pick('IDLE', `Staying for ${due.event} at ${due.sector}.`);
  };

  const choice =
    (h >= wake && !night && pick('WAKE_UP', `It's past ${wake} o'clock: time to get up.`)) ||
    // A plan made for this hour (a whisper, an invitation accepted) comes before the routine.
    dueChoice() ||
    (night && (pick('SLEEP', `It's late; ${p.firstName} goes to bed.`) || pick('GO_HOME', 'It is late: time to head home.'))) ||
    (onShift && o && !student && (pick('CHECK_IN', `Time to start the shift at ${o.workplace}.`) || pick('WORK', `On shift at ${o.workplace}.`))) ||
    (onShift && o && student && (pick('STUDY', 'Classes are on.') || pick('GO_TO', 'Off to classes.', o.workplace))) ||
    ((h === wake + 1 || h === 12 || h === dinner) && (pick('EAT', 'It is mealtime.') || (h === 12 && p.agent.wallet.credits >= 10 && pick('BUY', 'Lunch out today.', places.cafe ?? undefined)) || (h === dinner && pick('GO_HOME', 'Heading home for dinner.')))) ||
    (h >= bed - 1 && pick('GO_HOME', 'Winding down: heading home.')) ||
    // After dinner at home, the evening is spent at home.
    (evening && atHome && (rng.chance(0.5) ? pick('USE_OBJECT', 'A quiet evening at home.') : pick('IDLE', 'Resting at home.'))) ||
    null;
  if (choice) return choice;

  // Free time: a weighted draw among what the town allows now.
  const free: [number, () => ActionChoice | null][] = [
    [3, () => (haunt ? pick('GO_TO', `${p.firstName} likes ${haunt}.`, haunt) : null)],
    [evening ? 0 : 2, () => {
      const go = has('GO_TO');
      return go ? pick('GO_TO', 'A change of scene.', rng.pick(go.targets.slice(0, 5))) : null;
    }],
    [p.agent.wallet.credits >= 20 ? 1 : 0, () => pick('BUY', 'Picking up a few things.')],
    [2, () => pick('USE_OBJECT', 'Something to do here.')],
    [1, () => pick('CHAT', 'Catching up with a neighbour.')],
    [1, () => (h < 21 ? pick('STUDY', 'Reading up on something.') : null)],
    [2, () => pick('IDLE', 'Taking it easy.')],
  ];
  const total = free.reduce((s, [w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [weight, make] of free) {
    r -= weight;
    if (r < 0) {
      const c = make();
      if (c) return c;
      break;
    }
  }
  const last = pick('IDLE', 'Taking it easy.') ?? pick(at(input.options, 0, 'the actions offered').id, 'Nothing else to do.');
  return defined(last, 'an offered action');
}

import { escapeRegExp } from '../../sim/brain/reply';

/**
 * The offline brain's meals, named by the clock: the one place a meal gets its name, so a baker's
 * meal at 9 after a 4 am start is a mid-morning meal, not lunch, and a bar owner's meal at 6 pm in
 * her shift is her dinner. Each entry: the meal eaten before that hour.
 */
const MEALS: readonly (readonly [before: number, name: string, after: string])[] = [
  [9, 'breakfast', 'a coffee'],
  [11, 'a mid-morning meal', 'a coffee'],
  [15, 'lunch', 'a coffee'],
  [17, 'an afternoon meal', 'a coffee'],
  [22, 'dinner', 'a drink'],
  [24, 'a late supper', 'a drink'],
];

/** The meal eaten at an hour of the day (0–23). */
function mealAt(hour: number): string {
  return (MEALS.find(([before]) => hour < before) ?? MEALS[MEALS.length - 1] ?? [24, 'a meal'])[1];
}

/** A meal eaten out at an hour, as a day plan writes it: "having lunch at Bramble Café". */
export function mealOut(hour: number, place: string): string {
  return `having ${mealAt(hour)} at ${place}`;
}

/** Whether an activity is a meal eaten out (what `mealOut` writes). */
export function isMealOut(activity: string): boolean {
  return MEAL_OUT.test(activity);
}

const MEAL_OUT = new RegExp(`^having (${MEALS.map(([, name]) => escapeRegExp(name)).join('|')}) at (?!home$)`);

/** The steps of each meal eaten out: ordering it (a purchase there), eating it, and something to finish. */
export function mealTemplates(): { match: RegExp; steps: string[] }[] {
  return MEALS.map(([, name, after]) => ({
    match: new RegExp(`^having ${escapeRegExp(name)} at (?!home$)`),
    steps: [`ordering ${name}`, `eating ${name} at a table`, `finishing ${name.replace(/^an? /, 'the ')} with ${after}`],
  }));
}

import type { ActionId } from '../sim/persona/actionIds';

/**
 * The player's action menu in words a person reads ("Go to Bramble Café", "Shift: paper round at
 * Hamlet Post Office") rather than the registry's ids and raw targets; the option's value keeps the
 * id and target the town is sent. Every registered action has one (the record is checked by tsc).
 */
const LABELS: Record<ActionId, (target: string) => string> = {
  WAKE_UP: () => 'Wake up',
  SLEEP: () => 'Go to sleep',
  EAT: () => 'Eat something',
  CHECK_IN: (t) => (t ? `Shift: ${t}` : 'Check in for work'),
  WORK: () => 'Work',
  STUDY: () => 'Study',
  BUY: (t) => `Shop at ${t}`,
  GO_TO: (t) => `Go to ${t}`,
  GO_HOME: () => 'Go home',
  USE_OBJECT: (t) => `Use the ${t}`,
  CHAT: (t) => `Chat with ${t}`,
  WAIT: () => 'Wait a quarter of an hour',
  IDLE: () => 'Take it easy',
  WALK: (t) => `Walk to ${t}`,
};

/** The menu's words for an action and its target; an id the view does not know is shown as it is. */
export function actionLabel(id: string, target: string): string {
  const label = (LABELS as Record<string, ((t: string) => string) | undefined>)[id];
  return label ? label(target) : target ? `${id} → ${target}` : id;
}

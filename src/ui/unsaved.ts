/**
 * Before something replaces the running town (loading a save, continuing a replay live): if the
 * town has run on since it was last saved, the first click says how much would be lost and a second
 * click within ARM_MS goes on. Returns whether to go on now.
 */
const ARM_MS = 10_000;

export function confirmReplace(button: HTMLButtonElement, unsavedMinutes: number, what: string, say: (text: string) => void): boolean {
  if (unsavedMinutes < 1) return true;
  const armedAt = Number(button.dataset.armedAt ?? 0);
  if (armedAt && Date.now() - armedAt < ARM_MS) {
    delete button.dataset.armedAt;
    return true;
  }
  button.dataset.armedAt = String(Date.now());
  const span = unsavedMinutes >= 120 ? `${Math.floor(unsavedMinutes / 60)} game hours` : `${unsavedMinutes} game minute${unsavedMinutes === 1 ? '' : 's'}`;
  say(`${what} replaces the running town, whose last ${span} are not saved. Click again to go on, or save it first (💾 Saves).`);
  return false;
}

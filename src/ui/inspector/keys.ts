import { KEY_SPEEDS, type HamletStore } from '../../store/store';
import { toggleGrid } from './tileReadout';

/** True while the player types (keys then belong to the text, not the game). */
/** A speed button's tooltip, with its key (1–5 are 1×, 2×, 5×, 10×, 60×): the top bar's and the Town panel's. */
export function speedTitle(speed: number): string {
  if (speed === 0) return 'Pause (space)';
  const key = (KEY_SPEEDS as readonly number[]).indexOf(speed);
  return key >= 0 ? `Run at ${speed}× (key ${key + 1})` : `Run at ${speed}×`;
}

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable;
}

/**
 * The inspector's keys: I shows/hides the overlay, F follows the selected persona, G draws the grid,
 * Esc closes the persona panel. (Space and 1–5 are the HUD's, in src/ui/hud.ts; WASD and the arrows walk the player, src/ui/playerPanel.ts.)
 */
export function installInspectorKeys(store: HamletStore): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const s = store.getState();
    if (e.code === 'KeyI') {
      store.setState({ inspector: { ...s.inspector, open: !s.inspector.open } });
    } else if (e.code === 'KeyF') {
      if (s.selectedId) s.follow(s.followId === s.selectedId ? null : s.selectedId);
    } else if (e.code === 'KeyG') {
      toggleGrid(store);
    } else if (e.code === 'Escape') {
      // The HUD's Esc stops following; here it closes the panel.
      if (s.selectedId) s.select(null);
    }
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}

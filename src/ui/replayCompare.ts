import './experiments.css';
import { decodeReplay } from '../replay/codec';
import { diffReplays, stepLabel, type ReplayDiff } from '../replay/diff';
import type { ReplayFile } from '../replay/format';
import type { PickedFile } from '../replay/pickedFile';
import { el } from './dom';

/** The diff as `npm run replay -- diff` words it: where the two part, then each persona's first differing step. */
function renderDiff(d: ReplayDiff, a: ReplayFile, nameA: string, nameB: string): HTMLElement {
  const out = el('div', 'replay-compare-result');
  const line = (text: string) => out.append(el('p', undefined, text));
  line(`A: ${nameA} · B: ${nameB}`);
  for (const n of d.onlyInA) line(`${n}: only in A`);
  for (const n of d.onlyInB) line(`${n}: only in B`);
  if (d.firstStep === null && d.conversationsFrom === null) {
    line(`The same, step for step: steps ${d.from}–${d.to}.`);
    return out;
  }
  const compared = a.personas.length - d.onlyInA.length;
  line(`They part at ${d.firstStep === null ? 'no persona frame' : stepLabel(a, d.firstStep)}; ${d.personas.length} of ${compared} personas differ (steps ${d.from}–${d.to} compared).`);
  if (d.conversationsFrom !== null) line(`Conversations differ from ${stepLabel(a, d.conversationsFrom)}.`);
  const list = el('ol', 'replay-compare-personas');
  for (const p of d.personas) {
    const item = el('li');
    item.append(el('strong', undefined, `${p.name}: ${stepLabel(a, p.step)}`), el('div', undefined, `A: ${p.a}`), el('div', undefined, `B: ${p.b}`));
    list.append(item);
  }
  out.append(list);
  return out;
}

/**
 * Two runs' replays compared in the page (issue #30 point 5): pick two with their checkboxes, then
 * the first step each persona differs at, from the same diff as the CLI's (src/replay/diff.ts).
 */
export function compareView(): { el: HTMLElement; checkbox(id: string, file: PickedFile): HTMLInputElement } {
  const root = el('div', 'replay-compare');
  const picked = new Map<string, PickedFile>();
  const button = el('button', undefined, 'Compare the two picked runs');
  button.name = 'compare-runs';
  button.disabled = true;
  const hint = el('span', 'replay-compare-hint', 'Tick two runs to see where their replays part.');
  const result = el('div');
  result.setAttribute('aria-live', 'polite');
  root.append(button, hint, result);
  const update = () => {
    button.disabled = picked.size !== 2;
    hint.textContent = picked.size === 2 ? '' : `Tick two runs to see where their replays part (${picked.size} ticked).`;
  };
  button.addEventListener('click', () => {
    const [[idA, fileA] = [], [idB, fileB] = []] = [...picked];
    if (!idA || !fileA || !idB || !fileB) return;
    button.disabled = true;
    result.replaceChildren(el('p', undefined, 'Comparing…'));
    void (async () => {
      try {
        const a = await decodeReplay(await fileA.bytes(), fileA.name);
        const b = await decodeReplay(await fileB.bytes(), fileB.name);
        result.replaceChildren(renderDiff(diffReplays(a, b), a, idA, idB));
      } catch (err) {
        result.replaceChildren(el('p', 'replay-compare-error', err instanceof Error ? err.message : String(err)));
      } finally {
        update();
      }
    })();
  });
  return {
    el: root,
    checkbox(id, file) {
      const box = el('input');
      box.type = 'checkbox';
      box.name = `compare-${id}`;
      box.setAttribute('aria-label', `Compare ${id}`);
      box.addEventListener('change', () => {
        if (box.checked) picked.set(id, file);
        else picked.delete(id);
        update();
      });
      return box;
    },
  };
}

/**
 * The replay viewer's "Compare with…": the replay shown (A) against a picked one (B), in a dialog
 * like the Experiments panel's, from the same diff. "Ghosts of B" draws B's residents faded on the
 * map at A's step (`ghosts`, the replay mode's); closing the comparison removes them.
 */
export async function showReplayCompare(shown: ReplayFile, other: PickedFile, ghosts: (b: ReplayFile | null) => void): Promise<void> {
  const b = await decodeReplay(await other.bytes(), other.name);
  document.querySelector<HTMLButtonElement>('.replay-compare-dialog button[name=replay-compare-close]')?.click();
  const root = el('div', 'experiments replay-compare-dialog');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', 'Two replays compared');
  const card = el('div', 'experiments-card');
  const head = el('div', 'experiments-head');
  const close = el('button', undefined, 'Close');
  close.name = 'replay-compare-close';
  const remove = () => {
    ghosts(null);
    root.remove();
  };
  close.addEventListener('click', remove);
  const ghostBox = Object.assign(el('input'), { type: 'checkbox', name: 'replay-compare-ghosts', checked: true });
  ghostBox.addEventListener('change', () => ghosts(ghostBox.checked ? b : null));
  const ghostLabel = el('label', 'replay-compare-ghosts', ' Ghosts of B');
  ghostLabel.title = 'Draw the other replay’s residents faded on the map, where they are at this step';
  ghostLabel.prepend(ghostBox);
  head.append(el('h2', undefined, 'Two replays compared'), ghostLabel, close);
  card.append(head, renderDiff(diffReplays(shown, b), shown, shown.title || 'the replay shown', other.name));
  root.append(card);
  document.body.append(root);
  ghosts(b);
}

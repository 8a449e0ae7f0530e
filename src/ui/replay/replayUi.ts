import type { HamletStore } from '../../store/store';
import { formatDate, formatHHMM } from '../../sim/clock';
import { REPLAY_SPEEDS } from '../../replay/player';
import { pickedOf, type PickedFile } from '../../replay/pickedFile';
import { KEY_SPEEDS } from '../../store/store';
import { at } from '../../sim/checked';
import type { ReplayMode } from '../../app/replayMode';
import type { ReplayActions } from '../../app/replays';
import { timelineMarks } from './timeline';
import './replay.css';
import { foldingPanel, pageLayout } from '../layout';
import { isExperimentDrop } from '../experimentFiles';
import { confirmReplace } from '../unsaved';
import { el } from '../dom';

function button(text: string, name: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'replay-btn', text);
  b.name = name;
  b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

/** Replays, Smallville's files, and a map with its tileset images; not the numbered step files of a full storage. */
const replayPart = (name: string) => /\.(json|gz|tmj|png)$/i.test(name) && !/^\d+\.json$/.test(name);

/** Files of a dropped folder (Smallville's demo folder, a town): those `wanted`, a few levels deep. */
async function filesOfEntry(entry: FileSystemEntry, wanted: (name: string) => boolean, depth = 0): Promise<PickedFile[]> {
  if (entry.isFile) {
    if (!wanted(entry.name)) return [];
    const file = await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej));
    return [pickedOf(file, entry.fullPath)];
  }
  if (!entry.isDirectory || depth > 6) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
    if (batch.length === 0) break;
    entries.push(...batch);
  }
  const out: PickedFile[] = [];
  for (const e of entries) out.push(...(await filesOfEntry(e, wanted, depth + 1)));
  return out;
}

/** What was dropped: the files of dropped folders (those `wanted`), else the dropped files themselves. */
export async function filesOfDrop(data: DataTransfer, wanted: (name: string) => boolean): Promise<PickedFile[]> {
  const entries = [...data.items].map((i) => i.webkitGetAsEntry?.() ?? null);
  if (!entries.some((x) => x?.isDirectory)) return [...data.files].map((f) => pickedOf(f));
  const files: PickedFile[] = [];
  for (const x of entries) if (x) files.push(...(await filesOfEntry(x, wanted)));
  return files;
}

/** A folder dropped whole: prefer its meta.json + master_movement.json pair when it has one. */
function preferSmallvillePair(files: PickedFile[]): PickedFile[] {
  const base = (n: string) => (n.split('/').pop() ?? n).toLowerCase();
  const meta = files.filter((f) => base(f.name) === 'meta.json');
  const move = files.filter((f) => base(f.name) === 'master_movement.json');
  const [movement] = move;
  if (movement) {
    const dir = movement.name.slice(0, movement.name.length - 'master_movement.json'.length);
    const m = meta.find((f) => f.name.startsWith(dir)) ?? meta[0];
    const mapFiles = files.filter((f) => /\.(png|tmj)$/i.test(f.name) || (/\.json$/i.test(f.name) && !['meta.json', 'master_movement.json'].includes(base(f.name))));
    return [...(m ? [m] : []), movement, ...mapFiles];
  }
  return files;
}

/**
 * The replay controls: in the live town a small panel (watch the demo, open a file, download the
 * recording, drop a file anywhere); in replay mode a bar with play/pause, step back and forward, speed
 * 1×–60× (keys 1–5, as live), a timeline with day and hour marks, "continue live from here" and "back to the live town".
 * Errors show in a banner as text; nothing else changes when a file is bad.
 */
export function mountReplayUi(root: HTMLElement, store: HamletStore, mode: ReplayMode, actions: ReplayActions): { showError(message: string): void } {
  // --- error banner ---
  const errorBox = el('div', 'replay-error');
  errorBox.hidden = true;
  errorBox.setAttribute('role', 'alert');
  const errorText = el('span', 'replay-error-text');
  const errorClose = button('✕', 'dismiss-replay-error', 'Dismiss', () => (errorBox.hidden = true));
  errorBox.append(errorText, errorClose);
  const showError = (message: string) => {
    errorText.textContent = message;
    errorBox.hidden = false;
  };
  const attempt = async (what: () => Promise<void>) => {
    try {
      await what();
      errorBox.hidden = true;
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  // --- live panel ---
  const panelBox = foldingPanel({ title: 'Replays', name: 'replays', className: 'replay-panel' });
  const panel = panelBox.el;
  const fileInput = el('input');
  fileInput.type = 'file';
  fileInput.multiple = true;
  fileInput.accept = '.gz,.json,.tmj,.png,application/gzip,application/json';
  fileInput.hidden = true;
  fileInput.name = 'replay-file';
  fileInput.addEventListener('change', () => {
    const files = [...(fileInput.files ?? [])].map((f) => pickedOf(f));
    fileInput.value = '';
    if (files.length) void attempt(() => actions.openFiles(files));
  });
  const demoBtn = button('▶ Watch a recorded day', 'watch-demo', 'A full day of the 25 townspeople, recorded with the offline brain', () => void attempt(actions.openDemo));
  demoBtn.classList.add('primary');
  const openBtn = button('📂 Open a replay…', 'open-replay', 'A Hamlet replay (.json.gz), or a Smallville demo folder’s meta.json + master_movement.json (with its Tiled map and tileset images to show it on its own map)', () => fileInput.click());
  const downloadBtn = button('⬇ Recording', 'download-recording', 'Download the recording as a replay (.json.gz): the last game day (up to 30 game hours), or everything since the page opened if less', () => void attempt(actions.downloadRecording));
  panelBox.body.append(demoBtn, openBtn, downloadBtn, fileInput, el('div', 'replay-hint', 'or drop a replay or a Smallville folder on the town'));

  // --- replay bar ---
  const bar = el('div', 'replay-bar');
  bar.hidden = true;
  const head = el('div', 'replay-head');
  const title = el('span', 'replay-title');
  const notice = el('span', 'replay-notice');
  const forkBtn = button('→ Continue live from here', 'fork', 'Leave the replay and let the town live on from this moment', () => {
    const s = store.getState();
    if (!confirmReplace(forkBtn, actions.unsavedMinutes(), 'Continuing live from here', (t) => (forkStatus.textContent = t))) return;
    forkBtn.disabled = true;
    void attempt(() => actions.fork(s.step, (t) => (forkStatus.textContent = t))).finally(() => {
      forkBtn.disabled = false;
      forkStatus.textContent = '';
    });
  });
  const forkStatus = el('span', 'replay-fork-status');
  const closeBtn = button('✕ Back to the live town', 'close-replay', 'Close the replay; the live town goes on where it was', () => mode.close());
  // Compare with another replay: where each persona first parts (src/ui/replayCompare.ts, loaded on first use).
  const compareInput = Object.assign(el('input'), { type: 'file', hidden: true, name: 'compare-replay-file', accept: '.gz,.json,application/gzip,application/json' });
  compareInput.addEventListener('change', () => {
    const [file] = [...(compareInput.files ?? [])];
    compareInput.value = '';
    const shown = mode.replay;
    if (!file || !shown) return;
    void attempt(async () => {
      const { showReplayCompare } = await import('../replayCompare');
      await showReplayCompare(shown, pickedOf(file), (b) => mode.showGhosts(b));
    });
  });
  const compareBtn = button('⇄ Compare with…', 'compare-replay', 'Pick another replay: the first step each persona differs at', () => compareInput.click());
  head.append(title, notice, forkStatus, compareBtn, forkBtn, closeBtn, compareInput);

  const controls = el('div', 'replay-controls');
  const back = button('⏮', 'step-back', 'One step back (←; shift: one hour)', () => mode.stepBy(-1));
  const playBtn = button('▶', 'play', 'Play / pause (space)', () => mode.toggle());
  const fwd = button('⏭', 'step-forward', 'One step forward (→; shift: one hour)', () => mode.stepBy(1));
  const speed = el('select', 'replay-speed');
  speed.name = 'replay-speed';
  speed.title = 'Playback speed: steps of ten game seconds per real second';
  for (const s of REPLAY_SPEEDS) {
    const o = el('option', undefined, `${s}×`);
    o.value = String(s);
    speed.append(o);
  }
  speed.addEventListener('change', () => mode.setSpeed(Number(speed.value)));
  const clock = el('span', 'replay-clock');
  const stepInfo = el('span', 'replay-step');
  controls.append(back, playBtn, fwd, speed, clock, stepInfo);

  const timeline = el('div', 'replay-timeline');
  const marks = el('div', 'replay-marks');
  const scrub = el('input', 'replay-scrub');
  scrub.type = 'range';
  scrub.name = 'replay-scrub';
  scrub.step = '1';
  scrub.setAttribute('aria-label', 'Replay timeline');
  scrub.addEventListener('input', () => mode.seek(Number(scrub.value)));
  timeline.append(marks, scrub);
  bar.append(head, controls, timeline);

  // --- drop anywhere ---
  const dropZone = el('div', 'replay-drop', 'Drop a replay (.json.gz), a saved game (.hamlet.json.gz), a Smallville demo folder or an experiment’s results');
  dropZone.hidden = true;
  let dragDepth = 0;
  const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    dragDepth++;
    dropZone.hidden = false;
  });
  window.addEventListener('dragleave', () => {
    dragDepth = Math.max(0, dragDepth - 1);
    if (dragDepth === 0) dropZone.hidden = true;
  });
  window.addEventListener('dragover', (e) => {
    if (hasFiles(e)) e.preventDefault();
  });
  window.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    dragDepth = 0;
    dropZone.hidden = true;
    const data = e.dataTransfer;
    const plainFiles = [...(data?.files ?? [])];
    // A saved game (.hamlet.json.gz) is the saves feature's to import (src/ui/saves.ts).
    if (!data || (plainFiles.length === 1 && /\.hamlet\.json(\.gz)?$/i.test(plainFiles[0]?.name ?? ''))) return;
    const folder = [...data.items].some((i) => i.webkitGetAsEntry?.()?.isDirectory);
    void attempt(async () => {
      // An experiment's results go to the Experiments panel; anything else is read as a replay.
      const dropped = await filesOfDrop(data, (n) => replayPart(n) || /\.(csv|html?)$/i.test(n));
      if (isExperimentDrop(dropped)) return actions.openExperiment(dropped);
      let files = folder ? dropped.filter((f) => replayPart(f.name.split('/').pop() ?? f.name)) : dropped;
      if (folder) {
        files = preferSmallvillePair(files);
        if (files.length === 0) throw new Error('The dropped folder holds no replay: no .json.gz file, and no Smallville meta.json + master_movement.json.');
      }
      await actions.openFiles(files);
    });
  });

  const layout = pageLayout();
  layout.slot('left').append(panel);
  layout.slot('bottom').append(bar);
  // A replay's error belongs to it: back to the live town (or into another replay), it goes.
  store.subscribe((s, prev) => {
    if (s.mode !== prev.mode) errorBox.hidden = true;
    // A comparison belongs to the replay it was opened on.
    if (s.replay?.player !== prev.replay?.player) document.querySelector('.replay-compare-dialog')?.remove();
  });
  layout.slot('top').append(errorBox);
  root.append(dropZone);

  // --- keyboard in replay mode (before the live HUD's keys) ---
  window.addEventListener(
    'keydown',
    (e) => {
      if (!mode.active) return;
      // Typing in a field is left alone; the timeline itself takes the replay's keys (shift+arrows = an hour).
      if ((e.target instanceof HTMLInputElement && e.target !== scrub) || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
      const hour = Math.round(3600 / (mode.replay?.stepSeconds ?? 10));
      if (e.code === 'Space') mode.toggle();
      else if (e.code === 'ArrowLeft') mode.stepBy(e.shiftKey ? -hour : -1);
      else if (e.code === 'ArrowRight') mode.stepBy(e.shiftKey ? hour : 1);
      else if (/^Digit[1-5]$/.test(e.code)) mode.setSpeed(at(KEY_SPEEDS, Number(e.code.slice(5)) - 1, 'speed key'));
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    { capture: true },
  );

  // --- render ---
  let marksFor: unknown = null;
  const render = () => {
    const s = store.getState();
    const r = s.replay;
    document.body.classList.toggle('replay-mode', s.mode === 'replay');
    panel.hidden = s.mode === 'replay' || s.phase !== 'ready';
    bar.hidden = !r;
    if (!r) return;
    if (marksFor !== r.player) {
      marksFor = r.player;
      title.textContent = r.title;
      notice.textContent = r.notice ?? '';
      notice.hidden = !r.notice;
      forkBtn.disabled = !!r.whyNotForkable;
      forkBtn.title = r.whyNotForkable ?? 'Leave the replay and let the town live on from this moment';
      scrub.min = String(r.firstStep);
      scrub.max = String(r.lastStep);
      marks.replaceChildren(
        ...timelineMarks(r.firstStep, r.lastStep, (n) => r.player.timeOf(n)).map((m) => {
          const tick = el('div', `replay-mark ${m.kind}`, m.label);
          tick.style.left = `${m.at * 100}%`;
          if (m.label) {
            // A labelled hour or day is a place to go to: a click (or Enter) seeks there.
            const step = Math.round(r.firstStep + m.at * (r.lastStep - r.firstStep));
            tick.setAttribute('role', 'button');
            tick.tabIndex = 0;
            tick.title = `Go to ${m.label}`;
            tick.addEventListener('click', () => mode.seek(step));
            tick.addEventListener('keydown', (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                mode.seek(step);
              }
            });
          }
          return tick;
        }),
      );
    }
    if (document.activeElement !== scrub || !scrub.matches(':active')) scrub.value = String(s.step);
    playBtn.textContent = r.playing ? '⏸' : '▶';
    playBtn.title = r.playing ? 'Pause (space)' : 'Play (space)';
    if (speed.value !== String(r.speed)) speed.value = String(r.speed);
    clock.textContent = `${formatDate(s.time)} · ${formatHHMM(s.time)}`;
    stepInfo.textContent = `step ${s.step - r.firstStep} of ${r.lastStep - r.firstStep}`;
  };
  store.subscribe(render);
  render();
  return { showError };
}

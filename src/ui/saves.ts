import { isSaveFileName, type SavesController } from '../app/saves';
import { downloadBytes } from '../app/download';
import type { SlotInfo } from '../save/slots';
import { formatDate, formatHHMM } from '../sim/clock';
import { isTyping } from './inspector/keys';
import { pageLayout } from './layout';
import { confirmReplace } from './unsaved';
import { barButton } from './hud';
import { el } from './dom';

function button(text: string, name: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'saves-btn', text);
  b.name = name;
  b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

/** A save's name with the game it belongs to ("Before lunch — Tester in Hamlet"); an autosave's name says it already. */
export function slotLabel(s: SlotInfo): string {
  return s.title && !s.name.includes(s.title) ? `${s.name} — ${s.title}` : s.name;
}

const mb = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1e3))} KB`);

function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/**
 * The top bar's 💾 Saves button and its dialog: save under a name, the list of saves (autosaves
 * marked) with Load, export and Delete, export the current game, import a file (or drop a
 * `.hamlet.json.gz` on the town). Errors are shown in the dialog; a refused save changes nothing.
 */
export function mountSaves(bar: HTMLElement, api: SavesController, currentName: () => string): { open(): void; close(): void } {
  const openBtn = barButton('💾', 'Saves', 'Save, load, export or import a game');
  openBtn.name = 'saves';
  bar.append(openBtn);

  const panel = el('div', 'saves');
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Saves');
  const head = el('div', 'saves-head');
  const title = el('h2', undefined, 'Saves');
  const closeBtn = button('✕', 'close-saves', 'Close (Esc)', () => close());
  head.append(title, closeBtn);

  const form = el('form', 'saves-form');
  const nameInput = el('input');
  nameInput.name = 'save-name';
  nameInput.maxLength = 80;
  nameInput.placeholder = 'Name of the save';
  nameInput.autocomplete = 'off';
  const saveBtn = el('button', 'saves-btn saves-primary', 'Save');
  saveBtn.type = 'submit';
  saveBtn.name = 'save';
  form.append(nameInput, saveBtn);

  const status = el('div', 'saves-status');
  status.setAttribute('role', 'status');
  const list = el('ul', 'saves-list');

  const fileInput = el('input');
  fileInput.type = 'file';
  fileInput.accept = '.gz,.json,application/gzip,application/json';
  fileInput.name = 'save-file';
  fileInput.hidden = true;
  const foot = el('div', 'saves-foot');
  foot.append(
    button('⬇ Export this game', 'export-current', 'Download the running town as a .hamlet.json.gz file', () =>
      void run('Exporting…', async () => {
        const f = await api.exportCurrent();
        downloadBytes(f.bytes, 'application/gzip', f.fileName);
        return `Exported ${f.fileName} (${mb(f.bytes.length)}).`;
      }),
    ),
    button('📂 Import a save…', 'import', 'Load a .hamlet.json.gz file', () => fileInput.click()),
    fileInput,
    el('div', 'saves-hint', `Autosaves every game hour (the last 3 of each game are kept). Drop a .hamlet.json.gz on the town to import it.`),
  );
  panel.append(head, form, status, list, foot);
  // Opened by the player: the right slot, above the persona panel, like the brain settings (docs/ui-layout.md).
  pageLayout().slot('right').prepend(panel);

  let busy = false;
  const setStatus = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };
  /** One action at a time; its outcome (or its error, as text) in the status line. */
  async function run(pending: string, action: () => Promise<string>): Promise<void> {
    if (busy) return;
    busy = true;
    panel.classList.add('busy');
    setStatus(pending);
    try {
      setStatus(await action());
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err), true);
    } finally {
      busy = false;
      panel.classList.remove('busy');
      await render();
    }
  }

  function row(s: SlotInfo): HTMLLIElement {
    const li = el('li', s.auto ? 'saves-row auto' : 'saves-row');
    li.dataset.name = s.name;
    const text = el('div', 'saves-text');
    text.append(el('div', 'saves-name', slotLabel(s)), el('div', 'saves-meta', `${formatDate(s.time).replace(/, \d{4}$/, '')} ${formatHHMM(s.time)} · ${s.personas} personas · saved ${ago(s.savedAt)} · ${mb(s.bytes)}`));
    let confirming = false;
    const del = button('Delete', 'delete', `Delete "${s.name}"`, () => {
      if (!confirming) {
        confirming = true;
        del.textContent = 'Sure?';
        del.classList.add('danger');
        return;
      }
      void run('Deleting…', async () => {
        await api.delete(s.name);
        return `Deleted "${s.name}".`;
      });
    });
    const actions = el('div', 'saves-actions');
    const load = button('Load', 'load', `Continue from "${s.name}"`, () => {
      // The running town's game time since its last save would be lost: said first, then a second click loads.
      if (!confirmReplace(load, api.unsavedMinutes(), `Loading "${s.name}"`, (t) => setStatus(t, true))) {
        load.textContent = 'Load anyway';
        return;
      }
      void run(`Loading "${s.name}"…`, async () => {
        await api.load(s.name);
        return `Loaded "${s.name}".`;
      });
    });
    actions.append(
      load,
      button('⬇', 'export', `Download "${s.name}" as a file`, () =>
        void run('Exporting…', async () => {
          const f = await api.exportSlot(s.name);
          downloadBytes(f.bytes, 'application/gzip', f.fileName);
          return `Exported ${f.fileName}.`;
        }),
      ),
      del,
    );
    li.append(text, actions);
    return li;
  }

  async function render(): Promise<void> {
    let slots: SlotInfo[];
    try {
      slots = await api.listSaves();
    } catch (err) {
      setStatus(`Saves are not available in this browser: ${err instanceof Error ? err.message : String(err)}`, true);
      return;
    }
    list.replaceChildren(...(slots.length ? slots.map(row) : [el('li', 'saves-empty', 'No saves yet.')]));
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const name = nameInput.value.trim() || currentName();
    void run(`Saving "${name}"…`, async () => {
      const s = await api.save(name);
      nameInput.value = '';
      return `Saved "${s.name}" (${mb(s.bytes)}).`;
    });
  });

  fileInput.addEventListener('change', () => {
    const f = fileInput.files?.[0];
    fileInput.value = '';
    if (f) importFile(f);
  });

  function importFile(f: File): void {
    open();
    void run(`Importing ${f.name}…`, async () => {
      const s = await api.importFile(new Uint8Array(await f.arrayBuffer()), f.name);
      return `Imported and loaded "${s.name}".`;
    });
  }

  // A save dropped on the town is imported (the replay feature's drop leaves saves to this one).
  window.addEventListener('drop', (e) => {
    const files = [...(e.dataTransfer?.files ?? [])];
    const [file] = files;
    if (files.length !== 1 || !file || !isSaveFileName(file.name)) return;
    e.preventDefault();
    importFile(file);
  });

  function open(): void {
    panel.hidden = false;
    nameInput.placeholder = currentName();
    void render();
  }
  function close(): void {
    panel.hidden = true;
  }
  openBtn.addEventListener('click', () => (panel.hidden ? open() : close()));
  window.addEventListener('keydown', (e) => {
    if (e.code === 'Escape' && !panel.hidden && !isTyping(e.target)) close();
  });
  api.setDialog(open);
  return { open, close };
}

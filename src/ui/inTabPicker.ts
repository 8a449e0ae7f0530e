import { inTabRuntime } from '../llm/inTab/inTab';
import { CATALOGUE, formatBytes, inTabState, modelLabel, type InTabPhase } from '../llm/inTab/models';
import { describeSpeed } from '../llm/inTab/speed';
import { el } from './dom';

/** The custom-URL choice's radio value. */
const OTHER = 'other';

/**
 * ⚙ Brain's "A model in this tab": the catalogue of small instruct models with their download
 * sizes and a field for any GGUF URL; the size said plainly on the download button (the host's
 * answer to a HEAD request, else the catalogue's figure); the download's progress and a Cancel; the
 * model's measured speed and the game speed it keeps up with; the models stored in this browser with
 * the space they take and a Delete each. Everything a host or a model says is set as text.
 */
export function mountInTabPicker(personaCount: () => number): { el: HTMLElement; selectedUrl: () => string | null; select: (url: string) => void; refresh: () => void } {
  const root = el('div', 'intab');
  root.append(el('p', 'intab-intro', 'Runs a small language model on this computer’s processor, inside this tab: no server, no key. It is downloaded once, kept by the browser, and the next visit starts at once. Small models are slow on a CPU and make odd choices; the offline brain answers whatever they cannot.'));

  const list = el('div', 'intab-list');
  list.setAttribute('role', 'radiogroup');
  const radios: HTMLInputElement[] = [];
  const option = (value: string, label: string, detail: string) => {
    const row = el('label', 'intab-option');
    const r = Object.assign(el('input'), { type: 'radio', name: 'intab-model', value });
    radios.push(r);
    const text = el('span');
    text.append(el('b', undefined, label), el('small', undefined, detail));
    row.append(r, text);
    list.append(row);
    return row;
  };
  for (const m of CATALOGUE) option(m.url, m.label, `${formatBytes(m.bytes)} · ${m.note}`);
  option(OTHER, 'Another GGUF file', 'any URL ending in .gguf that allows this page to fetch it (CORS)');
  const other = Object.assign(el('input'), { type: 'url', name: 'intabUrl', placeholder: 'https://…/model.gguf', autocomplete: 'off' });
  other.className = 'intab-url';
  list.append(other);
  (radios[1] ?? radios[0])?.click();

  const download = Object.assign(el('button', 'intab-download'), { type: 'button', name: 'intabDownload' });
  const cancel = Object.assign(el('button', undefined, 'Cancel'), { type: 'button', name: 'intabCancel', hidden: true });
  const progress = Object.assign(el('progress', 'intab-progress'), { max: 1, value: 0, hidden: true });
  const state = el('p', 'intab-state');
  state.setAttribute('role', 'status');
  const stored = el('div', 'intab-stored');
  const actions = el('div', 'set-buttons');
  actions.append(download, cancel);
  root.append(list, actions, progress, state, stored);

  const selectedUrl = (): string | null => {
    const v = radios.find((r) => r.checked)?.value;
    if (v !== OTHER) return v ?? null;
    const u = other.value.trim();
    return u || null;
  };
  let cached = new Map<string, number>();
  let sizeRun = 0;

  /** The download button says what it will fetch and how big it is, before anything is fetched. */
  const showDownload = async () => {
    const url = selectedUrl();
    const phase = inTabState.getState().phase;
    const busy = phase.state === 'downloading' || phase.state === 'loading' || phase.state === 'measuring';
    download.hidden = busy;
    cancel.hidden = phase.state !== 'downloading';
    if (!url) {
      download.disabled = true;
      download.textContent = 'Download';
      return;
    }
    if (!/\.gguf([?#].*)?$/i.test(url) || !/^https?:\/\//i.test(url)) {
      download.disabled = true;
      download.textContent = 'Download';
      state.textContent = `"${url}" is not the URL of a .gguf file.`;
      return;
    }
    if (cached.has(url)) {
      download.disabled = true;
      download.textContent = `Stored in this browser (${formatBytes(cached.get(url) ?? 0)})`;
      return;
    }
    download.disabled = false;
    const known = CATALOGUE.find((m) => m.url === url);
    download.textContent = known ? `Download ${formatBytes(known.bytes)}` : 'Download (size: asking…)';
    const run = ++sizeRun;
    const rt = await inTabRuntime();
    const size = await rt.sizeOf(url);
    if (run !== sizeRun || selectedUrl() !== url || cached.has(url)) return;
    download.textContent = size ? `Download ${formatBytes(size.bytes)}` : 'Download (the host does not say its size)';
  };

  const refreshStored = async () => {
    const rt = await inTabRuntime();
    const models = await rt.cachedModels().catch(() => []);
    cached = new Map(models.map((m) => [m.url, m.bytes]));
    stored.replaceChildren(el('p', 'intab-space', rt.describeCached(models)));
    const ul = el('ul', 'intab-stored-list');
    for (const m of models) {
      const li = el('li');
      const del = Object.assign(el('button', undefined, 'Delete'), { type: 'button', name: 'intabDelete' });
      del.addEventListener('click', async () => {
        del.disabled = true;
        await rt.removeModel(m.url);
        await refreshStored();
      });
      li.append(el('span', undefined, `${modelLabel(m.url)} · ${formatBytes(m.bytes)}`), del);
      ul.append(li);
    }
    if (models.length) stored.append(ul);
    void showDownload();
  };

  const showPhase = (phase: InTabPhase) => {
    progress.hidden = phase.state !== 'downloading';
    if (phase.state === 'downloading') {
      progress.max = Math.max(1, phase.total);
      progress.value = phase.loaded;
      const pct = phase.total > 0 ? ` (${Math.floor((100 * phase.loaded) / phase.total)} %)` : '';
      state.textContent = `Downloading ${modelLabel(phase.url)}: ${formatBytes(phase.loaded)} of ${phase.total > 0 ? formatBytes(phase.total) : '?'}${pct}`;
    } else if (phase.state === 'loading') state.textContent = `Loading ${modelLabel(phase.url)} …`;
    else if (phase.state === 'measuring') state.textContent = `Measuring ${modelLabel(phase.url)}’s speed (a short warm-up) …`;
    else if (phase.state === 'ready') state.textContent = `${modelLabel(phase.url)} is loaded (${phase.threads} thread${phase.threads === 1 ? '' : 's'}): ${describeSpeed(phase.speed, personaCount())}.`;
    else if (phase.state === 'error') state.textContent = phase.message;
    else state.textContent = '';
    root.dataset.phase = phase.state;
    void showDownload();
  };
  inTabState.subscribe((s, prev) => {
    if (s.phase !== prev.phase) {
      showPhase(s.phase);
      if (s.phase.state !== prev.phase.state && (s.phase.state === 'ready' || s.phase.state === 'idle' || s.phase.state === 'error')) void refreshStored();
    }
  });

  download.addEventListener('click', async () => {
    const url = selectedUrl();
    if (!url) return;
    const rt = await inTabRuntime();
    const done = await rt.downloadModel(url);
    if (!done.ok) state.textContent = done.error === 'download cancelled' ? 'Download cancelled: nothing was kept.' : done.error;
  });
  cancel.addEventListener('click', () => void inTabRuntime().then((rt) => rt.cancelDownload()));
  for (const r of radios) r.addEventListener('change', () => void showDownload());
  other.addEventListener('input', () => {
    const o = radios.find((r) => r.value === OTHER);
    if (o && !o.checked) o.checked = true;
    state.textContent = '';
    void showDownload();
  });

  return {
    el: root,
    selectedUrl,
    /** Preselect a model (the saved one): its catalogue entry, or the URL field. */
    select: (url) => {
      const r = radios.find((x) => x.value === url) ?? radios.find((x) => x.value === OTHER);
      if (r) r.checked = true;
      if (r?.value === OTHER) other.value = url;
    },
    refresh: () => {
      showPhase(inTabState.getState().phase);
      void refreshStored();
    },
  };
}

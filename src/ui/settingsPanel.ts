import { pageLayout } from './layout';
import { MAX_CONCURRENCY, PRESETS, configFromPreset, publicConfig, type LlmConfig, type PresetName } from '../llm/config';
import type { ProbeResult } from '../llm/client';
import { probeEndpoint } from '../llm/modelClient';
import { IN_TAB_BASE_URL, inTabRuntime, isInTab } from '../llm/inTab/inTab';
import { modelLabel } from '../llm/inTab/models';
import { mountInTabPicker } from './inTabPicker';
import { keepKey, loadSettings, saveSettings, sessionKey, type SavedSettings } from './settingsStore';

function field(label: string, input: HTMLElement, hint?: string): HTMLLabelElement {
  const l = document.createElement('label');
  l.className = 'set-field';
  const span = document.createElement('span');
  span.textContent = label;
  l.append(span, input);
  if (hint) {
    const h = document.createElement('small');
    h.textContent = hint;
    l.append(h);
  }
  return l;
}

function input(type: string, value: string, name: string): HTMLInputElement {
  const i = document.createElement('input');
  i.type = type;
  i.value = value;
  i.name = name;
  i.autocomplete = 'off';
  return i;
}

/** A call's deadline for a model in this tab: a packed day plan is several hundred tokens at a few a second on a laptop CPU. */
const IN_TAB_TIMEOUT_S = 180;

/** How many model ids "Test connection" lists (the rest are in the Model field's suggestions). */
const MODELS_LISTED = 12;

/** The built panel: opened, and told what became of a choice made elsewhere. */
export interface SettingsPanel {
  open(preset?: unknown): void;
  say(text: string): void;
}

/**
 * The settings panel: pick a preset or type an endpoint, model and optional key; test the connection
 * (the models the endpoint offers, or the exact error); apply to switch the town to the LLM brain, or
 * go back to the offline brain (`offline`, settings.ts's, also the endpoint banner's). Built when
 * first opened (settings.ts `mountSettings`): a lazy chunk with the in-tab model picker.
 */
export function buildSettingsPanel(apply: (config: LlmConfig | null) => void, proxy: { model: string } | null, personaCount: () => number, offline: () => void): SettingsPanel {
  const panel = document.createElement('div');
  panel.className = 'settings';
  panel.hidden = true;
  const title = document.createElement('h2');
  title.textContent = 'Brain settings';
  const saved = loadSettings();
  const presetSel = document.createElement('select');
  presetSel.name = 'preset';
  const presets: [string, string][] = [...(proxy ? [['proxy', 'Dev server proxy (key stays on the server)'] as [string, string]] : []), ['in-tab', 'A model in this tab (no server, no key)'], ...Object.entries(PRESETS).map(([k, v]) => [k, v.label] as [string, string]), ['custom', 'Custom']];
  for (const [value, label] of presets) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    presetSel.append(o);
  }
  const base = saved?.config ?? { ...configFromPreset('ollama'), ...(proxy ? { baseURL: `${location.origin}/llm-proxy`, model: proxy.model } : {}) };
  presetSel.value = saved?.preset ?? (proxy ? 'proxy' : 'ollama');
  const url = input('url', base.baseURL, 'baseURL');
  const model = input('text', base.model, 'model');
  // The models the last "Test connection" found, offered as the Model field's suggestions.
  const offered = document.createElement('datalist');
  offered.id = 'hamlet-models';
  model.setAttribute('list', offered.id);
  const key = input('password', sessionKey() ?? '', 'apiKey');
  const remember = input('checkbox', '', 'rememberKey');
  remember.checked = sessionKey() !== undefined;
  const temp = input('number', String(base.temperature), 'temperature');
  temp.step = '0.1';
  const conc = input('number', String(base.concurrency), 'concurrency');
  const timeout = input('number', String(Math.round(base.timeoutMs / 1000)), 'timeout');
  const budget = input('number', String(base.tokenBudgetPerDay), 'budget');
  const embedModel = input('text', base.embeddingModel ?? '', 'embeddingModel');
  const mode = document.createElement('select');
  mode.name = 'structuredOutput';
  for (const m of ['json_schema', 'json_object', 'none']) {
    const o = document.createElement('option');
    o.value = m;
    o.textContent = m === 'none' ? 'prompt only (tolerant parsing)' : m;
    mode.append(o);
  }
  mode.value = base.structuredOutput;
  const calls = document.createElement('select');
  calls.name = 'callPlan';
  for (const [value, label] of [
    ['packed', 'packed: fewer, larger calls (about a tenth of the tokens)'],
    ['faithful', "faithful: one call per Smallville question (the paper's cost)"],
  ] as const) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    calls.append(o);
  }
  // Settings saved before call plans existed have none: packed, the default on a model.
  calls.value = base.callPlan ?? 'packed';

  const picker = mountInTabPicker(personaCount);
  if (saved && isInTab(saved.config.baseURL)) picker.select(saved.config.model);
  /** The fields of an endpoint, hidden while the model is in this tab (it has no URL, key, concurrency or embeddings). */
  const endpointOnly: HTMLElement[] = [];
  const showKind = () => {
    const inTab = presetSel.value === 'in-tab';
    picker.el.hidden = !inTab;
    test.hidden = inTab;
    for (const f of endpointOnly) f.hidden = inTab;
    if (inTab) picker.refresh();
  };
  presetSel.addEventListener('change', () => {
    const v = presetSel.value;
    if (v === 'in-tab' && Number(timeout.value) < IN_TAB_TIMEOUT_S) timeout.value = String(IN_TAB_TIMEOUT_S);
    showKind();
    if (v === 'proxy') {
      url.value = `${location.origin}/llm-proxy`;
      model.value = proxy?.model ?? model.value;
    } else if (v in PRESETS) {
      const p = PRESETS[v as PresetName];
      url.value = p.baseURL;
      model.value = p.model;
      embedModel.value = p.embeddingModel;
      mode.value = p.structuredOutput;
    }
  });

  const status = document.createElement('p');
  status.className = 'set-status';
  const useLlm = document.createElement('button');
  useLlm.textContent = 'Use this model';
  useLlm.name = 'apply';
  const useOffline = document.createElement('button');
  useOffline.textContent = 'Use the offline brain';
  useOffline.name = 'offline';
  const test = document.createElement('button');
  test.textContent = 'Test connection';
  test.name = 'test';
  test.type = 'button';
  const close = document.createElement('button');
  close.textContent = 'Close';
  const buttons = document.createElement('div');
  buttons.className = 'set-buttons';
  buttons.append(useLlm, test, useOffline, close);
  // What "Test connection" found: the models offered, or the error (text only: it quotes the endpoint).
  const tested = document.createElement('div');
  tested.className = 'set-test';
  tested.setAttribute('role', 'status');

  const read = (): LlmConfig => {
    const preset = presetSel.value;
    const price = preset in PRESETS ? PRESETS[preset as PresetName].price : { input: 0, output: 0 };
    const common = {
      temperature: Math.min(2, Math.max(0, Number(temp.value) || 0)),
      timeoutMs: Math.max(1, Number(timeout.value) || 60) * 1000,
      tokenBudgetPerDay: Math.max(0, Math.round(Number(budget.value) || 0)),
      callPlan: calls.value === 'faithful' ? ('faithful' as const) : ('packed' as const),
    };
    // In this tab: one call at a time (one context slot), JSON by grammar from the schema, the local embedding.
    if (preset === 'in-tab') return { ...common, baseURL: IN_TAB_BASE_URL, model: picker.selectedUrl() ?? '', concurrency: 1, structuredOutput: 'json_schema', embeddingModel: '', price };
    return {
      baseURL: url.value.trim().replace(/\/$/, ''),
      model: model.value.trim(),
      apiKey: key.value.trim() || undefined,
      temperature: Math.min(2, Math.max(0, Number(temp.value) || 0)),
      concurrency: Math.min(MAX_CONCURRENCY, Math.max(1, Math.round(Number(conc.value) || 1))),
      timeoutMs: Math.max(1, Number(timeout.value) || 60) * 1000,
      tokenBudgetPerDay: Math.max(0, Math.round(Number(budget.value) || 0)),
      structuredOutput: mode.value as LlmConfig['structuredOutput'],
      embeddingModel: embedModel.value.trim(),
      price,
      callPlan: calls.value === 'faithful' ? 'faithful' : 'packed',
    };
  };

  /** The typed settings, or null (and why, in the status line) when the URL is not one. */
  const readChecked = (): LlmConfig | null => {
    const c = read();
    try {
      new URL(c.baseURL);
    } catch {
      status.textContent = `"${c.baseURL}" is not a URL.`;
      return null;
    }
    return c;
  };

  let testRun = 0;
  test.addEventListener('click', () => {
    const c = readChecked();
    if (!c) return;
    const run = ++testRun;
    test.disabled = true;
    tested.classList.remove('error');
    tested.replaceChildren(`Testing ${c.baseURL} …`);
    void probeEndpoint(c).then((r) => {
      if (run !== testRun) return;
      test.disabled = false;
      showTest(c, r);
    });
  });
  const showTest = (c: LlmConfig, r: ProbeResult) => {
    tested.classList.toggle('error', !r.ok);
    if (!r.ok) {
      tested.replaceChildren(`Cannot use ${c.baseURL}: ${r.error}`);
      return;
    }
    offered.replaceChildren(...r.models.map((id) => Object.assign(document.createElement('option'), { value: id })));
    if (r.models.length === 0) {
      tested.replaceChildren(`${c.baseURL} answers (it does not list its models).`);
      return;
    }
    const head = document.createElement('p');
    head.textContent = `${c.baseURL} answers and offers ${r.models.length} model${r.models.length === 1 ? '' : 's'}${c.model && !r.models.includes(c.model) ? `; "${c.model}" is not among them` : ''}:`;
    const list = document.createElement('ul');
    list.className = 'set-models';
    for (const id of r.models.slice(0, MODELS_LISTED)) {
      const li = document.createElement('li');
      li.textContent = id;
      list.append(li);
    }
    if (r.models.length > MODELS_LISTED) {
      const more = document.createElement('li');
      more.textContent = `and ${r.models.length - MODELS_LISTED} more (suggested in the Model field)`;
      list.append(more);
    }
    tested.replaceChildren(head, list);
  };

  useLlm.addEventListener('click', () => {
    if (presetSel.value === 'in-tab') return void useInTab();
    const c = readChecked();
    if (!c) return;
    if (!c.model) {
      status.textContent = 'Name a model.';
      return;
    }
    keepKey(remember.checked ? c.apiKey : undefined);
    saveSettings({ enabled: true, preset: presetSel.value as SavedSettings['preset'], config: publicConfig(c) });
    apply(c);
    status.textContent = `Using ${c.model} at ${c.baseURL}.`;
  });
  /** A model in this tab is loaded (from the browser's cache) before the town is handed to it. */
  const useInTab = async () => {
    const c = read();
    if (!c.model) {
      status.textContent = 'Pick a model and download it first.';
      return;
    }
    useLlm.disabled = true;
    status.textContent = `Loading ${modelLabel(c.model)} …`;
    const ready = await (await inTabRuntime()).ensureLoaded(c.model);
    useLlm.disabled = false;
    if (!ready.ok) {
      status.textContent = ready.error;
      return;
    }
    saveSettings({ enabled: true, preset: 'in-tab', config: publicConfig(c) });
    apply(c);
    status.textContent = `Using ${modelLabel(c.model)} in this tab.`;
  };
  useOffline.addEventListener('click', offline);
  close.addEventListener('click', () => (panel.hidden = true));

  const baseField = field('Base URL', url, 'Any OpenAI-compatible endpoint');
  const modelField = field('Model', model);
  const keyField = field('API key (optional)', key, 'Kept in memory; never saved with settings, replays or logs');
  const rememberField = field('Remember the key for this tab', remember);
  const concField = field('Concurrent calls', conc);
  const modeField = field('Ask for JSON by', mode);
  const embedField = field('Embedding model', embedModel, 'For memory relevance; leave blank to use the local embedding');
  endpointOnly.push(baseField, modelField, keyField, rememberField, concField, modeField, embedField);
  panel.append(
    title,
    field('Provider', presetSel),
    picker.el,
    baseField,
    modelField,
    offered,
    keyField,
    rememberField,
    field('Temperature', temp),
    concField,
    field('Timeout (s)', timeout),
    field('Token budget per game day (0 = none)', budget),
    modeField,
    embedField,
    field('Call plan', calls, 'How the town asks the model; ?calls= in the address overrides it'),
    buttons,
    tested,
    status,
  );
  // Settings open in the right slot, above the persona panel (src/ui/layout.ts).
  pageLayout().slot('right').prepend(panel);
  showKind();
  return {
    open: (preset?: unknown) => {
      // Also a click handler (its argument is then the event): only the in-tab preset is taken.
      if (preset === 'in-tab' && presetSel.value !== preset) {
        presetSel.value = preset;
        presetSel.dispatchEvent(new Event('change'));
      }
      panel.hidden = false;
      if (presetSel.value === 'in-tab') picker.refresh();
    },
    say: (text) => (status.textContent = text),
  };
}

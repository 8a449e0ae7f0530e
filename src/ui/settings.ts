import { publicConfig, type LlmConfig, type PresetName } from '../llm/config';

const STORAGE = 'hamlet.llm.settings';
const KEY_STORAGE = 'hamlet.llm.key';

export interface SavedSettings {
  enabled: boolean;
  preset: PresetName | 'proxy' | 'custom' | 'in-tab';
  config: Omit<LlmConfig, 'apiKey'>;
}

/** Settings without the key, from localStorage; a typed key lives in memory or, if asked, sessionStorage. */
export function loadSettings(): SavedSettings | null {
  try {
    const raw = localStorage.getItem(STORAGE);
    return raw ? (JSON.parse(raw) as SavedSettings) : null;
  } catch {
    return null;
  }
}

export function saveSettings(s: SavedSettings): void {
  localStorage.setItem(STORAGE, JSON.stringify({ ...s, config: publicConfig(s.config as LlmConfig) }));
}

export function sessionKey(): string | undefined {
  return sessionStorage.getItem(KEY_STORAGE) ?? undefined;
}

/** Keep a typed key for this tab (sessionStorage), or forget it (undefined). */
export function keepKey(apiKey: string | undefined): void {
  if (apiKey) sessionStorage.setItem(KEY_STORAGE, apiKey);
  else sessionStorage.removeItem(KEY_STORAGE);
}

/** The built panel (settingsPanel.ts): opened, and told what became of a choice made elsewhere. */
export interface SettingsPanel {
  open(preset?: unknown): void;
  say(text: string): void;
}

/**
 * The brain settings (settingsPanel.ts): the panel is built when first opened, so its fields, the
 * endpoint test and the in-tab model picker stay out of the page's first load. `useOffline` (the
 * panel's button, the endpoint banner's) needs no panel.
 */
export function mountSettings(apply: (config: LlmConfig | null) => void, proxy: { model: string } | null, personaCount: () => number = () => 25): { open: (preset?: 'in-tab') => void; useOffline: () => void } {
  let panel: Promise<SettingsPanel> | null = null;
  const useOffline = () => {
    const prev = loadSettings();
    if (prev) saveSettings({ ...prev, enabled: false });
    apply(null);
    void panel?.then((p) => p.say('Using the offline brain.'));
  };
  const build = async () => {
    const { buildSettingsPanel } = await import('./settingsPanel');
    return buildSettingsPanel(apply, proxy, personaCount, useOffline);
  };
  const built = () => (panel ??= build());
  return {
    // Also a click handler (its argument is then the event): the panel takes only the in-tab preset.
    open: (preset?: unknown) => void built().then((p) => p.open(preset)),
    useOffline,
  };
}

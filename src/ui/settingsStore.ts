import { publicConfig, type LlmConfig, type PresetName } from '../llm/config';

// The brain settings as stored: the panel (settingsPanel.ts) writes them, the page reads them on load.

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

import type { LlmConfig } from '../llm/config';
import { loadSettings, saveSettings } from './settingsStore';
import type { SettingsPanel } from './settingsPanel';

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

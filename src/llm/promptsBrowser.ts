import { loadPromptsFromRecord, type Template } from './prompts';

/** prompts/*.txt bundled as strings by Vite at build time. */
const FILES = import.meta.glob('../../prompts/*.txt', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The templates in the browser bundle (parsed, and checked, on first use). */
export function loadPromptsBrowser(): Map<string, Template> {
  return loadPromptsFromRecord(FILES);
}

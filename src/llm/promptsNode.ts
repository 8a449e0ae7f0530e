import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPromptsFromRecord, type Template } from './prompts';

/** prompts/ at the repository root (this file is src/llm/promptsNode.ts). */
export const PROMPTS_DIR = fileURLToPath(new URL('../../prompts/', import.meta.url));

/** Load every prompts/*.txt from disk (CLI, tests). Kept apart from prompts.ts so the browser bundle never sees node:fs. */
export function loadPromptsNode(dir: string = PROMPTS_DIR): Map<string, Template> {
  const record: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
    record[`prompts/${file}`] = readFileSync(join(dir, file), 'utf8');
  }
  return loadPromptsFromRecord(record);
}

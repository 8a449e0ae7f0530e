import { at, defined } from '../sim/checked';
/**
 * Prompt templates: prompts/<name>.txt, one per cognitive call.
 *
 *   # name: wake_up_hour
 *   # version: 1
 *   # purpose: …
 *   # input identity: what the placeholder holds
 *   ---
 *   body with {{identity}} placeholders
 *
 * The reply a template asks for is declared by its call's module (src/sim/brain/calls/), not
 * in the template: the LLM brain sends it with the prompt (`describeReply`).
 *
 * Everything that can be wrong with a template (missing name or version, a name that isn't the file's,
 * a placeholder used but not declared, an input declared but not used) is an error at load time, and
 * rendering refuses missing or unknown variables: a prompt is never sent with a silent blank.
 */

export interface Template {
  name: string;
  version: string;
  purpose: string;
  /** Declared inputs: placeholder name → what it holds. */
  inputs: Record<string, string>;
  body: string;
  /** Where it came from (file path or record key), for error messages. */
  source: string;
}

class PromptError extends Error {
  override name = 'PromptError';
}

const PLACEHOLDER = /\{\{([a-z0-9_]+)\}\}/g;
const NAME = /^[a-z0-9_]+$/;
const SEPARATOR = '---';

/** "../../prompts/wake_up_hour.txt" or "wake_up_hour" → "wake_up_hour". */
function templateNameOf(key: string): string {
  return key.replace(/^.*[\\/]/, '').replace(/\.txt$/, '');
}

/** The distinct placeholder names in a body, in order of first use. */
function placeholdersOf(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => at(m, 1, 'placeholder name')))];
}

/** Parse one template; `source` names it in errors. Throws PromptError listing every problem. */
export function parseTemplate(text: string, source: string): Template {
  const errors: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sep = lines.findIndex((l) => l.trim() === SEPARATOR);
  if (sep < 0) throw new PromptError(`${source}: no "${SEPARATOR}" line between the header and the body`);

  const fields: Record<string, string> = {};
  const inputs: Record<string, string> = {};
  lines.slice(0, sep).forEach((line, i) => {
    if (line.trim() === '') return;
    const m = /^# ([a-z]+)(?: ([a-z0-9_]+))?: ?(.*)$/.exec(line);
    if (!m) {
      errors.push(`header line ${i + 1} is not "# key: value": ${JSON.stringify(line)}`);
      return;
    }
    const key = at(m, 1, 'header key');
    const arg = m[2];
    const value = at(m, 3, 'header value');
    if (key === 'input') {
      if (!arg || !NAME.test(arg)) errors.push(`header line ${i + 1}: "# input <name>: <description>" needs a lowercase name`);
      else if (arg in inputs) errors.push(`input "${arg}" is declared twice`);
      else inputs[arg] = value.trim();
    } else if (arg) {
      errors.push(`header line ${i + 1}: unexpected "${key} ${arg}"`);
    } else if (key === 'output') {
      errors.push(`header line ${i + 1}: "# output:" is not declared in a template any more: the reply format comes from the call's module (src/sim/brain/calls/)`);
    } else {
      fields[key] = value.trim();
    }
  });

  const body = lines.slice(sep + 1).join('\n').trim();
  const expected = templateNameOf(source);
  const { name, version } = fields;
  if (!name) errors.push('missing "# name:" header');
  else if (name !== expected) errors.push(`"# name: ${name}" does not match the file name "${expected}"`);
  if (!version) errors.push('missing "# version:" header');
  else if (!/^\d+(\.\d+)*$/.test(version)) errors.push(`version must be a number like 1 or 1.2, got "${version}"`);
  if (!body) errors.push('empty body');

  // A "{{" that isn't a well-formed placeholder is a typo, not text to send.
  for (const m of body.replace(PLACEHOLDER, '').matchAll(/\{\{.{0,20}/g)) {
    errors.push(`malformed placeholder near ${JSON.stringify(m[0])} (use {{lowercase_name}})`);
  }
  const used = placeholdersOf(body);
  for (const p of used) if (!(p in inputs)) errors.push(`placeholder {{${p}}} is used in the body but not declared (add "# input ${p}: …")`);
  for (const p of Object.keys(inputs)) if (!used.includes(p)) errors.push(`input "${p}" is declared but {{${p}}} is not used in the body`);

  if (errors.length > 0 || !name || !version) throw new PromptError(`${source}: ${errors.join('; ')}`);
  return { name, version, purpose: fields.purpose ?? '', inputs, body, source };
}

/**
 * Load templates from {path or name: text}. Throws one PromptError listing the problems of every
 * bad file, so a broken prompts/ folder fails at start-up and not at the first call.
 */
export function loadPromptsFromRecord(record: Record<string, string>): Map<string, Template> {
  const out = new Map<string, Template>();
  const errors: string[] = [];
  for (const [key, text] of Object.entries(record)) {
    try {
      const t = parseTemplate(text, key);
      if (out.has(t.name)) errors.push(`${key}: a second template named "${t.name}"`);
      else out.set(t.name, t);
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  }
  if (errors.length > 0) throw new PromptError(`Invalid prompt templates:\n${errors.join('\n')}`);
  return out;
}

/** Fill a template. Every declared input must be given, and nothing else. */
export function render(template: Template, vars: Record<string, string>): string {
  const declared = Object.keys(template.inputs);
  const missing = declared.filter((k) => !(k in vars));
  if (missing.length > 0) throw new PromptError(`template "${template.name}": missing variable${missing.length > 1 ? 's' : ''} ${missing.map((k) => `{{${k}}}`).join(', ')}`);
  const unknown = Object.keys(vars).filter((k) => !(k in template.inputs));
  if (unknown.length > 0) throw new PromptError(`template "${template.name}": unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (not declared as "# input")`);
  for (const k of declared) {
    if (typeof vars[k] !== 'string') throw new PromptError(`template "${template.name}": variable {{${k}}} must be a string, got ${typeof vars[k]}`);
  }
  // One pass: text inside a value is never expanded again.
  return template.body.replace(PLACEHOLDER, (_, k: string) => defined(vars[k], `template "${template.name}": variable {{${k}}}`));
}

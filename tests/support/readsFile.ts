import type { PersonaSpec } from '../../src/sim/persona/schema';

/** Twelve words in a row out of the persona file's descriptions. */
export function readsFile(answer: string, spec: PersonaSpec): boolean {
  const words = (t: string) => t.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  const said = words(answer);
  const file = [spec.learned, spec.currently, spec.lifestyle, spec.dailyPlanReq].map((t) => ` ${words(t).join(' ')} `);
  for (let i = 0; i + 12 <= said.length; i++) if (file.some((f) => f.includes(` ${said.slice(i, i + 12).join(' ')} `))) return true;
  return false;
}

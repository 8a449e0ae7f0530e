/**
 * Ties ordered by UTF-16 code units: the same order on every machine. (localeCompare and
 * Intl.Collator follow the host's locale and ICU version, so a seeded run could differ between hosts.)
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

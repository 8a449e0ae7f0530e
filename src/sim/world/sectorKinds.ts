/**
 * The kinds of sector a map may declare (the Tiled property "kind" of a rectangle in layer
 * "sectors"). Opening hours, default shop items, scenes and the words people use for a place are
 * tables over these kinds, typed so that a kind missing from a table is a compile error; a map that
 * names another kind is refused when it loads, naming the map and the kind. A leaf module.
 */
export const SECTOR_KINDS = ['home', 'cafe', 'bar', 'grocery', 'shop', 'college', 'park', 'office', 'clinic', 'bakery', 'workplace', 'square'] as const;
export type SectorKind = (typeof SECTOR_KINDS)[number];

const KNOWN: ReadonlySet<string> = new Set(SECTOR_KINDS);

export function isSectorKind(kind: string): kind is SectorKind {
  return KNOWN.has(kind);
}

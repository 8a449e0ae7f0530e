import type { NodeType } from '../../sim/persona/memory';

interface Filterable {
  id: number;
  type: NodeType;
  description: string;
  keywords: readonly string[];
  predicate?: string;
}

/**
 * The memory stream as the Memory tab lists it: newest first, only the checked types, and only
 * nodes whose description, keywords or predicate contain every word of the search.
 */
export function filterMemories<T extends Filterable>(nodes: readonly T[], types: ReadonlySet<NodeType>, search: string): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const out: T[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    if (!n || !types.has(n.type)) continue;
    if (words.length > 0) {
      const hay = `${n.description} ${n.keywords.join(' ')} ${n.predicate ?? ''} #${n.id}`.toLowerCase();
      if (!words.every((w) => hay.includes(w))) continue;
    }
    out.push(n);
  }
  return out;
}

/** A node by id: ids are 1, 2, 3 … in order in a live stream; a partial (replayed) stream is searched. */
export function nodeById<T extends { id: number }>(nodes: readonly T[], id: number): T | undefined {
  const at = nodes[id - 1];
  if (at?.id === id) return at;
  return nodes.find((n) => n.id === id);
}

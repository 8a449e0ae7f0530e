import { at } from '../checked';
import { hashString } from '../rng';
/**
 * A deterministic local text embedding (no network): signed feature hashing of word stems and
 * character trigrams into LOCAL_EMBEDDING_DIMS dimensions, L2-normalised. Texts that share words
 * ("Isabella is brewing coffee" / "coffee at the café") get a positive cosine similarity; it is the
 * offline brain's answer to Smallville's get_embedding and the LLM brain's fallback.
 */
export const LOCAL_EMBEDDING_DIMS = 256;

const STOP = new Set(['the', 'a', 'an', 'is', 'are', 'was', 'of', 'to', 'at', 'in', 'on', 'and', 'for', 'with', 'her', 'his', 'their', 'it', 'be', 'this', 'that']);

/** Crude stemming so "brewing", "brews" and "brewed" share a feature. */
function stem(w: string): string {
  return w.replace(/(ing|ed|es|s)$/, '') || w;
}

function addFeature(v: Float64Array, feature: string, weight: number): void {
  const h = hashString(feature);
  const i = h % v.length;
  v[i] = at(v, i, 'embedding dimension') + (h & 0x80000000 ? -weight : weight);
}

export function localEmbedding(text: string, dims = LOCAL_EMBEDDING_DIMS): number[] {
  const v = new Float64Array(dims);
  const words = text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter((w) => w && !STOP.has(w));
  for (const w of words) {
    const s = stem(w);
    addFeature(v, `w:${s}`, 1);
    const padded = `^${s}$`;
    for (let i = 0; i + 3 <= padded.length; i++) addFeature(v, `t:${padded.slice(i, i + 3)}`, 0.3);
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Array.from(v, (x) => Math.round((x / norm) * 1e6) / 1e6);
}

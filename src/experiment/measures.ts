import type { Persona } from '../sim/persona/persona';

/**
 * Who knows whom, from the town's own records (never the brain's bookkeeping): A knows B when A's
 * persona file names B among its relationships, or A's memory holds a conversation with B. The
 * network is undirected (an edge when either knows the other, as the paper's "know each other"
 * graph); its density is edges / (n(n−1)/2), the paper's η.
 */
export function relationshipDensity(personas: readonly Persona[]): { edges: number; density: number } {
  const byName = new Map(personas.map((p) => [p.name, p]));
  const edges = new Set<string>();
  const link = (a: string, b: string) => {
    if (a === b || !byName.has(a) || !byName.has(b)) return;
    edges.add(a < b ? `${a}\n${b}` : `${b}\n${a}`);
  };
  const nameOf = new Map(personas.map((p) => [p.id, p.name]));
  for (const p of personas) {
    for (const r of p.spec.relationships) {
      const other = nameOf.get(r.id);
      if (other) link(p.name, other);
    }
    for (const n of p.memory.nodes) {
      if (n.type !== 'chat') continue;
      for (const line of n.transcript) link(p.name, line.speaker);
      link(p.name, n.object);
    }
  }
  const n = personas.length;
  return { edges: edges.size, density: n > 1 ? edges.size / ((n * (n - 1)) / 2) : 0 };
}

/** One named thing in an interview answer the persona's memories do not mention. */
export interface UnsupportedClaim {
  persona: string;
  question: string;
  claim: string;
}

/**
 * The hallucination audit of one answer: every resident (full or first name) and every place of
 * the map it names is a claim, supported when the persona's memories or its own persona file
 * mention it; the rest are listed. Mechanical, so it undercounts (a wrong time or deed is not
 * caught) but never blames a name the persona has heard of.
 */
export function auditAnswer(p: Persona, question: string, answer: string, residents: readonly { name: string; firstName: string }[], places: readonly string[]): UnsupportedClaim[] {
  const known = knownText(p);
  const out: UnsupportedClaim[] = [];
  const asked = question.toLowerCase();
  const says = (word: string) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(answer);
  for (const r of residents) {
    if (r.name === p.name) continue;
    const named = says(r.name) ? r.name : says(r.firstName) ? r.firstName : null;
    // A name the question itself gave is not the persona's claim.
    if (!named || asked.includes(named.toLowerCase()) || asked.includes(r.firstName.toLowerCase())) continue;
    if (!known.includes(r.name.toLowerCase()) && !known.includes(r.firstName.toLowerCase())) out.push({ persona: p.name, question, claim: r.name });
  }
  for (const place of places) {
    if (!says(place) || asked.includes(place.toLowerCase())) continue;
    if (!known.includes(place.toLowerCase())) out.push({ persona: p.name, question, claim: place });
  }
  return out;
}

const knownCache = new WeakMap<Persona, { count: number; text: string }>();

/** Everything a persona could truthfully name: its file and every memory, lower-cased. */
function knownText(p: Persona): string {
  const hit = knownCache.get(p);
  if (hit && hit.count === p.memory.nodes.length) return hit.text;
  const s = p.spec;
  const parts = [s.name, s.innate, s.learned, s.currently, s.lifestyle, s.livingArea, s.dailyPlanReq, s.household, JSON.stringify(s.occupation), JSON.stringify(s.relationships), s.haunts.join(' ')];
  for (const n of p.memory.nodes) parts.push(n.subject, n.object, n.description, ...n.transcript.map((l) => `${l.speaker}: ${l.text}`));
  const text = parts.join('\n').toLowerCase();
  knownCache.set(p, { count: p.memory.nodes.length, text });
  return text;
}

import type { InspectorSource } from '../../app/readModel/types';
import { forceLayout } from './forceLayout';

/** Who talked with whom, how often, and about what: the town's graph, from each persona's chat memories. */
interface TownGraph {
  people: { id: string; name: string }[];
  /** Pairs by index into `people`; `topics` are the conversations' summaries, newest last (at most 5). */
  edges: { a: number; b: number; weight: number; topics: string[] }[];
}

/**
 * The graph of the town as the inspector's source shows it (live or a replay): an edge for each pair
 * who had a conversation, weighted by how many, with what they talked about — who heard what. A
 * conversation is remembered by both: counted once per pair and time.
 */
export function buildTownGraph(people: readonly { id: string; name: string }[], source: InspectorSource): TownGraph {
  const index = new Map(people.map((p, i) => [p.name, i]));
  const pairs = new Map<string, { a: number; b: number; seen: Set<number>; topics: string[] }>();
  people.forEach((p, i) => {
    for (const m of source.persona(p.id)?.memory ?? []) {
      if (m.type !== 'chat') continue;
      const other = m.object ?? m.transcript.find((l) => l.speaker !== p.name)?.speaker;
      const j = other === undefined ? undefined : index.get(other);
      if (j === undefined || j === i) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      const key = `${a}-${b}`;
      const pair = pairs.get(key) ?? { a, b, seen: new Set<number>(), topics: [] };
      pairs.set(key, pair);
      // Both remember it, within the same minute: one conversation.
      const minute = Math.floor(m.created / 60_000);
      if (pair.seen.has(minute) || pair.seen.has(minute - 1) || pair.seen.has(minute + 1)) continue;
      pair.seen.add(minute);
      pair.topics.push(m.description);
    }
  });
  return { people: [...people], edges: [...pairs.values()].map((p) => ({ a: p.a, b: p.b, weight: p.seen.size, topics: p.topics.slice(-5) })) };
}

const SVG = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * The graph drawn as SVG (text as text, never markup): people as dots with their first names, sized
 * by how many they talked with; a line per pair, thicker for more conversations, its tooltip what
 * they talked about. A click (or Enter) on a person picks them.
 */
export function drawTownGraph(graph: TownGraph, pick: (id: string) => void, size = 360): SVGSVGElement {
  const pos = forceLayout(graph.people.length, graph.edges);
  const root = svg('svg', { viewBox: `0 0 ${size} ${size}`, class: 'town-graph', role: 'img' });
  const talks = graph.edges.reduce((n, e) => n + e.weight, 0);
  root.setAttribute('aria-label', `Who talked with whom: ${graph.people.length} people, ${graph.edges.length} pairs, ${talks} conversations`);
  const at = (i: number) => ({ x: 12 + (pos[i]?.x ?? 0.5) * (size - 24), y: 12 + (pos[i]?.y ?? 0.5) * (size - 24) });
  const most = Math.max(1, ...graph.edges.map((e) => e.weight));
  for (const e of graph.edges) {
    const a = at(e.a);
    const b = at(e.b);
    const line = svg('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'graph-edge', 'stroke-width': 1 + (3 * e.weight) / most });
    const title = svg('title', {});
    title.textContent = `${graph.people[e.a]?.name} and ${graph.people[e.b]?.name}: ${e.weight} conversation${e.weight === 1 ? '' : 's'}\n${e.topics.join('\n')}`;
    line.append(title);
    root.append(line);
  }
  const degree = graph.people.map((_, i) => graph.edges.filter((e) => e.a === i || e.b === i).length);
  graph.people.forEach((p, i) => {
    const c = at(i);
    const g = svg('g', { class: 'graph-node', tabindex: 0, role: 'button', 'data-id': p.id });
    g.setAttribute('aria-label', `${p.name}: talked with ${degree[i]} people`);
    const dot = svg('circle', { cx: c.x, cy: c.y, r: 4 + Math.min(6, degree[i] ?? 0) });
    const label = svg('text', { x: c.x, y: c.y - 8 - Math.min(6, degree[i] ?? 0), 'text-anchor': 'middle' });
    label.textContent = p.name.split(' ')[0] ?? p.name;
    const title = svg('title', {});
    title.textContent = `${p.name}: talked with ${degree[i]} people`;
    g.append(title, dot, label);
    g.addEventListener('click', () => pick(p.id));
    g.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        pick(p.id);
      }
    });
    root.append(g);
  });
  return root;
}

import { ReplayPlayer } from './player';
import { timeOfStep, type ReplayFile } from './format';
import { formatDate, formatHHMM } from '../sim/clock';
import type { PersonaFrame } from '../sim/simulation';

/** Where one persona's two recordings first part. */
interface PersonaDivergence {
  id: string;
  name: string;
  step: number;
  time: number;
  a: string;
  b: string;
}

export interface ReplayDiff {
  /** Steps both replays cover, compared. */
  from: number;
  to: number;
  /** The first step at which any persona differs (null: the same throughout). */
  firstStep: number | null;
  /** Per persona (of both), its first differing step, in step order; personas in one replay only are listed apart. */
  personas: PersonaDivergence[];
  onlyInA: string[];
  onlyInB: string[];
  /** The first step at which the conversations recorded differ (null: the same). */
  conversationsFrom: number | null;
}

/** A step as both the CLI and the page name it: "step 120 (Tue Feb 14 10:00)". */
export function stepLabel(r: Pick<ReplayFile, 'start' | 'stepSeconds'>, step: number): string {
  const t = timeOfStep(r, step);
  return `step ${step} (${formatDate(t)} ${formatHHMM(t)})`;
}

/** What a persona shows at a step: where it is, what it does, with whom it talks. */
function look(f: PersonaFrame): string {
  return `(${f.tile.x},${f.tile.y}) ${f.emoji} ${f.description}${f.chattingWith ? ` — chatting with ${f.chattingWith}` : ''}${f.address ? ` @ ${f.address}` : ''}`;
}

/**
 * Compare two replays step for step over the steps both cover: for each persona (matched by id), the
 * first step its frame differs (tile, emoji, description, address, chat partner), and the first step
 * the conversations differ. Two runs of the same town from the same calls give none.
 */
export function diffReplays(a: ReplayFile, b: ReplayFile): ReplayDiff {
  const pa = new ReplayPlayer(a);
  const pb = new ReplayPlayer(b);
  const from = Math.max(pa.firstStep, pb.firstStep);
  const to = Math.min(pa.lastStep, pb.lastStep);
  const idsB = new Set(b.personas.map((p) => p.id));
  const idsA = new Set(a.personas.map((p) => p.id));
  const shared = a.personas.filter((p) => idsB.has(p.id)).map((p) => p.id);
  const found = new Map<string, PersonaDivergence>();
  for (let s = from; s <= to && found.size < shared.length; s++) {
    const fa = new Map(pa.seek(s).map((f) => [f.id, f]));
    const fb = new Map(pb.seek(s).map((f) => [f.id, f]));
    for (const id of shared) {
      if (found.has(id)) continue;
      const x = fa.get(id);
      const y = fb.get(id);
      if (!x || !y) continue;
      const la = look(x);
      const lb = look(y);
      if (la !== lb) found.set(id, { id, name: x.name, step: s, time: pa.timeOf(s), a: la, b: lb });
    }
  }
  const personas = [...found.values()].sort((x, y) => x.step - y.step);
  const convo = (r: ReplayFile) => r.steps.map((st, i) => ({ step: r.firstStep + i + 1, key: JSON.stringify(st.c ?? []) }));
  const ca = new Map(convo(a).map((c) => [c.step, c.key]));
  let conversationsFrom: number | null = null;
  for (const c of convo(b)) {
    if (c.step <= from || c.step > to) continue;
    if ((ca.get(c.step) ?? '[]') !== c.key) {
      conversationsFrom = c.step;
      break;
    }
  }
  return {
    from,
    to,
    firstStep: personas[0]?.step ?? null,
    personas,
    onlyInA: a.personas.filter((p) => !idsB.has(p.id)).map((p) => p.name),
    onlyInB: b.personas.filter((p) => !idsA.has(p.id)).map((p) => p.name),
    conversationsFrom,
  };
}

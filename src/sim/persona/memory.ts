import { DAY } from '../clock';

export type NodeType = 'event' | 'chat' | 'thought';

export interface ChatLine {
  speaker: string;
  text: string;
}

/** One node of a persona's associative memory (Smallville's ConceptNode). */
export interface ConceptNode {
  /** node_count at creation, 1-based, unique per persona. */
  id: number;
  type: NodeType;
  /** type_count at creation. */
  typeCount: number;
  /** 0 for events and chats; 1 + deepest evidence for thoughts. */
  depth: number;
  created: number;
  expiration: number | null;
  lastAccessed: number;
  subject: string;
  predicate: string;
  object: string;
  description: string;
  embeddingKey: string;
  poignancy: number;
  keywords: string[];
  /** Evidence node ids for thoughts; the transcript for chats; empty for events. */
  evidence: number[];
  transcript: ChatLine[];
}

export interface NewNode {
  created: number;
  expiration?: number | null;
  subject: string;
  predicate: string;
  object: string;
  description: string;
  poignancy: number;
  keywords: string[];
  evidence?: number[];
  transcript?: ChatLine[];
  embeddingKey?: string;
}

/** Smallville's associative memory: an append-only stream with keyword indexes. */
export class AssociativeMemory {
  readonly nodes: ConceptNode[] = [];
  /** Bumped each time `load` replaces the stream, so caches over `nodes` know to start again. */
  generation = 0;
  private typeCounts: Record<NodeType, number> = { event: 0, chat: 0, thought: 0 };
  private readonly byKeyword: Record<NodeType, Map<string, ConceptNode[]>> = {
    event: new Map(),
    chat: new Map(),
    thought: new Map(),
  };
  /** How often each keyword was seen, per type (Smallville's kw_strength). */
  readonly keywordStrength: Record<'event' | 'thought', Map<string, number>> = { event: new Map(), thought: new Map() };
  /** Recent event "s p o" strings, newest last; perceive checks the last `retention` of them. */
  private readonly recentEventKeys: string[] = [];
  /** latestEventKeys' answer, kept until the next event (perceive asks every step). */
  private latestCache: { retention: number; keys: Set<string> } | null = null;
  /** The stream's length at which `retain` next looks for memories to forget. */
  private retainAt: number = RETENTION.firstLook;

  add(type: NodeType, n: NewNode): ConceptNode {
    this.typeCounts[type]++;
    const evidence = n.evidence ?? [];
    const depth =
      type === 'thought' && evidence.length > 0
        ? 1 + Math.max(0, ...evidence.map((id) => this.nodes[id - 1]?.depth ?? 0))
        : 0;
    const node: ConceptNode = {
      id: this.nodes.length + 1,
      type,
      typeCount: this.typeCounts[type],
      depth,
      created: n.created,
      expiration: n.expiration ?? null,
      lastAccessed: n.created,
      subject: n.subject,
      predicate: n.predicate,
      object: n.object,
      description: n.description,
      embeddingKey: n.embeddingKey ?? n.description,
      poignancy: n.poignancy,
      keywords: [...new Set(n.keywords.map((k) => k.toLowerCase()))],
      evidence,
      transcript: n.transcript ?? [],
    };
    this.nodes.push(node);
    this.index(node);
    return node;
  }

  /**
   * Replace the whole stream with saved nodes (a snapshot being restored): ids, type counts,
   * keyword indexes, keyword strengths and recent events are rebuilt exactly as `add` built them.
   */
  load(nodes: readonly ConceptNode[]): void {
    this.nodes.length = 0;
    this.generation++;
    this.typeCounts = { event: 0, chat: 0, thought: 0 };
    for (const t of ['event', 'chat', 'thought'] as const) this.byKeyword[t].clear();
    this.keywordStrength.event.clear();
    this.keywordStrength.thought.clear();
    this.recentEventKeys.length = 0;
    this.latestCache = null;
    nodes.forEach((n, i) => {
      if (n.id !== i + 1) throw new Error(`Memory node ${i + 1} has id ${n.id}: nodes must be numbered 1, 2, 3 … in order`);
      this.typeCounts[n.type]++;
      if (n.typeCount !== this.typeCounts[n.type]) throw new Error(`Memory node ${n.id}: type count ${n.typeCount}, expected ${this.typeCounts[n.type]}`);
      const node: ConceptNode = { ...n, keywords: n.keywords.slice(), evidence: n.evidence.slice(), transcript: n.transcript.map((l) => ({ ...l })) };
      this.nodes.push(node);
      this.index(node);
    });
  }

  private index(node: ConceptNode): void {
    const type = node.type;
    for (const kw of node.keywords) {
      const index = this.byKeyword[type];
      const list = index.get(kw);
      if (list) list.push(node);
      else index.set(kw, [node]);
      if (type !== 'chat' && !(type === 'event' && isIdleEvent(node))) {
        const strength = this.keywordStrength[type];
        strength.set(kw, (strength.get(kw) ?? 0) + 1);
      }
    }
    if (type === 'event') {
      this.latestCache = null;
      this.recentEventKeys.push(eventKey(node));
      if (this.recentEventKeys.length > 64) this.recentEventKeys.splice(0, 32);
    }
  }

  /** The "s p o" keys of the latest `retention` events (Smallville's get_summarized_latest_events). */
  latestEventKeys(retention: number): ReadonlySet<string> {
    if (this.latestCache?.retention !== retention) this.latestCache = { retention, keys: new Set(this.recentEventKeys.slice(-retention)) };
    return this.latestCache.keys;
  }

  /** Nodes of a type sharing a keyword with the given ones, newest first, excluding expired ones. */
  related(type: NodeType, keywords: string[], now: number): ConceptNode[] {
    const seen = new Set<number>();
    const out: ConceptNode[] = [];
    for (const kw of keywords) {
      for (const node of this.byKeyword[type].get(kw.toLowerCase()) ?? []) {
        if (seen.has(node.id) || isExpired(node, now)) continue;
        seen.add(node.id);
        out.push(node);
      }
    }
    return out.sort((a, b) => b.id - a.id);
  }

  ofType(type: NodeType, now?: number): ConceptNode[] {
    return this.nodes.filter((n) => n.type === type && (now === undefined || !isExpired(n, now)));
  }

  /**
   * Keep the stream bounded (docs/memory.md#retention): once it is long, forget what retrieval no
   * longer reads, oldest first: "is idle" sightings over a day old (never retrieved, never counted
   * in keyword strength), expired memories, then, above RETENTION.cap, low-poignancy events and
   * then any event or chat over a day old (thoughts expire after 30 days). Nothing a kept thought
   * cites as evidence is forgotten.
   * The rest are renumbered 1, 2, 3 … in order (a save stores no ids). Call it between steps only:
   * ids held across the call would be stale.
   */
  retain(now: number): number {
    if (this.nodes.length < this.retainAt) return 0;
    const before = this.nodes.length;
    const old = (n: ConceptNode) => n.created < now - DAY;
    this.forget((n) => n.type === 'event' && isIdleEvent(n) && old(n));
    this.forget((n) => isExpired(n, now));
    for (const drop of [(n: ConceptNode) => n.type === 'event' && n.poignancy <= 3 && old(n), (n: ConceptNode) => n.type !== 'thought' && old(n)]) {
      const excess = this.nodes.length - RETENTION.cap;
      if (excess <= 0) break;
      let left = excess;
      this.forget((n) => left > 0 && drop(n) && left-- > 0);
    }
    this.retainAt = Math.max(RETENTION.firstLook, this.nodes.length + RETENTION.lookEvery);
    return before - this.nodes.length;
  }

  /** Drop the nodes `drop` picks (oldest first) except those kept thoughts cite; renumber the rest and their evidence; rebuild the keyword indexes. */
  private forget(drop: (n: ConceptNode) => boolean): void {
    const cited = new Set<number>();
    const gone = new Set<ConceptNode>();
    for (const n of this.nodes) if (drop(n)) gone.add(n);
    if (gone.size === 0) return;
    for (const n of this.nodes) if (!gone.has(n)) for (const id of n.evidence) cited.add(id);
    for (const n of gone) if (cited.has(n.id)) gone.delete(n);
    if (gone.size === 0) return;
    const kept = this.nodes.filter((n) => !gone.has(n));
    const renumbered = new Map<number, number>();
    this.typeCounts = { event: 0, chat: 0, thought: 0 };
    kept.forEach((n, i) => {
      renumbered.set(n.id, i + 1);
      n.id = i + 1;
      n.typeCount = ++this.typeCounts[n.type];
    });
    for (const n of kept) n.evidence = n.evidence.map((id) => renumbered.get(id)).filter((id): id is number => id !== undefined);
    this.nodes.length = 0;
    for (const n of kept) this.nodes.push(n);
    this.generation++;
    // Indexes keep their order without the forgotten.
    for (const index of Object.values(this.byKeyword)) {
      for (const [kw, list] of index) {
        const left = list.filter((n) => !gone.has(n));
        if (left.length > 0) index.set(kw, left);
        else index.delete(kw);
      }
    }
    // Keyword strength counts what was ever seen (Smallville's kw_strength): forgetting leaves it.
  }

  lastChatWith(name: string): ConceptNode | undefined {
    const list = this.byKeyword.chat.get(name.toLowerCase());
    return list ? list[list.length - 1] : undefined;
  }

  get size(): number {
    return this.nodes.length;
  }
}

/**
 * Retention of a persona's memory stream: it is looked at from 2,000 memories (about five days;
 * a day of Hamlet is about 400) and every 1,000 after, and kept under 20,000 (docs/memory.md#retention).
 */
export const RETENTION = { firstLook: 2_000, lookEvery: 1_000, cap: 20_000 } as const;

/** A sighting of something idle ("bed is idle"): scored 1, never retrieved. */
function isIdleEvent(n: { predicate: string; object: string }): boolean {
  return n.predicate === 'is' && n.object === 'idle';
}

export function eventKey(n: { subject: string; predicate: string; object: string }): string {
  return `${n.subject}|${n.predicate}|${n.object}`;
}

export function isExpired(node: ConceptNode, now: number): boolean {
  return node.expiration !== null && node.expiration <= now;
}

export const THIRTY_DAYS = 30 * DAY;

/** Common words that are never a memory's keywords. */
const STOP = new Set(['the', 'and', 'that', 'with', 'this', 'from', 'will', 'have', 'been', 'about', 'their', 'there', 'they', 'into', 'what', 'when', 'would']);
/** A text's keywords: its first six distinct words of four letters or more, common ones aside. */
export function keywordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[a-zà-ÿ']{4,}/g) ?? [])].filter((w) => !STOP.has(w)).slice(0, 6);
}

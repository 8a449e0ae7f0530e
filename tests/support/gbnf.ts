/**
 * A small GBNF recognizer for tests: does a text match a grammar's `root`? It reads the subset our
 * grammars are written in (one rule a line: literals, character classes with ranges and negation,
 * rule references, groups, alternatives, ? * + and {m}, {m,}, {m,n}), so a test can check that valid
 * replies fit the grammar llama.cpp is given, and that invalid ones do not.
 */

type Item = { kind: 'lit'; cps: number[] } | { kind: 'class'; negate: boolean; ranges: [number, number][] } | { kind: 'ref'; name: string } | { kind: 'group'; alts: Seq[] };
interface Rep {
  item: Item;
  min: number;
  max: number | null;
}
type Seq = Rep[];

function parseEscape(src: string, i: number): [number, number] {
  const c = src[i + 1];
  if (c === 'x') return [parseInt(src.slice(i + 2, i + 4), 16), i + 4];
  if (c === 'u') return [parseInt(src.slice(i + 2, i + 6), 16), i + 6];
  const map: Record<string, number> = { n: 10, r: 13, t: 9 };
  return [map[c ?? ''] ?? (c ?? '').codePointAt(0) ?? 0, i + 2];
}

class Parser {
  i = 0;
  constructor(private readonly src: string) {}

  private ws(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i] ?? '')) this.i++;
  }

  alts(): Seq[] {
    const out: Seq[] = [this.seq()];
    for (;;) {
      this.ws();
      if (this.src[this.i] !== '|') return out;
      this.i++;
      out.push(this.seq());
    }
  }

  private seq(): Seq {
    const seq: Seq = [];
    for (;;) {
      this.ws();
      const c = this.src[this.i];
      if (c === undefined || c === '|' || c === ')') return seq;
      const item = this.item();
      seq.push(this.postfix(item));
    }
  }

  private item(): Item {
    const c = this.src[this.i];
    if (c === '"') {
      this.i++;
      const cps: number[] = [];
      while (this.src[this.i] !== '"') {
        if (this.i >= this.src.length) throw new Error('unterminated literal');
        if (this.src[this.i] === '\\') {
          const [cp, next] = parseEscape(this.src, this.i);
          cps.push(cp);
          this.i = next;
        } else {
          const cp = this.src.codePointAt(this.i) ?? 0;
          cps.push(cp);
          this.i += cp > 0xffff ? 2 : 1;
        }
      }
      this.i++;
      return { kind: 'lit', cps };
    }
    if (c === '[') {
      this.i++;
      const negate = this.src[this.i] === '^';
      if (negate) this.i++;
      const ranges: [number, number][] = [];
      const one = (): number => {
        if (this.src[this.i] === '\\') {
          const [cp, next] = parseEscape(this.src, this.i);
          this.i = next;
          return cp;
        }
        const cp = this.src.codePointAt(this.i) ?? 0;
        this.i += cp > 0xffff ? 2 : 1;
        return cp;
      };
      while (this.src[this.i] !== ']') {
        if (this.i >= this.src.length) throw new Error('unterminated class');
        const lo = one();
        if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']') {
          this.i++;
          ranges.push([lo, one()]);
        } else ranges.push([lo, lo]);
      }
      this.i++;
      return { kind: 'class', negate, ranges };
    }
    if (c === '(') {
      this.i++;
      const alts = this.alts();
      this.ws();
      if (this.src[this.i] !== ')') throw new Error(`expected ) at ${this.i}`);
      this.i++;
      return { kind: 'group', alts };
    }
    const m = /^[A-Za-z0-9_-]+/.exec(this.src.slice(this.i));
    if (!m) throw new Error(`unexpected "${c}" at ${this.i}`);
    this.i += m[0].length;
    return { kind: 'ref', name: m[0] };
  }

  private postfix(item: Item): Rep {
    const c = this.src[this.i];
    if (c === '?') return this.i++, { item, min: 0, max: 1 };
    if (c === '*') return this.i++, { item, min: 0, max: null };
    if (c === '+') return this.i++, { item, min: 1, max: null };
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Error(`bad repetition at ${this.i}`);
      this.i += m[0].length;
      const min = Number(m[1]);
      return { item, min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : null };
    }
    return { item, min: 1, max: 1 };
  }
}

/** The grammar's rules by name; throws on text it cannot read or a reference to no rule. */
export function parseGbnf(grammar: string): Map<string, Seq[]> {
  const rules = new Map<string, Seq[]>();
  for (const line of grammar.split('\n')) {
    if (!line.trim()) continue;
    const m = /^([A-Za-z0-9_-]+)\s*::=\s*(.*)$/.exec(line);
    if (!m?.[1] || m[2] === undefined) throw new Error(`not a rule: ${line}`);
    const p = new Parser(m[2]);
    rules.set(m[1], p.alts());
    if (p.i < m[2].length) throw new Error(`unread text in rule ${m[1]}: ${m[2].slice(p.i)}`);
  }
  const check = (seqs: Seq[]) => {
    for (const s of seqs)
      for (const r of s) {
        if (r.item.kind === 'ref' && !rules.has(r.item.name)) throw new Error(`no rule "${r.item.name}"`);
        if (r.item.kind === 'group') check(r.item.alts);
      }
  };
  for (const seqs of rules.values()) check(seqs);
  if (!rules.has('root')) throw new Error('no root rule');
  return rules;
}

/** Does `text` match the grammar's root, whole? */
export function matchesGbnf(grammar: string | Map<string, Seq[]>, text: string): boolean {
  const rules = typeof grammar === 'string' ? parseGbnf(grammar) : grammar;
  const cps = [...text].map((c) => c.codePointAt(0) ?? 0);
  const memo = new Map<string, Set<number>>();

  const item = (it: Item, pos: number): Set<number> => {
    switch (it.kind) {
      case 'lit': {
        for (let k = 0; k < it.cps.length; k++) if (cps[pos + k] !== it.cps[k]) return new Set();
        return new Set([pos + it.cps.length]);
      }
      case 'class': {
        const cp = cps[pos];
        if (cp === undefined) return new Set();
        const inside = it.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
        return inside !== it.negate ? new Set([pos + 1]) : new Set();
      }
      case 'ref': {
        const key = `${it.name}@${pos}`;
        const had = memo.get(key);
        if (had) return had;
        memo.set(key, new Set());
        const out = alts(rules.get(it.name) ?? [], pos);
        memo.set(key, out);
        return out;
      }
      case 'group':
        return alts(it.alts, pos);
    }
  };
  const rep = (r: Rep, pos: number): Set<number> => {
    const out = new Set<number>(r.min === 0 ? [pos] : []);
    let frontier = new Set([pos]);
    const seen = new Set([pos]);
    for (let n = 1; (r.max === null || n <= r.max) && frontier.size > 0; n++) {
      const next = new Set<number>();
      for (const p of frontier) for (const q of item(r.item, p)) if (r.max !== null || !seen.has(q)) next.add(q);
      for (const q of next) {
        seen.add(q);
        if (n >= r.min) out.add(q);
      }
      frontier = next;
    }
    return out;
  };
  const seq = (s: Seq, pos: number): Set<number> => {
    let at = new Set([pos]);
    for (const r of s) {
      const next = new Set<number>();
      for (const p of at) for (const q of rep(r, p)) next.add(q);
      at = next;
      if (at.size === 0) break;
    }
    return at;
  };
  const alts = (as: Seq[], pos: number): Set<number> => {
    const out = new Set<number>();
    for (const s of as) for (const q of seq(s, pos)) out.add(q);
    return out;
  };
  return item({ kind: 'ref', name: 'root' }, 0).has(cps.length);
}

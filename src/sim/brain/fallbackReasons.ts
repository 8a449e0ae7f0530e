/**
 * Why calls fell back, for the person watching (issue 15): a fallback count alone does not say
 * whether the endpoint is down (the circuit breaker says that) or answers replies nothing can read.
 * The guard tells this tally of every answer: usable, or fallen back and why. It keeps, for the
 * whole run and for the current run of calls in a row that fell back, each kind of reason (the
 * call's name and any quoted answer left out, so the same failure of different calls is one kind)
 * with how many calls it failed, and the first. Texts are kept as given: whoever shows them scrubs
 * them (src/llm/secrets.ts), as every text from an endpoint.
 */

interface ReasonCount {
  /** The reason, as the first call that failed for it gave it (without the call's name). */
  reason: string;
  count: number;
}

export interface FallbackRun {
  /** Calls in a row, as they ended, that fell back. */
  calls: number;
  /** The first reason of the run, and how many calls of the run failed for it. */
  first: ReasonCount;
  /** Every kind of reason of the run, the most common first. */
  reasons: ReasonCount[];
}

/** Calls in a row that must fall back before the run is reported (a stray bad reply is not news). */
export const FALLBACK_RUN_REPORTED = 5;

/** The kind of a fallback reason: without the call's name in front, and without a quoted answer. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/^[a-z][A-Za-z]*: /, '')
    .replace(/^invalid answer: .*? \((.*)\)$/s, 'invalid answer ($1)')
    .replace(/; retrying in \d+ s$/, '')
    .trim()
    .slice(0, 300);
}

class Tally {
  private readonly kinds = new Map<string, ReasonCount>();
  private firstKind: string | null = null;

  add(reason: string): void {
    const kind = reasonKind(reason);
    const r = this.kinds.get(kind);
    if (r) r.count++;
    else this.kinds.set(kind, { reason: kind, count: 1 });
    this.firstKind ??= kind;
  }

  get first(): ReasonCount | null {
    return this.firstKind === null ? null : (this.kinds.get(this.firstKind) ?? null);
  }

  get reasons(): ReasonCount[] {
    return [...this.kinds.values()].sort((a, b) => b.count - a.count);
  }

  clear(): void {
    this.kinds.clear();
    this.firstKind = null;
  }
}

export class FallbackReasons {
  private readonly all = new Tally();
  private readonly current = new Tally();
  private runLength = 0;
  /** Hears a run of fallbacks when it reaches FALLBACK_RUN_REPORTED calls (once per run). */
  onRun: ((run: FallbackRun) => void) | null = null;
  /** Hears the end of a run that was reported: a call got a usable answer after `calls` fell back in a row. */
  onRunOver: ((calls: number) => void) | null = null;

  /** A call got a usable answer: the run of fallbacks, if any, is over. */
  answered(): void {
    if (this.runLength >= FALLBACK_RUN_REPORTED) this.onRunOver?.(this.runLength);
    this.runLength = 0;
    this.current.clear();
  }

  /**
   * The endpoint is back after the breaker was open: the calls that fell back meanwhile did so
   * because it was down, not because its replies were unusable. A new run starts, and the one that
   * ended is not reported as usable replies again (none came yet).
   */
  restart(): void {
    this.runLength = 0;
    this.current.clear();
  }

  /** A call fell back, for this reason. */
  fellBack(reason: string): void {
    this.all.add(reason);
    this.current.add(reason);
    this.runLength++;
    if (this.runLength === FALLBACK_RUN_REPORTED) {
      const run = this.run;
      if (run) this.onRun?.(run);
    }
  }

  /** The current run of calls in a row that fell back, once it is long enough to report; else null. */
  get run(): FallbackRun | null {
    const first = this.current.first;
    if (this.runLength < FALLBACK_RUN_REPORTED || !first) return null;
    return { calls: this.runLength, first: { ...first }, reasons: this.current.reasons.map((r) => ({ ...r })) };
  }

  /** Every kind of reason since the start (or the last reset), the most common first, and the first. */
  get total(): { first: ReasonCount | null; reasons: ReasonCount[] } {
    const first = this.all.first;
    return { first: first ? { ...first } : null, reasons: this.all.reasons.map((r) => ({ ...r })) };
  }

  /** Start afresh (another brain took over). */
  reset(): void {
    this.all.clear();
    this.runLength = 0;
    this.current.clear();
  }
}

import { afterMicrotasks } from '../sim/brain/stepGate';

/**
 * The client's places on the wire: at most `max` calls in flight to one endpoint, handed out in
 * priority order, with a slot kept a moment for its owner's next call (docs/model-path.md, "Who
 * gets the next free slot").
 *
 * The limit adapts to a rate-limited endpoint, as TCP's window does (additive increase,
 * multiplicative decrease): a 429 halves it, once per round of calls (only a 429 to a call sent
 * after the last halving counts again), and each answer raises it by 1/limit, so a whole round of
 * answers raises it by one, back up to `max`. A router in front of vLLM that turns away calls past
 * its queue then sees the town send about as many as it admits, instead of 64 retries at once
 * every time the Retry-After ends.
 */
export class CallSlots {
  private active = 0;
  /** The adaptive limit (fractional: whole slots are `Math.floor`). */
  private window: number;
  /** Calls waiting for a slot, in the order they will get one. */
  private readonly waiting: { priority: number; go: () => void }[] = [];
  /** Slots kept for an owner's next call (counted in `active`): owner → the timer that hands it on. */
  private readonly kept = new Map<string, ReturnType<typeof setTimeout>>();
  private dispatching = false;
  /** Calls let onto the wire so far; a 429 to one numbered at or below `halvedAt` was already counted. */
  private sent = 0;
  private halvedAt = 0;
  /** The lowest the limit fell to, and the most calls in flight at once: for the run's summary. */
  lowest: number;
  peak = 0;

  constructor(private readonly max: number) {
    this.window = Math.max(1, max);
    this.lowest = this.limit;
  }

  /** Calls in flight now (slots kept for an owner count). */
  get inFlight(): number {
    return this.active;
  }

  /** Calls let onto the wire so far. */
  get sentCount(): number {
    return this.sent;
  }

  /** Calls allowed in flight now. */
  get limit(): number {
    return Math.max(1, Math.floor(this.window));
  }

  /** Wait for a slot; returns this call's number on the wire (for `rateLimited`). */
  async acquire(priority = 1, owner?: string): Promise<number> {
    const kept = owner === undefined ? undefined : this.kept.get(owner);
    if (owner !== undefined && kept !== undefined) {
      // The slot its last call freed was kept for it.
      clearTimeout(kept);
      this.kept.delete(owner);
      return ++this.sent;
    }
    // Every call waits in line, and free slots go out once the calls asked with it (a step's
    // personas, in whatever order their thinking reached here) are in line, the first first. A slot
    // freed later is handed straight to the first in line (`active` stays as it is).
    await new Promise<void>((go) => {
      const at = this.waiting.findIndex((w) => w.priority > priority);
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, { priority, go });
      this.dispatchSoon();
    });
    return ++this.sent;
  }

  /** After the calls being asked now are in line: give each free slot to the first in line. */
  private dispatchSoon(): void {
    if (this.dispatching) return;
    this.dispatching = true;
    void afterMicrotasks().then(() => {
      this.dispatching = false;
      this.fill();
    });
  }

  private fill(): void {
    while (this.active < this.limit && this.waiting.length > 0) {
      this.active++;
      this.waiting.shift()?.go();
    }
    this.peak = Math.max(this.peak, this.active);
  }

  /** Free a slot: kept for `owner`'s next call for `holdFor` ms when others wait for it, else handed on. */
  release(owner?: string, holdFor = 0): void {
    if (owner !== undefined && holdFor > 0 && this.waiting.length > 0 && !this.kept.has(owner) && this.active <= this.limit) {
      const timer = setTimeout(() => {
        this.kept.delete(owner);
        this.handOn();
      }, holdFor);
      (timer as { unref?: () => void }).unref?.();
      this.kept.set(owner, timer);
      return;
    }
    this.handOn();
  }

  private handOn(): void {
    // Over the limit (it fell while calls were out): the slot closes instead of passing on.
    const next = this.active <= this.limit ? this.waiting.shift() : undefined;
    if (next) next.go();
    else {
      this.active--;
      this.fill();
    }
  }

  /** An answer came: one more slot per round of answers, up to the configured concurrency. */
  answered(): void {
    if (this.window >= this.max) return;
    this.window = Math.min(this.max, this.window + 1 / this.window);
    this.fill();
  }

  /** The endpoint turned away call number `sent` with a 429: halve the limit, once per round. */
  rateLimited(sent: number): void {
    if (sent <= this.halvedAt) return;
    this.window = Math.max(1, this.window / 2);
    this.halvedAt = this.sent;
    this.lowest = Math.min(this.lowest, this.limit);
  }
}

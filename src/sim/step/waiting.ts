import type { Persona } from '../persona/persona';
import { afterMicrotasks } from '../brain/stepGate';
import type { SteppedTown } from './town';

/**
 * How a step waits for the brain: the one thing lock-step and asynchronous steps do differently.
 * Every phase of the step (./phases.ts) reaches the brain through these verbs only, so both modes
 * run the same phases in the same order; only the waiting differs.
 */
export interface Waiting {
  /** Whether a persona takes part in the rest of this step: always in lock-step; in asynchronous steps, unless it is still thinking. */
  free(p: Persona): boolean;
  /**
   * The town's own work (a whisper, a request, the pulse's round). Lock-step awaits it; an
   * asynchronous step lets it carry on past the step. Resolves true when it ended within the step.
   */
  carry(work: Promise<unknown>): Promise<boolean>;
  /** Town work of which one runs at a time (embedding): an asynchronous step skips it while the last one is still under way. */
  alone(key: string, work: () => Promise<unknown>): Promise<void>;
  /** A persona's own thinking. Lock-step awaits it; an asynchronous step marks the persona thinking while it outlasts the step. */
  think(p: Persona, work: Promise<unknown>): Promise<boolean>;
  /**
   * Work on personas who each think on their own. Lock-step runs `run` once for them all (one batch,
   * as Smallville does); an asynchronous step runs it once per persona that `holds` (default: every
   * one), each thinking on its own, then once for the others as town work.
   */
  each(personas: readonly Persona[], run: (group: readonly Persona[]) => Promise<unknown>, holds?: (p: Persona) => boolean): Promise<void>;
  /**
   * Work that may touch a second persona (a reaction draws another into a chat), in persona order.
   * `focus` names the persona it may touch. Lock-step on a local brain runs them one by one; on a
   * remote brain, side by side except where they share a persona; an asynchronous step starts them
   * one by one, skipping whoever is still thinking.
   */
  inTurn(personas: readonly Persona[], run: (p: Persona) => Promise<unknown>, focus: (p: Persona) => Persona | null): Promise<void>;
}

/** Lock-step (Smallville's semantics): every call is awaited before the step goes on. */
export class LockstepWaiting implements Waiting {
  constructor(
    private readonly town: SteppedTown,
    /** Conversations before this step's: a side-by-side run lists the step's in persona order. */
    private readonly convoCount: number,
  ) {}

  free(): boolean {
    return true;
  }

  async carry(work: Promise<unknown>): Promise<boolean> {
    await work;
    return true;
  }

  async alone(_key: string, work: () => Promise<unknown>): Promise<void> {
    await work();
  }

  async think(_p: Persona, work: Promise<unknown>): Promise<boolean> {
    await work;
    return true;
  }

  async each(personas: readonly Persona[], run: (group: readonly Persona[]) => Promise<unknown>): Promise<void> {
    await run(personas);
  }

  async inTurn(personas: readonly Persona[], run: (p: Persona) => Promise<unknown>, focus: (p: Persona) => Persona | null): Promise<void> {
    if (this.town.brain.remote) await this.sideBySide(personas, run, focus);
    else for (const p of personas) await run(p);
  }

  /**
   * Lock-step on a remote brain: a reaction touches its persona and the persona its attention falls
   * on (a pure, seeded choice), nothing else. Each waits only for the earlier reactions (in persona
   * order) that touch one of the same two, so a call that hangs holds up no reaction that is not
   * waiting on it, and the town ends as the one-by-one run (the local brain's) would. The step's
   * conversations are listed in persona order, as one by one.
   */
  private async sideBySide(personas: readonly Persona[], run: (p: Persona) => Promise<unknown>, focus: (p: Persona) => Persona | null): Promise<void> {
    const latest = new Map<Persona, Promise<unknown>>();
    const all: Promise<unknown>[] = [];
    for (const p of personas) {
      const target = focus(p);
      const touches = target && target !== p ? [p, target] : [p];
      const before = touches.map((x) => latest.get(x)).filter((w): w is Promise<unknown> => w !== undefined);
      const work = Promise.all(before).then(() => run(p));
      // A later reaction waits for this one to end, failed or not (the failure is reported below).
      const settled = work.catch(() => {});
      for (const x of touches) latest.set(x, settled);
      all.push(work);
    }
    // Every reaction ends before the step goes on; the first failure in persona order is the step's.
    const failed = (await Promise.allSettled(all)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const order = new Map(this.town.personas.map((p, i) => [p.name, i]));
    const made = this.town.conversations.splice(this.convoCount);
    this.town.conversations.push(...made.sort((a, b) => (order.get(a.participants[0]) ?? 0) - (order.get(b.participants[0]) ?? 0)));
  }
}

/** What outlives one asynchronous step: town work still under way, and a failure that ended between steps. */
export class Carried {
  /** Keys of `alone` work still under way (embedding). */
  readonly busy = new Set<string>();
  /** A failure of thinking that ended between steps: the next step reports it. */
  lateFailure: unknown = null;

  /** Throw the failure of work that ended since the last step, once. */
  rethrow(): void {
    if (this.lateFailure === null) return;
    const e = this.lateFailure;
    this.lateFailure = null;
    throw e;
  }

  clear(): void {
    this.busy.clear();
  }
}

/**
 * Asynchronous steps (AI Town's model): a step never waits on the network. Work that is still under
 * way after its microtasks carries on in later steps; a persona whose thinking outlasts the step is
 * marked thinking and skips cognition until it ends; its remote answers take effect at step starts
 * only (the gate).
 */
export class AsyncWaiting implements Waiting {
  constructor(
    private readonly town: SteppedTown,
    private readonly carried: Carried,
  ) {}

  free(p: Persona): boolean {
    return !this.town.thinking.has(p);
  }

  carry(work: Promise<unknown>): Promise<boolean> {
    return this.within(work);
  }

  async alone(key: string, work: () => Promise<unknown>): Promise<void> {
    if (this.carried.busy.has(key)) return;
    const done = await this.within(work(), () => this.carried.busy.delete(key));
    if (!done) this.carried.busy.add(key);
  }

  async think(p: Persona, work: Promise<unknown>): Promise<boolean> {
    const done = await this.within(work, () => this.town.thinking.delete(p));
    if (!done) this.town.thinking.add(p);
    return done;
  }

  async each(personas: readonly Persona[], run: (group: readonly Persona[]) => Promise<unknown>, holds?: (p: Persona) => boolean): Promise<void> {
    const held = holds ? personas.filter(holds) : personas;
    await Promise.all(held.map((p) => this.think(p, run([p]))));
    if (!holds) return;
    await this.within(run(personas.filter((p) => !holds(p) && this.free(p))));
  }

  async inTurn(personas: readonly Persona[], run: (p: Persona) => Promise<unknown>): Promise<void> {
    for (const p of personas) {
      // An earlier reaction may have drawn this persona into a chat that is still being written.
      if (!this.free(p)) continue;
      await this.think(p, run(p));
    }
  }

  /**
   * Did `work` finish within this step? Waits for the microtasks it queued (a local answer, a
   * fallback), never for the network. Work that is still under way carries on in later steps: its
   * remote answers take effect at step starts only (the gate), and `onLate` hears when it ends.
   */
  private async within(work: Promise<unknown>, onLate?: () => void): Promise<boolean> {
    let done = false;
    let failed = false;
    let error: unknown;
    const tracked = work.then(
      () => {
        done = true;
      },
      (e: unknown) => {
        done = failed = true;
        error = e;
      },
    );
    await Promise.race([tracked, afterMicrotasks()]);
    if (failed) throw error;
    if (done) return true;
    void tracked.then(() => {
      if (failed) this.carried.lateFailure ??= error;
      onLate?.();
    });
    return false;
  }
}

import type { Simulation, StepResult } from '../sim/simulation';
import { applyPlayer, applyStep, type HamletStore } from './store';

/**
 * Drives the simulation in the browser at the chosen speed without blocking rendering: each slice
 * runs the steps that are due, but yields after a few milliseconds so frames keep drawing.
 */
export class LiveRunner {
  private due = 0;
  private last = 0;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Max wall time per slice, ms. */
  sliceBudget = 10;
  /** Hears every step's result (the page's recorder). */
  onStep: ((r: StepResult) => void) | null = null;

  constructor(
    private readonly sim: Simulation,
    private readonly store: HamletStore,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Set by start(): the next slice at a speed above 0 steps at once instead of a step's time later. */
  private stepAtOnce = false;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.last = this.now();
    // The town moves the moment it is shown (or resumed), not a step's time later: on a model, the
    // first step asks every persona's first question, so a second lost here is a second in bed.
    this.stepAtOnce = true;
    this.schedule(0);
  }

  get isRunning(): boolean {
    return this.running;
  }

  private disposed = false;

  /** Stop for good (a forked town takes over): a step still under way is not shown. */
  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The step under way (a slice's or a single one), so a headless run waits for it instead of overlapping. */
  private busy: Promise<unknown> = Promise.resolve();

  /** Run exactly one step (also while paused). */
  async stepOnce(): Promise<void> {
    if (this.fastForwarding) return;
    const run = this.busy.then(() => this.sim.tick());
    this.busy = run.catch(() => undefined);
    const r = await run;
    this.onStep?.(r);
    // A step that was under way when a replay opened, or when this runner was replaced, is not shown.
    if (this.disposed || this.store.getState().mode !== 'live') return;
    applyStep(this.store, this.sim.step, this.sim.now, r.personas, r.conversations, r.townEvents, r.economyEvents);
    applyPlayer(this.store, r.player);
  }

  private fastForwarding = false;

  /**
   * Run the town headless to `time` ("skip to next morning", "jump to an hour"): the same steps as
   * live (recorded, shown in the feed), without waiting between them; the page draws the progress
   * every few steps. Then the town goes on at the speed it had.
   */
  async fastForward(time: number, label: string): Promise<void> {
    if (this.fastForwarding) return;
    this.fastForwarding = true;
    const wasRunning = this.running;
    this.stop();
    try {
      await this.busy;
      const total = this.sim.stepsUntil(time);
      let convos: StepResult['conversations'] = [];
      let events: StepResult['townEvents'] = [];
      let economy: StepResult['economyEvents'] = [];
      let last: StepResult | null = null;
      const show = (done: number) => {
        if (!last || this.disposed || this.store.getState().mode !== 'live') return;
        applyStep(this.store, this.sim.step, this.sim.now, last.personas, convos, events, economy);
        applyPlayer(this.store, last.player);
        convos = [];
        events = [];
        economy = [];
        this.store.setState({ fastForward: { label, done, total } });
      };
      this.store.setState({ fastForward: { label, done: 0, total } });
      let shownAt = this.now();
      await this.sim.runUntil(time, async (r, done) => {
        this.onStep?.(r);
        last = r;
        convos = convos.concat(r.conversations);
        events = events.concat(r.townEvents);
        economy = economy.concat(r.economyEvents);
        if (this.now() - shownAt > 100 || done === total) {
          show(done);
          await new Promise((ok) => setTimeout(ok, 0)); // let the page draw the progress
          shownAt = this.now();
        }
      });
    } catch (err) {
      this.store.setState({ phase: 'error', error: `The simulation stopped: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      this.fastForwarding = false;
      this.store.setState({ fastForward: null });
      this.last = this.now();
      this.due = 0;
      if (wasRunning && !this.disposed) this.start();
    }
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.slice(), ms);
  }

  private async slice(): Promise<void> {
    const t = this.now();
    const speed = this.store.getState().speed;
    // Never bank more than a second of steps: a background tab should not fast-forward on return.
    this.due = Math.min(this.due + ((t - this.last) / 1000) * speed, Math.max(1, speed));
    this.last = t;
    if (this.stepAtOnce && speed > 0) {
      this.due = Math.max(this.due, 1);
      this.stepAtOnce = false;
    }
    const start = this.now();
    try {
      while (this.running && this.due >= 1 && this.now() - start < this.sliceBudget) {
        const step = this.stepOnce();
        this.busy = step.catch(() => undefined);
        await step;
        this.due -= 1;
      }
    } catch (err) {
      this.store.setState({ phase: 'error', error: `The simulation stopped: ${err instanceof Error ? err.message : String(err)}` });
      this.running = false;
      return;
    }
    if (speed === 0) this.due = 0;
    this.schedule(this.due >= 1 ? 0 : 16);
  }
}

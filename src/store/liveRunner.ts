import type { Simulation, StepResult } from '../sim/simulation';
import { applyStep, type HamletStore } from './store';

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

  start(): void {
    if (this.running) return;
    this.running = true;
    this.last = this.now();
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

  /** Run exactly one step (also while paused). */
  async stepOnce(): Promise<void> {
    const r = await this.sim.tick();
    this.onStep?.(r);
    // A step that was under way when a replay opened, or when this runner was replaced, is not shown.
    if (this.disposed || this.store.getState().mode !== 'live') return;
    applyStep(this.store, this.sim.step, this.sim.now, r.personas, r.conversations, r.townEvents, r.economyEvents);
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
    const start = this.now();
    try {
      while (this.running && this.due >= 1 && this.now() - start < this.sliceBudget) {
        await this.stepOnce();
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

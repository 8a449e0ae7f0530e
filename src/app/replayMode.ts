import { FEED_SIZE, economyFeedItem, type FeedItem, type HamletStore, type ReplayView } from '../store/store';
import type { EconomyEvent } from '../sim/economy/economy';
import type { ReplayFile } from '../replay/format';
import type { PersonaFrame } from '../sim/simulation';
import { DEFAULT_REPLAY_SPEED, PlaybackClock, ReplayPlayer } from '../replay/player';

interface ReplayModeHost {
  /** Stop the live town while the replay is shown (it keeps its state). */
  pauseLive(): void;
  /** Show the live town again and let it run as before. */
  resumeLive(): void;
  /** Why this replay cannot be continued live here, or null. */
  whyNotForkable(replay: ReplayFile): string | null;
  /** Sprite sheets of the replay's personas (guests included), before their frames reach the scene. */
  useSprites(personas: ReplayFile['personas']): void;
}

/**
 * Replay mode of the page: the live town waits and the store's `personas`, `time`, `step` and `feed`
 * come from a ReplayPlayer, so the same Phaser scene and HUD show the replay. A playback clock,
 * advanced by animation frames, moves the step while playing.
 */
export class ReplayMode {
  player: ReplayPlayer | null = null;
  clock: PlaybackClock | null = null;
  replay: ReplayFile | null = null;
  private raf = 0;
  private lastT = 0;
  private shownStep = -1;
  /** The compared replay (B) whose residents are drawn as ghosts, matched by step; null when none. */
  private ghostPlayer: ReplayPlayer | null = null;
  private feedCount = -1;

  constructor(
    private readonly store: HamletStore,
    private readonly host: ReplayModeHost,
    private readonly frame: (cb: (t: number) => void) => number = (cb) => requestAnimationFrame(cb),
    private readonly cancel: (id: number) => void = (id) => cancelAnimationFrame(id),
  ) {}

  get active(): boolean {
    return this.player !== null;
  }

  /** Show a replay (replacing one already open), at its start or at step `at` (the timeline still covers it all). */
  open(replay: ReplayFile, opts: { play?: boolean; speed?: number; at?: number } = {}): void {
    if (!this.active) this.host.pauseLive();
    this.stopLoop();
    this.ghostPlayer = null;
    this.host.useSprites(replay.personas);
    this.replay = replay;
    this.player = new ReplayPlayer(replay);
    this.clock = new PlaybackClock(this.player.firstStep, this.player.lastStep);
    this.clock.speed = opts.speed ?? DEFAULT_REPLAY_SPEED;
    if (opts.at !== undefined) this.clock.seek(opts.at);
    this.shownStep = -1;
    this.feedCount = -1;
    const view: ReplayView = {
      title: replay.title,
      notice: replay.notice ?? null,
      source: replay.source,
      brain: replay.brain,
      firstStep: this.player.firstStep,
      lastStep: this.player.lastStep,
      playing: false,
      speed: this.clock.speed,
      whyNotForkable: this.host.whyNotForkable(replay),
      player: this.player,
    };
    this.store.setState({ mode: 'replay', replay: view, followId: null, thinking: [] });
    this.show(true);
    if (opts.play) this.play();
    this.startLoop();
  }

  close(): void {
    if (!this.active) return;
    this.stopLoop();
    this.player = null;
    this.clock = null;
    this.replay = null;
    this.ghostPlayer = null;
    this.store.setState({ mode: 'live', replay: null, followId: null, ghosts: [] });
    this.host.resumeLive();
  }

  play(): void {
    this.clock?.play();
    this.show();
  }

  pause(): void {
    this.clock?.pause();
    this.show();
  }

  toggle(): void {
    if (this.clock?.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    if (!this.clock) return;
    this.clock.speed = Math.max(1, Math.min(64, speed));
    this.show();
  }

  /** Draw replay B's residents faded at the shown step (null: no ghosts); B's own guests get their sprites. */
  showGhosts(b: ReplayFile | null): void {
    if (!this.player) return;
    const inA = new Set(this.player.replay.personas.map((p) => p.id));
    if (b) this.host.useSprites(b.personas.filter((p) => !inA.has(p.id)));
    this.ghostPlayer = b ? new ReplayPlayer(b) : null;
    this.show(true);
  }

  /** Jump to a step (clamped to the replay). */
  seek(step: number): void {
    this.clock?.seek(step);
    this.show();
  }

  /** One step forward or back (pauses). */
  stepBy(d: number): void {
    if (!this.clock) return;
    this.clock.pause();
    this.clock.seek(this.clock.step + d);
    this.show();
  }

  /** Push the clock's step into the store (only what changed). */
  private show(force = false): void {
    const player = this.player;
    const clock = this.clock;
    if (!player || !clock) return;
    const step = clock.step;
    const prev = this.store.getState().replay;
    const view = prev && (prev.playing !== clock.playing || prev.speed !== clock.speed) ? { ...prev, playing: clock.playing, speed: clock.speed } : prev;
    if (step === this.shownStep && !force) {
      if (view !== prev) this.store.setState({ replay: view });
      return;
    }
    this.shownStep = step;
    const convos = player.conversationsBefore(step, FEED_SIZE);
    const economy = player.economyBefore(step, FEED_SIZE);
    const count = ((convos[convos.length - 1]?.step ?? 0) * 1000 + convos.length) + ((economy[economy.length - 1]?.step ?? 0) * 1000 + economy.length) * 7;
    let feed: FeedItem[] | undefined;
    if (count !== this.feedCount || force) {
      this.feedCount = count;
      // The live feed's order: within a step, economy events before conversations.
      const lines = [
        ...economy.map((e) => ({ step: e.step, k: 0, item: economyFeedItem({ ...e, action: e.action as EconomyEvent['action'], source: e.source as EconomyEvent['source'] }) })),
        ...convos.map((c) => ({ step: c.step, k: 1, item: { time: c.time, text: `${c.participants[0]} and ${c.participants[1]}: ${c.summary}` } as FeedItem })),
      ];
      feed = lines.sort((a, b) => a.step - b.step || a.k - b.k).slice(-FEED_SIZE).map((l) => l.item);
    }
    this.store.setState({
      step,
      time: player.timeOf(step),
      personas: player.seek(step),
      ghosts: this.ghostsAt(step),
      replay: view,
      ...(feed ? { feed, conversations: player.conversationsBefore(step).length } : {}),
    });
  }

  /** B's frames at the same step number; none outside B's steps. */
  private ghostsAt(step: number): PersonaFrame[] {
    const g = this.ghostPlayer;
    return g && step >= g.firstStep && step <= g.lastStep ? g.seek(step) : [];
  }

  private startLoop(): void {
    this.lastT = 0;
    const loop = (t: number) => {
      if (!this.clock) return;
      const dt = this.lastT ? t - this.lastT : 0;
      this.lastT = t;
      if (this.clock.playing) {
        this.clock.advance(dt);
        this.show();
      }
      this.raf = this.frame(loop);
    };
    this.raf = this.frame(loop);
  }

  private stopLoop(): void {
    if (this.raf) this.cancel(this.raf);
    this.raf = 0;
  }
}

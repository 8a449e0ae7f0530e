import type { PersonaFrame, Simulation, StepResult } from '../sim/simulation';
import type { SimSnapshot } from '../sim/snapshot';
import type { CallRecord } from '../llm/callLog';
import { REPLAY_FORMAT, REPLAY_VERSION, lastStepOf, type ActionTuple, type WalletTuple, type FrameTuple, type Keyframe, type MemoryAdd, type PersonaChange, type ReplayCall, type ReplayFile, type ReplayStep } from './format';
import { mapInfoOf } from './mapInfo';
import { at } from '../sim/checked';

interface RecorderOptions {
  title?: string;
  /** Steps between keyframes of every persona's frame (default: one game hour). */
  keyframeInterval?: number;
  /** Steps between full-state snapshots to fork from (default: six game hours); 0 = only at the start. */
  snapshotInterval?: number;
  /** Record memories added and LLM calls (default true). */
  cognition?: boolean;
  /** LLM prompt and reply texts are cut to this many characters (default 4000). */
  maxCallText?: number;
  /**
   * Keep about this many of the latest steps (default: all). Older ones are dropped a stretch at a
   * time, at a full-state snapshot, so the recording stays a replay that starts later and can be
   * forked from its start; memories made before the new start are kept as its initial memories.
   */
  maxSteps?: number;
}

function frameTuple(f: PersonaFrame): FrameTuple {
  return [f.tile.x, f.tile.y, f.emoji, f.description, f.address, f.chattingWith];
}

/** The registered action of a frame; the reason is left out ("") when it only repeats the description. */
function actionTuple(f: PersonaFrame): ActionTuple {
  if (!f.actionId) return null;
  return [f.actionId, f.actionTarget ?? '', f.actionReason && f.actionReason !== f.description ? f.actionReason : '', f.brainMode ?? 'generative'];
}

/** Money and goods, holdings in name order (so equal wallets are equal tuples). */
function walletTuple(f: PersonaFrame): WalletTuple {
  const w = f.wallet;
  if (!w) return [0, [], null];
  const held = Object.entries(w.holdings)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [w.credits, held, w.workToday];
}

function sameWallet(a: WalletTuple, b: WalletTuple): boolean {
  return a[0] === b[0] && a[2] === b[2] && a[1].length === b[1].length && a[1].every(([n, k], i) => b[1][i]?.[0] === n && b[1][i]?.[1] === k);
}

function sameAction(a: ActionTuple, b: ActionTuple): boolean {
  return a === b || (!!a && !!b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3]);
}

/**
 * Records a running Simulation compactly: a keyframe of every persona at the start and every
 * `keyframeInterval` steps, and per step only what changed (tile, emoji, description, address, chat
 * partner), the conversations, the object events, and the cognitive detail (memories added,
 * reflections among them, LLM calls). Full-state snapshots are taken at the start and every
 * `snapshotInterval` steps so a replay can be forked. Pure: runs in Node and in the page.
 */
export class Recorder {
  /** The first step the recording still holds (later than the start once a window drops steps). */
  firstStep: number;
  /** The step recording began at: keyframes and snapshots fall at fixed intervals from it. */
  private readonly origin: number;
  private readonly maxSteps: number;
  private readonly keyframeInterval: number;
  private readonly snapshotInterval: number;
  private readonly cognition: boolean;
  private readonly maxCallText: number;
  private readonly title: string;
  private keyframes: Keyframe[] = [];
  private steps: ReplayStep[] = [];
  /**
   * Full-state snapshots, kept as JSON text: a week-old town's snapshot is ~6 MB of JSON but several
   * times that as objects, and a recording holds up to five (a week's `npm run sim --out` peaked at
   * 778 MB with objects; see docs/saves.md for the figures). Parsed when the replay is asked for.
   */
  private snapshots: { step: number; json: string }[] = [];
  private readonly initialMemories: MemoryAdd[] = [];
  private readonly brains = new Set<string>();
  private last: FrameTuple[];
  private lastActions: ActionTuple[];
  private lastWallets: WalletTuple[];
  private readonly memCount: number[];
  private objectEvents: Map<string, string>;
  private pendingCalls: ReplayCall[] = [];

  constructor(
    private readonly sim: Simulation,
    opts: RecorderOptions = {},
    /** A recording of this town up to now to go on from (a save's recording window): see `Recorder.resume`. */
    from?: ReplayFile,
  ) {
    const perHour = Math.round(3600 / sim.clock.stepSeconds);
    this.firstStep = from?.firstStep ?? sim.step;
    this.origin = from?.keyframes[0]?.step ?? sim.step;
    this.maxSteps = opts.maxSteps !== undefined && opts.maxSteps > 0 ? Math.round(opts.maxSteps) : Infinity;
    this.title = opts.title ?? from?.title ?? 'Hamlet';
    this.keyframeInterval = Math.max(1, Math.round(from?.keyframeInterval ?? opts.keyframeInterval ?? perHour));
    this.snapshotInterval = Math.max(0, Math.round(opts.snapshotInterval ?? 6 * perHour));
    this.cognition = opts.cognition ?? true;
    this.maxCallText = opts.maxCallText ?? 4000;
    const frames = sim.personas.map((p) => sim.frameOf(p));
    this.last = frames.map(frameTuple);
    this.lastActions = frames.map(actionTuple);
    this.lastWallets = frames.map(walletTuple);
    this.objectEvents = this.currentObjectEvents();
    this.memCount = sim.personas.map((p) => p.memory.nodes.length);
    if (from) {
      this.keyframes = from.keyframes.slice();
      this.steps = from.steps.slice();
      this.snapshots = from.snapshots.map((x) => ({ step: x.step, json: JSON.stringify(x) }));
      if (this.cognition) this.initialMemories.push(...(from.initialMemories ?? []));
      for (const b of from.brain.split(' + ')) this.brains.add(b);
    } else {
      this.keyframes.push({ step: sim.step, personas: this.last, actions: this.lastActions, wallets: this.lastWallets, objects: [...this.objectEvents] });
      this.snapshots.push(packed(sim.snapshot()));
      if (this.cognition) sim.personas.forEach((p, i) => this.initialMemories.push(...p.memory.nodes.map((n) => memoryAdd(i, n))));
    }
    this.brains.add(sim.brain.name);
  }

  /**
   * Go on recording a town from a recording that ends where it stands (a loaded save's window):
   * the result is one replay across the save. Null when the recording does not end at this step or
   * is of other personas (then a new recording starts instead).
   */
  static resume(sim: Simulation, recording: ReplayFile, opts: RecorderOptions = {}): Recorder | null {
    if (recording.source !== 'hamlet' || lastStepOf(recording) !== sim.step || recording.stepSeconds !== sim.clock.stepSeconds) return null;
    if (recording.personas.map((p) => p.id).join('\n') !== sim.personas.map((p) => p.id).join('\n')) return null;
    return new Recorder(sim, opts, recording);
  }

  /** The step the next recorded tick must have. */
  get nextStep(): number {
    return this.firstStep + this.steps.length;
  }

  /** How many steps are recorded. */
  get length(): number {
    return this.steps.length;
  }

  /** Record one tick; call it right after `sim.tick()` with its result. */
  record(r: StepResult): void {
    if (r.step !== this.nextStep) throw new Error(`The recorder expected tick ${this.nextStep}, got ${r.step}`);
    const rec: ReplayStep = {};
    const changes: PersonaChange[] = [];
    const now = r.personas.map(frameTuple);
    const actions = r.personas.map(actionTuple);
    const wallets = r.personas.map(walletTuple);
    now.forEach((f, i) => {
      const was = at(this.last, i, 'last frame');
      const c: PersonaChange = { i };
      if (f[0] !== was[0] || f[1] !== was[1]) {
        c.x = f[0];
        c.y = f[1];
      }
      if (f[2] !== was[2]) c.e = f[2];
      if (f[3] !== was[3]) c.d = f[3];
      if (f[4] !== was[4]) c.a = f[4];
      if (f[5] !== was[5]) c.w = f[5];
      const action = at(actions, i, 'action');
      const wallet = at(wallets, i, 'wallet');
      if (!sameAction(action, at(this.lastActions, i, 'last action'))) c.k = action;
      if (!sameWallet(wallet, at(this.lastWallets, i, 'last wallet'))) c.$ = wallet;
      if (Object.keys(c).length > 1) changes.push(c);
    });
    this.last = now;
    this.lastActions = actions;
    this.lastWallets = wallets;
    if (changes.length) rec.p = changes;
    if (r.conversations.length) {
      rec.c = r.conversations.map((c) => ({ participants: [c.participants[0], c.participants[1]], summary: c.summary, lines: c.lines.map((l) => [l.speaker, l.text] as [string, string]) }));
    }
    if (r.economyEvents.length) {
      const index = new Map(this.sim.personas.map((p, i) => [p.id, i]));
      rec.x = r.economyEvents.map((e) => ({ i: index.get(e.personaId) ?? 0, a: e.action, w: e.what, r: e.reason, s: e.source }));
    }
    const events = this.currentObjectEvents();
    const o: [string, string | null][] = [];
    for (const [a, d] of events) if (this.objectEvents.get(a) !== d) o.push([a, d]);
    for (const a of this.objectEvents.keys()) if (!events.has(a)) o.push([a, null]);
    this.objectEvents = events;
    if (o.length) rec.o = o;
    if (this.cognition) {
      const m: MemoryAdd[] = [];
      this.sim.personas.forEach((p, i) => {
        const nodes = p.memory.nodes;
        for (let k = this.memCount[i] ?? 0; k < nodes.length; k++) m.push(memoryAdd(i, at(nodes, k, 'memory node')));
        this.memCount[i] = nodes.length;
      });
      if (m.length) rec.m = m;
      if (this.pendingCalls.length) rec.l = this.pendingCalls;
    }
    this.pendingCalls = [];
    if (r.answers?.length) rec.a = r.answers.map((a) => [this.sim.personas.findIndex((p) => p.id === a.persona), a.call, a.asked]);
    this.brains.add(this.sim.brain.name);
    this.steps.push(rec);

    const since = this.sim.step - this.origin;
    if (since % this.keyframeInterval === 0) this.keyframes.push({ step: this.sim.step, personas: now, actions, wallets, objects: [...events] });
    if (this.snapshotInterval > 0 && since % this.snapshotInterval === 0) this.snapshotNow();
    if (this.steps.length > this.maxSteps) this.dropOldest();
  }

  /**
   * Keep at least the last maxSteps: start the recording at the latest snapshot that leaves that
   * many, where a keyframe also falls (the player and a fork need both at the first step). The
   * dropped steps' memories become initial memories (shown as known at the new start); their
   * positions, conversations and calls go.
   */
  private dropOldest(): void {
    const cutoff = this.nextStep - this.maxSteps;
    const keyed = new Set(this.keyframes.map((k) => k.step));
    const start = this.snapshots.filter((s) => s.step > this.firstStep && s.step <= cutoff && keyed.has(s.step)).at(-1)?.step;
    if (start === undefined) return;
    const dropped = this.steps.slice(0, start - this.firstStep);
    if (this.cognition) for (const s of dropped) if (s.m) this.initialMemories.push(...s.m);
    this.steps = this.steps.slice(start - this.firstStep);
    this.keyframes = this.keyframes.filter((k) => k.step >= start);
    this.snapshots = this.snapshots.filter((s) => s.step >= start);
    this.firstStep = start;
  }

  /** An LLM call made during the tick being run (from the call log's listeners). */
  addCall(c: CallRecord): void {
    if (!this.cognition) return;
    const cut = (s: string) => (s.length > this.maxCallText ? `${s.slice(0, this.maxCallText)}… [${s.length - this.maxCallText} more characters]` : s);
    const { id: _id, ...rest } = c;
    this.pendingCalls.push({ ...rest, promptText: cut(c.promptText), replies: c.replies.map(cut) });
  }

  /** Take a full-state snapshot now (between ticks), unless there is one for this step. */
  snapshotNow(): void {
    if (this.snapshots.some((s) => s.step === this.sim.step)) return;
    this.snapshots.push(packed(this.sim.snapshot()));
  }

  /** The recording so far, as a replay document; `firstSnapshotOnly` leaves out the later full-state snapshots (a save's window). */
  toReplay(opts: { firstSnapshotOnly?: boolean } = {}): ReplayFile {
    const sim = this.sim;
    return {
      format: REPLAY_FORMAT,
      version: REPLAY_VERSION,
      title: this.title,
      source: 'hamlet',
      map: mapInfoOf(sim.world),
      seed: sim.seed,
      start: new Date(sim.clock.startMs).toISOString().slice(0, 19),
      stepSeconds: sim.clock.stepSeconds,
      firstStep: this.firstStep,
      brain: [...this.brains].join(' + '),
      keyframeInterval: this.keyframeInterval,
      personas: sim.personas.map((p) => ({ id: p.id, name: p.name, sprite: p.spec.sprite })),
      specs: sim.personas.map((p) => p.spec),
      ...(this.cognition ? { initialMemories: this.initialMemories } : {}),
      keyframes: this.keyframes.slice(),
      steps: this.steps.slice(),
      snapshots: (opts.firstSnapshotOnly ? this.snapshots.slice(0, 1) : this.snapshots).map((x) => JSON.parse(x.json) as SimSnapshot),
    };
  }

  private currentObjectEvents(): Map<string, string> {
    return new Map([...this.sim.objectEvents].map(([a, e]) => [a, e.description]));
  }
}

function packed(snap: SimSnapshot): { step: number; json: string } {
  return { step: snap.step, json: JSON.stringify(snap) };
}

function memoryAdd(i: number, n: { id: number; type: MemoryAdd[2]; predicate: string; description: string; poignancy: number; evidence: number[] }): MemoryAdd {
  return [i, n.id, n.type, n.predicate, n.description, n.poignancy, n.evidence.slice()];
}

import type { PersonaFrame } from '../sim/simulation';
import { at as atIndex } from '../sim/checked';
import { lastStepOf, timeOfStep, type ActionTuple, type WalletTuple, type FrameTuple, type MemoryAdd, type ReplayCall, type ReplayConversation, type ReplayFile, type ReplayStep } from './format';

/** A conversation of the replay, with the step at which it had happened (it is in the town from that step on). */
interface ReplayConversationAt extends ReplayConversation {
  step: number;
  time: number;
}

/** An economy event of the replay (docs/economy.md#the-activity-feed), for the activity feed. */
interface ReplayEconomyAt {
  step: number;
  time: number;
  personaId: string;
  name: string;
  action: string;
  what: string;
  reason: string;
  source: string;
}

/** A memory as the inspector shows it. */
interface ReplayMemory {
  /** The step from which the persona has it (the recording's first step for memories it started with). */
  step: number;
  id: number;
  type: MemoryAdd[2];
  predicate: string;
  description: string;
  poignancy: number;
  evidence: number[];
}

/** An LLM call of the replay, with the step of the tick that made it. */
interface ReplayCallAt extends ReplayCall {
  step: number;
}

/**
 * What a replay shows at a step, read-only: the frames, and the cognitive detail the inspector needs.
 * The page puts the open replay's player in the store (`replay.player`); an inspector on a replay reads
 * this and never a Simulation.
 */
export interface ReplayInspect {
  readonly personas: readonly { id: string; name: string; sprite: string; guest?: boolean }[];
  readonly firstStep: number;
  readonly lastStep: number;
  timeOf(step: number): number;
  framesAt(step: number): PersonaFrame[];
  /** The memories a persona has at a step (up to `limit`, newest last). */
  memoriesAt(personaId: string, step: number, limit?: number): ReplayMemory[];
  /** LLM calls a persona made before the step (up to `limit`, newest last). */
  callsBefore(personaId: string, step: number, limit?: number): ReplayCallAt[];
  /** Conversations that had happened by the step (up to `limit`, newest last). */
  conversationsBefore(step: number, limit?: number): ReplayConversationAt[];
  /** Economy events that had happened by the step (up to `limit`, newest last). */
  economyBefore(step: number, limit?: number): ReplayEconomyAt[];
  /** What is happening at objects (address → description) at the step. */
  objectEventsAt(step: number): Map<string, string>;
}

/** First index i in a sorted array with key(a[i]) >= v. */
function lowerBound<T>(a: readonly T[], v: number, key: (t: T) => number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(atIndex(a, mid, 'sorted entry')) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Mutable = [number, number, string, string, string, string | null];

/**
 * Plays a replay: the town at any step is the nearest keyframe at or before it plus the changes of
 * the steps in between (at most keyframeInterval of them, so any jump is cheap), and stepping
 * forward applies one step's changes to the current state. Pure: no DOM, no timers.
 */
export class ReplayPlayer implements ReplayInspect {
  readonly firstStep: number;
  readonly lastStep: number;
  readonly personas: ReplayFile['personas'];
  private readonly conversations: ReplayConversationAt[] = [];
  private readonly economy: ReplayEconomyAt[] = [];
  private readonly memories: ReplayMemory[][];
  private readonly calls: ReplayCallAt[][];
  /** Object events at each keyframe, in keyframe order. */
  private readonly keyObjects: Map<string, string>[] = [];
  private cur: Mutable[] = [];
  /** The registered action of each persona (null when the replay does not record actions). */
  private curActions: ActionTuple[] = [];
  /** Each persona's money and goods (null when the replay does not record them: recordings before wallets). */
  private curWallets: (WalletTuple | null)[] = [];
  private curStep = -1;
  private moved: boolean[] = [];

  constructor(readonly replay: ReplayFile) {
    this.firstStep = replay.firstStep;
    this.lastStep = lastStepOf(replay);
    this.personas = replay.personas;
    const index = new Map(replay.personas.map((p, i) => [p.id, i]));
    this.memories = replay.personas.map(() => []);
    this.calls = replay.personas.map(() => []);
    for (const m of replay.initialMemories ?? []) this.memories[m[0]]?.push(memoryOf(m, replay.firstStep));
    // Object events start from the first keyframe's (a recording may begin mid-day) and follow the changes.
    const objects = new Map<string, string>(atIndex(replay.keyframes, 0, 'first keyframe').objects ?? []);
    let k = 0;
    replay.steps.forEach((s, i) => {
      const at = replay.firstStep + i + 1;
      for (const c of s.c ?? []) this.conversations.push({ ...c, step: at, time: timeOfStep(replay, at - 1) });
      for (const e of s.x ?? []) {
        const who = replay.personas[e.i];
        if (who) this.economy.push({ step: at, time: timeOfStep(replay, at - 1), personaId: who.id, name: who.name, action: e.a, what: e.w, reason: e.r, source: e.s });
      }
      for (const m of s.m ?? []) this.memories[m[0]]?.push(memoryOf(m, at));
      for (const c of s.l ?? []) {
        const who = index.get(c.persona);
        if (who !== undefined) this.calls[who]?.push({ ...c, step: at });
      }
      while (k < replay.keyframes.length && atIndex(replay.keyframes, k, 'keyframe').step <= at - 1) {
        this.keyObjects.push(new Map(objects));
        k++;
      }
      applyObjects(objects, s);
    });
    while (k < replay.keyframes.length) {
      this.keyObjects.push(new Map(objects));
      k++;
    }
  }

  timeOf(step: number): number {
    return timeOfStep(this.replay, step);
  }

  /** The step the player is at (after the last framesAt / seek). */
  get step(): number {
    return this.curStep;
  }

  clamp(step: number): number {
    return Math.max(this.firstStep, Math.min(this.lastStep, Math.round(step)));
  }

  private keyframeIndex(step: number): number {
    return lowerBound(this.replay.keyframes, step + 1, (k) => k.step) - 1;
  }

  private changesOf(step: number): ReplayStep {
    return this.replay.steps[step - this.firstStep] ?? {};
  }

  /** Move the player to a step and return every persona's frame there. */
  seek(step: number): PersonaFrame[] {
    const target = this.clamp(step);
    if (this.curStep >= 0 && target >= this.curStep) {
      const k = atIndex(this.replay.keyframes, this.keyframeIndex(target), 'keyframe');
      // Walk forward from where we are unless a keyframe on the way is closer.
      if (k.step <= this.curStep) {
        for (let s = this.curStep; s < target; s++) this.apply(this.changesOf(s));
        if (target === this.curStep) return this.frames();
        this.curStep = target;
        return this.frames();
      }
    }
    const k = atIndex(this.replay.keyframes, this.keyframeIndex(target), 'keyframe');
    this.cur = k.personas.map((f) => f.slice() as Mutable);
    this.curActions = k.personas.map((_, i) => k.actions?.[i] ?? null);
    this.curWallets = k.personas.map((_, i) => k.wallets?.[i] ?? null);
    this.moved = this.cur.map(() => false);
    for (let s = k.step; s < target; s++) this.apply(this.changesOf(s));
    this.curStep = target;
    return this.frames();
  }

  /** Every persona's frame at a step (moves the player there). */
  framesAt(step: number): PersonaFrame[] {
    return this.seek(step);
  }

  private apply(s: ReplayStep): void {
    this.moved.fill(false);
    for (const c of s.p ?? []) {
      const f = atIndex(this.cur, c.i, 'persona of a replay change');
      if (c.x !== undefined && c.y !== undefined) {
        f[0] = c.x;
        f[1] = c.y;
        this.moved[c.i] = true;
      }
      if (c.e !== undefined) f[2] = c.e;
      if (c.d !== undefined) f[3] = c.d;
      if (c.a !== undefined) f[4] = c.a;
      if (c.w !== undefined) f[5] = c.w;
      if (c.k !== undefined) this.curActions[c.i] = c.k;
      if (c.$ !== undefined) this.curWallets[c.i] = c.$;
    }
  }

  private frames(): PersonaFrame[] {
    return this.cur.map((f, i) => frameOf(atIndex(this.personas, i, 'replay persona'), f, this.moved[i] ?? false, this.curActions[i] ?? null, this.curWallets[i] ?? null));
  }

  memoriesAt(personaId: string, step: number, limit = Infinity): ReplayMemory[] {
    const i = this.personas.findIndex((p) => p.id === personaId);
    if (i < 0) return [];
    const all = this.memories[i] ?? [];
    const end = lowerBound(all, step + 1, (m) => m.step);
    return all.slice(Math.max(0, end - limit), end);
  }

  callsBefore(personaId: string, step: number, limit = Infinity): ReplayCallAt[] {
    const i = this.personas.findIndex((p) => p.id === personaId);
    if (i < 0) return [];
    const all = this.calls[i] ?? [];
    const end = lowerBound(all, step + 1, (c) => c.step);
    return all.slice(Math.max(0, end - limit), end);
  }

  conversationsBefore(step: number, limit = Infinity): ReplayConversationAt[] {
    const end = lowerBound(this.conversations, step + 1, (c) => c.step);
    return this.conversations.slice(Math.max(0, end - limit), end);
  }

  economyBefore(step: number, limit = Infinity): ReplayEconomyAt[] {
    const end = lowerBound(this.economy, step + 1, (e) => e.step);
    return this.economy.slice(Math.max(0, end - limit), end);
  }

  objectEventsAt(step: number): Map<string, string> {
    const target = this.clamp(step);
    const ki = this.keyframeIndex(target);
    const objects = new Map(this.keyObjects[ki]);
    for (let s = atIndex(this.replay.keyframes, ki, 'keyframe').step; s < target; s++) applyObjects(objects, this.changesOf(s));
    return objects;
  }

  /** The snapshot to fork from at a step: the latest one at or before it, or null. */
  snapshotFor(step: number) {
    let best = null;
    for (const s of this.replay.snapshots) if (s.step <= step && (!best || s.step > best.step)) best = s;
    return best;
  }
}

function frameOf(p: { id: string; name: string }, f: FrameTuple | Mutable, moved: boolean, a: ActionTuple, w: WalletTuple | null): PersonaFrame {
  const frame: PersonaFrame = { id: p.id, name: p.name, tile: { x: f[0], y: f[1] }, emoji: f[2], description: f[3], address: f[4], chattingWith: f[5], moved };
  if (a) Object.assign(frame, { actionId: a[0], actionTarget: a[1], actionReason: a[2] || f[3], brainMode: a[3] });
  if (w) frame.wallet = { credits: w[0], holdings: Object.fromEntries(w[1]), workToday: w[2] };
  return frame;
}

function memoryOf(m: MemoryAdd, step: number): ReplayMemory {
  return { step, id: m[1], type: m[2], predicate: m[3], description: m[4], poignancy: m[5], evidence: m[6] };
}

function applyObjects(objects: Map<string, string>, s: ReplayStep): void {
  for (const [a, d] of s.o ?? []) {
    if (d === null) objects.delete(a);
    else objects.set(a, d);
  }
}

/**
 * Replay speeds, in steps per real second (as the live town: 1× is one step, ten game seconds, per
 * second): the live town's speeds, so keys 1–5 mean the same live and in a replay (src/store/store.ts KEY_SPEEDS).
 */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 60] as const;
/** A replay opens at this speed (one of REPLAY_SPEEDS, so the speed menu shows it). */
export const DEFAULT_REPLAY_SPEED = 10;

/**
 * The playback clock: a fractional position that advances at `speed` steps per second while
 * playing and stops at the end. The page calls `advance` with real elapsed milliseconds.
 */
export class PlaybackClock {
  position: number;
  playing = false;
  speed: number = 1;

  constructor(
    readonly first: number,
    readonly last: number,
    at = first,
  ) {
    this.position = at;
  }

  /** The whole step shown. */
  get step(): number {
    return Math.floor(this.position);
  }

  advance(ms: number): number {
    if (this.playing) {
      // Never more than a second's worth at once: a background tab should not leap on return.
      this.position = Math.min(this.last, this.position + (Math.min(ms, 1000) / 1000) * this.speed);
      if (this.position >= this.last) this.playing = false;
    }
    return this.step;
  }

  seek(step: number): void {
    this.position = Math.max(this.first, Math.min(this.last, Math.floor(step)));
  }

  play(): void {
    if (this.position >= this.last) this.position = this.first;
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }
}

/**
 * Where a recorded day begins for a watcher: the step by which a quarter of the personas (at least
 * one) have left the tile they started on, less a few game minutes, so "watch a recorded day" does
 * not open on a town asleep. The first step when nobody ever moves.
 */
export function dayStartStep(replay: Pick<ReplayFile, 'firstStep' | 'steps' | 'personas' | 'stepSeconds'>, leadSeconds = 300): number {
  const need = Math.max(1, Math.ceil(replay.personas.length / 4));
  const moved = new Set<number>();
  // The first step places everyone (each persona's tile is a change there): moves count from the second.
  for (let i = 1; i < replay.steps.length; i++) {
    for (const c of atIndex(replay.steps, i, 'replay step').p ?? []) if (c.x !== undefined) moved.add(c.i);
    if (moved.size >= need) return Math.max(replay.firstStep, replay.firstStep + i - Math.round(leadSeconds / replay.stepSeconds));
  }
  return replay.firstStep;
}

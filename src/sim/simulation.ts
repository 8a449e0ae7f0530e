import type { Brain } from './brain/port';
import { EmbeddingStore } from './persona/embeddings';
import { GuardedBrain } from './brain/guard';
import { GameClock } from './clock';
import type { ConversationRecord, SimContext } from './context';
import { Persona } from './persona/persona';
import type { PersonaSpec } from './persona/schema';
import { PathFinder } from './world/pathfinder';
import type { WorldModel } from './world/types';
import type { WorldEvent } from './world/events';
import { Director, requestText } from './town/director';
import { Economy } from './economy/economy';
import { ensureEmbeddings } from './cognition/retrieve';
import { seedMemories } from './persona/seed';
import { restoreSnapshot, takeSnapshot, type SimSnapshot } from './snapshot';
import type { SimState } from './state/holder';
import { MAX_WHISPER, PendingInputs } from './inputs';
import { interview as interviewOf } from './cognition/interview';
import type { ChatLine } from './persona/memory';
import { townActionTotals, type TownActionTotals } from './persona/agentState';
import type { BrainMode } from './persona/agentState';
import { PlayerController, type PlayerInput } from './player/controller';
import { checkPlayerInput } from './state/playerState';
import { playerSpawn } from './player/player';
import { StepGate } from './brain/stepGate';
import type { CallPlan } from './brain/callPlan';
import type { CallStrategy } from './brain/callStrategy';
import { callStrategies } from './cognition/callStrategies';
import { FULL_MODULES, type CognitiveModules } from './ablation';
import { StepRunner } from './step/runner';
import { personaFrame, stepResult, walletOf, type FrameWallet, type PersonaFrame, type StepResult } from './step/frames';

export type { PersonaFrame, StepResult } from './step/frames';
import type { SteppedTown } from './step/town';

/**
 * How a step treats a remote brain. 'async' (the page's mode, the default): a step never waits on the
 * network; a persona whose answer is pending keeps doing what it was doing, and the answer takes
 * effect at the first step after it arrives. 'lockstep' (Smallville's semantics, for experiments):
 * every step waits for every call. With a local brain (the offline brain) the two are the same run.
 */
export type StepMode = 'async' | 'lockstep';

interface SimulationOptions {
  world: WorldModel;
  personas: PersonaSpec[];
  brain: Brain;
  seed: number;
  /** Game start, e.g. "2023-02-13T00:00:00" (read as game time, no time zone). */
  start: string;
  stepSeconds?: number;
  /** Wall clock for timing statistics only (benchmarks: path durations, `phaseTimes`); never affects state. */
  timer?: () => number;
  /**
   * Persona id → brain mode: 'generative' (Smallville's full cognition, the default) or 'registry'
   * (one decision call among the registered actions whenever its current action ends).
   */
  brainModes?: Record<string, BrainMode>;
  /**
   * The player's resident (src/sim/player/player.ts: playerSpec), or none: a town without a player
   * runs exactly as it always did. It joins after the town's personas, with the brain mode 'human'.
   */
  player?: PersonaSpec;
  /** 'async' (default) or 'lockstep': see StepMode. */
  stepMode?: StepMode;
  /** The hourly town-wide decision (docs/economy.md#the-hourly-round; default on); the economy's actions stay available either way. */
  pulse?: boolean;
  /** How the brain is asked (src/sim/brain/callPlan.ts): 'faithful' (the default) or 'packed'. */
  callPlan?: CallPlan;
  /** Which cognitive modules run (src/sim/ablation.ts): every one unless an experiment ablates some. */
  modules?: CognitiveModules;
}

/**
 * The town: a tick-driven simulation that runs the same in Node and in the browser.
 * state = f(map, personas, seed, brain, step). A step is the ordered list of phases in
 * src/sim/step/phases.ts (inputs, bills, pulse, perceive → retrieve → plan, react, reflect,
 * execute …), run by one runner in lock-step or asynchronously (src/sim/step/runner.ts). Stages that
 * only touch the persona itself run concurrently across personas (so LLM calls overlap); reactions,
 * which touch a second persona, run in a fixed order.
 */
export class Simulation implements SimContext, SteppedTown {
  readonly world: WorldModel;
  readonly brain: GuardedBrain;
  readonly clock: GameClock;
  readonly seed: number;
  readonly personas: Persona[];
  readonly byName = new Map<string, Persona>();
  readonly byId = new Map<string, Persona>();
  readonly paths: PathFinder;
  readonly objectEvents = new Map<string, WorldEvent>();
  readonly conversations: ConversationRecord[] = [];
  readonly embeddings = new EmbeddingStore();
  /** Per persona, how many of its memories have been embedded. */
  private readonly embeddedUpTo = new Map<Persona, number>();
  /** Personas that moved in the last step (they look around first). */
  readonly moved = new Set<Persona>();
  private stepping = false;
  /** The town director: requests to the town become tracked plans (src/sim/town/director.ts). */
  readonly director = new Director();
  /**
   * The player's whispers, brain switches and requests to the town, taken in order at the start of
   * the next step, so state only changes inside a tick (and a save in between carries them).
   */
  readonly inputs = new PendingInputs();
  /** The player's resident and its conversation; null when nobody plays. */
  readonly player: PlayerController | null = null;
  /** 'async' or 'lockstep' (see StepMode). */
  readonly stepMode: StepMode;
  /** Holds a remote brain's answers until the step after they arrive (asynchronous mode). */
  readonly gate = new StepGate(() => this.clock.step);
  /** Personas whose thinking is still under way from an earlier step: they skip cognition until it ends. */
  readonly thinking = new Set<Persona>();
  /** Runs the step's phases (src/sim/step/phases.ts), lock-step or asynchronously, and keeps what outlives a step. */
  private readonly stepRunner = new StepRunner(this);
  /** The town's economy: jobs, shop items, today's check-ins and sales, the hourly pulse's log (src/sim/economy/economy.ts). */
  readonly economy: Economy;
  /** How the brain is asked: one call per question, or packed calls (docs/call-plans.md). A setting, like the brain: not saved. */
  callPlan: CallPlan;
  /** The experiment's condition as module switches (src/sim/ablation.ts). A setting, like the call plan: not saved. */
  readonly modules: Readonly<CognitiveModules>;

  constructor(opts: SimulationOptions) {
    this.world = opts.world;
    this.brain = opts.brain instanceof GuardedBrain ? opts.brain : new GuardedBrain(opts.brain);
    this.brain.knowTown(opts.world);
    this.stepMode = opts.stepMode ?? 'async';
    if (this.stepMode === 'async') this.brain.gate = this.gate;
    this.clock = new GameClock(opts.start, opts.stepSeconds ?? 10);
    this.seed = opts.seed;
    this.callPlan = opts.callPlan ?? 'faithful';
    this.modules = { ...(opts.modules ?? FULL_MODULES) };
    this.paths = new PathFinder(opts.world, opts.timer);
    this.timer = opts.timer;
    this.economy = new Economy(opts.world, opts.personas);
    this.economy.state.pulseEnabled = opts.pulse ?? true;
    const households = new Map(opts.personas.map((s) => [s.id, s.household]));
    this.personas = opts.personas.map((spec) => {
      const spawn = opts.world.spawns.get(spec.id);
      if (!spawn) throw new Error(`Persona "${spec.id}" has no spawn point in the map's "spawns" layer`);
      const p = new Persona(spec, opts.world.name, spawn);
      p.agent.mode = opts.brainModes?.[spec.id] ?? 'generative';
      seedMemories(p, opts.world, this.clock.now, (id) => households.get(id));
      return p;
    });
    if (opts.player) {
      const playerName = opts.player.name;
      if (opts.personas.some((s) => s.name === playerName)) throw new Error(`${playerName} already lives in this town: the player needs another name`);
      const p = new Persona(opts.player, opts.world.name, playerSpawn(opts.world, opts.player));
      p.agent.mode = 'human';
      seedMemories(p, opts.world, this.clock.now, (id) => households.get(id));
      this.personas.push(p);
      this.player = new PlayerController(p);
    }
    for (const p of this.personas) {
      this.byName.set(p.name, p);
      this.byId.set(p.id, p);
      this.moved.add(p);
    }
  }

  get step(): number {
    return this.clock.step;
  }

  /** True while a step runs (a snapshot waits for it to end). */
  get isStepping(): boolean {
    return this.stepping;
  }

  get now(): number {
    return this.clock.now;
  }

  /**
   * Embed the memories made this step, one batch per persona, each text once town-wide: spreads the
   * embedding work over the day instead of piling it onto the next retrieval.
   */
  async embedNewMemories(): Promise<void> {
    const claimed = new Set<string>();
    const batches: [Persona, string[]][] = [];
    for (const p of this.personas) {
      const from = this.embeddedUpTo.get(p) ?? 0;
      const keys: string[] = [];
      for (const n of p.memory.nodes.slice(from)) {
        if (this.embeddings.has(n.embeddingKey) || claimed.has(n.embeddingKey)) continue;
        claimed.add(n.embeddingKey);
        keys.push(n.embeddingKey);
      }
      this.embeddedUpTo.set(p, p.memory.nodes.length);
      if (keys.length > 0) batches.push([p, keys]);
    }
    await Promise.all(batches.map(([p, keys]) => ensureEmbeddings(this, p, keys)));
  }

  /** Advance the town by one step. Steps never overlap: a second call while one runs is an error. */
  async tick(): Promise<StepResult> {
    if (this.stepping) throw new Error('Simulation.tick called while a step is still running');
    this.stepping = true;
    try {
      return await this.runStep();
    } finally {
      this.stepping = false;
    }
  }

  /**
   * Wall time per phase of a step, summed over the run, in ms: filled only when a `timer` was given
   * (the benchmark), so a normal run does not pay for it. Keyed by the step's phase names
   * (src/sim/step/phases.ts) and 'frames'; phases that run personas concurrently are timed as a whole.
   */
  readonly phaseTimes = new Map<string, number>();
  private readonly timer: (() => number) | undefined;

  private lap(phase: string, since: number): number {
    if (!this.timer) return 0;
    const t = this.timer();
    this.phaseTimes.set(phase, (this.phaseTimes.get(phase) ?? 0) + t - since);
    return t;
  }

  private readonly strategies = callStrategies(this);
  /** The call plan's verbs, which cognition asks (src/sim/brain/callStrategy.ts). */
  get calls(): CallStrategy {
    return this.strategies[this.callPlan];
  }

  /** Packed days start with a short first call while steps do not wait for a remote brain (SimContext.quickStart). */
  get quickStart(): boolean {
    return this.stepMode === 'async' && this.brain.remote;
  }

  /**
   * Whether this step runs asynchronously: in 'async' mode while the brain is remote, and for as long
   * as thinking started on a remote brain is still under way (after a switch to the offline brain).
   * Otherwise the step awaits every call, exactly as the lock-step run does.
   */
  private get asynchronous(): boolean {
    return this.stepMode === 'async' && (this.brain.remote || this.thinking.size > 0 || this.gate.inFlight > 0 || this.gate.waiting > 0 || this.stepRunner.busy);
  }

  /** One step: the phases in order (src/sim/step/phases.ts), then the step's frames. */
  private async runStep(): Promise<StepResult> {
    let t = this.timer?.() ?? 0;
    const { now, convoCount, answers } = await this.stepRunner.run(this.asynchronous, (phase) => (t = this.lap(phase, t)));
    const result = stepResult(this, now, convoCount, answers);
    this.lap('frames', t);
    this.clock.advance();
    return result;
  }

  frameOf(p: Persona): PersonaFrame {
    return personaFrame(this, p);
  }

  /** A persona's money and goods as the inspector and a recording show them. */
  walletOf(p: Persona): FrameWallet {
    return walletOf(this, p);
  }

  /** Decision counters summed over the town, and per brain mode. */
  actionTotals(): TownActionTotals {
    return townActionTotals(this.personas);
  }

  /** What the state holders read and write (src/sim/state/holder.ts): this town, its private parts included. */
  private get state(): SimState {
    const { world, seed, clock, personas, byId, byName, objectEvents, conversations, embeddings, moved, embeddedUpTo, director, inputs, player, economy } = this;
    return { world, seed, clock, personas, byId, byName, objectEvents, conversations, embeddings, moved, embeddedUpTo, director, inputs, player, economy };
  }

  /** The whole state between steps, as plain JSON (src/sim/snapshot.ts): what a save and a replay's fork keyframe hold. */
  snapshot(): SimSnapshot {
    if (this.stepping) throw new Error('Simulation.snapshot called while a step is running');
    return takeSnapshot(this.state);
  }

  /**
   * Continue from a snapshot: this Simulation must have been built from the same world, personas,
   * seed and start. Running on gives what the recorded run gave (with the offline brain, exactly).
   * Checks the whole snapshot first: a SnapshotError names what is wrong, and nothing changes.
   */
  restore(snap: unknown): void {
    if (this.stepping) throw new Error('Simulation.restore called while a step is running');
    restoreSnapshot(this.state, snap);
    // Thinking under way belonged to the state before: its answers are dropped, not applied to this one.
    this.gate.reset();
    this.thinking.clear();
    this.stepRunner.reset();
  }

  /**
   * Whisper to a persona (its inner voice): queued, and taken in at the start of the next step, where
   * it becomes a thought and, when it names a place and a time, a plan item. Empty text is refused.
   */
  whisper(personaId: string, text: string): void {
    const p = this.byId.get(personaId);
    if (!p) throw new Error(`No persona "${personaId}" in this town`);
    const t = text.trim();
    if (!t) throw new Error('A whisper needs some words');
    this.inputs.push({ kind: 'whisper', persona: p.id, text: t.slice(0, MAX_WHISPER) });
  }

  /**
   * Switch a persona between the generative brain and the registry brain, from the next step on. Its
   * current action runs to its end; then the new brain decides (a generative persona that never
   * planned today plans its day first).
   */
  setBrainMode(personaId: string, mode: BrainMode): void {
    const p = this.byId.get(personaId);
    if (!p) throw new Error(`No persona "${personaId}" in this town`);
    if (mode !== 'generative' && mode !== 'registry') throw new Error(`Unknown brain mode "${String(mode)}"`);
    if (p.agent.mode === 'human') throw new Error(`${p.name} is the player's resident: its brain is the player`);
    this.inputs.push({ kind: 'brain', persona: p.id, mode });
  }

  /** Switch the town's call plan from the next step on (settings changed); the state carries over. */
  setCallPlan(plan: CallPlan): void {
    if (plan !== 'packed' && plan !== 'faithful') throw new Error(`Unknown call plan "${String(plan)}" (packed or faithful)`);
    this.inputs.push({ kind: 'callPlan', plan });
  }

  /** The call plan of the next step (a switch may be pending). */
  get nextCallPlan(): CallPlan {
    const waiting = this.inputs.list().filter((i) => i.kind === 'callPlan').at(-1);
    return waiting?.kind === 'callPlan' ? waiting.plan : this.callPlan;
  }

  /** The mode a persona will have at the next step (a switch may be pending). */
  brainModeOf(personaId: string): BrainMode | null {
    const p = this.byId.get(personaId);
    if (!p) return null;
    const pending = this.inputs.list().filter((i) => i.kind === 'brain' && i.persona === personaId).at(-1);
    return pending?.kind === 'brain' ? pending.mode : p.agent.mode;
  }

  /**
   * Ask the town for something ("hold a Valentine's party at Bramble Café tomorrow at 5 pm"): queued,
   * and made into a plan at the start of the next step (see `director`). Empty text is refused.
   */
  askTown(text: string): string {
    const t = requestText(text);
    this.inputs.push({ kind: 'request', text: t });
    return t;
  }

  /** Switch the hourly pulse on or off for this town, from the next step. */
  setPulse(enabled: boolean): void {
    this.inputs.push({ kind: 'pulse', on: enabled });
  }

  /** Whether the pulse will be on at the next step (a switch may be waiting). */
  get pulseOn(): boolean {
    const waiting = this.inputs.list().filter((i) => i.kind === 'pulse').at(-1);
    return waiting?.kind === 'pulse' ? waiting.on : this.economy.state.pulseEnabled;
  }

  /**
   * Something the player did (walk, step, act, talk, say, leave): queued, and taken in at the start of
   * the next step, where it goes through the action registry (src/sim/player/controller.ts).
   */
  playerInput(input: PlayerInput): void {
    if (!this.player) throw new Error('Nobody plays in this town');
    this.inputs.push({ kind: 'player', input: checkPlayerInput(input) });
  }

  /** Whispers waiting for the next step. */
  get queuedWhispers(): number {
    return this.inputs.count('whisper');
  }

  /** Requests to the town waiting for the next step. */
  get queuedRequests(): number {
    return this.inputs.count('request');
  }

  /** Ask a persona a question (analysis mode): it answers in character from its memories and remembers nothing of it. */
  async interview(personaId: string, question: string, transcript: ChatLine[] = []): Promise<string> {
    const p = this.byId.get(personaId);
    if (!p) throw new Error(`No persona "${personaId}" in this town`);
    return interviewOf(this, p, question.trim().slice(0, 1000), transcript);
  }

  /** Steps from now until the clock reads `time` (0 when it is now or past). */
  stepsUntil(time: number): number {
    return Math.max(0, Math.ceil((time - this.clock.now) / (this.clock.stepSeconds * 1000)));
  }

  /**
   * Run headless until the clock reads `time` ("skip to next morning", "jump to hour"): the same
   * steps a town running live would take, only without waiting; `onStep` hears each result (the
   * page's recorder and progress bar) and may pause for the page to draw.
   */
  async runUntil(time: number, onStep?: (r: StepResult, done: number, total: number) => void | Promise<void>): Promise<void> {
    const total = this.stepsUntil(time);
    for (let i = 0; i < total; i++) {
      const r = await this.tick();
      await onStep?.(r, i + 1, total);
    }
  }

  /** Run n steps (headless). */
  async run(steps: number, onStep?: (r: StepResult) => void): Promise<void> {
    for (let i = 0; i < steps; i++) {
      const r = await this.tick();
      onStep?.(r);
    }
  }
}

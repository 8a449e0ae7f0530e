import type { Brain } from './brain/port';
import { EmbeddingStore } from './persona/embeddings';
import { GuardedBrain } from './brain/guard';
import { GameClock } from './clock';
import type { ConversationRecord, SimContext } from './context';
import { Persona } from './persona/persona';
import type { PersonaSpec } from './persona/schema';
import { PathFinder } from './world/pathfinder';
import type { Tile, WorldModel } from './world/types';
import type { WorldEvent } from './world/events';
import { perceive, perceptionIndex } from './cognition/perceive';
import { Director, requestText, type TownEvent } from './town/director';
import { Economy, type EconomyEvent, type PulseRound } from './economy/economy';
import { pulseDue, runPulse } from './town/pulse';
import { payBills } from './town/bills';
import { dayIndex } from './actions/places';
import { ensureEmbeddings, retrieve, type Retrieved } from './cognition/retrieve';
import { newDayFor, plan } from './cognition/plan';
import { chooseRetrieved, react } from './cognition/react';
import { reflect } from './cognition/reflect';
import { scoreDue } from './cognition/poignancy';
import { execute } from './cognition/execute';
import { arrived } from './persona/currentAction';
import { settleArrivals } from './actions/payOnArrival';
import { seedMemories } from './persona/seed';
import { restoreSnapshot, takeSnapshot, type SimSnapshot } from './snapshot';
import type { SimState } from './state/holder';
import { MAX_WHISPER, PendingInputs } from './inputs';
import { whisper as whisperTo } from './cognition/whisper';
import { interview as interviewOf } from './cognition/interview';
import type { ChatLine } from './persona/memory';
import { registryStep } from './cognition/registryDecide';
import { checkNewActions } from './actions/generative';
import { townActionTotals, type TownActionTotals } from './persona/agentState';
import type { ActionStats, BrainMode } from './persona/agentState';
import { PlayerController, type PlayerInput, type PlayerView } from './player/controller';
import { checkPlayerInput } from './state/playerState';
import { playerSpawn } from './player/player';
import { afterMicrotasks, StepGate, type AnswerEffect } from './brain/stepGate';
import type { CallPlan } from './brain/callPlan';
import type { CallStrategy } from './brain/callStrategy';
import { callStrategies } from './cognition/callStrategies';
import { objectOf, printAddress } from './world/actionAddress';
import { defined } from './checked';
import { FULL_MODULES, type CognitiveModules } from './ablation';

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

/** What changed for one persona in one step: enough to draw it and to record it. */
export interface PersonaFrame {
  id: string;
  name: string;
  tile: Tile;
  emoji: string;
  description: string;
  address: string;
  chattingWith: string | null;
  moved: boolean;
  /** The registered action the current action is (src/sim/actions), its target and why. */
  actionId?: string | null;
  actionTarget?: string;
  actionReason?: string | null;
  brainMode?: BrainMode;
  /** This persona's decision counters (rejections, retries, scene defaults). */
  actionStats?: ActionStats;
  /** Its money and goods (docs/economy.md#money-and-goods): credits, what it holds, the job it checked in for today ("barista at Bramble Café") or null. */
  wallet?: FrameWallet;
}

interface FrameWallet {
  credits: number;
  holdings: Record<string, number>;
  workToday: string | null;
}

export interface StepResult {
  step: number;
  time: number;
  personas: PersonaFrame[];
  conversations: ConversationRecord[];
  /** What the town director reported this step (a plan made, a step done or blocked), for the activity feed. */
  townEvents: TownEvent[];
  /** The player's conversation and refused inputs after this step, or null without a player. */
  player: PlayerView | null;
  /** Answers of a remote brain that took effect at the start of this step (asynchronous mode only; absent when none did). */
  answers?: AnswerEffect[];
  /** Check-ins, purchases, meals of held food and the pulse's chats this step, for the activity feed. */
  economyEvents: EconomyEvent[];
  /** The hourly pulse's round, when one ran this step. */
  pulse: PulseRound | null;
}

/**
 * The town: a tick-driven simulation that runs the same in Node and in the browser.
 * state = f(map, personas, seed, brain, step). Each step, every persona perceives → retrieves →
 * plans → reflects → executes. Stages that only touch the persona itself run concurrently across
 * personas (so LLM calls overlap); reactions, which touch a second persona, run in a fixed order.
 */
export class Simulation implements SimContext {
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
  private readonly moved = new Set<Persona>();
  private stepping = false;
  /** The town director: requests to the town become tracked plans (src/sim/town/director.ts). */
  readonly director = new Director();
  /**
   * The player's whispers, brain switches and requests to the town, taken in order at the start of
   * the next step, so state only changes inside a tick (and a save in between carries them).
   */
  private readonly inputs = new PendingInputs();
  /** The player's resident and its conversation; null when nobody plays. */
  readonly player: PlayerController | null = null;
  /** 'async' or 'lockstep' (see StepMode). */
  readonly stepMode: StepMode;
  /** Holds a remote brain's answers until the step after they arrive (asynchronous mode). */
  readonly gate = new StepGate(() => this.clock.step);
  /** Personas whose thinking is still under way from an earlier step: they skip cognition until it ends. */
  readonly thinking = new Set<Persona>();
  /** Embedding still under way from an earlier step (town-wide: one batch at a time). */
  private embeddingBusy = false;
  /** A failure of thinking that ended between steps: the next step reports it. */
  private lateFailure: unknown = null;
  /** The town's economy: jobs, shop items, today's check-ins and sales, the hourly pulse's log (src/sim/economy/economy.ts). */
  readonly economy: Economy;
  /** How the brain is asked: one call per question, or packed calls (docs/call-plans.md). A setting, like the brain: not saved. */
  callPlan: CallPlan;
  private pendingCallPlan: CallPlan | null = null;
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
  private async embedNewMemories(): Promise<void> {
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
   * (the benchmark), so a normal run does not pay for it. Phases that run personas concurrently
   * (look/plan, reflect) are timed as a whole.
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
    return this.stepMode === 'async' && (this.brain.remote || this.thinking.size > 0 || this.gate.inFlight > 0 || this.gate.waiting > 0 || this.embeddingBusy);
  }

  private runStep(): Promise<StepResult> {
    return this.asynchronous ? this.runStepAsync() : this.runStepLockstep();
  }

  private async runStepLockstep(): Promise<StepResult> {
    let t = this.timer?.() ?? 0;
    const now = this.clock.now;
    const convoCount = this.conversations.length;
    const playerInputs: PlayerInput[] = [];
    for (const input of this.inputs.drain()) {
      if (input.kind === 'whisper') await whisperTo(this, this.resident(input.persona), input.text);
      else if (input.kind === 'request') await this.director.makePlan(this, input.text);
      else if (input.kind === 'player') playerInputs.push(input.input);
      else if (input.kind === 'pulse') this.economy.state.pulseEnabled = input.on;
      else this.resident(input.persona).agent.mode = input.mode;
    }
    if (this.player) await this.player.step(this, playerInputs);
    // docs/economy.md#the-hourly-round: once a game hour (plus a seeded jitter) the town simulator decides for everyone; rent and bills once a day.
    payBills(this);
    this.economy.sample(now, this.personas.map((p) => p.agent.wallet.credits));
    if (pulseDue(this.economy, this.seed, now)) await runPulse(this);
    if (this.pendingCallPlan) this.callPlan = this.pendingCallPlan;
    this.pendingCallPlan = null;
    const retrieved = new Map<Persona, Map<string, Retrieved>>();
    const generative = this.personas.filter((p) => p.agent.mode === 'generative');

    // Registry personas: one validated decision each when their action ends (src/sim/cognition/registryDecide.ts).
    t = this.lap('whispers, requests', t);
    await registryStep(this, this.personas);
    t = this.lap('registry decisions', t);
    // Nobody moves until execute, so one index of who is where serves every persona's look around.
    const around = perceptionIndex(this);
    await Promise.all(
      generative.map(async (p) => {
        const perceived = await perceive(this, p, this.moved.has(p), around);
        retrieved.set(p, retrieve(p, perceived, now));
        await plan(this, p, newDayFor(p, now));
      }),
    );
    t = this.lap('perceive, retrieve, plan', t);
    if (this.brain.remote) await this.reactSideBySide(generative, retrieved, convoCount);
    else for (const p of generative) await react(this, p, defined(retrieved.get(p), `${p.name}'s retrieved memories`));
    t = this.lap('react, converse', t);
    // Every action that started this step, planned or a reaction, is a registered one or the scene default.
    checkNewActions(this, this.personas);
    // Packed call plan: waiting memories are scored in batches (an hour's worth, or a full batch) before reflecting.
    await scoreDue(this, this.personas);
    await Promise.all(generative.map((p) => reflect(this, p)));
    t = this.lap('check actions, reflect', t);
    await this.embedNewMemories();
    t = this.lap('embed', t);
    return this.finishStep(now, convoCount, t);
  }

  /** Execute (every persona moves along its path, thinking or not), then the step's frames. */
  private finishStep(now: number, convoCount: number, t: number, answers?: AnswerEffect[]): StepResult {
    this.moved.clear();
    for (const p of this.personas) if (execute(this, p)) this.moved.add(p);
    // Wages and prices are paid where the payer stands: by those who have just arrived.
    settleArrivals(this);
    this.updateObjectEvents();
    this.director.track(this);
    t = this.lap('execute (paths, moves)', t);

    const result: StepResult = {
      step: this.clock.step,
      time: now,
      personas: this.personas.map((p) => this.frameOf(p)),
      conversations: this.conversations.slice(convoCount),
      townEvents: this.director.drainEvents(),
      player: this.player?.report() ?? null,
      economyEvents: this.economy.drainEvents(),
      pulse: this.economy.drainRound(),
    };
    if (answers && answers.length > 0) result.answers = answers;
    this.lap('frames', t);
    this.clock.advance();
    return result;
  }

  /**
   * Lock-step reactions on a remote brain: a reaction touches its persona and the persona its
   * attention falls on (chooseRetrieved: a pure, seeded choice), nothing else. Each waits only for
   * the earlier reactions (in persona order) that touch one of the same two, so a call that hangs
   * holds up no reaction that is not waiting on it, and the town ends as the one-by-one run (the
   * local brain's) would: same order between reactions that share a persona, none between others.
   * The step's conversations are listed in persona order, as one by one.
   */
  private async reactSideBySide(generative: Persona[], retrieved: Map<Persona, Map<string, Retrieved>>, convoCount: number): Promise<void> {
    const latest = new Map<Persona, Promise<unknown>>();
    const all: Promise<void>[] = [];
    for (const p of generative) {
      const mine = defined(retrieved.get(p), `${p.name}'s retrieved memories`);
      const focused = mine.size > 0 ? chooseRetrieved(this, p, mine) : null;
      const target = focused ? this.byName.get(focused.currEvent.subject) : undefined;
      const touches = target && target !== p ? [p, target] : [p];
      const before = touches.map((x) => latest.get(x)).filter((w): w is Promise<unknown> => w !== undefined);
      const run = Promise.all(before).then(() => react(this, p, mine));
      // A later reaction waits for this one to end, failed or not (the failure is reported below).
      const settled = run.catch(() => {});
      for (const x of touches) latest.set(x, settled);
      all.push(run);
    }
    // Every reaction ends before the step goes on; the first failure in persona order is the step's.
    const failed = (await Promise.allSettled(all)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const order = new Map(this.personas.map((p, i) => [p.name, i]));
    const made = this.conversations.splice(convoCount);
    this.conversations.push(...made.sort((a, b) => (order.get(a.participants[0]) ?? 0) - (order.get(b.participants[0]) ?? 0)));
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
      if (failed) this.lateFailure ??= error;
      onLate?.();
    });
    return false;
  }

  /** A persona's thinking that outlasts this step: it skips cognition (and is no one's chat partner) until it ends. */
  private async thinkWithin(p: Persona, work: Promise<unknown>): Promise<boolean> {
    const done = await this.within(work, () => this.thinking.delete(p));
    if (!done) this.thinking.add(p);
    return done;
  }

  /**
   * The asynchronous step (AI Town's model): answers that arrived since the last step take effect
   * first; then every persona that is not still thinking perceives, plans, reacts and reflects as in
   * the lock-step run, but a stage that waits on the network is left running and the step goes on.
   */
  private async runStepAsync(): Promise<StepResult> {
    let t = this.timer?.() ?? 0;
    const now = this.clock.now;
    this.gate.holding = true;
    try {
      const answers = this.gate.deliver();
      // The delivered answers' continuations run now, and may end some personas' thinking.
      await afterMicrotasks();
      if (this.lateFailure) {
        const e = this.lateFailure;
        this.lateFailure = null;
        throw e;
      }
      const convoCount = this.conversations.length;
      const playerInputs: PlayerInput[] = [];
      // The player's inputs in order; a whisper or a request the model is still working on carries on.
      for (const input of this.inputs.drain()) {
        if (input.kind === 'whisper') await this.within(whisperTo(this, this.resident(input.persona), input.text));
        else if (input.kind === 'request') await this.within(this.director.makePlan(this, input.text));
        else if (input.kind === 'player') playerInputs.push(input.input);
        else if (input.kind === 'pulse') this.economy.state.pulseEnabled = input.on;
        else this.resident(input.persona).agent.mode = input.mode;
      }
      if (this.player) {
        const resident = this.player.persona;
        // The resident's chat partner may still be writing an answer: its moves and words wait for it.
        if (this.thinking.has(resident)) this.inputs.putBack(playerInputs.map((input) => ({ kind: 'player' as const, input })));
        else await this.thinkWithin(resident, this.player.step(this, playerInputs));
      }
      // The hourly pulse (docs/economy.md#the-hourly-round); a remote brain's decisions take effect at the step its answer arrives. Rent and bills once a day.
      payBills(this);
      this.economy.sample(now, this.personas.map((p) => p.agent.wallet.credits));
      if (pulseDue(this.economy, this.seed, now)) await this.within(runPulse(this));
      if (this.pendingCallPlan) this.callPlan = this.pendingCallPlan;
      this.pendingCallPlan = null;
      const free = this.personas.filter((p) => !this.thinking.has(p));
      t = this.lap('whispers, requests', t);
      await Promise.all(free.filter((p) => p.agent.mode === 'registry').map((p) => this.thinkWithin(p, registryStep(this, [p]))));
      t = this.lap('registry decisions', t);

      const around = perceptionIndex(this);
      const retrieved = new Map<Persona, Map<string, Retrieved>>();
      const planning = free
        .filter((p) => p.agent.mode === 'generative')
        .map((p) => ({
          p,
          work: (async () => {
            const perceived = await perceive(this, p, this.moved.has(p), around);
            retrieved.set(p, retrieve(p, perceived, now));
            await plan(this, p, newDayFor(p, now));
          })(),
        }));
      const planned = await Promise.all(planning.map(({ p, work }) => this.thinkWithin(p, work)));
      const ready = planning.filter((_, i) => planned[i]).map(({ p }) => p);
      t = this.lap('perceive, retrieve, plan', t);
      for (const p of ready) {
        // An earlier reaction may have drawn this persona into a chat that is still being written.
        if (this.thinking.has(p)) continue;
        await this.thinkWithin(p, react(this, p, defined(retrieved.get(p), `${p.name}'s retrieved memories`)));
      }
      t = this.lap('react, converse', t);
      checkNewActions(this, this.personas);
      const reflecting = ready.filter((p) => !this.thinking.has(p));
      // Packed call plan: a persona's waiting memories are scored (when due) before it reflects.
      await Promise.all(
        reflecting.map((p) =>
          this.thinkWithin(
            p,
            (async () => {
              await scoreDue(this, [p]);
              await reflect(this, p);
            })(),
          ),
        ),
      );
      // …and so are those of the others (a whisper to a registry persona), who do not reflect.
      await this.within(scoreDue(this, this.personas.filter((p) => p.agent.mode !== 'generative' && !this.thinking.has(p))));
      t = this.lap('check actions, reflect', t);
      if (!this.embeddingBusy) {
        const done = await this.within(this.embedNewMemories(), () => (this.embeddingBusy = false));
        this.embeddingBusy = !done;
      }
      t = this.lap('embed', t);
      return this.finishStep(now, convoCount, t, answers);
    } finally {
      this.gate.holding = false;
    }
  }

  /** Objects in use show their user's object event at their tiles (Smallville's tile events). */
  private updateObjectEvents(): void {
    this.objectEvents.clear();
    for (const p of this.personas) {
      const s = p.scratch;
      const object = s.actAddress ? objectOf(s.actAddress) : null;
      if (!s.actAddress || !object || !arrived(p) || !s.actObjEvent[0]) continue;
      // Keyed like the map's objects (world:sector:arena:object), which perception looks up.
      const address = printAddress(s.actAddress);
      this.objectEvents.set(address, {
        subject: address,
        predicate: s.actObjEvent[1],
        object: s.actObjEvent[2],
        description: s.actObjDescription ?? `${object} is in use`,
      });
    }
  }

  /** A resident an input names (inputs are checked against the town when they are queued). */
  private resident(id: string): Persona {
    return defined(this.byId.get(id), `the resident "${id}" an input names`);
  }

  frameOf(p: Persona): PersonaFrame {
    const s = p.scratch;
    return {
      id: p.id,
      name: p.name,
      tile: { ...s.currTile },
      emoji: s.actPronunciatio ?? '',
      description: s.actDescription ?? '',
      address: s.actAddress ? printAddress(s.actAddress) : '',
      chattingWith: s.chattingWith,
      moved: this.moved.has(p),
      actionId: s.actionId,
      actionTarget: s.actionTarget,
      actionReason: s.actionReason,
      brainMode: p.agent.mode,
      actionStats: { ...p.agent.stats },
      wallet: this.walletOf(p),
    };
  }

  /** A persona's money and goods as the inspector and a recording show them. */
  walletOf(p: Persona): FrameWallet {
    const w = p.agent.wallet;
    const job = w.checkedInDay === dayIndex(this.clock.now) && w.jobId !== null ? this.economy.jobById(w.jobId) : undefined;
    return { credits: w.credits, holdings: { ...w.holdings }, workToday: job ? `${job.title} at ${job.sector}` : null };
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
    this.embeddingBusy = false;
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
    this.pendingCallPlan = plan;
  }

  /** The call plan of the next step (a switch may be pending). */
  get nextCallPlan(): CallPlan {
    return this.pendingCallPlan ?? this.callPlan;
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

import type { Persona } from '../persona/persona';
import type { CallPlan } from '../brain/callPlan';
import type { PlayerInput } from '../player/controller';
import { whisper } from '../cognition/whisper';
import { perceive, perceptionIndex } from '../cognition/perceive';
import { retrieve, type Retrieved } from '../cognition/retrieve';
import { newDayFor, plan } from '../cognition/plan';
import { chooseRetrieved, react } from '../cognition/react';
import { reflect } from '../cognition/reflect';
import { scoreDue } from '../cognition/poignancy';
import { execute, Occupancy } from '../cognition/execute';
import { arrived } from '../persona/currentAction';
import { registryStep } from '../cognition/registryDecide';
import { checkNewActions } from '../actions/generative';
import { settleArrivals } from '../actions/payOnArrival';
import { payBills } from '../town/bills';
import { pulseDue, runPulse } from '../town/pulse';
import { objectOf, printAddress } from '../world/actionAddress';
import { defined } from '../checked';
import type { SteppedTown } from './town';
import type { WorldEvent } from '../world/events';
import type { Waiting } from './waiting';

/** What one step's phases hand on to later ones. */
export interface ThisStep {
  /** The game time the step is at. */
  readonly now: number;
  /** The player's inputs taken this step, for the resident's phase. */
  readonly playerInputs: PlayerInput[];
  /** A switch of the call plan taken this step, for its phase. */
  callPlan: CallPlan | null;
  /** Each generative persona's retrieved memories: what it looked at, for its reaction. */
  readonly retrieved: Map<Persona, Map<string, Retrieved>>;
}

/**
 * One phase of a step. `brain` says whether it asks the brain: only such a phase may wait, through
 * `Waiting` (lock-step awaits, an asynchronous step starts the call, marks the persona thinking and
 * applies the answer when it arrives); a phase without the brain runs to its end at once.
 * `reads` and `writes` are for the reader: what of the town it looks at and changes.
 */
export interface StepPhase {
  /** Also the benchmark's label for its time (Simulation.phaseTimes). */
  readonly name: string;
  readonly reads: string;
  readonly writes: string;
  readonly brain: boolean;
  run(town: SteppedTown, step: ThisStep, wait: Waiting): Promise<void> | void;
}

const generative = (p: Persona): boolean => p.agent.mode === 'generative';

function resident(town: SteppedTown, id: string): Persona {
  return defined(town.byId.get(id), `the resident "${id}" an input names`);
}

/**
 * The step, declared once, in order: the one runner (./runner.ts) runs this list in lock-step and in
 * asynchronous steps alike, so a phase cannot exist in one mode only. Add a phase here.
 */
export const STEP_PHASES: readonly StepPhase[] = [
  {
    name: 'inputs',
    reads: 'the input queue',
    writes: "whispers (thoughts, plan items), requests (town plans), brain modes, the pulse's switch; the player's inputs and a call plan's switch go to their phases",
    brain: true,
    async run(town, step, wait) {
      // In order; a whisper or a request the model is still working on carries on.
      for (const input of town.inputs.drain()) {
        if (input.kind === 'whisper') await wait.carry(whisper(town, resident(town, input.persona), input.text));
        else if (input.kind === 'request') await wait.carry(town.director.makePlan(town, input.text));
        else if (input.kind === 'player') step.playerInputs.push(input.input);
        else if (input.kind === 'pulse') town.economy.state.pulseEnabled = input.on;
        else if (input.kind === 'callPlan') step.callPlan = input.plan;
        else resident(town, input.persona).agent.mode = input.mode;
      }
    },
  },
  {
    name: 'player',
    reads: "the player's inputs",
    writes: "the player's resident: its moves, actions and chat",
    brain: true,
    async run(town, step, wait) {
      if (!town.player) return;
      const p = town.player.persona;
      // The resident's chat partner may still be writing an answer: its moves and words wait for it.
      if (wait.free(p)) await wait.think(p, town.player.step(town, step.playerInputs));
      else town.inputs.putBack(step.playerInputs.map((input) => ({ kind: 'player' as const, input })));
    },
  },
  {
    name: 'bills',
    reads: 'the clock, homes and wallets',
    writes: 'wallets (rent and bills, once a day)',
    brain: false,
    run: (town) => payBills(town),
  },
  {
    name: 'economy sample',
    reads: 'wallets',
    writes: "the economy's credit samples",
    brain: false,
    run: (town, step) => town.economy.sample(step.now, town.personas.map((p) => p.agent.wallet.credits)),
  },
  {
    name: 'pulse',
    reads: 'the economy, everyone awake',
    writes: "the hourly town-wide decision's actions and chats (docs/economy.md#the-hourly-round)",
    brain: true,
    async run(town, step, wait) {
      // Once a game hour plus a seeded jitter (docs/economy.md#the-hourly-round); a remote brain's decisions take effect at the step its answer arrives.
      if (pulseDue(town.economy, town.seed, step.now)) await wait.carry(runPulse(town));
    },
  },
  {
    name: 'call plan',
    reads: "this step's call plan switch",
    writes: 'how the brain is asked from here on',
    brain: false,
    run(town, step) {
      if (step.callPlan) town.callPlan = step.callPlan;
    },
  },
  {
    name: 'registry decisions',
    reads: 'registry personas whose action ended',
    writes: 'their next registered action (src/sim/cognition/registryDecide.ts)',
    brain: true,
    run: (town, _step, wait) =>
      wait.each(
        town.personas.filter((p) => p.agent.mode === 'registry' && wait.free(p)),
        (ps) => registryStep(town, ps),
      ),
  },
  {
    name: 'perceive, retrieve, plan',
    reads: 'who and what is around, memories',
    writes: "perceived events (memories), what each retrieved, plans and the current action",
    brain: true,
    async run(town, step, wait) {
      // Nobody moves until execute, so one index of who is where serves every persona's look around.
      const around = perceptionIndex(town);
      const lookAndPlan = async (p: Persona) => {
        const perceived = await perceive(town, p, town.moved.has(p), around);
        step.retrieved.set(p, retrieve(p, perceived, step.now));
        await plan(town, p, newDayFor(p, step.now));
      };
      await wait.each(
        town.personas.filter((p) => generative(p) && wait.free(p)),
        (ps) => Promise.all(ps.map(lookAndPlan)),
      );
    },
  },
  {
    name: 'react, converse',
    reads: 'what each persona retrieved',
    writes: 'reactions: chats (conversations), waits, replanned schedules',
    brain: true,
    run: (town, step, wait) =>
      wait.inTurn(
        // Those who looked around and planned this step (whoever is still thinking sat it out).
        town.personas.filter((p) => generative(p) && wait.free(p) && step.retrieved.has(p)),
        (p) => react(town, p, defined(step.retrieved.get(p), `${p.name}'s retrieved memories`)),
        (p) => {
          const mine = defined(step.retrieved.get(p), `${p.name}'s retrieved memories`);
          const focused = mine.size > 0 ? chooseRetrieved(town, p, mine) : null;
          return focused ? (town.byName.get(focused.currEvent.subject) ?? null) : null;
        },
      ),
  },
  {
    name: 'check actions',
    reads: 'actions started this step (planned or reactions)',
    writes: 'each one a registered action or the scene default',
    brain: false,
    run: (town) => checkNewActions(town, town.personas),
  },
  {
    name: 'score, reflect',
    reads: 'memories waiting for a score, importance triggers',
    writes: 'poignancy scores (packed call plan), reflections',
    brain: true,
    run: (town, _step, wait) =>
      // Packed call plan: waiting memories are scored (when due) before reflecting, also of those
      // who do not reflect (a whisper to a registry persona).
      wait.each(
        town.personas.filter((p) => wait.free(p)),
        async (ps) => {
          await scoreDue(town, ps);
          await Promise.all(ps.filter(generative).map((p) => reflect(town, p)));
        },
        generative,
      ),
  },
  {
    name: 'embed',
    reads: 'memories made since the last embedding',
    writes: 'the embedding store (one batch at a time, each text once town-wide)',
    brain: true,
    run: (town, _step, wait) => wait.alone('embed', () => town.embedNewMemories()),
  },
  {
    name: 'execute (paths, moves)',
    reads: 'current actions and paths',
    writes: 'tiles (everyone moves, thinking or not), payments on arrival, object events, town plan progress',
    brain: false,
    run(town) {
      town.moved.clear();
      // Only the persona whose turn it is moves or plans a path: one index of who is where serves them all.
      const occupancy = new Occupancy(town);
      for (const p of town.personas) {
        if (execute(town, p, occupancy)) town.moved.add(p);
        occupancy.refile(p);
      }
      // Wages and prices are paid where the payer stands: by those who have just arrived.
      settleArrivals(town);
      updateObjectEvents(town);
      town.director.track(town);
    },
  },
];

/** Last step's object events, kept while the new ones are made (see updateObjectEvents). */
const lastEvents = new WeakMap<SteppedTown, Map<string, WorldEvent>>();

/**
 * Objects in use show their user's object event at their tiles (Smallville's tile events). An event
 * that reads as last step's is last step's object: perception keys each event once, not once a look.
 */
function updateObjectEvents(town: SteppedTown): void {
  let before = lastEvents.get(town);
  if (!before) lastEvents.set(town, (before = new Map()));
  before.clear();
  for (const [address, event] of town.objectEvents) before.set(address, event);
  town.objectEvents.clear();
  for (const p of town.personas) {
    const s = p.scratch;
    const object = s.actAddress ? objectOf(s.actAddress) : null;
    if (!s.actAddress || !object || !arrived(p) || !s.actObjEvent[0]) continue;
    // Keyed like the map's objects (world:sector:arena:object), which perception looks up.
    const address = printAddress(s.actAddress);
    const description = s.actObjDescription ?? `${object} is in use`;
    const was = before.get(address);
    const same = was && was.predicate === s.actObjEvent[1] && was.object === s.actObjEvent[2] && was.description === description;
    town.objectEvents.set(address, same ? was : { subject: address, predicate: s.actObjEvent[1], object: s.actObjEvent[2], description });
  }
}

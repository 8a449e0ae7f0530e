import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { TownPlanInput, TownPlanReply } from '../brain/port';
import { formatAmPm, minuteOfDay } from '../clock';
import { commitmentTask, findSector } from '../cognition/commitments';
import { noteDirectedStep } from '../actions/proposers';
import type { Commitment } from '../persona/commitment';
import { whisper } from '../cognition/whisper';
import { PlanningTool, type TownPlan } from './planningTool';
import { dayIndex, placeOfTile } from '../actions/places';
import { MAX_REQUEST } from '../inputs';
import { at } from '../checked';

/**
 * The town director (docs/director.md: a planning flow, in a town): a person asks the town for something
 * ("hold a Valentine's party at the café tomorrow at 5 pm"); one brain call turns the request into a
 * plan whose steps name who does them ("[Sofia Moreno] host the party …"); each step is told to its
 * persona as an inner voice (the whisper path: a thought, and a commitment when it has a place and
 * a time); the step's status then follows what that persona does. No usable plan from the brain:
 * the default plan's three steps (docs/director.md#the-default-plan: analyse, carry out, verify), all for one coordinator, counted.
 */

export { MAX_REQUEST } from '../inputs';
/** Steps taken from a plan (the rest are dropped, noted in the plan). */
const MAX_STEPS = 8;

/** A line for the town's activity feed. */
export interface TownEvent {
  time: number;
  text: string;
}

/** A delivered step the director follows: the commitment it became. */
export interface StepWatch {
  planId: string;
  index: number;
  persona: Persona;
  commitment: Commitment;
}

export class Director {
  readonly tool = new PlanningTool();
  private readonly watched: StepWatch[] = [];
  /** Plans made from the default (the brain gave nothing usable). */
  fallbacks = 0;
  private events: TownEvent[] = [];

  /** The feed lines since the last call (the simulation hands them out with each step's result). */
  drainEvents(): TownEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  private report(now: number, plan: TownPlan, text: string): void {
    // The feed is a few lines tall: a long title is cut there (the town panel has it whole).
    const title = plan.title.length > 60 ? `${plan.title.slice(0, 59)}…` : plan.title;
    this.events.push({ time: now, text: `Town plan “${title}”: ${text}` });
  }

  plans(): TownPlan[] {
    return this.tool.list();
  }

  /** The steps being followed, the plan-fallback count and undelivered feed lines, for a snapshot (directorState.ts). */
  state(): { watched: readonly StepWatch[]; fallbacks: number; events: readonly TownEvent[] } {
    return { watched: this.watched, fallbacks: this.fallbacks, events: this.events };
  }

  /** Put a snapshot's state in place (checked by directorState.ts). */
  load(s: { watched: StepWatch[]; fallbacks: number; events: TownEvent[] }): void {
    this.watched.splice(0, this.watched.length, ...s.watched);
    this.fallbacks = s.fallbacks;
    this.events = s.events;
  }

  async makePlan(sim: SimContext, request: string): Promise<TownPlan> {
    const now = sim.clock.now;
    const coordinator = coordinatorFor(sim, request);
    const reply: TownPlanReply = await sim.brain.townPlan(
      { persona: coordinator, now },
      { request, residents: sim.personas.map(residentOf), places: sim.world.sectors.map((s) => ({ name: s.name, kind: s.kind })) },
    );
    const fallback = reply.fallback === true || reply.steps.length === 0;
    const steps = fallback ? defaultSteps(request, coordinator) : reply.steps.slice(0, MAX_STEPS);
    if (fallback) this.fallbacks++;
    const plan = this.tool.create({
      id: this.tool.newId(now),
      title: fallback ? defaultTitle(request) : reply.title.trim() || defaultTitle(request),
      request,
      created: now,
      fallback,
      steps: steps.map((text) => ({ text, assignee: assigneeOf(sim, text)?.id ?? null })),
    });
    this.report(now, plan, `${plan.steps.length} steps for ${[...new Set(plan.steps.map((st) => (st.assignee ? sim.personas.find((p) => p.id === st.assignee)?.name : null) ?? 'nobody'))].join(', ')}${fallback ? ' (default plan: the brain gave none)' : ''}.`);
    for (let i = 0; i < plan.steps.length; i++) await this.deliver(sim, plan, i);
    const last = plan.steps.at(-1);
    if (!fallback && last && reply.steps.length > MAX_STEPS) last.notes += ` (${reply.steps.length - MAX_STEPS} more steps were dropped: at most ${MAX_STEPS})`;
    return plan;
  }

  /** Tell a step to its persona as an inner voice; analysing and verifying steps of the default plan need no telling. */
  private async deliver(sim: SimContext, plan: TownPlan, index: number): Promise<void> {
    const step = at(plan.steps, index, 'plan step');
    const who = step.assignee ? sim.personas.find((p) => p.id === step.assignee) : undefined;
    if (!who) {
      this.tool.markStep(plan.id, index, 'blocked', `Nobody in town is called ${JSON.stringify(tagOf(step.text) ?? '(no name given)')}`);
      this.report(sim.clock.now, plan, `step ${index + 1} is blocked: ${step.notes}.`);
      return;
    }
    const task = untagged(step.text);
    if (plan.fallback && index !== 1) {
      // The default plan's analyse and verify steps are the director's own bookkeeping.
      if (index === 0) this.tool.markStep(plan.id, index, 'completed', 'The brain gave no usable plan: this default plan stands in.');
      return;
    }
    const { thought, commitment } = await whisper(sim, who, `You will ${lowerFirst(task)}`);
    const note = `Told ${who.firstName} at ${formatAmPm(sim.clock.now)}: "${thought.description}"`;
    if (commitment) {
      this.tool.markStep(plan.id, index, 'in_progress', `${note} — planned for ${formatAmPm(commitment.start * 60_000)} at ${commitment.sector}.`);
      this.watched.push({ planId: plan.id, index, persona: who, commitment });
      noteDirectedStep(who, commitment.day, commitmentTask(commitment), `step ${index + 1} of the town plan “${plan.title}”`);
    } else {
      this.tool.markStep(plan.id, index, 'completed', `${note} — no place and time in it, so nothing to keep track of.`);
    }
  }

  /** End of a step: a planned step is completed when its persona is at the place in its time, blocked when the time passed without. */
  track(sim: SimContext): void {
    const now = sim.clock.now;
    const today = dayIndex(now);
    const minute = minuteOfDay(now);
    for (let i = this.watched.length - 1; i >= 0; i--) {
      const w = at(this.watched, i, 'watched step');
      const c = w.commitment;
      let plan: TownPlan;
      try {
        plan = this.tool.get(w.planId);
      } catch {
        this.watched.splice(i, 1); // the plan was deleted
        continue;
      }
      const started = c.day < today || (c.day === today && minute >= c.start);
      const over = c.day < today || (c.day === today && minute >= c.start + c.minutes);
      const there = placeOfTile(sim.world, w.persona.tile).sector === c.sector;
      if (started && !over && there) {
        this.tool.markStep(w.planId, w.index, 'completed', `${at(plan.steps, w.index, 'plan step').notes} ${w.persona.firstName} was at ${c.sector} at ${formatAmPm(now)}.`);
        this.report(now, plan, `${w.persona.name} is at ${c.sector} (step ${w.index + 1} of ${plan.steps.length} done).`);
        this.settleVerify(plan, w.index, 'completed');
        this.watched.splice(i, 1);
      } else if (over) {
        this.tool.markStep(w.planId, w.index, 'blocked', `${at(plan.steps, w.index, 'plan step').notes} ${w.persona.firstName} did not make it to ${c.sector} by ${formatAmPm((c.start + c.minutes) * 60_000)}.`);
        this.report(now, plan, `${w.persona.name} did not make it to ${c.sector} (step ${w.index + 1} is blocked).`);
        this.settleVerify(plan, w.index, 'blocked');
        this.watched.splice(i, 1);
      }
    }
  }

  /** The default plan's "verify" step follows its "carry out" step. */
  private settleVerify(plan: TownPlan, index: number, status: 'completed' | 'blocked'): void {
    if (!plan.fallback || index !== 1 || plan.steps.length < 3) return;
    this.tool.markStep(plan.id, 2, status, status === 'completed' ? 'It happened.' : 'It did not happen as planned.');
  }
}

/**
 * A request to the town as it is taken: trimmed and cut to MAX_REQUEST; empty text is refused.
 * The simulation queues it with the other inputs and makes a plan of it at the next step.
 */
export function requestText(text: string): string {
  const t = text.trim().slice(0, MAX_REQUEST);
  if (!t) throw new Error('Say what the town should do, e.g. "hold a Valentine\'s party at the café tomorrow at 5 pm"');
  return t;
}

/** "[Sofia Moreno] host the party" → "Sofia Moreno" */
function tagOf(step: string): string | null {
  return /^\s*\[([^\]]{1,80})\]/.exec(step)?.[1]?.trim() ?? null;
}

function untagged(step: string): string {
  return step.replace(/^\s*\[[^\]]{1,80}\]\s*/, '').trim();
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The persona a step's tag names: full name, or a first name that only one persona has. */
function assigneeOf(sim: SimContext, step: string): Persona | null {
  const tag = tagOf(step)?.toLowerCase();
  if (!tag) return null;
  const full = sim.personas.find((p) => p.name.toLowerCase() === tag);
  if (full) return full;
  const first = sim.personas.filter((p) => p.firstName.toLowerCase() === tag);
  const [only] = first;
  return only && first.length === 1 ? only : null;
}

/**
 * Who looks after a request when nobody is named: someone who works at the place it names, else
 * lives there, else has it among their haunts, else the first resident.
 */
function coordinatorFor(sim: SimContext, request: string): Persona {
  const sector = findSector(request, { sectors: sim.world.sectors });
  const ps = sim.personas;
  return (
    (sector && (ps.find((p) => p.spec.occupation?.workplace === sector) ?? ps.find((p) => p.spec.household === sector) ?? ps.find((p) => p.spec.haunts.includes(sector)))) ||
    at(ps, 0, 'residents')
  );
}

function residentOf(p: Persona): TownPlanInput['residents'][number] {
  const o = p.spec.occupation;
  return { name: p.name, job: o ? { title: o.title, workplace: o.workplace } : null, home: p.spec.household };
}

/** The default plan's title (docs/director.md#the-default-plan): "Plan for: " and the request's first 50 characters. */
export function defaultTitle(request: string): string {
  return `Plan for: ${request.slice(0, 50)}${request.length > 50 ? '...' : ''}`;
}

/** "please could the town hold a party …" → "hold a party …" */
export function asTask(request: string): string {
  return request
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(/^(please\s+)?((could|can|would|will)\s+(you|the town|everyone)\s+(please\s+)?)?/i, '')
    .replace(/^(i'?d like|i want|i would like)\s+(the town|you|everyone)\s+to\s+/i, '')
    .replace(/^(ask\s+)?the town\s+(to|should)\s+/i, '')
    .replace(/^(let'?s|let us)\s+/i, '')
    .replace(/,?\s*please$/i, '')
    .trim();
}

/** The default plan's steps (docs/director.md#the-default-plan: analyse the request, carry it out, verify), all for the coordinator. */
function defaultSteps(request: string, coordinator: Persona): string[] {
  const tag = `[${coordinator.name}]`;
  // The carry-out step is told as "You will <step>": the request without its "please" or "could the town".
  return [`${tag} Analyse the request: "${request}"`, `${tag} ${asTask(request) || request}`, `${tag} Verify that it happened`];
}

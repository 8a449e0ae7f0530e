import { z } from 'zod';
import type { ActionChoice, ActionChoiceInput, Brain, BrainCall, CallContext, ConversationTurn, Insight, NewDecompInput, ReactChoice, SubTask, TownPlanInput, TownPlanReply } from './port';
import type { Persona } from '../persona/persona';
import type { ChatLine, ConceptNode } from '../persona/memory';
import type { Triple } from '../persona/scratch';
import { repairDecomposition } from './repair';
import { localEmbedding } from './localEmbedding';
import { failSafeDecomp, scheduleMinutes, trimToTotal } from '../cognition/schedule';

/** Smallville's fail-safe for a daily plan, used when a brain's answer is unusable. */
export const FALLBACK_DAILY_PLAN = [
  'wake up and complete the morning routine at 6:00 am',
  'eat breakfast at 7:00 am',
  'read a book from 8:00 am to 12:00 pm',
  'have lunch at 12:00 pm',
  'take a nap from 1:00 pm to 4:00 pm',
  'relax and watch TV from 7:00 pm to 8:00 pm',
  'go to bed at 11:00 pm',
];

export const FALLBACK_EMOJI = '🙂';
export const RANDOM_OBJECT = '<random>';

export interface CallStats {
  calls: number;
  fallbacks: number;
  errors: number;
}

/** Every call the guard counts: the templated ones and embed. */
export type GuardedCall = BrainCall | 'embed';

export interface FallbackEvent {
  call: GuardedCall;
  persona: string;
  reason: string;
}

const hourSchema = z.number().int().min(0).max(23);
const textSchema = z.string().trim().min(1).max(400);
const longTextSchema = z.string().trim().min(1).max(1200);
const listSchema = z.array(textSchema).min(1);
const tripleSchema = z.tuple([textSchema, textSchema, textSchema]);
const subTaskSchema = z.array(z.object({ task: textSchema, minutes: z.number().positive() })).min(1);
const poignancySchema = z.number().int().min(1).max(10);
const emojiSchema = z.string().trim().min(1).max(16).refine((s) => !/[a-z]{3}/i.test(s), 'emoji must not be words');
const turnSchema = z.object({ line: textSchema, end: z.boolean() });
const embeddingsSchema = z.array(z.array(z.number().finite()).min(1));
const choiceSchema = z.object({ action: z.string().trim().min(1).max(80), target: z.string().trim().max(200).default(''), reason: z.string().trim().max(400).default('') });
const townPlanSchema = z.object({ title: z.string().trim().max(200), steps: z.array(z.string().trim().min(1).max(400)).min(1).max(20) });
const insightSchema = z.array(z.object({ insight: textSchema, evidence: z.array(z.number().int().positive()) }));

/**
 * The validating wrapper around any Brain: every answer is checked (zod, and membership in the
 * offered options); an unusable answer or a thrown error becomes the call's documented fallback,
 * and the fallback is counted. The simulation only ever talks to a GuardedBrain.
 */
export class GuardedBrain implements Brain {
  readonly stats = new Map<GuardedCall, CallStats>();
  fallbackTotal = 0;
  onFallback: ((e: FallbackEvent) => void) | null = null;

  constructor(public inner: Brain) {}

  /** Swap the brain behind the guard between steps (settings changed); counts carry on. */
  setInner(brain: Brain): void {
    this.inner = brain;
  }

  get name(): string {
    return this.inner.name;
  }

  private async run<T>(call: GuardedCall, ctx: CallContext, produce: () => Promise<unknown>, check: (v: unknown) => T | undefined, fallback: () => T): Promise<T> {
    const s = this.stats.get(call) ?? { calls: 0, fallbacks: 0, errors: 0 };
    this.stats.set(call, s);
    s.calls++;
    let reason: string;
    try {
      const value = await produce();
      const ok = check(value);
      if (ok !== undefined) return ok;
      reason = `invalid answer: ${JSON.stringify(value)?.slice(0, 200)}`;
    } catch (err) {
      s.errors++;
      reason = err instanceof Error ? err.message : String(err);
    }
    s.fallbacks++;
    this.fallbackTotal++;
    this.onFallback?.({ call, persona: ctx.persona.id, reason });
    return fallback();
  }

  wakeUpHour(ctx: CallContext): Promise<number> {
    return this.run('wakeUpHour', ctx, () => this.inner.wakeUpHour(ctx), (v) => parse(hourSchema, v), () => 8);
  }

  dailyPlan(ctx: CallContext, wake: number): Promise<string[]> {
    return this.run('dailyPlan', ctx, () => this.inner.dailyPlan(ctx, wake), (v) => parse(listSchema, v), () => [...FALLBACK_DAILY_PLAN]);
  }

  hourlySchedule(ctx: CallContext, hour: number, previous: string[], attempt: number): Promise<string> {
    return this.run('hourlySchedule', ctx, () => this.inner.hourlySchedule(ctx, hour, previous, attempt), (v) => parse(textSchema, v), () => 'asleep');
  }

  taskDecomp(ctx: CallContext, task: string, minutes: number): Promise<SubTask[]> {
    return this.run(
      'taskDecomp',
      ctx,
      () => this.inner.taskDecomp(ctx, task, minutes),
      (v) => {
        const list = parse(subTaskSchema, v);
        return list ? repairDecomposition(list, minutes) : undefined;
      },
      () => [{ task, minutes }],
    );
  }

  actionSector(ctx: CallContext, action: string, options: string[]): Promise<string> {
    return this.run('actionSector', ctx, () => this.inner.actionSector(ctx, action, options), (v) => member(v, options), () => fallbackSector(ctx.persona, options));
  }

  actionArena(ctx: CallContext, action: string, sector: string, options: string[]): Promise<string> {
    return this.run('actionArena', ctx, () => this.inner.actionArena(ctx, action, sector, options), (v) => member(v, options), () => options[0] ?? RANDOM_OBJECT);
  }

  actionObject(ctx: CallContext, action: string, arenaAddress: string, options: string[]): Promise<string> {
    if (options.length === 0) return Promise.resolve(RANDOM_OBJECT);
    return this.run('actionObject', ctx, () => this.inner.actionObject(ctx, action, arenaAddress, options), (v) => member(v, options), () => RANDOM_OBJECT);
  }

  pronunciatio(ctx: CallContext, action: string): Promise<string> {
    return this.run('pronunciatio', ctx, () => this.inner.pronunciatio(ctx, action), (v) => parse(emojiSchema, v), () => FALLBACK_EMOJI);
  }

  eventTriple(ctx: CallContext, action: string): Promise<Triple> {
    const name = ctx.persona.name;
    return this.run(
      'eventTriple',
      ctx,
      () => this.inner.eventTriple(ctx, action),
      (v) => {
        const t = parse(tripleSchema, v);
        // The subject of a persona's own action is always the persona.
        return t ? ([name, t[1], t[2]] as Triple) : undefined;
      },
      () => [name, 'is', action],
    );
  }

  actObjDesc(ctx: CallContext, object: string, action: string): Promise<string> {
    return this.run('actObjDesc', ctx, () => this.inner.actObjDesc(ctx, object, action), (v) => parse(textSchema, v), () => `${object} is being used`);
  }

  actObjEventTriple(ctx: CallContext, object: string, desc: string): Promise<Triple> {
    return this.run(
      'actObjEventTriple',
      ctx,
      () => this.inner.actObjEventTriple(ctx, object, desc),
      (v) => {
        const t = parse(tripleSchema, v);
        return t ? ([object, t[1], t[2]] as Triple) : undefined;
      },
      () => [object, 'is', 'idle'],
    );
  }

  decideToTalk(ctx: CallContext, target: Persona, memories: ConceptNode[]): Promise<boolean> {
    return this.run('decideToTalk', ctx, () => this.inner.decideToTalk(ctx, target, memories), (v) => (typeof v === 'boolean' ? v : undefined), () => false);
  }

  decideToReact(ctx: CallContext, target: Persona, memories: ConceptNode[]): Promise<ReactChoice> {
    return this.run('decideToReact', ctx, () => this.inner.decideToReact(ctx, target, memories), (v) => (v === 1 || v === 2 ? v : undefined), () => 2 as ReactChoice);
  }

  conversationTurn(ctx: CallContext, input: Parameters<Brain['conversationTurn']>[1]): Promise<ConversationTurn> {
    return this.run(
      'conversationTurn',
      ctx,
      () => this.inner.conversationTurn(ctx, input),
      (v) => parse(turnSchema, v),
      () => ({ line: 'Anyway, I should get going. See you later!', end: true }),
    );
  }

  summarizeConversation(ctx: CallContext, convo: ChatLine[]): Promise<string> {
    const others = [...new Set(convo.map((l) => l.speaker).filter((s) => s !== ctx.persona.name))];
    return this.run(
      'summarizeConversation',
      ctx,
      () => this.inner.summarizeConversation(ctx, convo),
      (v) => parse(textSchema, v),
      () => `conversing with ${others.join(' and ') || 'a neighbour'}`,
    );
  }

  poignancy(ctx: CallContext, kind: 'event' | 'chat' | 'thought', description: string): Promise<number> {
    return this.run('poignancy', ctx, () => this.inner.poignancy(ctx, kind, description), (v) => parse(poignancySchema, v), () => 4);
  }

  focalPoints(ctx: CallContext, statements: string[], n: number): Promise<string[]> {
    return this.run('focalPoints', ctx, () => this.inner.focalPoints(ctx, statements, n), (v) => parse(listSchema, v)?.slice(0, n), () => statements.slice(-n));
  }

  insights(ctx: CallContext, statements: string[], n: number): Promise<Insight[]> {
    return this.run(
      'insights',
      ctx,
      () => this.inner.insights(ctx, statements, n),
      (v) => {
        const list = parse(insightSchema, v);
        // Evidence must point at statements that were actually given.
        return list?.slice(0, n).map((i) => ({ ...i, evidence: i.evidence.filter((e) => e >= 1 && e <= statements.length) }));
      },
      () => [],
    );
  }

  /**
   * A re-planned stretch: whole minutes that sum exactly to the stretch (arithmetic repaired) and
   * that still contain the inserted action; otherwise Smallville's fail-safe (what happened so far,
   * then the rest of the original plan).
   */
  newDecompSchedule(ctx: CallContext, input: NewDecompInput): Promise<SubTask[]> {
    const total = scheduleMinutes(input.main);
    const fallback = () => failSafeDecomp(input.main, input.doneSoFar).map(([task, minutes]) => ({ task, minutes }));
    if (total <= 0) return Promise.resolve(fallback());
    return this.run(
      'newDecompSchedule',
      ctx,
      () => this.inner.newDecompSchedule(ctx, input),
      (v) => {
        const list = parse(subTaskSchema, v);
        if (!list) return undefined;
        const wanted = input.inserted.toLowerCase();
        if (!list.some((t) => t.task.toLowerCase().includes(wanted))) return undefined;
        const fitted = trimToTotal(list.map((t) => [t.task, Math.max(1, Math.round(t.minutes))] as [string, number]), total);
        const used = scheduleMinutes(fitted);
        if (used < total) fitted[fitted.length - 1]![1] += total - used;
        return fitted.map(([task, minutes]) => ({ task, minutes }));
      },
      fallback,
    );
  }

  planNote(ctx: CallContext, statements: string[]): Promise<string> {
    return this.run('planNote', ctx, () => this.inner.planNote(ctx, statements), (v) => parse(longTextSchema, v), () => '');
  }

  thoughtNote(ctx: CallContext, statements: string[]): Promise<string> {
    return this.run('thoughtNote', ctx, () => this.inner.thoughtNote(ctx, statements), (v) => parse(longTextSchema, v), () => '');
  }

  /** Falls back to yesterday's status. */
  reviseCurrently(ctx: CallContext, planNote: string, thoughtNote: string): Promise<string> {
    return this.run('reviseCurrently', ctx, () => this.inner.reviseCurrently(ctx, planNote, thoughtNote), (v) => parse(longTextSchema, v), () => ctx.persona.currently);
  }

  /** 4–6 items (more are cut); falls back to yesterday's requirement. */
  dailyPlanReq(ctx: CallContext): Promise<string[]> {
    return this.run(
      'dailyPlanReq',
      ctx,
      () => this.inner.dailyPlanReq(ctx),
      (v) => {
        const list = parse(listSchema, v);
        return list && list.length >= 4 ? list.slice(0, 6) : undefined;
      },
      () => splitPlanReq(ctx.persona.dailyPlanReq),
    );
  }

  /** Falls back to the whisper itself, turned to the third person. */
  whisperInnerThought(ctx: CallContext, whisper: string): Promise<string> {
    return this.run('whisperInnerThought', ctx, () => this.inner.whisperInnerThought(ctx, whisper), (v) => parse(longTextSchema, v), () => thirdPerson(whisper, ctx.persona));
  }

  /** Falls back to nothing to remember (no thought is stored). */
  planningThought(ctx: CallContext, other: Persona, convo: ChatLine[]): Promise<string> {
    return this.run('planningThought', ctx, () => this.inner.planningThought(ctx, other, convo), (v) => parse(longTextSchema, v), () => '');
  }

  /** Falls back to nothing (no memo is stored). */
  memoAfterConvo(ctx: CallContext, other: Persona, convo: ChatLine[]): Promise<string> {
    return this.run('memoAfterConvo', ctx, () => this.inner.memoAfterConvo(ctx, other, convo), (v) => parse(longTextSchema, v), () => '');
  }

  interview(ctx: CallContext, question: string, memories: ConceptNode[], transcript: ChatLine[]): Promise<string> {
    return this.run('interview', ctx, () => this.inner.interview(ctx, question, memories, transcript), (v) => parse(longTextSchema, v), () => INTERVIEW_FALLBACK);
  }

  /**
   * The registry brain's choice, checked for shape only: whether the action is registered, allowed and
   * possible is the action layer's to judge (src/sim/actions/validate.ts), so a refusal can be fed
   * back with its reason. A failed or shapeless answer falls back to the scene default, counted.
   */
  chooseAction(ctx: CallContext, input: ActionChoiceInput): Promise<ActionChoice> {
    return this.run(
      'chooseAction',
      ctx,
      () => this.inner.chooseAction(ctx, input),
      (v) => {
        const c = parse(choiceSchema, v);
        return c ? { action: c.action, target: c.target, reason: c.reason } : undefined;
      },
      () => ({ action: input.fallback, target: '', reason: 'scene default: the brain gave no usable answer', fallback: true }),
    );
  }

  /** A town plan, checked for shape; nothing usable falls back to an empty plan marked `fallback` (the director's default plan), counted. */
  townPlan(ctx: CallContext, input: TownPlanInput): Promise<TownPlanReply> {
    return this.run('townPlan', ctx, () => this.inner.townPlan(ctx, input), (v) => parse(townPlanSchema, v), () => ({ title: '', steps: [], fallback: true }));
  }

  /** Vectors for texts; a wrong count, ragged sizes or non-numbers fall back to the local embedding. */
  embed(ctx: CallContext, texts: string[]): Promise<number[][]> {
    if (texts.length === 0) return Promise.resolve([]);
    return this.run(
      'embed',
      ctx,
      () => this.inner.embed(ctx, texts),
      (v) => {
        const list = parse(embeddingsSchema, v);
        return list && list.length === texts.length && list.every((e) => e.length === list[0]!.length) ? list : undefined;
      },
      () => texts.map((t) => localEmbedding(t)),
    );
  }
}

/** What a persona says when the brain cannot answer an interview question. */
export const INTERVIEW_FALLBACK = "Sorry, I can't put my thoughts into words right now.";

/** "You want to throw a party" → "Sofia Moreno wants to throw a party" (the whisper fallback). */
export function thirdPerson(whisper: string, p: Persona): string {
  const t = whisper.trim().replace(/[.!]+$/, '');
  const third = t
    .replace(/^you are\b/i, `${p.name} is`)
    .replace(/^you're\b/i, `${p.name} is`)
    .replace(/^you have\b/i, `${p.name} has`)
    .replace(/^you (\w+)/i, (_m, verb: string) => `${p.name} ${/^(should|will|would|can|could|must|might|may|shall)$/i.test(verb) ? verb : /(s|sh|ch|x|o)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`}`)
    .replace(/\byourself\b/gi, 'themself')
    .replace(/\byour\b/gi, 'their')
    .replace(/\byou\b/gi, 'them');
  return `${third}.`;
}

/** A daily plan requirement as its items ("a, b and c" or "a; b" or sentences). */
export function splitPlanReq(req: string): string[] {
  return req
    .split(/;|\.\s+|,\s+(?=[a-z])/)
    .map((x) => x.trim().replace(/\.$/, ''))
    .filter(Boolean);
}

function parse<T>(schema: z.ZodType<T>, v: unknown): T | undefined {
  const r = schema.safeParse(v);
  return r.success ? r.data : undefined;
}

function member(v: unknown, options: string[]): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return options.find((o) => o === t) ?? options.find((o) => o.toLowerCase() === t.toLowerCase());
}

/** Where a persona goes when the brain names no known sector: home if it knows it, else anywhere it knows. */
function fallbackSector(p: Persona, options: string[]): string {
  if (options.includes(p.spec.household)) return p.spec.household;
  return options[0] ?? p.spec.household;
}

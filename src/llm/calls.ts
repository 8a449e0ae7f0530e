/**
 * The variables of each brain call's prompt template: the one thing the LLM brain adds to a call's
 * module (src/sim/brain/calls/<call>.ts names the template, its token cap and what a reply may be).
 * The table is keyed by the list of calls, so a call without its variables does not compile.
 * Formatting helpers: ./format.ts (an empty list reads "(none)", never a blank). How to add a call:
 * CONTRIBUTING.md.
 */
import type { BrainCall, CallContext } from '../sim/brain/port';
import { CALLS, type CallArgs } from '../sim/brain/calls';
import { numberRanges, sharedStatements } from '../sim/brain/calls/shared';
import type { Persona } from '../sim/persona/persona';
import { DAY, formatAmPm, formatDate } from '../sim/clock';
import * as f from './format';
import { writePulseSnapshot } from './pulseSnapshot';
import { at } from '../sim/checked';

type PromptVars = { [K in BrainCall]: (ctx: CallContext, ...args: CallArgs<K>) => Record<string, string> };

/** The template a call uses with these arguments (a call with variants picks one: poignancy). */
export function promptNameFor(call: BrainCall, args: readonly unknown[]): string {
  const c = CALLS[call] as { prompt: string | null; promptFor?: (...a: unknown[]) => string };
  const name = c.promptFor ? c.promptFor(...args) : c.prompt;
  if (name === null) throw new Error(`${call} is not asked with a prompt`);
  return name;
}

const poignancyVars = (ctx: { persona: Persona; now: number }, description: string) => ({
  identity: f.identityOf(ctx.persona, ctx.now),
  name: ctx.persona.name,
  description,
});

export const PROMPT_VARS: PromptVars = {
  wakeUpHour: ({ persona: p, now }) => ({ identity: f.identityOf(p, now), lifestyle: p.spec.lifestyle, first_name: p.firstName }),

  dailyPlan: ({ persona: p, now }, wake) => ({
    identity: f.identityOf(p, now),
    lifestyle: p.spec.lifestyle,
    first_name: p.firstName,
    work: f.workText(p),
    wake_up_time: f.hourLabel(wake),
  }),

  hourlySchedule: ({ persona: p, now }, hour, previous, attempt) => ({
    identity: f.identityOf(p, now),
    first_name: p.firstName,
    work: f.workText(p),
    daily_plan: f.dailyPlanText(p.scratch.dailyReq),
    schedule_so_far: f.scheduleSoFar(previous),
    hour_range: `${f.hourLabel(hour)} to ${f.hourLabel((hour + 1) % 24)}`,
    diversity_note:
      attempt > 0 ? '- An earlier draft of this day repeated the same few activities: where it makes sense, give the day more variety (meals, errands, breaks, hobbies, time with family or friends).' : '',
  }),

  taskDecomp: ({ persona: p, now }, task, minutes) => ({
    identity: f.identityOf(p, now),
    first_name: p.firstName,
    schedule: f.scheduleBlocks(p.scratch.fDailyScheduleHourlyOrg),
    task,
    task_window: f.taskWindow(p.scratch.fDailyScheduleHourlyOrg, task),
    minutes: String(minutes),
  }),

  actionSector: ({ persona: p }, action, options) => {
    const current = f.currentSector(p);
    return {
      first_name: p.firstName,
      living_sector: p.spec.household,
      living_arenas: f.commaList(p.spatial.arenas(p.spec.household)),
      current_sector: current,
      current_arenas: f.commaList(p.spatial.arenas(current)),
      work: f.workText(p),
      haunts: f.commaList(p.spec.haunts),
      action,
      options: f.optionList(options),
    };
  },

  actionArena: ({ persona: p }, action, sector, options) => ({
    first_name: p.firstName,
    sector,
    options: f.optionList(options),
    bedroom: f.arenaText(p.spec.livingArea),
    current_place: f.placeOf(p.scratch.actAddress),
    action,
  }),

  actionObject: ({ persona: p }, action, arenaAddress, options) => ({
    first_name: p.firstName,
    action,
    arena: f.arenaText(arenaAddress),
    options: f.optionList(options),
  }),

  pronunciatio: (_ctx, action) => ({ action }),

  eventTriple: ({ persona: p }, action) => ({ name: p.name, action }),

  actObjDesc: ({ persona: p }, object, action) => ({ name: p.name, object, action }),

  actObjEventTriple: (_ctx, object, objectDescription) => ({ object, object_description: objectDescription }),

  decideToTalk: ({ persona: p, now }, target, memories) => ({
    name: p.name,
    target_name: target.name,
    memories: f.memoryStatements(memories),
    relationship: f.relationshipText(p, target),
    last_chat: f.lastChatText(p, target),
    time: formatAmPm(now),
    date: formatDate(now),
    activity: f.activityOf(p),
    target_activity: f.activityOf(target),
    target_place: f.placeOf(target.scratch.actAddress),
  }),

  decideToReact: ({ persona: p, now }, target, memories) => ({
    name: p.name,
    target_name: target.name,
    memories: f.memoryStatements(memories),
    relationship: f.relationshipText(p, target),
    time: formatAmPm(now),
    activity: f.activityOf(p),
    target_activity: f.activityOf(target),
    place: f.placeOf(p.scratch.actAddress),
  }),

  conversationTurn: ({ persona: p, now }, { listener, convo, memories }) => ({
    identity: f.identityOf(p, now),
    name: p.name,
    listener_name: listener.name,
    memories: f.memoryStatements(memories),
    relationship: f.relationshipText(p, listener),
    last_chat: f.lastChatText(p, listener),
    time: formatAmPm(now),
    place: f.placeOf(p.scratch.actAddress),
    activity: f.activityOf(p),
    listener_activity: f.activityOf(listener),
    transcript: f.transcript(convo, `(nothing yet: ${p.name} speaks first)`),
    plans: f.upcomingPlans(p, now),
  }),

  summarizeConversation: (_ctx, convo) => ({ transcript: f.transcript(convo) }),

  poignancy: (ctx, _kind, description) => poignancyVars(ctx, description),

  // Each statement once: the questions cite none, and a memory seen many times (a neighbour at work all morning) says nothing more.
  focalPoints: ({ persona: p }, statements, n) => ({ name: p.name, statements: f.numbered([...new Set(statements)]), n: String(n) }),

  insights: ({ persona: p }, statements, n) => ({ name: p.name, statements: f.numbered(statements), n: String(n), count: String(statements.length) }),

  newDecompSchedule: ({ persona: p }, input) => ({
    first_name: p.firstName,
    start_time: f.hourLabel(input.startHour % 24),
    end_time: f.hourLabel(input.endHour % 24),
    original_schedule: f.scheduleBlocks(input.main, input.startHour * 60),
    done_so_far: f.scheduleBlocks(input.doneSoFar, input.startHour * 60),
    inserted_action: input.inserted,
    inserted_minutes: String(input.insertedMinutes),
    minutes: String(input.main.reduce((sum, [, m]) => sum + m, 0)),
  }),

  planNote: ({ persona: p, now }, statements) => ({ name: p.name, date: formatDate(now), statements: f.numbered(statements) }),

  thoughtNote: ({ persona: p }, statements) => ({ name: p.name, statements: f.numbered(statements) }),

  reviseCurrently: ({ persona: p, now }, planNote, thoughtNote) => ({
    name: p.name,
    date: formatDate(now),
    yesterday: formatDate(now - DAY),
    currently: p.currently,
    plan_note: planNote,
    thought_note: thoughtNote,
  }),

  dailyPlanReq: ({ persona: p, now }) => ({ identity: f.identityOf(p, now), first_name: p.firstName, date: formatDate(now) }),

  whisperInnerThought: ({ persona: p }, whisper) => ({ name: p.name, whisper }),

  planningThought: ({ persona: p, now }, _other, convo) => ({ name: p.name, transcript: f.transcript(convo), date: formatDate(now), time: formatAmPm(now) }),

  memoAfterConvo: ({ persona: p }, _other, convo) => ({ name: p.name, transcript: f.transcript(convo) }),

  interview: ({ persona: p, now }, question, memories, transcript) => ({
    identity: f.identityOf(p, now),
    name: p.name,
    memories: f.memoryStatements(memories),
    transcript: f.transcript(transcript, '(this is the first question)'),
    question,
  }),

  diaryEntry: ({ persona: p, now }, memories) => ({
    identity: f.identityOf(p, now),
    name: p.name,
    date: formatDate(now),
    memories: f.memoryStatements(memories, '(nothing yet)'),
  }),

  chooseAction: ({ persona: p }, input) => ({
    name: p.name,
    first_name: p.firstName,
    traits: p.spec.innate,
    currently: p.currently,
    situation: input.situation,
    recent: input.recent.length > 0 ? input.recent.map((l) => `- ${l}`).join('\n') : '(nothing yet)',
    heard: input.heard.length > 0 ? input.heard.map((l) => `- ${JSON.stringify(l)}`).join('\n') : '(nothing)',
    mind: input.mind.length > 0 ? input.mind.map((l) => `- ${l}`).join('\n') : '(nothing in particular)',
    due: input.due ? `\nDue now: ${input.due.host ? 'hosting' : 'going to'} ${input.due.event} at ${input.due.sector} (${input.due.when}).\n` : '',
    options: f.actionOptions(input.options),
    rejection: input.rejection ? `\nNote: ${input.rejection}\n` : '',
  }),

  townPlan: (ctx, input) => ({
    request: input.request,
    time: `${formatAmPm(ctx.now)}, ${new Date(ctx.now).toUTCString().slice(0, 16)}`,
    residents: input.residents.map((r) => `- ${r.name} — ${r.job ? `${r.job.title} at ${r.job.workplace}` : 'no job'}; lives at ${r.home}`).join('\n'),
    places: input.places.map((pl) => `- ${pl.name} (${pl.kind})`).join('\n'),
  }),

  townPulse: (_ctx, input) => {
    // The snapshot in words, within its budget (src/llm/pulseSnapshot.ts, the one writer: the round records its size).
    const { time, sections: s } = writePulseSnapshot(input);
    return { time, residents: s.residents, chat: s.chat, last_round: s.lastRound, jobs: s.jobs, items: s.items };
  },

  startDay: ({ persona: p, now }) => ({ identity: f.identityOf(p, now), work: f.workText(p), first_name: p.firstName, places: f.ownPlacesText(p), time: formatAmPm(now) }),

  planDay: ({ persona: p, now }, attempt) => ({
    identity: f.identityOf(p, now),
    work: f.workText(p),
    first_name: p.firstName,
    diversity_note: attempt > 0 ? '- An earlier draft of this day repeated the same few activities: where it makes sense, give the hours more variety (meals, errands, breaks, hobbies, time with family or friends).\n' : '',
  }),

  reviseIdentity: ({ persona: p, now }, statements) => ({ identity: f.identityOf(p, now), name: p.name, first_name: p.firstName, date: formatDate(now), statements: f.numbered(statements) }),

  actionDetails: ({ persona: p }, actions, places) => {
    const offered = f.placesOffered(p, places);
    return {
      first_name: p.firstName,
      name: p.name,
      living_sector: p.spec.household,
      bedroom: f.arenaText(p.spec.livingArea),
      work: f.workText(p),
      haunts: f.commaList(p.spec.haunts),
      places: offered.known,
      more_places: offered.more,
      current_place: f.placeOf(p.scratch.actAddress),
      actions: f.numbered(actions),
    };
  },

  poignancies: ({ persona: p }, memories) => ({
    identity: f.briefIdentityOf(p),
    name: p.name,
    // Most are events (what the persona saw): only a chat or a thought is marked.
    memories: f.numbered(memories.map((m) => (m.kind === 'event' ? m.description : `(${m.kind}) ${m.description}`))),
    count: String(memories.length),
  }),

  conversation: ({ persona: p, now }, { target, initMemories, targetMemories, ahead }) => {
    const [short, targetShort] = f.pairNames(p, target);
    return {
      name: p.name,
      target_name: target.name,
      short_name: short,
      target_short_name: targetShort,
      identity: f.briefIdentityOf(p),
      target_identity: f.briefIdentityOf(target),
      memories: f.recallsFor(initMemories, p, target, now),
      target_memories: f.recallsFor(targetMemories, target, p, now),
      context: f.pairContext(p, target, now),
      time: formatAmPm(now),
      date: formatDate(now),
      activity: f.activityOf(p),
      target_activity: f.activityOf(target),
      place: f.placeOf(p.scratch.actAddress),
      plans_ahead: f.plansAhead(ahead ?? [], (x) => (x === p ? short : x === target ? targetShort : x.name)),
    };
  },

  replanStretches: (_ctx, stretches) => ({
    stretches: stretches
      .map(({ persona: p, input }, k) =>
        [
          `Person ${k + 1}: ${p.name}, from ${f.hourLabel(input.startHour % 24)} to ${f.hourLabel(input.endHour % 24)} (${input.main.reduce((sum, [, m]) => sum + m, 0)} minutes).`,
          'Originally planned:',
          f.scheduleBlocks(input.main, input.startHour * 60),
          `Then ${p.firstName} unexpectedly ended up ${input.inserted} for ${input.insertedMinutes} minutes. What has happened so far:`,
          f.scheduleBlocks(input.doneSoFar, input.startHour * 60),
        ].join('\n'),
      )
      .join('\n\n'),
  }),

  reflectionInsights: ({ persona: p }, groups, n) => {
    const shared = sharedStatements(groups);
    return {
      name: p.name,
      n: String(n),
      statements: f.numbered(shared.statements),
      questions: groups.map((g, k) => `${k + 1}. ${g.focal} (statements ${numberRanges(at(shared.members, k, 'reflection question statements'))})`).join('\n'),
    };
  },
};

/** Every template the code uses (every variant included). */
export const PROMPT_NAMES: readonly string[] = [
  ...new Set(Object.values(CALLS).flatMap((c: { prompt: string | null; prompts?: readonly string[] }) => [...(c.prompt ? [c.prompt] : []), ...(c.prompts ?? [])])),
];

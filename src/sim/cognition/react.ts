import type { SimContext } from '../context';
import { rngFor } from '../context';
import type { Persona } from '../persona/persona';
import type { Retrieved } from './retrieve';
import { hourOf, minuteOfDay } from '../clock';
import { addNewAction } from '../persona/currentAction';
import { proposeBegun } from '../actions/proposers';
import { conversationMinutes, converse, rememberConversation } from './converse';
import type { NewDecompInput, PlanAhead, SubTask } from '../brain/port';
import type { HeldConversation } from '../brain/callStrategy';
import { insertIntoSchedule, planFrom, stretchFor } from '../persona/schedule';
import { sameAddress } from '../world/actionAddress';

/** Smallville's chat cooldown, in steps, set for both partners when a chat starts. */
export const CHAT_BUFFER_STEPS = 800;

/**
 * Smallville's _choose_retrieved: drop the persona's own events; prefer other personas' events;
 * else a random non-idle event; else nothing.
 */
export function chooseRetrieved(sim: SimContext, p: Persona, retrieved: Map<string, Retrieved>): Retrieved | null {
  const candidates = [...retrieved.values()].filter((r) => r.currEvent.subject !== p.name);
  const personaEvents = candidates.filter((r) => !r.currEvent.subject.includes(':'));
  if (personaEvents.length > 0) return rngFor(sim, p.id, 'choose').pick(personaEvents);
  const active = candidates.filter((r) => !r.currEvent.description.includes('is idle'));
  if (active.length > 0) return rngFor(sim, p.id, 'choose').pick(active);
  return null;
}

/** Smallville's lets_talk conditions (before asking the brain). */
export function canTalk(sim: SimContext, init: Persona, target: Persona): boolean {
  const a = init.scratch;
  const b = target.scratch;
  if (!a.actAddress || !a.actDescription || !b.actAddress || !b.actDescription) return false;
  if (a.actDescription.includes('sleeping') || b.actDescription.includes('sleeping')) return false;
  if (hourOf(sim.clock.now) === 23) return false;
  // The player's resident standing about (IDLE holds its spot as a 'waiting' address) is not waiting for anything.
  const waiting = (x: Persona) => x.scratch.actAddress?.kind === 'waiting' && x.agent.mode !== 'human';
  if (waiting(init) || waiting(target)) return false;
  if (a.chattingWith || b.chattingWith) return false;
  if ((a.chattingWithBuffer[target.name] ?? 0) > 0) return false;
  return true;
}

/** Smallville's lets_react conditions (before asking the brain). */
export function canReact(sim: SimContext, init: Persona, target: Persona): boolean {
  const a = init.scratch;
  const b = target.scratch;
  if (!a.actAddress || !a.actDescription || !b.actAddress || !b.actDescription) return false;
  if (a.actDescription.includes('sleeping') || b.actDescription.includes('sleeping')) return false;
  if (hourOf(sim.clock.now) === 23) return false;
  if (b.actDescription.includes('waiting')) return false;
  if (a.plannedPath.length === 0) return false;
  if (!sameAddress(a.actAddress, b.actAddress)) return false;
  return true;
}

/** A reaction; a packed chat comes with its conversation already held (decided and written in one call). */
type Reaction = { kind: 'chat'; target: Persona; held?: HeldConversation } | { kind: 'wait'; target: Persona } | null;

/** Smallville's _should_react. */
export async function shouldReact(sim: SimContext, p: Persona, focused: Retrieved): Promise<Reaction> {
  const s = p.scratch;
  if (s.chattingWith || s.actAddress?.kind === 'waiting') return null;
  const target = sim.byName.get(focused.currEvent.subject);
  if (!target || target === p || sim.thinking.has(target)) return null;
  const memories = [...focused.events, ...focused.thoughts];
  if (canTalk(sim, p, target)) {
    // The call plan decides (a packed plan holds the whole conversation in the same call).
    const talk = await sim.calls.openConversation(p, target, memories);
    if (talk) return { kind: 'chat', target, held: talk.held };
  }
  if (canReact(sim, p, target) && (await sim.calls.decideToReact(p, target, memories)) === 1) return { kind: 'wait', target };
  return null;
}

/**
 * Smallville's _create_react: re-plan the stretch of the day around the inserted action
 * (new_decomp_schedule, through the brain) and splice it into f_daily_schedule. The caller then
 * makes the inserted action the current one.
 */
export async function createReact(sim: SimContext, p: Persona, description: string, minutes: number): Promise<void> {
  const { stretch, input } = stretchToReplan(sim, p, description, minutes);
  applyReplan(sim, p, stretch, input, await sim.brain.newDecompSchedule({ persona: p, now: sim.clock.now }, input));
}

/** A persona's plan from now to the end of the stretch a chat now would re-plan (its length does not change the stretch). */
export function planAheadOf(sim: SimContext, p: Persona): PlanAhead {
  const now = minuteOfDay(sim.clock.now);
  const { stretch } = stretchToReplan(sim, p, 'conversing', 1);
  return { persona: p, from: now, until: stretch.endHour * 60, items: stretch.main.length > 0 ? planFrom(stretch.main, stretch.startHour * 60, now) : [] };
}

/** The stretch of the day an inserted action falls in, and the question re-planning it asks. */
export function stretchToReplan(sim: SimContext, p: Persona, description: string, minutes: number): { stretch: ReturnType<typeof stretchFor>; input: NewDecompInput } {
  const s = p.scratch;
  const stretch = stretchFor(s.fDailyScheduleHourlyOrg, s.fDailySchedule, minuteOfDay(sim.clock.now), description, Math.max(1, Math.round(minutes)));
  return { stretch, input: { main: stretch.main, doneSoFar: stretch.doneSoFar, startHour: stretch.startHour, endHour: stretch.endHour, inserted: description, insertedMinutes: Math.max(1, Math.round(minutes)) } };
}

/** Splice a re-planned stretch into the day (or, with nothing planned to re-plan, put the action in at this minute). */
export function applyReplan(sim: SimContext, p: Persona, stretch: ReturnType<typeof stretchFor>, input: NewDecompInput, plan: SubTask[]): void {
  const s = p.scratch;
  if (stretch.main.length === 0) {
    s.fDailySchedule = insertIntoSchedule(s.fDailySchedule, minuteOfDay(sim.clock.now), input.inserted, input.insertedMinutes);
    return;
  }
  s.fDailySchedule.splice(stretch.startIndex, stretch.endIndex - stretch.startIndex, ...plan.map((t) => [t.task, t.minutes] as [string, number]));
}

/** The chat reaction: a conversation, its summary, and the chat action for both. */
export async function chatReact(sim: SimContext, init: Persona, target: Persona, held?: HeldConversation): Promise<void> {
  // The target is part of this chat until it is written (it may outlast the step on a remote brain).
  sim.thinking.add(target);
  try {
    await writeChat(sim, init, target, held);
  } finally {
    sim.thinking.delete(target);
  }
}

async function writeChat(sim: SimContext, init: Persona, target: Persona, held?: HeldConversation): Promise<void> {
  const now = sim.clock.now;
  const convo = held?.lines ?? (await converse(sim, init, target));
  const summary = held?.summary ?? (await sim.brain.summarizeConversation({ persona: init, now }, convo));
  const minutes = conversationMinutes(convo);
  // Chats end on a whole minute (Smallville rounds the start up to the next minute).
  const secs = new Date(now).getUTCSeconds();
  const endTime = (secs ? now + (60 - secs) * 1000 : now) + minutes * 60_000;

  // Each side's day re-planned around the chat, as the call plan asks; then its chat action starts.
  await sim.calls.replanAroundChat(init, target, { summary, minutes, held }, (self, other) => {
    addNewAction(self, now, {
      address: { kind: 'persona', name: other.name },
      duration: minutes,
      description: summary,
      pronunciatio: '💬',
      event: [self.name, 'chat with', other.name],
      chattingWith: other.name,
      chat: convo,
      chattingWithBuffer: { [other.name]: CHAT_BUFFER_STEPS },
      chattingEndTime: endTime,
      objEvent: ['', '', ''],
    });
    proposeBegun(self, 'reaction', self === init ? `decided to talk with ${other.name}` : `${init.name} came over to talk`);
  });
  await rememberConversation(sim, init, target, convo, summary, held?.takeaways);
  sim.conversations.push({ step: sim.clock.step, time: now, participants: [init.name, target.name], lines: convo, summary });
}

/**
 * The minutes to wait for someone (Smallville's wait reaction): until one minute before their action
 * ends ("wait: <start + duration − 1 min>"), counted in whole minutes of the day, plus one.
 */
export function waitMinutes(now: number, targetStart: number, targetDuration: number): number {
  const until = targetStart + (targetDuration - 1) * 60_000;
  return Math.max(1, minuteOfDay(until) - minuteOfDay(now) + 1);
}

/** The wait reaction: wait at the spot until the other's action ends. */
export async function waitReact(sim: SimContext, p: Persona, target: Persona): Promise<void> {
  const now = sim.clock.now;
  const t = target.scratch;
  const minutes = waitMinutes(now, t.actStartTime ?? now, t.actDuration ?? 1);
  const description = `waiting to start ${(p.scratch.actDescription ?? '').split('(').pop()?.replace(')', '') ?? ''}`.trim();
  await createReact(sim, p, description, minutes);
  addNewAction(p, now, {
    address: { kind: 'waiting', x: p.tile.x, y: p.tile.y },
    duration: minutes,
    description,
    pronunciatio: '⌛',
    event: [p.name, 'waiting to start', description.replace(/^waiting to start /, '') || 'something'],
  });
  proposeBegun(p, 'reaction', `waiting for ${target.name} to finish ${target.scratch.actDescription ?? 'what they are doing'}`);
}

/** The reaction part of the plan stage, then chat-state upkeep and the chat buffers' countdown. */
export async function react(sim: SimContext, p: Persona, retrieved: Map<string, Retrieved>): Promise<void> {
  if (retrieved.size > 0) {
    const focused = chooseRetrieved(sim, p, retrieved);
    if (focused) {
      const reaction = await shouldReact(sim, p, focused);
      // With the player's resident the conversation is held turn by turn with the person at the keyboard.
      if (reaction?.kind === 'chat' && reaction.target.agent.mode === 'human') await sim.player?.open(sim, p, 'persona');
      else if (reaction?.kind === 'chat') await chatReact(sim, p, reaction.target, reaction.held);
      else if (reaction?.kind === 'wait') await waitReact(sim, p, reaction.target);
    }
  }
  const s = p.scratch;
  if (s.actEvent[1] !== 'chat with') {
    s.chattingWith = null;
    s.chat = null;
    s.chattingEndTime = null;
  }
  for (const name of Object.keys(s.chattingWithBuffer)) {
    const turns = s.chattingWithBuffer[name];
    if (name !== s.chattingWith && turns !== undefined) s.chattingWithBuffer[name] = turns - 1;
  }
}

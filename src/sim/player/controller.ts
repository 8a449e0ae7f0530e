import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ChatLine } from '../persona/memory';
import { hourOf } from '../clock';
import { sceneOf } from '../actions/scenes';
import { REGISTRY, parseTileTarget } from '../actions/registry';
import { isAsleep } from '../actions/wakefulness';
import { hereOf } from '../actions/places';
import { actionWorldOf, availableOptions, type ActionOption } from '../actions/validate';
import { decide, startChecked } from '../actions/decide';
import { proposeBegun } from '../actions/proposers';
import { arrived } from '../persona/currentAction';
import { addNewAction } from '../persona/currentAction';
import { memoriesFor, rememberFor } from '../cognition/converse';
import { CHAT_BUFFER_STEPS } from '../cognition/react';

/** Something the player did, queued by the page and taken in at the start of the next step. */
export type PlayerInput =
  /** Walk to a tile by A* (a click on the map). */
  | { kind: 'walk'; x: number; y: number }
  /** One tile further in a direction (a key press): from where the current walk ends. */
  | { kind: 'step'; dx: number; dy: number }
  /** Any registered action, e.g. { action: 'USE_OBJECT', target: 'bookshelf' }. */
  | { kind: 'act'; action: string; target: string }
  /** Start a conversation with a persona next to the player. */
  | { kind: 'talk'; personaId: string }
  /** A line in the open conversation. */
  | { kind: 'say'; text: string }
  /** End the open conversation. */
  | { kind: 'leave' };

/** How close (in tiles, either way) the player must be to start talking to someone. */
export const TALK_DISTANCE = 2;
/** A player's line is cut to this many characters. */
export const PLAYER_LINE_MAX = 500;
/** A conversation with the player ends after this many lines (the persona says goodbye). */
export const PLAYER_CHAT_MAX_LINES = 40;
/** The persona waits this long for the player's next line, then leaves (game minutes). */
const PLAYER_CHAT_PATIENCE_MIN = 30;
/** How far the player may walk from the persona before the conversation counts as left (tiles). */
const LEAVE_DISTANCE = 6;
/** The player's line says goodbye. */
export const GOODBYE = /\b(good ?bye|bye|see you|farewell|take care|gotta go|got to go|have to go|later!?$)\b/i;

export interface PlayerChat {
  personaId: string;
  /** The persona's name (the player's partner). */
  with: string;
  startedBy: 'player' | 'persona';
  /** Game ms it opened. */
  startedAt: number;
  lines: ChatLine[];
  /** Game ms of the latest line. */
  lastLineAt: number;
  /** The player said goodbye: the persona answers once more and the chat ends. */
  closing: boolean;
}

/** A conversation with the player that ended, and why. */
export interface EndedChat {
  personaId: string;
  with: string;
  lines: ChatLine[];
  summary: string;
  reason: string;
}

/** What the page shows of the player after a step: the open chat, and what was refused or ended this step. */
export interface PlayerView {
  id: string;
  name: string;
  chat: { personaId: string; with: string; startedBy: 'player' | 'persona'; lines: ChatLine[] } | null;
  /** Inputs refused this step, each with its reason ("Sofia is asleep"). */
  refusals: string[];
  /** Conversations that ended this step. */
  ended: EndedChat[];
}

/**
 * The player's side of the simulation: inputs are queued by the page (in the simulation's one queue of
 * pending inputs) and taken at the start of the next step, in order; every action goes through the registry's validation and executors, with the
 * brain mode 'human'; conversations with personas run turn by turn, one persona line per step in
 * which the player said something.
 */
export class PlayerController {
  chat: PlayerChat | null = null;
  private refusals: string[] = [];
  private ended: EndedChat[] = [];

  constructor(readonly persona: Persona) {}

  /** The actions the player may take here now (what the registry allows in this scene), for the page. */
  options(sim: SimContext): ActionOption[] {
    const w = actionWorldOf(sim);
    return availableOptions(w, this.persona, sceneOf(w, this.persona)).filter((o) => o.id !== 'CHAT' && o.id !== 'WALK');
  }

  /** Why the player cannot start talking to `other` now, or null (the rules personas talk by, and being next to them). */
  talkProblem(sim: SimContext, other: Persona): string | null {
    const me = this.persona;
    if (other === me) return 'You cannot talk to yourself';
    if (isAsleep(other)) return `${other.firstName} is asleep`;
    if (hourOf(sim.clock.now) === 23) return `It is 23:00: ${other.firstName} is getting ready for bed`;
    if (other.scratch.chattingWith && other.scratch.chattingWith !== me.name) return `${other.firstName} is talking with ${other.scratch.chattingWith}`;
    if (this.chat) return this.chat.personaId === other.id ? `You are talking with ${other.firstName} now` : `You are talking with ${this.chat.with}`;
    if (Math.abs(other.tile.x - me.tile.x) > TALK_DISTANCE || Math.abs(other.tile.y - me.tile.y) > TALK_DISTANCE) return `${other.firstName} is too far away: walk up to them first`;
    return null;
  }

  /** The player's part of a step: take the inputs queued since the last one, answer the player's lines, end chats that are over. */
  async step(sim: SimContext, inputs: readonly PlayerInput[]): Promise<void> {
    // The resident arrives taking it easy where it stands, so the town sees it doing something.
    if (!this.persona.scratch.actAddress) this.apply(sim, 'IDLE', '', 'just arrived in town');
    for (const input of inputs) await this.take(sim, input);
    const chat = this.chat;
    if (chat) {
      const persona = sim.byName.get(chat.with);
      const last = chat.lines[chat.lines.length - 1];
      if (!persona) await this.end(sim, 'the other left town');
      else if (last && last.speaker === this.persona.name) await this.answer(sim, persona, chat);
      else if (sim.clock.now - chat.lastLineAt >= PLAYER_CHAT_PATIENCE_MIN * 60_000) await this.end(sim, `${persona.firstName} waited for you and moved on`);
      else if (Math.abs(persona.tile.x - this.persona.tile.x) > LEAVE_DISTANCE || Math.abs(persona.tile.y - this.persona.tile.y) > LEAVE_DISTANCE) {
        if (arrived(this.persona) && arrived(persona)) await this.end(sim, 'you walked away');
      }
    }
    // A walk that has arrived is over: the resident stands there, taking it easy (as the registry's IDLE).
    const s = this.persona.scratch;
    if (!this.chat && s.actionId === 'WALK' && arrived(this.persona)) this.apply(sim, 'IDLE', '', 'arrived');
  }

  /**
   * The view at the end of a step, and a clean slate for the next: what was refused and which chats
   * ended since the last report. (A chat partner's answer on a model may arrive steps later and end
   * the chat between two steps: it is reported at the next step's end, not lost.)
   */
  report(): PlayerView {
    const v = this.view();
    this.refusals = [];
    this.ended = [];
    return v;
  }

  view(): PlayerView {
    const c = this.chat;
    return {
      id: this.persona.id,
      name: this.persona.name,
      chat: c ? { personaId: c.personaId, with: c.with, startedBy: c.startedBy, lines: c.lines.map((l) => ({ ...l })) } : null,
      refusals: this.refusals.slice(),
      ended: this.ended.map((e) => ({ ...e, lines: e.lines.map((l) => ({ ...l })) })),
    };
  }

  /** Validate and apply a registered action for the player; the reason it was refused otherwise. */
  private apply(sim: SimContext, action: string, target: string, reason: string): string | null {
    const p = this.persona;
    const d = decide(sim, { persona: p, action, target, proposer: 'player', reason });
    if (!d.ok) {
      p.agent.stats.rejections++;
      p.agent.lastRejection = d.reason;
      return d.reason;
    }
    p.agent.stats.decisions++;
    p.agent.lastRejection = null;
    return null;
  }

  private refuse(why: string): void {
    this.refusals.push(why);
  }

  private async take(sim: SimContext, input: PlayerInput): Promise<void> {
    const me = this.persona;
    switch (input.kind) {
      case 'walk':
      case 'step': {
        let x: number;
        let y: number;
        if (input.kind === 'walk') {
          x = Math.round(input.x);
          y = Math.round(input.y);
        } else {
          // From where the walk under way ends, so quick presses add up to a longer walk.
          const from = (me.scratch.actionId === 'WALK' ? parseTileTarget(me.scratch.actionTarget) : null) ?? me.tile;
          x = from.x + Math.sign(input.dx);
          y = from.y + Math.sign(input.dy);
        }
        if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x >= sim.world.width || y >= sim.world.height) return this.refuse('That is off the map');
        if (this.chat) await this.end(sim, 'you walked away');
        const why = this.apply(sim, 'WALK', `${x},${y}`, input.kind === 'walk' ? 'clicked on the map' : 'walked by keyboard');
        if (why) return this.refuse(why);
        if (sim.paths.find(me.tile, { x, y }) === null) this.refuse(`There is no way from here to ${x},${y}`);
        return;
      }
      case 'act': {
        if (input.action.trim().toUpperCase() === 'CHAT') {
          const other = sim.byName.get(input.target.trim());
          return other ? this.take(sim, { kind: 'talk', personaId: other.id }) : this.refuse(`There is nobody called "${input.target.slice(0, 80)}" here`);
        }
        if (this.chat) await this.end(sim, 'you went on with your day');
        const why = this.apply(sim, input.action, input.target, 'your choice');
        if (why) this.refuse(why);
        return;
      }
      case 'talk': {
        const other = sim.personas.find((p) => p.id === input.personaId);
        if (!other) return this.refuse(`There is nobody with the id "${input.personaId.slice(0, 80)}" in town`);
        if (this.chat?.personaId === other.id) return;
        const why = this.talkProblem(sim, other);
        if (why) return this.refuse(why);
        await this.open(sim, other, 'player');
        return;
      }
      case 'say': {
        const text = input.text.replace(/\s+/g, ' ').trim().slice(0, PLAYER_LINE_MAX);
        if (!text) return;
        const chat = this.chat;
        if (!chat) return this.refuse('You are not talking with anyone: walk up to someone and click Talk');
        const last = chat.lines[chat.lines.length - 1];
        // One line a turn: a second line before the answer joins the first.
        if (last && last.speaker === me.name) last.text = `${last.text} ${text}`.slice(0, PLAYER_LINE_MAX * 2);
        else chat.lines.push({ speaker: me.name, text });
        chat.lastLineAt = sim.clock.now;
        if (GOODBYE.test(text)) chat.closing = true;
        return;
      }
      case 'leave':
        if (this.chat) await this.end(sim, 'you said goodbye and left');
        return;
    }
  }

  /**
   * Open a conversation between the player and a persona (either may start it): both take the chat
   * action for as long as it lasts, the 800-step buffer starts for both, and the persona speaks first.
   */
  async open(sim: SimContext, persona: Persona, startedBy: 'player' | 'persona'): Promise<void> {
    const now = sim.clock.now;
    const me = this.persona;
    this.chat = { personaId: persona.id, with: persona.name, startedBy, startedAt: now, lines: [], lastLineAt: now, closing: false };
    // A persona who comes up to you while you are walking somewhere does not stop you: you keep
    // walking (and leave the chat if you walk on), it is your call.
    const walking = startedBy === 'persona' && me.scratch.actionId === 'WALK' && !arrived(me);
    for (const [self, other] of [
      [persona, me],
      [me, persona],
    ] as const) {
      if (self === me && walking) {
        Object.assign(me.scratch, { chattingWith: persona.name, chat: this.chat.lines, chattingEndTime: now + PLAYER_CHAT_PATIENCE_MIN * 60_000 });
        me.scratch.chattingWithBuffer[persona.name] = CHAT_BUFFER_STEPS;
        continue;
      }
      addNewAction(self, now, {
        address: { kind: 'persona', name: other.name },
        duration: PLAYER_CHAT_PATIENCE_MIN,
        description: `chatting with ${other.name}`,
        pronunciatio: '💬',
        event: [self.name, 'chat with', other.name],
        chattingWith: other.name,
        chat: this.chat.lines,
        chattingWithBuffer: { [other.name]: CHAT_BUFFER_STEPS },
        chattingEndTime: now + PLAYER_CHAT_PATIENCE_MIN * 60_000,
      });
      if (self === persona) proposeBegun(self, startedBy === 'player' ? 'player' : 'reaction', startedBy === 'player' ? 'the player came up to talk' : `decided to talk with ${me.name}`);
    }
    // The player's side is the registered CHAT, taken by the player (the persona's is checked like any chat's).
    if (!walking) startChecked(me, REGISTRY.def('CHAT'), { target: persona.name, place: hereOf(actionWorldOf(sim), me) }, now, 'player', startedBy === 'player' ? `you went up to ${persona.firstName}` : `${persona.firstName} came up to you`);
    await this.answer(sim, persona, this.chat);
  }

  /** The persona's next line, from its memories of the player and the conversation so far. */
  private async answer(sim: SimContext, persona: Persona, chat: PlayerChat): Promise<void> {
    const now = sim.clock.now;
    const memories = await memoriesFor(sim, persona, this.persona, chat.lines);
    const turn = await sim.brain.conversationTurn({ persona, now }, { listener: this.persona, convo: chat.lines.slice(), memories });
    chat.lines.push({ speaker: persona.name, text: turn.line });
    chat.lastLineAt = now;
    // The chat goes on while the player talks: both hold the chat action a while longer.
    for (const p of [persona, this.persona]) p.scratch.chattingEndTime = now + PLAYER_CHAT_PATIENCE_MIN * 60_000;
    if (chat.closing) await this.end(sim, 'you said goodbye');
    else if (turn.end) await this.end(sim, `${persona.firstName} said goodbye`);
    else if (chat.lines.length >= PLAYER_CHAT_MAX_LINES) await this.end(sim, `${persona.firstName} had to get going`);
  }

  /**
   * End the open conversation: the persona remembers it as a chat with a poignancy, a summary, a
   * planning thought (which may become a commitment) and a memo, as after any conversation; the
   * player keeps the chat too. Both go back to their day.
   */
  async end(sim: SimContext, reason: string): Promise<void> {
    const chat = this.chat;
    if (!chat) return;
    this.chat = null;
    const now = sim.clock.now;
    const me = this.persona;
    const persona = sim.byName.get(chat.with);
    let summary = '';
    if (persona && chat.lines.some((l) => l.speaker === me.name)) {
      summary = await sim.brain.summarizeConversation({ persona, now }, chat.lines);
      const node = await rememberFor(sim, persona, me, chat.lines, summary);
      me.memory.add('chat', {
        created: now,
        subject: me.name,
        predicate: 'chat with',
        object: persona.name,
        description: summary,
        poignancy: node.poignancy,
        keywords: [me.name, persona.name],
        transcript: chat.lines,
      });
      const participants: [string, string] = chat.startedBy === 'player' ? [me.name, persona.name] : [persona.name, me.name];
      sim.conversations.push({ step: sim.clock.step, time: now, participants, lines: chat.lines.slice(), summary });
    }
    this.ended.push({ personaId: chat.personaId, with: chat.with, lines: chat.lines.slice(), summary, reason });
    // Back to their day at this step: the persona's next action comes from its own brain.
    if (persona && persona.scratch.chattingWith === me.name) persona.scratch.chattingEndTime = now;
    if (me.scratch.actionId === 'WALK') Object.assign(me.scratch, { chattingWith: null, chat: null, chattingEndTime: null });
    else if (me.scratch.chattingWith) this.apply(sim, 'IDLE', '', 'after a conversation');
  }

  /** Put a snapshot's conversation in place (src/sim/state/playerState.ts checked it). */
  restore(chat: PlayerChat | null): void {
    this.chat = chat ? structuredClone(chat) : null;
    // The chat action holds the same array the conversation grows.
    const s = this.persona.scratch;
    if (this.chat && s.chattingWith === this.chat.with) s.chat = this.chat.lines;
  }
}

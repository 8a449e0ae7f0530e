import type { ConversationRecord } from '../context';
import type { Persona } from '../persona/persona';
import type { Tile } from '../world/types';
import type { TownEvent } from '../town/director';
import type { EconomyEvent, PulseRound } from '../economy/economy';
import type { ActionStats, BrainMode } from '../persona/agentState';
import type { PlayerView } from '../player/controller';
import type { AnswerEffect } from '../brain/stepGate';
import { dayIndex } from '../actions/places';
import { printAddress } from '../world/actionAddress';
import type { SteppedTown } from './town';

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

export interface FrameWallet {
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

/** A persona as a step's frame shows it (and a recording keeps it). */
export function personaFrame(town: SteppedTown, p: Persona): PersonaFrame {
  const s = p.scratch;
  return {
    id: p.id,
    name: p.name,
    tile: { ...s.currTile },
    emoji: s.actPronunciatio ?? '',
    description: s.actDescription ?? '',
    address: s.actAddress ? printAddress(s.actAddress) : '',
    chattingWith: s.chattingWith,
    moved: town.moved.has(p),
    actionId: s.actionId,
    actionTarget: s.actionTarget,
    actionReason: s.actionReason,
    brainMode: p.agent.mode,
    actionStats: { ...p.agent.stats },
    wallet: walletOf(town, p),
  };
}

/** A persona's money and goods as the inspector and a recording show them. */
export function walletOf(town: SteppedTown, p: Persona): FrameWallet {
  const w = p.agent.wallet;
  const job = w.checkedInDay === dayIndex(town.clock.now) && w.jobId !== null ? town.economy.jobById(w.jobId) : undefined;
  return { credits: w.credits, holdings: { ...w.holdings }, workToday: job ? `${job.title} at ${job.sector}` : null };
}

/** What a step reports, after its phases ran (before the clock advances). */
export function stepResult(town: SteppedTown, now: number, convoCount: number, answers: readonly AnswerEffect[]): StepResult {
  const result: StepResult = {
    step: town.clock.step,
    time: now,
    personas: town.personas.map((p) => personaFrame(town, p)),
    conversations: town.conversations.slice(convoCount),
    townEvents: town.director.drainEvents(),
    player: town.player?.report() ?? null,
    economyEvents: town.economy.drainEvents(),
    pulse: town.economy.drainRound(),
  };
  if (answers.length > 0) result.answers = [...answers];
  return result;
}

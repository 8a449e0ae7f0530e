import type { ChatLine } from './memory';
import type { Tile } from '../world/types';
import { minuteOfDay } from '../clock';
import { at } from '../checked';
import type { ActionAddress } from '../world/actionAddress';
import type { ActionId } from './actionIds';
import type { Triple } from '../world/events';


/** One entry of the minute-level schedule: [task description, duration in minutes]. */
export type ScheduleItem = [string, number];

/**
 * Smallville's scratch: a persona's short-term state. Field names follow Smallville's (camelCased)
 * so the seeds' rules map one-to-one onto the code.
 */
export class Scratch {
  visionRadius = 4;
  attentionBandwidth = 3;
  retention = 5;
  recencyDecay = 0.995;
  /** Retrieval weights (Smallville's recency_w, relevance_w, importance_w). */
  recencyW = 1;
  relevanceW = 1;
  importanceW = 1;
  importanceTriggerMax = 150;
  importanceTriggerCurr = 150;
  importanceEleN = 0;

  currTile: Tile = { x: 0, y: 0 };
  wakeUpHour = 7;
  dailyReq: string[] = [];
  fDailySchedule: ScheduleItem[] = [];
  fDailyScheduleHourlyOrg: ScheduleItem[] = [];
  /**
   * Packed call plan: subtasks the day's plan came with, per hourly activity, fitted to a block when it
   * is decomposed (cognition/plan.ts); empty in faithful, where each block is asked when due.
   */
  preparedSubtasks: Record<string, { task: string; minutes: number }[]> = {};
  /**
   * Set while the persona lives a provisional day (cognition/packedCalls.ts `startTheDay`: a short first answer
   * on a remote brain) and its whole plan is still to come: which day it is planning. null otherwise
   * (always, on the offline brain and in lock-step), and then not written into snapshots.
   */
  planPending: 'First day' | 'New day' | null = null;

  /** Where the current action happens (parsed from and printed to the address protocol at a save's edge). */
  actAddress: ActionAddress | null = null;
  actStartTime: number | null = null;
  /** Minutes. */
  actDuration: number | null = null;
  actDescription: string | null = null;
  actPronunciatio: string | null = null;
  actEvent: Triple = ['', '', ''];
  actObjDescription: string | null = null;
  actObjPronunciatio: string | null = null;
  actObjEvent: Triple = ['', '', ''];

  chattingWith: string | null = null;
  chat: ChatLine[] | null = null;
  chattingWithBuffer: Record<string, number> = {};
  chattingEndTime: number | null = null;

  actPathSet = false;
  plannedPath: Tile[] = [];

  /**
   * The registered action (src/sim/actions) the current action is, its target, why it was taken (the
   * brain's reason, the planner's task, or why the scene default ran), and when it was set.
   */
  actionId: ActionId | null = null;
  actionTarget = '';
  actionReason: string | null = null;
  actionAt: number | null = null;

  /**
   * Index into fDailySchedule of the task at now + advance minutes (Smallville's
   * get_f_daily_schedule_index).
   */
  scheduleIndex(now: number, advanceMinutes = 0): number {
    const elapsed = minuteOfDay(now) + advanceMinutes;
    let sum = 0;
    for (const [i, [, minutes]] of this.fDailySchedule.entries()) {
      sum += minutes;
      if (sum > elapsed) return i;
    }
    return this.fDailySchedule.length;
  }

  /** Minute of the day at which schedule item `index` starts. */
  scheduleStart(index: number): number {
    let sum = 0;
    for (let i = 0; i < index && i < this.fDailySchedule.length; i++) sum += at(this.fDailySchedule, i, 'schedule item')[1];
    return sum;
  }

  /** Game time (ms) at which the current action ends, or null if there is none. */
  actEndTime(): number | null {
    if (this.chattingEndTime !== null && this.chattingWith) return this.chattingEndTime;
    if (this.actStartTime === null || this.actDuration === null) return null;
    return this.actStartTime + this.actDuration * 60_000;
  }

  /** Smallville's act_check_finished. */
  actCheckFinished(now: number): boolean {
    if (!this.actAddress) return true;
    const end = this.actEndTime();
    return end === null || now >= end;
  }
}

/**
 * The town simulator (docs/economy.md#the-decisions): once a game hour, one decision per resident (checkin, purchase, chat or rest) from the world snapshot (made in the first resident's name).
 *
 * The town simulator (docs/economy.md#the-decisions): a decision per resident. The action is a free string on purpose: an
 * unknown one is executed as a rest (docs/economy.md#faults), not refused. Fallback: no decisions, marked, so
 * the pulse skips the round and logs why ("LLM returns invalid JSON / times out → the round is
 * skipped"); the offline brain does not stand in (`noFallbackBrain`).
 */
import { call, SHORT_ANSWER } from '../call';
import { z } from 'zod';
import { fail, list, type Obj, parseWith } from '../reply';
import type { TownPulseInput, TownPulseReply } from '../types';
import { ACTION_ID, SENTENCE, str } from './shared';

/** The hourly pulse (docs/economy.md#the-decisions): at most this many decisions a round (a town's residents, with room to spare). */
const PULSE_DECISIONS = 500;

/** Any brain's decisions: each one is checked when it is executed (an unknown action is a rest, an unknown resident is skipped), so only the shape is checked here. */
const anyPulse = z.object({
  decisions: z
    .array(z.object({ agent_id: z.unknown(), action: z.string().trim().max(ACTION_ID), params: z.record(z.string(), z.unknown()).default({}), reason: z.string().trim().max(SENTENCE).default('') }))
    .max(PULSE_DECISIONS),
});

export const townPulse = call<[input: TownPulseInput], TownPulseReply>()({
  prompt: 'town_pulse',
  maxTokens: SHORT_ANSWER,
  temperature: 0.5,
  shortSystemLine: true,
  reply: z.object({
    decisions: z
      .array(
        z.object({
          agent_id: z.number().int().describe("the resident's number"),
          action: str(ACTION_ID, 'checkin | purchase | chat | rest'),
          params: z.object({ job: z.number().int().min(0).describe("for checkin: a job id, or 0 for the resident's own job"), item_id: z.number().int().min(0).describe('for purchase: the item id; else 0') }),
          reason: str(SENTENCE, 'one sentence'),
        }),
      )
      .max(PULSE_DECISIONS),
  }),
  fromReply: (o) => ({
    decisions: list(o, 'decisions').map((d, i) => {
      const x = typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as Obj) : fail(`decision ${i + 1} must be an object`);
      const p = (x.params ?? {}) as Obj;
      const params: Record<string, unknown> = {};
      if (typeof p.job === 'number' && p.job > 0) params.job = p.job;
      if (typeof p.item_id === 'number' && p.item_id > 0) params.item_id = p.item_id;
      return { agent_id: x.agent_id, action: String(x.action).trim(), params, reason: typeof x.reason === 'string' ? x.reason.trim() : '' };
    }),
  }),
  wrap: (json) => (Array.isArray(json) ? { decisions: json } : json),
  accept: (v) => parseWith(anyPulse, v),
  fallback: () => ({ decisions: [], fallback: true }),
  noFallbackBrain: true,
});

/**
 * Registry brain: pick one of the options offered, with a target and a short reason (one call per decision).
 *
 * The registry brain's choice, checked for shape only: whether the action is registered, allowed
 * and possible is the action layer's to judge (src/sim/actions/validate.ts), so a refusal can be fed
 * back with its reason. The model is sent an enum of the ids offered.
 */
import { call, LONG_ANSWER } from '../call';
import { z } from 'zod';
import { fail, parseWith, text, unquote } from '../reply';
import type { ActionChoice, ActionChoiceInput } from '../types';
import { ACTION_ID, SENTENCE, str, TARGET, trimmed } from './shared';

const anyChoice = z.object({ action: trimmed(ACTION_ID), target: z.string().trim().max(TARGET).default(''), reason: z.string().trim().max(SENTENCE).default('') });

export const chooseAction = call<[input: ActionChoiceInput], ActionChoice>()({
  prompt: 'registry_decide',
  maxTokens: LONG_ANSWER,
  temperature: 0.2,
  reply: z.object({ action: str(ACTION_ID), target: str(TARGET).optional(), reason: z.string().optional() }),
  replyFor: (_ctx, input) => z.object({ action: z.enum(input.options.map((o) => o.id)), target: str(TARGET, "one of that action's targets, or \"\""), reason: str(SENTENCE, 'one short sentence') }),
  fromReply: (o) => {
    const action = text(o, 'action', ACTION_ID);
    const target = o.target === undefined || o.target === null ? '' : typeof o.target === 'string' ? unquote(o.target) : fail('"target" must be a string ("" when the action takes none)');
    const reason = typeof o.reason === 'string' ? o.reason.trim().slice(0, SENTENCE) : '';
    return { action, target, reason };
  },
  accept: (v) => {
    const c = parseWith(anyChoice, v);
    return { action: c.action, target: c.target, reason: c.reason };
  },
  fallback: (_ctx, input) => ({ action: input.fallback, target: '', reason: 'scene default: the brain gave no usable answer', fallback: true }),
});

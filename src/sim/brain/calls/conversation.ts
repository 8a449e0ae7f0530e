/**
 * decide_to_talk, then the whole conversation (at most MAX_ROUNDS rounds, cognition/converse.ts), its summary and what each side takes away, in one call.
 *
 * decide_to_talk; when yes, 1–16 lines said in turn (the initiator first), a summary, what each side
 * takes away, and each side's plan ahead re-planned for after the conversation (`after`, one list per
 * side offered, whole minutes the code fits to the time left).
 */
import { call } from '../call';
import { z } from 'zod';
import { at } from '../../checked';
import { asText, escapeRegExp, fail, list, parseWith, stripPeriod, text, unquote } from '../reply';
import type { ConversationInput, ConversationTakeaways, WholeConversation } from '../types';
import type { ChatLine } from '../../persona/memory';
import { ACTIVITY, objects, PARAGRAPH, SENTENCE, str, subtask, trimmed } from './shared';

/** Smallville caps a conversation at 8 rounds (16 lines). */
const MAX_LINES = 16;

const anyConversation = z.object({
  talk: z.boolean(),
  lines: z.array(z.object({ speaker: trimmed(200), text: trimmed(SENTENCE) })).max(MAX_LINES),
  summary: z.string().trim().max(SENTENCE),
  takeaways: z.record(z.string(), z.object({ planning: z.string().trim().max(PARAGRAPH), memo: z.string().trim().max(PARAGRAPH) })),
  after: z.array(z.array(z.object({ task: trimmed(SENTENCE), minutes: z.number().positive() }))).optional(),
});

export const conversation = call<[input: ConversationInput], WholeConversation>()({
  prompt: 'conversation',
  maxTokens: 1500,
  shortSystemLine: true,
  reply: z.object({
    // A "no" is {"talk": false} alone: the rest is asked for only when they talk.
    talk: z.boolean().describe('does the first person start it'),
    lines: z.array(str(SENTENCE, '1 to 3 sentences')).max(MAX_LINES).describe('in turn, first person first: news, questions, plans, a host\'s invitation (place, day, time), goodbyes').optional(),
    summary: str(300, 'topic in a few words').optional(),
    takeaways: z.array(z.object({ planning: str(PARAGRAPH, 'appointment, promise or invitation (accepted or not) with place and time, or ""'), memo: str(PARAGRAPH, 'what they found interesting') })).max(2).describe("each side's, first person").optional(),
    after: z.array(z.array(z.object({ task: str(ACTIVITY, 'short lowercase phrase'), minutes: z.number().int().positive() }))).max(2).describe('per plan ahead: [] to carry on, or its rest re-planned').optional(),
  }),
  fromReply: (o, { persona }, { target, ahead }) => {
    if (!o.talk) return { talk: false, lines: [], summary: '', takeaways: {} };
    const names = [persona.name, target.name];
    if (!Array.isArray(o.lines)) fail('they talk ("talk": true), so give "lines", "summary", "takeaways" and "after" too');
    const raw = list(o, 'lines');
    if (raw.length === 0) fail('they talk, so "lines" must hold the conversation');
    const lines = raw.map((l, i): ChatLine => {
      const speaker = at(names, i % 2, 'speaker');
      const other = at(names, (i + 1) % 2, 'listener');
      const label = (n: string) => new RegExp(`^(${escapeRegExp(n)}|${escapeRegExp(n.split(' ')[0] ?? n)})\\s*:\\s*`);
      const line = asText(l, `line ${i + 1}`, SENTENCE);
      // The turn says who speaks: a line may still carry its speaker's name ("Ann Test: …"), never the other's.
      if (label(other).test(line)) fail(`line ${i + 1} is ${speaker}'s turn, but it is labelled ${other}'s: the two take turns, ${names[0]} first`);
      const said = unquote(line.replace(label(speaker), ''));
      return { speaker, text: said || fail(`line ${i + 1} must not be empty`) };
    });
    const about = stripPeriod(text(o, 'summary', 300).replace(/^(this is\s+)?(a\s+)?(conversation|conversing)\s+about\s+|^about\s+/i, ''));
    if (!about) fail('"summary" must say what the conversation was about');
    const items = objects(list(o, 'takeaways'), 'takeaway', '{"planning": …, "memo": …}');
    if (items.length !== 2) fail(`"takeaways" needs two entries, ${names[0]}'s then ${names[1]}'s; got ${items.length}`);
    const takeaways: ConversationTakeaways = {};
    names.forEach((name, k) => {
      const t = at(items, k, 'takeaway');
      takeaways[name] = { planning: typeof t.planning === 'string' ? t.planning.trim() : '', memo: typeof t.memo === 'string' ? t.memo.trim() : '' };
    });
    const sides = ahead ?? [];
    if (sides.length === 0) return { talk: true, lines, summary: `conversing about ${about}`, takeaways };
    const after = list(o, 'after');
    if (after.length !== sides.length) fail(`"after" needs ${sides.length} entries, one per person whose plan is given (${sides.map((x) => x.persona.name).join(', ')}), in order; got ${after.length}`);
    const plans = after.map((a, k) => {
      const who = at(sides, k, 'side with a plan ahead').persona;
      const tasks = objects(Array.isArray(a) ? a : fail(`"after" entry ${k + 1} must be a list of tasks`), `${who.name}'s task after the conversation`, '{"task": …, "minutes": …}').map((t, i) => subtask(t, i, ACTIVITY, who, `${who.name}'s task after the conversation`));
      // [] carries on as planned (Smallville's fail-safe: the plan resumes where the conversation ends).
      return tasks;
    });
    return { talk: true, lines, summary: `conversing about ${about}`, takeaways, after: plans };
  },
  accept: (v, { persona }, { target, ahead }) => {
    const c = parseWith(anyConversation, v);
    if (!c.talk) return { talk: false, lines: [], summary: '', takeaways: {} };
    const names = [persona.name, target.name];
    if (c.lines.length === 0) fail('a conversation needs at least one line');
    const stranger = c.lines.find((l) => !names.includes(l.speaker));
    if (stranger) fail(`"${stranger.speaker}" is not in this conversation`);
    if (!c.summary) fail('a conversation needs a summary');
    // A side the answer says nothing about takes nothing away ("" stores nothing, as the one-question calls' default).
    const takeaways = Object.fromEntries(names.map((n) => [n, c.takeaways[n] ?? { planning: '', memo: '' }]));
    const out: WholeConversation = { talk: true, lines: c.lines.map((l) => ({ speaker: l.speaker, text: l.text })), summary: c.summary, takeaways };
    // Plans after it: one list per side offered, or none at all (the caller then re-plans with replanStretches).
    if (c.after !== undefined) {
      if (c.after.length !== (ahead ?? []).length) fail(`${c.after.length} plans after the conversation for ${(ahead ?? []).length} people`);
      out.after = c.after.map((l) => l.map((t) => ({ task: t.task, minutes: t.minutes })));
    }
    return out;
  },
  // decide_to_talk's default: no chat.
  fallback: () => ({ talk: false, lines: [], summary: '', takeaways: {} }),
});

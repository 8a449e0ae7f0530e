/**
 * Sector, arena, object, emoji and both event triples for each action, among the places the persona knows.
 *
 * Sector, arena, object, emoji and both triples for each action, among the places offered: a sector
 * offered, an arena of it ("" when it lists none), an object of that arena or <random>; the triples'
 * subjects are the persona and the object.
 */
import { call } from '../call';
import { z } from 'zod';
import { RANDOM_OBJECT } from '../../world/actionAddress';
import { FALLBACK_EMOJI, fallbackSector } from '../fallbacks';
import { asText, emojiOnly, escapeRegExp, fail, list, type Obj, parseWith, pickOption, stripPeriod } from '../reply';
import type { ActionDetails, KnownPlaces } from '../types';
import type { Triple } from '../../world/events';
import { anyEmoji, anyTriple, DETAILS_MAX, EMOJI_UNITS, objects, SENTENCE, str, TARGET, trimmed, TRIPLE } from './shared';

/** The fields of one action_details entry. */
const DETAIL_FIELDS = ['sector', 'arena', 'object', 'emoji', 'event', 'object_state', 'object_event'] as const;

const anyDetails = z.object({
  sector: trimmed(TARGET),
  arena: z.string().trim().max(TARGET),
  object: z.string().trim().max(TARGET),
  emoji: anyEmoji,
  event: anyTriple,
  objectState: z.string().trim().max(SENTENCE),
  objectEvent: z.tuple([z.string().max(TRIPLE.object), z.string().max(TRIPLE.predicate), z.string().max(TRIPLE.object)]),
});

/** [predicate, object] from a model (packed calls: the subject is known), as a triple with `subject`. */
const pairItems = (v: unknown, what: string, subject: string): Triple => {
  const parts = Array.isArray(v) ? v : fail(`${what} must be [predicate, object]`);
  if (parts.length !== 2) fail(`${what} must be [predicate, object]`);
  return [subject, asText(parts[0], `${what} predicate`, TRIPLE.predicate), asText(parts[1], `${what} object`, TRIPLE.object)];
};

/** Run a check, putting where and what in front of its message. */
const checkedAs = <T>(where: string, what: string, f: () => T): T => {
  try {
    return f();
  } catch (err) {
    if (err instanceof Error && err.name === 'ReplyError') fail(`${where}: ${what} ${err.message}`);
    throw err;
  }
};

export const actionDetails = call<[actions: string[], places: KnownPlaces], ActionDetails[]>()({
  prompt: 'action_details',
  maxTokens: 1500,
  shortSystemLine: true,
  reply: z.object({
    actions: z
      .array(
        // Every field may be left out where it is the entry before's (the steps of one activity
        // mostly happen in one place): the answer is about half as long (docs/call-plans.md).
        z.object({
          sector: str(TARGET, "an area: the current one if the activity fits there; home for sleep, washing, meals; the workplace for work; others' homes only to visit").optional(),
          arena: str(TARGET, 'one of its parts given (not others\' rooms), or ""').optional(),
          object: str(TARGET, 'one of that part\'s objects, or "<random>"').optional(),
          emoji: str(64, '1 to 3 emoji, no letters').optional(),
          event: z.array(str(TRIPLE.object)).min(2).max(2).describe('[verb, object], like ["eat", "breakfast"]').optional(),
          object_state: str(200, 'the object\'s state, like "in use"; "" for <random>').optional(),
          object_event: z.array(str(TRIPLE.object)).min(2).max(2).describe('[verb, rest], like ["is", "in use"]; ["", ""] for <random>').optional(),
        }),
      )
      .min(1)
      .max(DETAILS_MAX)
      .describe('one per activity, in order; leave out a field that is the same as in the entry before'),
  }),
  fromReply: (o, { persona }, actions, places) => {
    const given = objects(list(o, 'actions'), 'action', '{"sector": …, …}');
    if (given.length !== actions.length) fail(`give exactly ${actions.length} entries in "actions", one per activity in order; got ${given.length}`);
    // A field left out is the entry before's; the first entry gives them all.
    const items = given.reduce<Obj[]>((out, e, i) => {
      const whole = { ...(out[i - 1] ?? {}), ...Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined && v !== null)) };
      const missing = i === 0 ? DETAIL_FIELDS.filter((k) => !(k in whole)) : [];
      if (missing.length > 0) fail(`activity 1 ("${actions[0]}") must give every field (${missing.map((k) => `"${k}"`).join(', ')} missing); later entries may leave out what is the same as the entry before`);
      out.push(whole);
      return out;
    }, []);
    return items.map((e, i): ActionDetails => {
      const where = `activity ${i + 1} ("${actions[i]}")`;
      const sector = checkedAs(where, '"sector"', () => pickOption(e.sector, places.map((pl) => pl.sector)));
      const arenas = places.find((pl) => pl.sector === sector)?.arenas ?? [];
      const arena = arenas.length === 0 ? '' : checkedAs(where, `"arena" must be a part of ${sector}:`, () => pickOption(e.arena, arenas.map((a) => a.arena)));
      const objs = arenas.find((a) => a.arena === arena)?.objects ?? [];
      const raw = typeof e.object === 'string' ? e.object.trim() : '';
      const object = objs.length === 0 || raw === RANDOM_OBJECT || raw === '' ? RANDOM_OBJECT : checkedAs(where, `"object" "${raw}" is not one of the objects of ${arena} (${objs.join(', ')}) nor "${RANDOM_OBJECT}":`, () => pickOption(raw, objs));
      const emoji = emojiOnly(asText(e.emoji, `${where} "emoji"`, 64), EMOJI_UNITS);
      const event = pairItems(e.event, `${where} "event"`, persona.name);
      if (object === RANDOM_OBJECT) return { sector, arena, object, emoji, event, objectState: '', objectEvent: ['', '', ''] };
      const state = stripPeriod(asText(e.object_state, `${where} "object_state"`, 200).replace(new RegExp(`^(the\\s+)?${escapeRegExp(object)}\\s+(is\\s+)?`, 'i'), ''));
      if (!state) fail(`${where}: "object_state" must describe the ${object}'s state in a few words`);
      return { sector, arena, object, emoji, event, objectState: `${object} is ${state}`, objectEvent: pairItems(e.object_event, `${where} "object_event"`, object) };
    });
  },
  accept: (v, { persona }, actions, places) => {
    const items = parseWith(z.array(anyDetails), v);
    if (items.length !== actions.length) fail(`${items.length} answers for ${actions.length} actions`);
    return items.map((d): ActionDetails => {
      const sector = places.find((pl) => pl.sector === d.sector) ?? fail(`"${d.sector}" is not a place the persona knows`);
      const arena = sector.arenas.length === 0 ? (d.arena === '' ? undefined : fail(`${d.sector} has no known parts, but "${d.arena}" was given`)) : (sector.arenas.find((a) => a.arena === d.arena) ?? fail(`"${d.arena}" is not a part of ${d.sector}`));
      const objs = arena?.objects ?? [];
      const object = objs.length === 0 || d.object === RANDOM_OBJECT ? RANDOM_OBJECT : objs.includes(d.object) ? d.object : fail(`"${d.object}" is not an object of ${d.arena}`);
      if (object !== RANDOM_OBJECT && !d.objectState) fail(`no state for the ${object}`);
      return {
        sector: d.sector,
        arena: arena ? d.arena : '',
        object,
        emoji: d.emoji,
        event: [persona.name, d.event[1], d.event[2]],
        objectState: object === RANDOM_OBJECT ? '' : d.objectState,
        objectEvent: object === RANDOM_OBJECT ? ['', '', ''] : [object, d.objectEvent[1], d.objectEvent[2]],
      };
    });
  },
  // The one-question calls' defaults for each action: home (else a known place), its first part, <random>, 🙂, "is".
  fallback: ({ persona }, actions, places) =>
    actions.map((action) => {
      const sector = fallbackSector(persona, places.map((pl) => pl.sector));
      return { sector, arena: places.find((pl) => pl.sector === sector)?.arenas[0]?.arena ?? '', object: RANDOM_OBJECT, emoji: FALLBACK_EMOJI, event: [persona.name, 'is', action] as Triple, objectState: '', objectEvent: ['', '', ''] as Triple };
    }),
  unasked: (_ctx, actions) => (actions.length === 0 ? [] : undefined),
});

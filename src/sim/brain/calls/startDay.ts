/**
 * The wake-up hour and what the persona does now (or first after waking): a short first answer while the day is planned (DayStart).
 *
 * The wake-up hour and a waking activity for now (or first after waking): the short first answer of a day on a remote brain.
 */
import { call } from '../call';
import { z } from 'zod';
import { fail, lowerFirst, parseWith, pickOption, stripPeriod, text, withoutName } from '../reply';
import type { CallContext, DayStart } from '../types';
import { minuteOfDay, parseHHMM, weekdayOf } from '../../clock';
import type { Persona } from '../../persona/persona';
import { ACTIVITY, hour, str, TARGET, trimmed } from './shared';

const anyDayStart = z.object({ wakeUpHour: hour, activity: trimmed(ACTIVITY), place: z.string().max(TARGET).nullable().default(null) });

/** start_day's reply schema for a list of places (the same object for the same list, so its JSON schema is made once). */
const dayStartReplies = new Map<string, z.ZodObject>();

const dayStartReply = (places: string[]): z.ZodObject => {
  const key = JSON.stringify(places);
  let schema = dayStartReplies.get(key);
  if (!schema) {
    const [first, ...rest] = places;
    const place = first === undefined ? str(TARGET, 'a place the person knows') : z.enum([first, ...rest]).describe('exactly one of the places listed');
    schema = z.object({ wake_up_hour: hour, activity: str(ACTIVITY, 'short lowercase phrase, not sleeping'), place });
    dayStartReplies.set(key, schema);
  }
  return schema;
};

/** One of the places the persona knows best (case and an address prefix forgiven), or null for anything else. */
const ownPlace = (v: unknown, p: Persona): string | null => {
  const places = p.ownPlaces();
  if (typeof v !== 'string' || places.length === 0) return null;
  try {
    return pickOption(v, places);
  } catch {
    return null;
  }
};

/**
 * The priority of the start of a persona's day: a persona due at work (a work day, its shift begun,
 * or beginning within the hour) most likely starts by going out, so its first call is asked before
 * those of people with a slow morning at home, the earliest shift first (0.5 for one under way,
 * towards 1 for one an hour off); everyone else 1. On a slow model someone is then out in the
 * street within seconds.
 */
function startPriority({ persona: p, now }: CallContext): number {
  const o = p.spec.occupation;
  if (!o || !o.days.includes(weekdayOf(now))) return 1;
  const minute = minuteOfDay(now);
  const start = parseHHMM(o.start);
  if (start > minute + 60 || minute >= parseHHMM(o.end)) return 1;
  return 0.5 + Math.max(0, start - minute) / 121;
}


export const startDay = call<[], DayStart>()({
  prompt: 'start_day',
  maxTokens: 100,
  leadsOn: true,
  shortSystemLine: true,
  priority: startPriority,
  reply: z.object({ wake_up_hour: hour, activity: str(ACTIVITY, 'short lowercase phrase, not sleeping'), place: str(TARGET).optional() }),
  // The model is asked for one of the places offered; a reply without one (or naming another) still
  // gives the hour and the activity, and its action's details then decide where.
  replyFor: ({ persona }) => dayStartReply(persona.ownPlaces()),
  fromReply: (o, { persona }) => {
    const activity = lowerFirst(stripPeriod(withoutName(text(o, 'activity', ACTIVITY).replace(/^\[[^\]]*\]\s*/, ''), persona)));
    if (!activity) fail('"activity" must not be empty');
    if (/\b(sleeping|asleep)\b/.test(activity)) fail('"activity" is what they do awake: not sleeping');
    return { wakeUpHour: o.wake_up_hour as number, activity, place: ownPlace(o.place, persona) };
  },
  accept: (v, { persona }) => {
    const d = parseWith(anyDayStart, v);
    if (/\b(sleeping|asleep)\b/.test(d.activity)) fail('the activity must be a waking one, not sleeping');
    return { ...d, place: ownPlace(d.place, persona) };
  },
  // wake_up_hour's default (8) and the first thing anyone does then, at home.
  fallback: ({ persona }) => ({ wakeUpHour: 8, activity: 'waking up and getting ready', place: ownPlace(persona.spec.household, persona) }),
});

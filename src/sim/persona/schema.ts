import { z } from 'zod';
import { BOUNDS } from '../bounds';

/** A name, a title, a place: one line of at most BOUNDS.nameText characters. */
const name = z.string().min(1).max(BOUNDS.nameText);
/** Free text that goes into prompts: at most BOUNDS.personaText characters. */
const text = z.string().min(1).max(BOUNDS.personaText);

/** Smallville's scratch defaults; a persona file may override any of them. */
export const SCRATCH_DEFAULTS = {
  visionRadius: 4,
  attentionBandwidth: 3,
  retention: 5,
  recencyDecay: 0.995,
  importanceTrigger: 150,
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (24 h)');
const weekday = z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

const OccupationSchema = z.object({
  title: name,
  /** A sector name on the map. */
  workplace: name,
  /** An arena of that sector where the work happens. */
  arena: name,
  days: z.array(weekday).min(1).max(7),
  start: hhmm,
  end: hhmm,
});

const RelationshipSchema = z.object({
  id: name,
  kind: name,
  note: z.string().max(BOUNDS.personaText),
});

export const PersonaSchema = z.object({
  id: z.string().max(BOUNDS.nameText).regex(/^[a-z]+(-[a-z]+)+$/, 'id must be kebab-case first-last'),
  name,
  firstName: name,
  lastName: name,
  age: z.number().int().min(1).max(120),
  innate: text,
  learned: text,
  currently: text,
  /** Free text, but written so that "wakes up around 7 am" and "goes to bed around 11 pm" appear. */
  lifestyle: text,
  /** "Sector:arena" of the persona's bedroom. */
  livingArea: z.string().max(2 * BOUNDS.nameText).regex(/^[^:]+:[^:]+$/, 'livingArea must be "Sector:arena"'),
  dailyPlanReq: text,
  household: name,
  occupation: OccupationSchema.nullable(),
  relationships: z.array(RelationshipSchema).max(BOUNDS.relationships),
  /** Favourite places (sector names) the persona likes to visit in free time. */
  haunts: z.array(name).max(BOUNDS.haunts).default([]),
  /** A sprite sheet's name (a plain file name: no path). */
  sprite: z.string().max(BOUNDS.nameText).regex(BOUNDS.sprite, 'sprite must be a plain name like "ada-quinn" (letters, digits, - and _)'),
  scratch: z
    .object({
      visionRadius: z.number().int().positive(),
      attentionBandwidth: z.number().int().positive(),
      retention: z.number().int().positive(),
      recencyDecay: z.number().positive().max(1),
      importanceTrigger: z.number().positive(),
    })
    .partial()
    .default({}),
});

export type PersonaSpec = z.infer<typeof PersonaSchema>;

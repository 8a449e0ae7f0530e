import { z } from 'zod';

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
  title: z.string().min(1),
  /** A sector name on the map. */
  workplace: z.string().min(1),
  /** An arena of that sector where the work happens. */
  arena: z.string().min(1),
  days: z.array(weekday).min(1),
  start: hhmm,
  end: hhmm,
});

const RelationshipSchema = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  note: z.string(),
});

export const PersonaSchema = z.object({
  id: z.string().regex(/^[a-z]+(-[a-z]+)+$/, 'id must be kebab-case first-last'),
  name: z.string().min(1),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  age: z.number().int().min(1).max(120),
  innate: z.string().min(1),
  learned: z.string().min(1),
  currently: z.string().min(1),
  /** Free text, but written so that "wakes up around 7 am" and "goes to bed around 11 pm" appear. */
  lifestyle: z.string().min(1),
  /** "Sector:arena" of the persona's bedroom. */
  livingArea: z.string().regex(/^[^:]+:[^:]+$/, 'livingArea must be "Sector:arena"'),
  dailyPlanReq: z.string().min(1),
  household: z.string().min(1),
  occupation: OccupationSchema.nullable(),
  relationships: z.array(RelationshipSchema),
  /** Favourite places (sector names) the persona likes to visit in free time. */
  haunts: z.array(z.string()).default([]),
  sprite: z.string().min(1),
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

import { z } from 'zod';

/** The file at a town pack's root that says what the pack holds (docs/town-pack.md). */
export const MANIFEST_FILE = 'town.json';

const relPath = z.string().min(1).max(300);

export const TownManifestSchema = z.strictObject({
  format: z.literal('hamlet-town'),
  version: z.literal(1),
  /** The town's name as people see it ("Hamlet"). */
  name: z.string().trim().min(1).max(100),
  /** The Tiled map (.tmj), relative to the manifest. */
  map: relPath,
  /** The folder of persona files (one .json each), relative to the manifest. */
  personas: relPath,
  /** When a new town's clock starts unless told otherwise: ISO date and time without a zone. */
  start: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/, 'start must be like "2023-02-13T00:00:00"')
    .default('2023-02-13T00:00:00'),
  /** Game seconds a step takes. */
  stepSeconds: z.number().int().min(1).max(600).default(10),
  economy: z
    .strictObject({
      /** Credits a day each resident of a home pays when the map gives the home no "rent". */
      rent: z.number().int().min(0).max(10_000).optional(),
    })
    .default({}),
});

export type TownManifest = z.infer<typeof TownManifestSchema>;

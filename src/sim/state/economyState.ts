import { z } from 'zod';
import { SnapshotError, type StateHolder } from './holder';
import { MAX_EVENTS, newEconomyState, type EconomyState } from '../economy/economy';

/**
 * The economy's part of a snapshot (docs/economy.md#snapshots-saves-and-replays): today's check-ins per job and sales per shop, the
 * hourly credit samples, the pulse's switch and log, and the latest feed events. Per-persona money
 * and goods are in each persona's wallet (src/sim/state/personaState.ts).
 */

const text = (max: number) => z.string().max(max);
const num = z.number().refine(Number.isFinite, 'a finite number');

const OutcomeSchema = z.strictObject({
  personaId: text(200),
  name: text(400),
  action: text(200),
  params: z.record(text(100), z.unknown()),
  reason: text(2000),
  result: z.enum(['done', 'rest', 'skipped']),
  note: text(2000),
});

const RoundSchema = z.strictObject({
  time: num,
  skipped: text(2000).nullable(),
  outcomes: z.array(OutcomeSchema).max(10_000),
  success: z.number().int().min(0),
  failed: z.number().int().min(0),
  rested: z.number().int().min(0),
  tokens: z.number().int().min(0),
  trimmed: text(2000).nullable(),
});

const EventSchema = z.strictObject({
  time: num,
  personaId: text(200),
  name: text(400),
  action: z.enum(['checkin', 'purchase', 'eat', 'chat', 'refused', 'bills']),
  what: text(2000),
  reason: text(2000),
  source: z.enum(['pulse', 'plan', 'brain', 'default', 'player', 'town']),
});

const EconomyPartSchema = z.strictObject({
  pulseEnabled: z.boolean(),
  day: z.number().int().min(-1).max(1e6),
  filled: z.record(text(20), z.array(text(200)).max(10_000)),
  sales: z.record(text(400), z.number().int().min(0)),
  history: z.array(z.tuple([num, z.array(num).max(100_000)])).max(48),
  lastPulseHour: z.number().int().nullable(),
  lastRound: RoundSchema.nullable(),
  rounds: z.number().int().min(0),
  skippedRounds: z.number().int().min(0),
  events: z.array(EventSchema).max(MAX_EVENTS),
  // Rent and bills came later: an older snapshot's town pays from its next midnight.
  billsDay: z.number().int().min(0).max(1e6).nullable().default(null),
}) satisfies z.ZodType<EconomyState>;

export const economyHolder: StateHolder<EconomyState> = {
  key: 'economy',
  version: 1,
  schema: EconomyPartSchema,
  // Snapshots from before the economy: a fresh day, the pulse on.
  absent: () => newEconomyState(),
  write: (sim) => structuredClone(sim.economy.state),
  read(data, sim, ctx) {
    for (const [job, ids] of Object.entries(data.filled)) {
      if (!sim.economy.jobById(Number(job))) throw new SnapshotError(`The economy's check-ins are for job ${job}, which this town's map does not have`);
      for (const id of ids) if (!sim.byId.has(id)) throw new SnapshotError(`The economy's check-ins name "${id}", who is not in this town`);
    }
    for (const e of data.events) if (!sim.byId.has(e.personaId)) throw new SnapshotError(`An economy event is about "${e.personaId}", who is not in this town`);
    for (const [t, credits] of data.history) {
      ctx.time(t, 'an economy credit sample');
      if (credits.length !== sim.personas.length) throw new SnapshotError(`An economy credit sample has ${credits.length} figures for a town of ${sim.personas.length}`);
    }
    return () => sim.economy.restore(data);
  },
};

import { z } from 'zod';
import { MAX_PENDING, MAX_REQUEST, MAX_WHISPER, type SavedInput } from '../inputs';
import { PlayerInputSchema } from './playerState';
import { SnapshotError, type StateHolder } from './holder';

/** The queue of pending inputs (whispers, brain switches, requests, the player's, the pulse's switch) in a snapshot; a call plan's switch is a setting and stays out. */
const PendingInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('whisper'), persona: z.string().max(200), text: z.string().min(1).max(MAX_WHISPER) }),
  z.strictObject({ kind: z.literal('brain'), persona: z.string().max(200), mode: z.enum(['generative', 'registry']) }),
  z.strictObject({ kind: z.literal('request'), text: z.string().min(1).max(MAX_REQUEST) }),
  z.strictObject({ kind: z.literal('player'), input: PlayerInputSchema }),
  z.strictObject({ kind: z.literal('pulse'), on: z.boolean() }),
]);

export const inputsHolder: StateHolder<SavedInput[]> = {
  key: 'inputs',
  version: 1,
  schema: z.array(PendingInputSchema).max(MAX_PENDING),
  absent: () => [],
  write: (sim) => sim.inputs.saved(),
  read(data, sim) {
    data.forEach((input, i) => {
      if (input.kind === 'player' && !sim.player) throw new SnapshotError(`Pending input ${i + 1} is the player's, but nobody plays in this town`);
      if ((input.kind === 'whisper' || input.kind === 'brain') && !sim.byId.has(input.persona)) throw new SnapshotError(`Pending input ${i + 1} (a ${input.kind}) is for "${input.persona}", who is not in this town`);
    });
    return () => sim.inputs.replace(data);
  },
};

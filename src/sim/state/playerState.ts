import { z } from 'zod';
import { SnapshotError, type StateHolder } from './holder';
import { PLAYER_CHAT_MAX_LINES, PLAYER_LINE_MAX, type PlayerChat, type PlayerInput } from '../player/controller';
import { at } from '../checked';

const name = z.string().min(1).max(200);
const time = z.number().finite();
const ChatLineSchema = z.strictObject({ speaker: name, text: z.string().max(PLAYER_LINE_MAX * 4) });

const PlayerChatSchema = z.strictObject({
  personaId: name,
  with: name,
  startedBy: z.enum(['player', 'persona']),
  startedAt: time,
  lines: z.array(ChatLineSchema).max(PLAYER_CHAT_MAX_LINES + 2),
  lastLineAt: time,
  closing: z.boolean(),
}) satisfies z.ZodType<PlayerChat>;

/** A player input as a snapshot's pending inputs hold it (src/sim/inputs.ts), bounded. */
export const PlayerInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('walk'), x: z.number().int().min(0).max(10_000), y: z.number().int().min(0).max(10_000) }),
  z.strictObject({ kind: z.literal('step'), dx: z.number().int().min(-1).max(1), dy: z.number().int().min(-1).max(1) }),
  z.strictObject({ kind: z.literal('act'), action: z.string().max(200), target: z.string().max(200) }),
  z.strictObject({ kind: z.literal('talk'), personaId: z.string().max(200) }),
  z.strictObject({ kind: z.literal('say'), text: z.string().min(1).max(PLAYER_LINE_MAX) }),
  z.strictObject({ kind: z.literal('leave') }),
]) satisfies z.ZodType<PlayerInput>;

/** A player input checked and bounded before it is queued; a clear error otherwise. */
export function checkPlayerInput(input: PlayerInput): PlayerInput {
  const bounded = input.kind === 'say' ? { ...input, text: input.text.replace(/\s+/g, ' ').trim().slice(0, PLAYER_LINE_MAX) } : input;
  const r = PlayerInputSchema.safeParse(bounded);
  if (!r.success) {
    const issue = at(r.error.issues, 0, 'schema issue');
    throw new Error(`Not a player input: ${issue.path.join('.') || 'input'}: ${issue.message}`);
  }
  return r.data;
}

const PlayerPartSchema = z.strictObject({ chat: PlayerChatSchema.nullable() });

/** The player's open conversation (the resident itself is one of the personas' part). */
export const playerHolder: StateHolder<z.infer<typeof PlayerPartSchema>> = {
  key: 'player',
  version: 1,
  schema: PlayerPartSchema,
  absent: () => ({ chat: null }),
  write: (sim) => ({ chat: sim.player?.chat ? structuredClone(sim.player.chat) : null }),
  read(data, sim, ctx) {
    const chat = data.chat;
    if (chat) {
      if (!sim.player) throw new SnapshotError('The snapshot has a conversation with the player, but nobody plays in this town');
      if (!sim.byId.has(chat.personaId) || !ctx.knowsName(chat.with)) throw new SnapshotError(`The player's conversation is with "${chat.with}", who is not in this town`);
      ctx.time(chat.startedAt, "The player's conversation start");
      ctx.time(chat.lastLineAt, "The player's conversation's last line");
    }
    return () => sim.player?.restore(chat);
  },
};

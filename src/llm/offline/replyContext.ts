import type { Persona } from '../../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../../sim/persona/memory';
import type { PersonaSpec } from '../../sim/persona/schema';
import type { WorldModel } from '../../sim/world/types';
import type { Rng } from '../../sim/rng';

/** What a resident's answer to a line is composed from (./replies.ts, ./personal.ts, ./invitations.ts). */
export interface ReplyContext {
  self: Persona;
  /** Who is talking to the persona (null in an interview: the inspector asks). */
  asker: Persona | null;
  convo: ChatLine[];
  memories: ConceptNode[];
  rng: Rng;
  now: number;
  /** Residents, id → full name. */
  people: ReadonlyMap<string, string>;
  /** Residents' persona files, by id. */
  specs: ReadonlyMap<string, PersonaSpec>;
  world: WorldModel | null;
  /** The persona's own draw for saying yes to an event. */
  inviteDraw: (event: string) => Rng;
}

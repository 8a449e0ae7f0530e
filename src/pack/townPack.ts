import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import type { PackFiles } from './files';

/** A town ready to run: its map's meaning, its residents, and how to draw it. */
export interface TownPack {
  name: string;
  /** Default start of a new town's clock (ISO, no zone) and its step. */
  start: string;
  stepSeconds: number;
  world: WorldModel;
  personas: PersonaSpec[];
  /** Whispers residents start with (Smallville's agent_history_init), taken in at the first step. */
  whispers: { id: string; text: string }[];
  /** The Tiled map to draw, with its path in `files` (tileset images are found beside it); null: drawn from its places. */
  map: { path: string; json: Record<string, unknown> } | null;
  files: PackFiles;
  /** The folder of the persona files in `files` (a Hamlet-layout pack); null for Smallville's layout. */
  personaDir: string | null;
  /** Hamlet's own town as the page bundles it: drawn with its own layers. */
  builtIn?: boolean;
  layout: 'hamlet' | 'smallville';
  notes: string[];
}

import type { Simulation } from '../sim/simulation';
import type { TownPack } from './townPack';

/** Give a new town's residents the whispers they start with (taken in at the first step). */
export function whisperFirstMemories(sim: Simulation, town: Pick<TownPack, 'whispers'>): void {
  for (const w of town.whispers) if (sim.byId.has(w.id)) sim.whisper(w.id, w.text);
}

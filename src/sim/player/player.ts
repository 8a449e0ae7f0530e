import type { PersonaSpec } from '../persona/schema';
import type { Tile, WorldModel } from '../world/types';
import { SECTOR_KINDS, type SectorKind } from '../world/sectorKinds';
import { PLACE_KINDS } from '../placeKinds';

/**
 * The player's resident: a persona of the town whose brain is the person at the keyboard (brain mode
 * 'human'). It is built like any persona from a persona spec, so everyone perceives it, may talk to
 * it and remembers it; its actions go through the action registry like everyone's (src/sim/actions).
 */
export const PLAYER_ID = 'player-resident';

/** Where the player's resident starts and "lives": the kinds a newcomer stands in, best first (a square, else a park: src/sim/placeKinds.ts). */
const rankOf = (k: SectorKind) => PLACE_KINDS[k].newcomerRank ?? Infinity;
const PLAYER_SECTOR_KINDS = SECTOR_KINDS.filter((k) => PLACE_KINDS[k].newcomerRank !== null).sort((a, b) => rankOf(a) - rankOf(b));

export const PLAYER_NAME_MAX = 40;
export const PLAYER_DESCRIPTION_MAX = 240;

/** What the start screen asks of a player: a name, a few words about them, and a look. */
export interface PlayerSetup {
  name: string;
  description: string;
  /** A sprite sheet name under public/assets/characters/. */
  sprite: string;
  /**
   * The whole resident, when "More about you…" was filled in (the character editor's form, checked
   * as the editor checks): age, traits, home, work… Its name and sprite are the ones above.
   */
  persona?: PersonaSpec;
}

/** Why a setup cannot be used, or null. `taken`: the names of the town's personas. */
export function playerSetupProblem(setup: PlayerSetup, taken: readonly string[], sprites: readonly string[]): string | null {
  const name = setup.name.trim().replace(/\s+/g, ' ');
  if (!name) return 'Your resident needs a name';
  if (name.length > PLAYER_NAME_MAX) return `A name has at most ${PLAYER_NAME_MAX} characters`;
  if (!/^[\p{L}][\p{L}\p{M}' .-]*$/u.test(name)) return 'A name is letters (with spaces, hyphens, apostrophes or dots), starting with a letter';
  if (taken.some((t) => t.toLowerCase() === name.toLowerCase())) return `${name} already lives in this town: pick another name`;
  if (setup.description.length > PLAYER_DESCRIPTION_MAX) return `A description has at most ${PLAYER_DESCRIPTION_MAX} characters`;
  if (!sprites.includes(setup.sprite)) return `"${setup.sprite}" is not one of the looks`;
  return null;
}

/** The sector the player lives in (a square or a park), and its first arena. */
function visitorPlace(world: WorldModel): { sector: string; arena: string } {
  for (const kind of PLAYER_SECTOR_KINDS) {
    const sector = world.sectors.find((s) => s.kind === kind);
    const arena = sector && world.arenas.find((a) => a.sector === sector.name);
    if (sector && arena) return { sector: sector.name, arena: arena.name };
  }
  const arena = world.arenas[0];
  if (!arena) throw new Error(`The map "${world.name}" has no arena for the player's resident to stand in`);
  return { sector: arena.sector, arena: arena.name };
}

/** The player's resident as a persona spec: the one filled in, else a visitor (no job, no relations, at home on the square). */
export function playerSpec(setup: PlayerSetup, world: WorldModel): PersonaSpec {
  const name = setup.name.trim().replace(/\s+/g, ' ');
  const [first = name, ...rest] = name.split(' ');
  if (setup.persona) return { ...structuredClone(setup.persona), id: PLAYER_ID, name, firstName: first, lastName: rest.join(' ') || first, sprite: setup.sprite };
  const about = setup.description.trim().replace(/\s+/g, ' ');
  const { sector, arena } = visitorPlace(world);
  const who = about ? `${name} is new in town. ${/[.!?]$/.test(about) ? about : `${about}.`}` : `${name} is new in town.`;
  return {
    id: PLAYER_ID,
    name,
    firstName: first,
    lastName: rest.join(' ') || first,
    age: 30,
    innate: about || 'curious, friendly',
    learned: who,
    currently: who,
    lifestyle: `${first} is visiting ${world.name} and comes and goes as they please.`,
    livingArea: `${sector}:${arena}`,
    dailyPlanReq: `${first} explores the town and meets its people.`,
    household: sector,
    occupation: null,
    relationships: [],
    haunts: [],
    sprite: setup.sprite,
    scratch: {},
  };
}

/** Where the player's resident appears: the walkable tile of its sector nearest the sector's centre. */
export function playerSpawn(world: WorldModel, spec: PersonaSpec): Tile {
  const sector = world.sectors.find((s) => s.name === spec.household);
  const r = sector?.rect ?? { x: 0, y: 0, w: world.width, h: world.height };
  const cx = r.x + (r.w - 1) / 2;
  const cy = r.y + (r.h - 1) / 2;
  let best: Tile | null = null;
  let bestD = Infinity;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      if (world.walkable[y * world.width + x] !== 1) continue;
      const d = Math.abs(x - cx) + Math.abs(y - cy);
      if (d < bestD) {
        bestD = d;
        best = { x, y };
      }
    }
  }
  if (!best) throw new Error(`The map "${world.name}" has no walkable tile in ${spec.household} for the player's resident`);
  return best;
}

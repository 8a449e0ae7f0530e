import type { Persona } from '../persona/persona';
import { hourOf } from '../clock';
import { hereOf, isOwnHome, isOwnWorkplace, isSchool } from './places';
import { REGISTRY, type ActionRegistry } from './registry';
import { type ActionWorld, type Place } from './types';
import { SCENE_IDS, type ActionId, type SceneId } from '../persona/actionIds';

interface ScenePolicy {
  id: SceneId;
  /** When and where it applies, for people and the docs. */
  when: string;
  allowed: ActionId[];
  /** The fallback, in order: the first whose precondition holds runs (IDLE always can). */
  defaults: ActionId[];
}

const WHEN: Record<SceneId, string> = {
  MORNING: '6:00–9:00, anywhere',
  WORK: "9:00–17:00, at one's own workplace",
  SCHOOL: '9:00–17:00, at the college',
  HOME: "9:00–17:00, at one's own home",
  TOWN: '9:00–17:00, anywhere else (streets, shops, park, square, friends’ homes)',
  EVENING: '17:00–21:00, anywhere',
  NIGHT: '21:00–6:00, anywhere',
};

const DEFAULTS: Record<SceneId, ActionId[]> = {
  MORNING: ['WAKE_UP', 'IDLE'],
  WORK: ['WORK', 'IDLE'],
  SCHOOL: ['STUDY', 'IDLE'],
  HOME: ['IDLE'],
  TOWN: ['IDLE'],
  EVENING: ['GO_HOME', 'IDLE'],
  NIGHT: ['SLEEP', 'GO_HOME', 'IDLE'],
};

/** The scene policies, built from the scenes each registered action names. */
function scenePolicies(registry: ActionRegistry = REGISTRY): Record<SceneId, ScenePolicy> {
  const out = {} as Record<SceneId, ScenePolicy>;
  for (const id of SCENE_IDS) {
    out[id] = { id, when: WHEN[id], allowed: registry.all().filter((d) => d.scenes.includes(id)).map((d) => d.id), defaults: DEFAULTS[id] };
  }
  return out;
}

export const SCENES = scenePolicies();

/**
 * ScenePolicies' resolver (docs/action-registry.md#scenes-by-hour-and-place, adapted to a town): MORNING 6–9; in the day (9–17) WORK at
 * one's own workplace, SCHOOL at the college, HOME at home, TOWN elsewhere; EVENING 17–21; NIGHT
 * from 21 to 6.
 */
export function resolveScene(hour: number, p: Persona, place: Place): SceneId {
  if (hour >= 21 || hour < 6) return 'NIGHT';
  if (hour < 9) return 'MORNING';
  if (hour >= 17) return 'EVENING';
  if (isSchool(place)) return 'SCHOOL';
  if (isOwnWorkplace(p, place)) return 'WORK';
  if (isOwnHome(p, place)) return 'HOME';
  return 'TOWN';
}

/** The scene a persona is in now (its location is where it stands). */
export function sceneOf(w: ActionWorld, p: Persona): SceneId {
  return resolveScene(hourOf(w.now), p, hereOf(w, p));
}

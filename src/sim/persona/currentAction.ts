import type { Persona } from './persona';
import type { Triple } from '../world/events';
import type { ActionAddress } from '../world/actionAddress';

/**
 * A persona's current action: starting one (Smallville's scratch.add_new_action, which every
 * decision-maker's action goes through) and whether its walk there is over.
 */

/** A new current action: where, how long, what it is and shows, and (for a chat) with whom. */
interface NewAction {
  address: ActionAddress;
  duration: number;
  description: string;
  pronunciatio: string;
  event: Triple;
  chattingWith?: string | null;
  chat?: Persona['scratch']['chat'];
  chattingWithBuffer?: Record<string, number>;
  chattingEndTime?: number | null;
  objDescription?: string | null;
  objPronunciatio?: string | null;
  objEvent?: Triple;
}

/** Smallville's add_new_action: a new action resets chat state (unless given) and the planned path. */
export function addNewAction(p: Persona, now: number, a: NewAction): void {
  const s = p.scratch;
  s.actAddress = a.address;
  s.actDuration = a.duration;
  s.actDescription = a.description;
  s.actPronunciatio = a.pronunciatio;
  s.actEvent = a.event;
  s.chattingWith = a.chattingWith ?? null;
  s.chat = a.chat ?? null;
  if (a.chattingWithBuffer) Object.assign(s.chattingWithBuffer, a.chattingWithBuffer);
  s.chattingEndTime = a.chattingEndTime ?? null;
  s.actObjDescription = a.objDescription ?? null;
  s.actObjPronunciatio = a.objPronunciatio ?? null;
  s.actObjEvent = a.objEvent ?? ['', '', ''];
  s.actStartTime = now;
  s.actPathSet = false;
  s.plannedPath = [];
}

/** Has the persona reached the place of its action? */
export function arrived(p: Persona): boolean {
  return p.scratch.actPathSet && p.scratch.plannedPath.length === 0;
}

import type { TownPlanInput, TownPlanReply } from '../../sim/brain/port';
import type { Persona } from '../../sim/persona/persona';
import { eventClause, findSector, TIME } from '../../sim/cognition/commitments';
import { asTask } from '../../sim/town/director';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The offline brain's town plan: the coordinator (someone from the place the request names) makes it
 * happen at that place (5 pm unless a time is given), two people close to them help host it and
 * come, each step tagged with its resident. Always three steps, like the default plan (docs/director.md#the-default-plan), but real ones.
 */
export function offlineTownPlan(coordinator: Persona, input: TownPlanInput, nameOf: (id: string) => string | undefined): TownPlanReply {
  const sectors = input.places;
  let what = asTask(input.request) || input.request.trim();
  const named = findSector(what, { sectors });
  const sector = named ?? coordinator.spec.occupation?.workplace ?? coordinator.spec.household;
  if (!named) what += ` at ${sector}`;
  if (!TIME.test(what)) what += ' at 5 pm';
  const close = coordinator.spec.relationships.map((r) => nameOf(r.id)).filter((n): n is string => !!n);
  const [helper, guest] = [close[0] ?? coordinator.name, close[1] ?? close[0] ?? coordinator.name];
  return {
    title: capital(eventClause(what) ?? what).slice(0, 120),
    steps: [
      `[${coordinator.name}] ${capital(what)}, and invite people to it`,
      `[${helper}] Help host it (${lower(what)}) by telling people and inviting them`,
      `[${guest}] Come to it: ${lower(what)}`,
    ],
  };
}

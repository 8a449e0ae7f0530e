import type { Simulation } from '../simulation';
import { EventTracker } from './partyTracker';
import type { PersonaSpec } from '../persona/schema';
import type { WorldModel } from '../world/types';

/** The paper's Valentine's Day experiment (Park et al. 2023, §7.1): who hosts, where, and when. */
interface PartyPlan {
  host: string;
  sector: string;
  start: string;
  whisperAt: string;
  whisper: string;
  topic: RegExp;
  partyStart: number;
  partyEnd: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The party hosted by `host` at `sector` the day after `day` (YYYY-MM-DD), 5 to 7 pm; the idea whispered at 8 am on `day`. */
function partyAt(host: string, sector: string, day: string): PartyPlan {
  const first = Date.parse(`${day}T00:00:00Z`);
  const next = new Date(first + 86_400_000);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  return {
    host,
    sector,
    start: iso(first),
    whisperAt: iso(first + 8 * 3_600_000),
    whisper: `You want to throw a Valentine's Day party at ${sector} on ${MONTHS[next.getUTCMonth()] ?? ''} ${next.getUTCDate()} from 5 pm to 7 pm, and invite everyone you meet.`,
    topic: /valentine/i,
    partyStart: next.getTime() + 17 * 3_600_000,
    partyEnd: next.getTime() + 19 * 3_600_000,
  };
}

/** The experiment set in Hamlet. */
export const VALENTINE_PARTY = partyAt('sofia-moreno', 'Bramble Café', '2023-02-13');

/**
 * The experiment in any town: Hamlet's host when the town has her; else the resident whose status
 * names a Valentine's party (Smallville's Isabella Rodriguez), at the public place it names (else
 * her workplace). Null when no resident plans one.
 */
export function partyFor(personas: readonly PersonaSpec[], world: WorldModel, day: string): PartyPlan | null {
  if (personas.some((p) => p.id === VALENTINE_PARTY.host) && world.sectors.some((s) => s.name === VALENTINE_PARTY.sector)) return partyAt(VALENTINE_PARTY.host, VALENTINE_PARTY.sector, day);
  const host = personas.find((p) => /valentine/i.test(p.currently));
  if (!host) return null;
  const said = host.currently.toLowerCase();
  const named = world.sectors.filter((s) => s.kind !== 'home' && said.includes(s.name.toLowerCase())).sort((a, b) => said.indexOf(a.name.toLowerCase()) - said.indexOf(b.name.toLowerCase()))[0];
  const sector = named?.name ?? host.occupation?.workplace;
  return sector ? partyAt(host.id, sector, day) : null;
}

interface PartyOutcome {
  tracker: EventTracker;
  /** Personas besides the host with the party among their commitments. */
  planned: string[];
  /** Personas besides the host who spent 15 minutes or more at the café during the party. */
  attended: string[];
  hostThere: boolean;
}

/**
 * Run the experiment on a town that starts at VALENTINE_PARTY.start: whisper the idea to the host
 * at 8 am on the first day, and watch who hears, who is invited and who comes, until `untilMs`.
 */
export async function runParty(sim: Simulation, untilMs: number, onStep?: (step: number) => void, P: PartyPlan = VALENTINE_PARTY): Promise<PartyOutcome> {
  const host = sim.byId.get(P.host);
  if (!host) throw new Error(`The party needs its host, ${P.host}, in the town`);
  if (!sim.world.sectors.some((s) => s.name === P.sector)) throw new Error(`The party needs ${P.sector} on the map`);
  const tracker = new EventTracker(sim.world, { topic: P.topic, host: host.name, sector: P.sector, start: P.partyStart, end: P.partyEnd });
  const whisperAt = Date.parse(`${P.whisperAt}Z`);
  let whispered = false;
  while (sim.now < untilMs) {
    if (!whispered && sim.now >= whisperAt) {
      sim.whisper(host.id, P.whisper);
      whispered = true;
    }
    tracker.observe(await sim.tick());
    onStep?.(sim.step);
  }
  return {
    tracker,
    planned: sim.personas.filter((p) => p !== host && p.commitments.some((c) => P.topic.test(c.event))).map((p) => p.name),
    attended: tracker.attendees(sim.clock.stepSeconds),
    hostThere: (tracker.present.get(host.name) ?? 0) > 0,
  };
}

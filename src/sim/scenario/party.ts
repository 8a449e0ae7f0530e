import type { Simulation } from '../simulation';
import { EventTracker } from './partyTracker';

/** The paper's Valentine's Day experiment (Park et al. 2023, §7.1), set in Hamlet. */
export const VALENTINE_PARTY = {
  host: 'sofia-moreno',
  sector: 'Bramble Café',
  start: '2023-02-13T00:00:00',
  whisperAt: '2023-02-13T08:00:00',
  whisper: "You want to throw a Valentine's Day party at Bramble Café on February 14 from 5 pm to 7 pm, and invite everyone you meet.",
  topic: /valentine/i,
  partyStart: Date.parse('2023-02-14T17:00:00Z'),
  partyEnd: Date.parse('2023-02-14T19:00:00Z'),
};

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
export async function runParty(sim: Simulation, untilMs: number, onStep?: (step: number) => void): Promise<PartyOutcome> {
  const P = VALENTINE_PARTY;
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

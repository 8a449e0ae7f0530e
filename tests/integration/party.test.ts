import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { runParty, VALENTINE_PARTY as P } from '../../src/sim/scenario/party';

describe("the Valentine's Day party (the paper's information diffusion experiment), offline brain", () => {
  it('one whisper to Sofia travels by conversation: at least half the town hears, at least 5 come', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(1, personas), seed: 1, start: P.start });
    const out = await runParty(sim, P.partyEnd + 31 * 60_000);
    const heard = [...out.tracker.heard.values()].sort((a, b) => a.time - b.time);
    const host = sim.byId.get(P.host)!.name;

    expect(heard.length).toBeGreaterThanOrEqual(12);
    // Nobody hears before the whisper, and everyone heard it from the host or from someone who had.
    const knew = new Map<string, number>([[host, Date.parse(`${P.whisperAt}Z`)]]);
    for (const h of heard) {
      expect(h.time).toBeGreaterThanOrEqual(Date.parse(`${P.whisperAt}Z`));
      expect(knew.get(h.from), `${h.name} heard from ${h.from}, who did not know yet`).toBeLessThanOrEqual(h.time);
      knew.set(h.name, h.time);
    }
    expect(out.tracker.invited.length).toBeGreaterThan(0);
    expect(out.hostThere).toBe(true);
    // Those who came had planned to: they are there because of the party, not by chance.
    const came = out.attended.filter((n) => out.planned.includes(n));
    expect(came.length).toBeGreaterThanOrEqual(5);
    // A party that looks like one: the host there before it starts, guests spread over the room
    // (never more than two on a tile), and gone half an hour after the end.
    expect(out.tracker.hostArrived).not.toBeNull();
    expect(out.tracker.hostArrived!).toBeLessThanOrEqual(P.partyStart);
    expect(out.tracker.maxPerTile).toBeLessThanOrEqual(2);
    expect(out.tracker.lingering!.length, `still at the party: ${out.tracker.lingering}`).toBeLessThanOrEqual(2);
  });
});

import { describe, expect, it } from 'vitest';
import { withDates } from '../../src/sim/cognition/commitments';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { sharedEvent, summarize } from '../../src/llm/offline/talk';

const MON_5PM = Date.UTC(2023, 1, 13, 17);
const SAT_NOON = Date.UTC(2023, 2, 4, 12);

describe('what is remembered names its days (no stale "tomorrow")', () => {
  it.each([
    ['I will hold a party at Bramble Café tomorrow at 5 pm', MON_5PM, 'I will hold a party at Bramble Café on Tuesday February 14 at 5 pm'],
    ['I will bake bread today at 10 am', MON_5PM, 'I will bake bread on Monday February 13 at 10 am'],
    ['Tonight I will read at the library', MON_5PM, 'on the evening of Monday February 13 I will read at the library'],
    ['Finish the posters by tomorrow, then rest until Tomorrow', MON_5PM, 'Finish the posters by Tuesday February 14, then rest until Tuesday February 14'],
    ['Meet me tomorrow at noon', SAT_NOON, 'Meet me on Sunday March 5 at noon'],
    ['I will paint on Friday at 3 pm', MON_5PM, 'I will paint on Friday at 3 pm'],
    ['The tomorrowland ride is closed today', MON_5PM, 'The tomorrowland ride is closed on Monday February 13'],
  ])('%s', (text, now, expected) => {
    expect(withDates(text, now)).toBe(expected);
  });

  it('a town plan asked for "tomorrow" is remembered by date: told on the day itself it is still right, and kept on that day', async () => {
    const personas = loadTownPersonas();
    const sim = new Simulation({ world: loadTownWorld(), personas, brain: new OfflineBrain(3, personas), seed: 3, start: '2023-02-13T16:00:00' });
    await sim.tick();
    sim.askTown("Hold a Valentine's party at Bramble Café tomorrow at 5 pm");
    await sim.tick();
    const told = sim.personas.filter((p) => p.memory.nodes.some((n) => n.object === 'a whisper'));
    expect(told.length).toBeGreaterThanOrEqual(1);
    for (const p of told) {
      const thoughts = p.memory.nodes.filter((n) => n.object === 'a whisper').map((n) => n.description);
      expect(thoughts.join(' ')).not.toMatch(/\btomorrow\b/i);
      expect(thoughts.join(' ')).toMatch(/on Tuesday February 14 at 5 pm/);
      expect(p.commitments.some((c) => c.sector === 'Bramble Café' && c.start === 17 * 60 && c.day === Math.floor(Date.UTC(2023, 1, 14) / 86_400_000))).toBe(true);
    }
  });
});

describe('a host’s "my party" as others say it', () => {
  it.each([
    ['my party at Bramble Café', 'the party at Bramble Café'],
    ['her exhibition opening at the Gallery', 'the exhibition opening at the Gallery'],
    ['Our picnic', 'the picnic'],
    ['fishing at the pond', 'fishing at the pond'],
    ["Tom's birthday dinner", "Tom's birthday dinner"],
  ])('%s → %s', (event, expected) => {
    expect(sharedEvent(event)).toBe(expected);
  });

  it('the conversation about an invitation to "my party" is about "the party"; a yes is "I will go to the party"', async () => {
    const convo = [
      { speaker: 'Sofia Moreno', text: 'Would you like to come to my party at Bramble Café on Tuesday February 14 at 5:00 pm?' },
      { speaker: 'Luis Moreno', text: "Yes, I'd love to come!" },
    ];
    expect(summarize(convo)).toBe('conversing about the party at Bramble Café');
    const personas = loadTownPersonas();
    const brain = new OfflineBrain(1, personas);
    const sim = new Simulation({ world: loadTownWorld(), personas, brain, seed: 1, start: '2023-02-13T10:00:00' });
    const luis = sim.byId.get('luis-moreno')!;
    const sofia = sim.byId.get('sofia-moreno')!;
    const thought = await brain.planningThought({ persona: luis, now: sim.now }, sofia, convo);
    expect(thought).toMatch(/^I will go to the party at Bramble Café/);
    expect(thought).not.toMatch(/\bgo my\b|\bmy party\b/);
  });
});

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { scaleTown } from '../../src/cli/town';
import { buildPulseSnapshot, PULSE_TOKEN_BUDGET } from '../../src/sim/town/pulse';
import { estimateTokens, measurePulseSnapshot, writePulseSnapshot } from '../../src/llm/pulseSnapshot';
import { PROMPT_VARS } from '../../src/llm/calls';
import type { Persona } from '../../src/sim/persona/persona';
import type { PulseLastRound, TownPulseInput } from '../../src/sim/brain/port';
import { HOUR } from '../../src/sim/clock';

/** The town pulse's snapshot in words (src/llm/pulseSnapshot.ts, docs/economy.md#the-snapshot): the sections and the budget. */

function hamlet(start = '2023-02-13T10:00:00', n = 25): Simulation {
  const t = scaleTown(loadTownPersonas(), loadTownWorld(), n);
  return new Simulation({ world: t.world, personas: t.personas, brain: new OfflineBrain(1, t.personas), seed: 1, start, pulse: false });
}

function awake(p: Persona): void {
  p.scratch.actionId = 'IDLE';
  p.scratch.actDescription = 'taking it easy';
  p.scratch.chattingWith = null;
}

const outcomes = (n: number): PulseLastRound['outcomes'] => Array.from({ length: n }, (_, i) => ({ agentId: i + 1, name: `Res ${i}`, action: 'purchase', result: 'done', note: `bought bread at the bakery ${'with a long note '.repeat(6)}` }));

describe('the snapshot in words', () => {
  it("writes every resident's line, the chat, the jobs and the shops as the template's sections, within 20k tokens (25 personas)", () => {
    const sim = hamlet();
    const nora = sim.byId.get('nora-hartwell')!;
    nora.agent.wallet = { credits: 87, checkedInDay: Math.floor(sim.now / (24 * HOUR)), jobId: sim.economy.jobOf('nora-hartwell')!.id, holdings: { bread: 2 }, lastPurchase: null };
    for (const p of sim.personas) if (p.id !== 'hans-becker') awake(p);
    sim.byId.get('hans-becker')!.scratch.actionId = 'SLEEP';
    for (let i = 0; i < 14; i++) sim.conversations.push({ step: i, time: sim.now - (14 - i) * 60_000, participants: ['Tom Hartwell', 'Nora Hartwell'], lines: [{ speaker: 'Tom Hartwell', text: `line ${i}` }], summary: 's' });
    const input = buildPulseSnapshot(sim);
    const snap = writePulseSnapshot(input);
    const t = snap.sections;
    const line = (name: string) => t.residents.split('\n').find((l) => l.includes(name));
    expect(snap.time).toBe('10:00 am, Monday February 13, 2023');
    expect(t.residents.split('\n')).toHaveLength(25);
    expect(line('Nora Hartwell')).toMatch(/^#\d+ Nora Hartwell \([^)]+\): pharmacist at Willow Grocery & Pharmacy, 09:00–17:30 today, 55 credits a shift; 87 credits; checked in; holds 2 bread; now: at work until 17:30$/);
    expect(line('Fiona Walsh')).toMatch(/: bar owner at The Copper Kettle, not working today; \d+ credits; not checked in; now: /);
    expect(line('Ana Moreno')).toMatch(/: student at Hamlet College, classes 09:00–15:00 today; \d+ credits; not checked in; now: in class until 15:00$/);
    expect(t.residents).not.toMatch(/holds nothing|Mon Tue/);
    // A sleeper's line leaves out its work (it rests whatever it is).
    expect(line('Hans Becker')).toMatch(/^#\d+ Hans Becker \([^)]+\); \d+ credits; not checked in; now: asleep$/);
    expect(t.chat.split('\n')).toEqual(Array.from({ length: 10 }, (_, i) => `09:${50 + i} Tom Hartwell: line ${i + 4}`));
    expect(t.lastRound).toBe('(this is the first round)');
    expect(t.jobs).toMatch(/^- job \d+: library assistant at Hamlet College, 15:00–19:00, 25 credits, 2 free$/m);
    // Each shop once, its items after it with id, price and kind (a drink is said to be one).
    expect(t.items).toMatch(/^- Crumb & Crust Bakery: \d+ bread \(4, food\), \d+ pastry \(3, food\)$/m);
    expect(t.items.split('\n').filter((l) => l.includes('Crumb & Crust Bakery'))).toHaveLength(1);
    for (const it of input.items) expect(t.items).toContain(`${it.id} ${it.name} (${it.price}, ${it.drink ? 'drink' : it.food ? 'food' : 'goods'})`);
    expect(t.items).toMatch(/^- Bramble Café: \d+ coffee \(3, drink\), \d+ croissant \(3, food\)/m);
    expect(snap.text).toContain('== Shop items (id name (price in credits, food, drink or goods)) ==');
    expect(snap.tokens).toBe(estimateTokens(snap.text));
    expect(snap.tokens).toBeLessThanOrEqual(PULSE_TOKEN_BUDGET);
    expect(snap.trimmed).toBeNull();
    console.log(`pulse snapshot, 25 personas: ${snap.text.length} characters ≈ ${snap.tokens} tokens (budget ${PULSE_TOKEN_BUDGET})`);
  });

  it("says what the last round came to: each decision by the resident's number, a skipped round's reason, or nobody", () => {
    const input = buildPulseSnapshot(hamlet());
    const words = (lastRound: PulseLastRound) => writePulseSnapshot({ ...input, lastRound }).sections.lastRound;
    const at9 = Date.parse('2023-02-13T09:01:00');
    expect(words({ time: at9, skipped: null, outcomes: [{ agentId: 4, name: 'Bob Test', action: 'purchase', result: 'done', note: 'bought bread' }, { agentId: 7, name: 'Cy Test', action: 'rest', result: 'rest', note: '' }] })).toBe(
      '#4 Bob Test: purchase — done (bought bread)\n#7 Cy Test: rest — rest',
    );
    expect(words({ time: at9, skipped: 'the town simulator gave no usable answer (timeout)', outcomes: [] })).toBe('(the round at 09:01 was skipped: the town simulator gave no usable answer (timeout))');
    expect(words({ time: at9, skipped: null, outcomes: [] })).toBe('(nobody was given a decision)');
  });

  it('cuts the oldest chat lines first to stay in budget, and says so', () => {
    const sim = hamlet('2023-02-13T10:00:00', 3);
    for (let i = 0; i < 10; i++) sim.conversations.push({ step: i, time: sim.now, participants: ['Ann Test', 'Bob Test'], lines: [{ speaker: 'Ann Test', text: `${i} ${'blah '.repeat(80)}` }], summary: 's' });
    const input = buildPulseSnapshot(sim);
    const full = writePulseSnapshot(input);
    const budget = full.tokens - 150; // about two chat lines too many
    const snap = writePulseSnapshot({ ...input, budget });
    expect(snap.tokens).toBeLessThanOrEqual(budget);
    const kept = snap.sections.chat.split('\n');
    expect(kept[0]).toBe(`(2 older chat lines left out to stay within ${budget} tokens)`);
    expect(kept.at(-1)).toContain('Ann Test: 9 '); // the newest stays
    expect(kept.some((l) => l.includes('Ann Test: 1 '))).toBe(false); // the oldest went
    expect(snap.trimmed).toBe('2 oldest chat line(s) left out');
    expect(snap.sections.residents).toBe(full.sections.residents); // nothing else was touched
    expect(snap.sections.lastRound).toBe(full.sections.lastRound);
  });

  it("then shortens the residents' descriptions, then leaves out the last round's log, in that order, at every budget (towns of 25 to 200)", () => {
    for (const n of [25, 80, 200]) {
      const sim = hamlet('2023-02-13T12:00:00', n);
      sim.personas.forEach(awake);
      for (let i = 0; i < 10; i++) sim.conversations.push({ step: i, time: sim.now, participants: ['a', 'b'], lines: [{ speaker: `Speaker ${i}`, text: `chat ${i} ${'natter '.repeat(30)}` }], summary: 's' });
      const input: TownPulseInput = { ...buildPulseSnapshot(sim), lastRound: { time: sim.now - HOUR, skipped: null, outcomes: outcomes(n) } };
      const full = writePulseSnapshot({ ...input, budget: Number.MAX_SAFE_INTEGER });
      expect(full.trimmed).toBeNull();
      let prev = full;
      for (let budget = full.tokens; budget > full.tokens / 20; budget = Math.floor(budget * 0.85)) {
        const snap = writePulseSnapshot({ ...input, budget });
        const lines = snap.sections.residents.split('\n');
        const cut = /descriptions cut to (\d+) characters/.exec(snap.trimmed ?? '');
        const droppedRound = snap.sections.lastRound === '(left out to stay within the token budget)';
        // Within budget unless everything that may go has gone.
        if (!droppedRound) expect(snap.tokens).toBeLessThanOrEqual(budget);
        expect(lines).toHaveLength(n); // a resident is shortened, never left out
        // The order: descriptions only once every chat line is out; the round's log only once descriptions are at their shortest.
        if (cut) {
          expect(snap.sections.chat).toBe(`(10 older chat lines left out to stay within ${budget} tokens)`);
          expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(Number(cut[1]));
          expect(lines.some((l) => l.endsWith('…'))).toBe(true);
        } else expect(snap.sections.residents).toBe(full.sections.residents);
        if (droppedRound) {
          expect(Number(cut?.[1])).toBeLessThanOrEqual(80);
          expect(snap.trimmed).toMatch(/; last round's log left out$/);
        } else expect(snap.sections.lastRound).toBe(full.sections.lastRound);
        // A smaller budget never keeps more.
        expect(snap.text.length).toBeLessThanOrEqual(prev.text.length);
        prev = snap;
      }
      expect(prev.trimmed).toMatch(/^10 oldest chat line\(s\) left out; residents' descriptions cut to \d+ characters; last round's log left out$/);
    }
  });

  it('is what the prompt holds and what every brain measures', () => {
    const sim = hamlet();
    const input = buildPulseSnapshot(sim, 600);
    const snap = writePulseSnapshot(input);
    expect(snap.trimmed).not.toBeNull();
    const vars = PROMPT_VARS.townPulse({ persona: sim.personas[0]!, now: sim.now }, input);
    expect(vars).toEqual({ time: snap.time, residents: snap.sections.residents, chat: snap.sections.chat, last_round: snap.sections.lastRound, jobs: snap.sections.jobs, items: snap.sections.items });
    expect(sim.brain.measurePulse(input)).toEqual({ tokens: snap.tokens, trimmed: snap.trimmed });
    expect(measurePulseSnapshot(input)).toEqual({ tokens: snap.tokens, trimmed: snap.trimmed });
  });
});

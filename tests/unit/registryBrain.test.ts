import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { ActionChoiceInput } from '../../src/sim/brain/port';
import { hereOf } from '../../src/sim/actions/places';
import { actionWorldOf } from '../../src/sim/actions/validate';
import { PROMPT_VARS } from '../../src/llm/calls';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { render } from '../../src/llm/prompts';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';

/* The registry brain in a running town (docs/action-registry.md#the-registry-brain); its decisions' rules are in actions.test.ts. */

function town(start: string, brain = new OfflineBrain(1, miniPersonas()), registry: string[] = ['ann-test']) {
  const personas = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas, brain, seed: 1, start, brainModes: Object.fromEntries(registry.map((id) => [id, 'registry' as const])) });
}

describe('a registry persona in a running town', () => {
  it('decides only when its action ends, walks with the pathfinder, shows an emoji, and replays the same for a seed', async () => {
    const run = async () => {
      const sim = town('2023-02-13T06:00:00', undefined, ['ann-test', 'cy-test']);
      const trace: string[] = [];
      for (let i = 0; i < 6 * 360; i++) {
        const r = await sim.tick();
        const f = r.personas.find((x) => x.id === 'ann-test')!;
        trace.push(`${f.tile.x},${f.tile.y},${f.actionId},${f.emoji}`);
      }
      return { sim, trace };
    };
    const a = await run();
    const b = await run();
    expect(a.trace).toEqual(b.trace);
    const ann = a.sim.byId.get('ann-test')!;
    const ids = new Set(a.trace.map((t) => t.split(',')[2]));
    expect(ids).toContain('WAKE_UP');
    expect(ids).toContain('CHECK_IN');
    expect(new Set(a.trace.map((t) => t.split(',').slice(0, 2).join(','))).size).toBeGreaterThan(5);
    expect(a.trace.every((t) => t.split(',')[3] !== '')).toBe(true);
    // A handful of decisions in six hours, not one per step; she never planned a Smallville day.
    expect(ann.agent.stats.decisions).toBeGreaterThan(3);
    expect(ann.agent.stats.decisions).toBeLessThan(30);
    expect(ann.scratch.fDailySchedule).toHaveLength(0);
    expect(hereOf(actionWorldOf(a.sim), ann).sector).not.toBeNull();
  }, 30_000);
});

describe('switching a persona’s brain while the town runs', () => {
  it('takes effect at the next step: a generative persona then decides by the registry, and back to planning its day', async () => {
    const sim = town('2023-02-13T06:00:00', undefined, []);
    await sim.run(2 * 360);
    const cy = sim.byId.get('cy-test')!;
    expect(cy.agent.mode).toBe('generative');
    expect(cy.scratch.fDailySchedule.length).toBeGreaterThan(0);
    const before = cy.agent.recent.filter((d) => d.source === 'brain').length;
    sim.setBrainMode('cy-test', 'registry');
    // Nothing changes between steps; the switch is pending.
    expect(cy.agent.mode).toBe('generative');
    expect(sim.brainModeOf('cy-test')).toBe('registry');
    await sim.run(3 * 360);
    expect(cy.agent.mode).toBe('registry');
    // Her decisions now come from the registry brain (source "brain"), not resolved from the plan.
    expect(cy.agent.recent.filter((d) => d.source === 'brain').length).toBeGreaterThan(before);
    expect(sim.frameOf(cy).brainMode).toBe('registry');

    // A registry persona switched to generative plans a day the first time it is generative.
    const ann = town('2023-02-13T06:00:00', undefined, ['ann-test']);
    await ann.run(360);
    const a = ann.byId.get('ann-test')!;
    expect(a.scratch.fDailySchedule).toHaveLength(0);
    ann.setBrainMode('ann-test', 'generative');
    await ann.run(2 * 360);
    expect(a.agent.mode).toBe('generative');
    expect(a.scratch.fDailySchedule.reduce((m, [, d]) => m + d, 0)).toBe(1440);
    expect(() => ann.setBrainMode('nobody', 'registry')).toThrow(/No persona/);
  }, 30_000);
});

describe('a whisper to a registry persona', () => {
  it('becomes a plan in her decisions’ context, and she is at the café for the party while it lasts (offline brain)', async () => {
    const personas = loadTownPersonas();
    const world = loadTownWorld();
    const brainModes = Object.fromEntries(personas.map((s) => [s.id, 'registry' as const]));
    const sim = new Simulation({ world, personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T06:00:00', brainModes });
    const hans = sim.byId.get('hans-becker')!; // park keeper, off work from 11:00 on Mondays
    const sector = () => hereOf(actionWorldOf(sim), hans).sector;
    const inputs: ActionChoiceInput[] = [];
    const choose = sim.brain.chooseAction.bind(sim.brain);
    sim.brain.chooseAction = async (ctx, input) => {
      if (ctx.persona === hans) inputs.push(input);
      return choose(ctx, input);
    };
    await sim.run(2 * 360); // 08:00
    sim.whisper('hans-becker', 'You want to throw a party at Bramble Café today from 5 pm to 7 pm.');
    const at: Record<string, string | null> = {};
    while (sim.now < Date.parse('2023-02-13T19:30:00Z')) {
      await sim.tick();
      const hhmm = new Date(sim.now).toISOString().slice(11, 16);
      if (['16:00', '17:00', '17:30', '18:00', '18:30', '18:55', '19:30'].includes(hhmm)) at[hhmm] = sector();
    }
    expect(hans.commitments).toHaveLength(1);
    // The plan and the belief are in every later decision's context; the due one is named when its time comes.
    const after = inputs.filter((i) => i.mind.length > 0);
    expect(after.length).toBeGreaterThan(2);
    expect(after[0]!.mind.some((l) => /^Plan: hosting the party at Bramble Café/.test(l))).toBe(true);
    expect(after[0]!.mind.some((l) => /^Believes: /.test(l))).toBe(true);
    const due = inputs.filter((i) => i.due);
    expect(due[0]!.due).toMatchObject({ sector: 'Bramble Café', host: true, when: '5:00 pm–7:00 pm' });
    // The LLM brain's prompt carries both, and the walk there is offered even within GO_TO's cooldown.
    expect(due[0]!.options.find((o) => o.id === 'GO_TO')?.targets).toContain('Bramble Café');
    const prompt = render(loadPromptsNode().get('registry_decide')!, PROMPT_VARS.chooseAction({ persona: hans, now: sim.now }, due[0]!));
    expect(prompt).toContain('- Plan: hosting the party at Bramble Café');
    expect(prompt).toContain('Due now: hosting the party at Bramble Café (5:00 pm–7:00 pm).');
    // He leaves whatever he was doing in time and stays for the party; not there before, and gone after it.
    expect(at['16:00']).not.toBe('Bramble Café');
    for (const t of ['17:00', '17:30', '18:00', '18:30', '18:55']) expect(at[t], `at ${t}`).toBe('Bramble Café');
    expect(hans.agent.recent.some((r) => /party/.test(r.reason))).toBe(true);
    // The plan interrupts what he is doing once; it does not ask for a decision at every step of the party.
    expect(inputs.filter((i) => i.due).length).toBeLessThan(15);
  }, 60_000);
});

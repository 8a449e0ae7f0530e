import { describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { ActionChoice, ActionChoiceInput, CallContext } from '../../src/sim/brain/port';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { decisionLogOf, type DecisionLogEntry } from '../../src/sim/actions/decisionLog';
import { applyDecision, decideAction } from '../../src/sim/cognition/registryDecide';
import { executeDecisions } from '../../src/sim/town/pulse';
import { playerSpec } from '../../src/sim/player/player';
import { ACTION_IDS } from '../../src/sim/persona/actionIds';

/** The offline brain with the registry brain's answers scripted. */
class Scripted extends OfflineBrain {
  constructor(private readonly answer: (n: number) => ActionChoice) {
    super(1, miniPersonas());
  }
  private n = 0;
  override async chooseAction(_ctx: CallContext, _input: ActionChoiceInput): Promise<ActionChoice> {
    return this.answer(this.n++);
  }
}

const mini = (start: string, brain = new OfflineBrain(1, miniPersonas()), registry: string[] = []) =>
  new Simulation({ world: loadWorld(miniMap()), personas: miniPersonas(), brain, seed: 1, start, brainModes: Object.fromEntries(registry.map((id) => [id, 'registry' as const])) });

const last = (log: readonly DecisionLogEntry[]) => log[log.length - 1];

describe('the decision log: who proposed what a persona does, and why', () => {
  it('a generative day: every action that runs was proposed and logged, by the planner, a reaction or the pulse, with the plan’s words as the reason', async () => {
    const sim = mini('2023-02-13T05:00:00');
    let checked = 0;
    for (let i = 0; i < 10 * 360; i++) {
      const before = new Map(sim.personas.map((p) => [p, p.scratch.actionAt]));
      await sim.tick();
      for (const p of sim.personas) {
        const s = p.scratch;
        if (s.actionAt === before.get(p)) continue;
        // The action that started this step has its entry, written when it started.
        const e = last(decisionLogOf(p))!;
        expect(e.time).toBe(s.actionAt);
        expect(['planner', 'reaction', 'director', 'pulse']).toContain(e.proposer);
        if (e.outcome === 'started') {
          expect(e.action).toBe(s.actionId);
          expect(e.refusal).toBeNull();
          if (e.proposer === 'planner') expect(e.reason).toBe(s.actDescription);
        } else {
          // Refused: the reason is validation's, the scene default ran instead, and the persona shows it.
          expect(e.refusal).toBeTruthy();
          expect(e.instead).toBe(s.actionId);
          expect(p.agent.lastRejection).toContain(e.refusal!);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    const all = sim.personas.flatMap((p) => decisionLogOf(p));
    for (const e of all) expect(ACTION_IDS).toContain(e.action);
  }, 30_000);

  it('the registry brain: each refused answer is logged with why, then the scene default it fell back to', async () => {
    const brain = new Scripted(() => ({ action: 'FLY_TO_THE_MOON', target: '', reason: 'why not' }));
    const sim = mini('2023-02-13T23:00:00', brain, ['ann-test']);
    const ann = sim.byId.get('ann-test')!;
    ann.scratch.currTile = { x: 3, y: 3 };
    applyDecision(sim, await decideAction(sim, ann));
    const log = decisionLogOf(ann);
    expect(log.slice(0, 3).map((e) => [e.proposer, e.action, e.outcome, e.reason])).toEqual(Array(3).fill(['registry', 'FLY_TO_THE_MOON', 'refused', 'why not']));
    expect(log[0]!.refusal).toMatch(/not a registered action/);
    expect(last(log)).toMatchObject({ proposer: 'registry', action: 'SLEEP', outcome: 'started', reason: 'scene default for NIGHT' });
  });

  it('the registry brain: a good answer is started with the brain’s reason; one that no longer holds when applied runs the default, logged as refused', async () => {
    const visit = () => {
      const sim = mini('2023-02-13T10:00:00', new Scripted(() => ({ action: 'GO_TO', target: 'Little House', reason: 'a visit to Cy' })), ['ann-test']);
      const ann = sim.byId.get('ann-test')!;
      ann.scratch.currTile = { x: 3, y: 3 };
      return { sim, ann };
    };
    const now = visit();
    applyDecision(now.sim, await decideAction(now.sim, now.ann));
    expect(last(decisionLogOf(now.ann))).toMatchObject({ proposer: 'registry', action: 'GO_TO', target: 'Little House', outcome: 'started', reason: 'a visit to Cy', refusal: null });
    const { sim, ann } = visit();
    const d = await decideAction(sim, ann);
    // Too late to call on a neighbour by the time it is applied (the clock moved on to 23:00).
    for (let i = 0; i < 13 * 360; i++) sim.clock.advance();
    applyDecision(sim, d);
    expect(last(decisionLogOf(ann))).toMatchObject({ proposer: 'registry', action: 'GO_TO', outcome: 'refused', refusal: expect.stringMatching(/too late/), instead: ann.scratch.actionId });
    expect(ann.scratch.actionReason).toMatch(/^scene default \(GO_TO: .*too late/);
  });

  it('the hourly pulse and the player go through the same door, and a refusal starts nothing', async () => {
    const world = loadTownWorld();
    const personas = loadTownPersonas();
    const sim = new Simulation({ world, personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T10:00:00', player: playerSpec({ name: 'Alex Rivera', description: 'A visitor', sprite: 'ada-quinn' }, world) });
    await sim.tick();
    const bread = sim.economy.items.find((i) => /bread/i.test(i.name))!;
    // The first resident free to go shopping (the pulse skips anyone busy before proposing anything).
    const buyer = sim.personas.find((p) => p.agent.mode !== 'human' && executeDecisions(sim, [{ agent_id: p.id, action: 'purchase', params: { item_id: bread.id }, reason: 'out of bread at home' }]).outcomes[0]!.result === 'done')!;
    expect(last(decisionLogOf(buyer))).toMatchObject({ proposer: 'pulse', action: 'BUY', target: `${bread.sector}:${bread.name}`, outcome: 'started', reason: 'out of bread at home' });
    expect(buyer.scratch.actionId).toBe('BUY');
    // A proposal the registry refuses (the pub does not open until 11:00) is logged with the reason and starts nothing.
    const cider = sim.economy.items.find((i) => sim.world.sectors.find((x) => x.name === i.sector)?.kind === 'bar')!;
    const [outcome] = executeDecisions(sim, [{ agent_id: buyer.id, action: 'purchase', params: { item_id: cider.id }, reason: 'a pint' }]).outcomes;
    expect(outcome).toMatchObject({ result: 'skipped', note: expect.stringMatching(/closed at this hour/) });
    expect(last(decisionLogOf(buyer))).toMatchObject({ proposer: 'pulse', action: 'BUY', outcome: 'refused', instead: null, refusal: outcome!.note, reason: 'a pint' });
    expect(buyer.scratch.actionTarget).toBe(`${bread.sector}:${bread.name}`);

    const me = sim.player!.persona;
    sim.playerInput({ kind: 'act', action: 'SLEEP', target: '' });
    await sim.tick();
    const refused = last(decisionLogOf(me))!;
    expect(refused).toMatchObject({ proposer: 'player', action: 'SLEEP', outcome: 'refused', instead: null });
    expect(refused.refusal).toMatch(/^SLEEP: Alex /);
    expect(me.scratch.actionId).not.toBe('SLEEP');
    sim.playerInput({ kind: 'walk', x: me.tile.x + 1, y: me.tile.y });
    await sim.tick();
    expect(last(decisionLogOf(me))).toMatchObject({ proposer: 'player', action: 'WALK', outcome: 'started', reason: 'clicked on the map' });
  });

  it('a step of a town plan: the action that keeps it is the director’s proposal, naming the plan', async () => {
    const world = loadTownWorld();
    const personas = loadTownPersonas();
    const sim = new Simulation({ world, personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-14T15:30:00' });
    sim.askTown('Please hold a picnic at Millbrook Park at 5 pm');
    await sim.tick();
    const [plan] = sim.director.plans();
    const assignees = new Set(plan!.steps.map((s) => s.assignee));
    while (sim.now < Date.parse('2023-02-14T17:30:00Z')) await sim.tick();
    const byDirector = sim.personas.filter((p) => decisionLogOf(p).some((e) => e.proposer === 'director'));
    expect(byDirector.length).toBeGreaterThan(0);
    for (const p of byDirector) {
      expect(assignees.has(p.id)).toBe(true);
      const e = decisionLogOf(p).find((x) => x.proposer === 'director')!;
      expect(e.reason).toContain(`of the town plan “${plan!.title}”`);
      expect(e.reason).toMatch(/Millbrook Park/);
    }
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { buildTown, choiceFromParams } from '../../src/app/newTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { createSave, decodeSave, encodeSave, openSave } from '../../src/save/saveFile';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { PLAYER_ID } from '../../src/sim/player/player';

const world = loadTownWorld();
const personas = loadTownPersonas();
const q = (s: string) => new URLSearchParams(s);

describe('a new town from the URL or the start screen', () => {
  it('without URL parameters the start screen asks; any parameter skips it, as links and tests expect', () => {
    expect(choiceFromParams(q(''), personas)).toBeNull();
    // ?worker=off says where the town runs, not which town: the start screen still asks.
    expect(choiceFromParams(q('?worker=off'), personas)).toBeNull();
    expect(choiceFromParams(q('?worker=off&seed=3'), personas)?.choice.seed).toBe(3);
    const { choice, warnings } = choiceFromParams(q('?paused&seed=7&start=2023-02-14T09:30'), personas)!;
    expect(choice).toMatchObject({ seed: 7, start: '2023-02-14T09:30:00', personaCount: 25, player: null, paused: true });
    expect(warnings).toEqual([]);
  });

  it('?player= plays as a resident with a look and a few words; ?personas= takes the first N', () => {
    const { choice } = choiceFromParams(q('?player=Alex%20Rivera&look=jess-turner&about=A%20photographer&personas=5'), personas)!;
    const { sim } = buildTown(choice, world, personas);
    expect(sim.personas).toHaveLength(6);
    expect(sim.personas.slice(0, 5).map((p) => p.id)).toEqual(personas.slice(0, 5).map((p) => p.id));
    expect(sim.player!.persona).toMatchObject({ name: 'Alex Rivera', spec: { sprite: 'jess-turner', innate: 'A photographer' } });
    expect(sim.player!.persona.agent.mode).toBe('human');
  });

  it('a bad ?player= or ?personas= is named in a warning and the town still opens', () => {
    const { choice, warnings } = choiceFromParams(q('?player=Sofia%20Moreno&personas=99'), personas)!;
    expect(choice.player).toBeNull();
    expect(choice.personaCount).toBe(25);
    expect(warnings.join(' ')).toMatch(/already lives in this town/);
    expect(warnings.join(' ')).toMatch(/1 to 25/);
  });

  it('?calls= and ?pulse=off reach the town; a call plan that is no plan is named and the default kept', () => {
    const { choice } = choiceFromParams(q('?calls=packed&pulse=off'), personas)!;
    expect(choice).toMatchObject({ callPlan: 'packed', pulse: false });
    const { sim } = buildTown(choice, world, personas);
    expect(sim.callPlan).toBe('packed');
    expect(sim.pulseOn).toBe(false);
    const bad = choiceFromParams(q('?calls=cheap'), personas)!;
    expect(bad.choice.callPlan).toBeNull();
    expect(bad.warnings.join(' ')).toMatch(/cheap/);
    const plain = buildTown(choiceFromParams(q('?seed=2'), personas)!.choice, world, personas).sim;
    expect([plain.callPlan, plain.pulseOn]).toEqual(['faithful', true]);
  });

  it('a save of a town with a player opens with the player, where it stood', async () => {
    const { sim } = buildTown(choiceFromParams(q('?player=Alex%20Rivera&look=jess-turner'), personas)!.choice, world, personas);
    await sim.run(3);
    sim.playerInput({ kind: 'step', dx: 1, dy: 0 });
    await sim.run(3);
    const save = await decodeSave(await encodeSave(createSave(sim, { name: 'test' })));
    const back = openSave(save, world, (specs, seed) => new OfflineBrain(seed, specs));
    expect(back.player!.persona.id).toBe(PLAYER_ID);
    expect(back.player!.persona.tile).toEqual(sim.player!.persona.tile);
    const [a, b] = [await sim.tick(), await back.tick()];
    expect(b.personas).toEqual(a.personas);
  });

  it('a ?seed= of any spelling makes a town whose save loads again (a whole seed within the bounds)', async () => {
    for (const [raw, seed] of [['1.5', 1], ['-3', -3], ['1e308', 1], ['abc', 1], ['0', 1], ['42', 42]] as const) {
      const { sim } = buildTown({ ...choiceFromParams(q(`?seed=${raw}&personas=2`), personas)!.choice }, world, personas);
      expect(sim.seed, raw).toBe(seed);
      const save = await decodeSave(await encodeSave(createSave(sim, { name: raw })));
      expect(openSave(save, world, (specs, s) => new OfflineBrain(s, specs)).seed, raw).toBe(seed);
    }
  });
});

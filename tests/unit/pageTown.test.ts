import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { createHamletStore } from '../../src/store/store';
import { PageTown } from '../../src/app/pageTown';
import type { TownGround } from '../../src/app/liveTown';
import { DEFAULT_START, type TownChoice } from '../../src/app/newTown';
import { createSave, openSave } from '../../src/save/saveFile';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { miniMap, miniPersonas } from '../fixtures/miniTown';

/**
 * The page's owner of its live town (src/app/pageTown.ts): every town it adopts (a new one, a
 * loaded save, a replay continued live) is shown in the store the same way, steps with its own
 * runner and recorder, and the town it replaced goes quiet.
 */

const ground = (): TownGround => {
  const personas = miniPersonas();
  return { world: loadWorld(miniMap()), personas, stepSeconds: 10, pack: null };
};

const choice = (over: Partial<TownChoice> = {}): TownChoice => ({ seed: 1, start: DEFAULT_START, personaCount: 99, brain: 'offline', player: null, registry: null, callPlan: null, pulse: true, paused: true, ...over });

const macrotask = (ms = 1) => new Promise((r) => setTimeout(r, ms));

describe('the page town', () => {
  it('shows an adopted town in the store: its clock, every resident, no player to follow', () => {
    const store = createHamletStore();
    const town = new PageTown(store, ground());
    const { sim } = town.build(choice({ seed: 5, start: '2023-02-14T09:30:00' }));
    town.adopt(sim);
    const s = store.getState();
    expect(s.time).toBe(sim.now);
    expect(s.time).toBe(Date.parse('2023-02-14T09:30:00Z'));
    expect(s.step).toBe(0);
    expect(s.personas.map((p) => p.id)).toEqual(sim.personas.map((p) => p.id));
    expect(s.followId).toBeNull();
    expect(s.player).toBeNull();
    expect([...town.sprites.keys()].sort()).toEqual(sim.personas.map((p) => p.id).sort());
    expect(town.recorder?.length).toBe(0);
  });

  it('steps the live town into the store and its recording; the replaced town goes quiet', async () => {
    const store = createHamletStore();
    const town = new PageTown(store, ground());
    const first = town.build(choice()).sim;
    town.adopt(first);
    await town.stepOnce();
    await town.stepOnce();
    expect(store.getState().step).toBe(2);
    expect(town.recorder?.length).toBe(2);
    const firstRecorder = town.recorder;

    const second = town.build(choice({ seed: 9 })).sim;
    town.adopt(second);
    // The store shows the new town from its first moment, not the old one's step.
    expect(store.getState().step).toBe(0);
    expect(store.getState().time).toBe(second.now);
    store.getState().setSpeed(60);
    town.start();
    await macrotask(300);
    town.stop();
    expect(first.step).toBe(2);
    expect(second.step).toBeGreaterThan(0);
    expect(store.getState().step).toBe(second.step);
    expect(town.recorder).not.toBe(firstRecorder);
    expect(town.recorder?.length).toBe(second.step);
  });

  it('adopts a loaded save as it was: its clock, its conversations in the feed, its recording going on', async () => {
    const store = createHamletStore();
    const town = new PageTown(store, ground());
    const played = town.build(choice({ seed: 3 })).sim;
    town.adopt(played);
    // Run until the town has talked, so the feed has something to show.
    for (let i = 0; i < 2000 && played.conversations.length === 0; i++) await town.stepOnce();
    expect(played.conversations.length).toBeGreaterThan(0);
    const save = createSave(played, { name: 'x', settings: null, recorder: town.recorder, gameId: 'g' });
    const steps = town.recorder?.length ?? 0;

    town.adopt(town.build(choice({ seed: 4 })).sim);
    expect(store.getState().conversations).toBe(0);
    const loaded = openSave(structuredClone(save), town.ground.world, (specs, seed) => new OfflineBrain(seed, specs), 'the save');
    town.adopt(loaded, { recording: save.recording });
    const s = store.getState();
    expect(s.step).toBe(played.step);
    expect(s.time).toBe(played.now);
    expect(s.conversations).toBe(played.conversations.length);
    expect(s.feed.at(-1)?.text).toContain(played.conversations.at(-1)!.summary);
    expect(town.recorder?.length).toBe(steps);
  });

  it('shows the live town again after something else wrote the store (a replay closed)', async () => {
    const store = createHamletStore();
    const town = new PageTown(store, ground());
    town.adopt(town.build(choice()).sim);
    await town.stepOnce();
    const shown = store.getState();
    store.setState({ step: 999, time: 0, personas: [], feed: [], conversations: 7 });
    town.publish();
    const s = store.getState();
    expect(s.step).toBe(shown.step);
    expect(s.time).toBe(shown.time);
    expect(s.personas.map((p) => p.tile)).toEqual(shown.personas.map((p) => p.tile));
    expect(s.conversations).toBe(shown.conversations);
  });

  it('follows your resident when the adopted town has one, and takes your inputs', async () => {
    const store = createHamletStore();
    const g = ground();
    const town = new PageTown(store, g);
    town.adopt(town.build(choice({ player: { name: 'Tess Tester', description: 'a visitor', sprite: g.personas[0]!.sprite } })).sim);
    const s = store.getState();
    expect(town.playing).toBe(true);
    expect(s.player?.name).toBe('Tess Tester');
    expect(s.followId).toBe(town.sim.player?.persona.id);
    town.playerInput({ kind: 'walk', x: 1, y: 1 });
    expect(store.getState().notice).toBeNull();
  });

  it('says why an input is refused instead of throwing (nobody plays in this town)', () => {
    const store = createHamletStore();
    const town = new PageTown(store, ground());
    town.adopt(town.build(choice()).sim);
    expect(town.playing).toBe(false);
    expect(town.playerOptions()).toEqual([]);
    town.playerInput({ kind: 'walk', x: 1, y: 1 });
    expect(store.getState().notice).toMatch(/nobody plays/i);
  });
});

import { describe, expect, it } from 'vitest';
import { buildTown, DEFAULT_START } from '../../src/app/newTown';
import { checkResidents } from '../../src/app/editTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { openTown } from '../../src/pack/open';
import { createSave, decodeSave, encodeSave } from '../../src/save/saveFile';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import { PLAYER_ID, playerSpec, type PlayerSetup } from '../../src/sim/player/player';
import type { WorldModel } from '../../src/sim/world/types';
import { placesOf } from '../../src/ui/residentFields';
import { saltmarshPack } from '../fixtures/examplePack';
import { renamedTown } from '../support/renamedTown';

/**
 * The player's resident filled in with "More about you…" (the character editor's fields): the spec
 * it yields is checked as the editor checks a resident, and is the player's persona in the new town.
 */

const hamlet = { name: 'Hamlet', world: loadTownWorld(), personas: loadTownPersonas() };
const renamed = { name: 'renamed Hamlet', ...renamedTown() };
const saltmarsh = await openTown(saltmarshPack(), ['ada-quinn', 'ana-moreno']);
const TOWNS: { name: string; world: WorldModel; personas: readonly PersonaSpec[] }[] = [hamlet, renamed, saltmarsh];

/** What the start screen hands on: the short form's spec, then edited as the person would in the form. */
function filledIn(world: WorldModel, sprite: string, edit: (p: PersonaSpec) => void): PlayerSetup {
  const spec = playerSpec({ name: 'Marisol Quint', description: 'a potter', sprite }, world);
  edit(spec);
  return { name: spec.name, description: '', sprite: spec.sprite, persona: spec };
}

const choice = (player: PlayerSetup) => ({ seed: 3, start: DEFAULT_START, personaCount: 99, brain: 'offline' as const, player, registry: null, callPlan: null, pulse: true, paused: false });

describe.each(TOWNS)('the player in full, in $name', ({ world, personas }) => {
  const places = placesOf(world);
  const sprite = personas[0]!.sprite;

  it('every home and workplace the form offers passes the check and is the player’s in the new town', () => {
    expect(places.homes.length).toBeGreaterThan(0);
    expect(places.workplaces.length).toBeGreaterThan(0);
    for (const [home] of places.homes) {
      const [work = ''] = places.workplaces;
      const [sector = '', arena = ''] = work[0].split(':');
      const setup = filledIn(world, sprite, (p) => {
        p.age = 41;
        p.innate = 'patient, wry, stubborn';
        p.learned = 'Marisol Quint throws pots and sells them at the market.';
        p.livingArea = home;
        p.household = home.split(':')[0]!;
        p.occupation = { title: 'potter', workplace: sector, arena, days: ['Tue', 'Sat'], start: '10:00', end: '15:00' };
        p.haunts = places.publicPlaces.slice(0, 2);
      });
      const spec = playerSpec(setup, world);
      expect(checkResidents(world, [...personas, spec]), home).toEqual([]);
      const me = buildTown(choice(setup), world, personas).sim.player!.persona;
      expect(me.id).toBe(PLAYER_ID);
      expect(me.spec).toMatchObject({ name: 'Marisol Quint', age: 41, innate: 'patient, wry, stubborn', livingArea: home, household: home.split(':')[0], occupation: { workplace: sector, arena, days: ['Tue', 'Sat'] } });
      expect(me.spec.haunts).toEqual(places.publicPlaces.slice(0, 2));
      // The resident appears in the sector it lives in.
      expect(world.sectors[world.sectorAt[me.tile.y * world.width + me.tile.x] ?? -1]?.name).toBe(home.split(':')[0]);
    }
  });

  it.each<[string, (p: PersonaSpec) => void, RegExp]>([
    ['an age of 0', (p) => (p.age = 0), /age/],
    ['an age of 500', (p) => (p.age = 500), /age/],
    ['no traits', (p) => (p.innate = ''), /innate/],
    ['a learned of 5,000 characters', (p) => (p.learned = 'x'.repeat(5000)), /learned/],
    ['a home not on the map', (p) => ((p.livingArea = 'Nowhere:attic'), (p.household = 'Nowhere')), /Nowhere/],
    ['a workplace not on the map', (p) => (p.occupation = { title: 'clerk', workplace: 'Nowhere', arena: 'desk', days: ['Mon'], start: '09:00', end: '17:00' }), /Nowhere:desk/],
    ['a haunt not on the map', (p) => (p.haunts = ['Nowhere Fair']), /Nowhere Fair/],
    ['a relationship with nobody', (p) => (p.relationships = [{ id: 'no-such-resident', kind: 'friend', note: '' }]), /no-such-resident/],
  ])('%s is refused by the editor’s check, naming the player and the field', (_, edit, says) => {
    const spec = playerSpec(filledIn(world, sprite, edit), world);
    const problems = checkResidents(world, [...personas, spec]);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(says);
    expect(problems.join('\n')).toMatch(/Marisol Quint/);
  });
});

describe('the player in full, carried on', () => {
  it('a save keeps the filled-in resident (age, traits, work) as the town has it', async () => {
    const { world, personas } = hamlet;
    const [work = ['', '']] = placesOf(world).workplaces;
    const setup = filledIn(world, 'ada-quinn', (p) => {
      p.age = 67;
      p.innate = 'gruff, generous';
      p.occupation = { title: 'night watchman', workplace: work[0].split(':')[0]!, arena: work[0].split(':')[1]!, days: ['Mon', 'Fri'], start: '20:00', end: '23:00' };
    });
    const { sim } = buildTown(choice(setup), world, personas);
    const back = await decodeSave(await encodeSave(createSave(sim, { name: 'x' })), 'x.json.gz');
    expect(back.game.player).toMatchObject({ id: PLAYER_ID, name: 'Marisol Quint', age: 67, innate: 'gruff, generous', occupation: { title: 'night watchman' } });
  });

  it('the short form still gives a visitor, with no job and at home on the square', () => {
    const spec = playerSpec({ name: 'Marisol Quint', description: 'a potter', sprite: 'ada-quinn' }, hamlet.world);
    expect(spec).toMatchObject({ id: PLAYER_ID, age: 30, innate: 'a potter', occupation: null, relationships: [], haunts: [] });
    expect(hamlet.world.sectors.find((s) => s.name === spec.household)?.kind).toMatch(/square|park/);
  });
});

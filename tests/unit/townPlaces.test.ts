import { describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { townPlaces } from '../../src/llm/offline/townPlaces';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { GuardedBrain } from '../../src/sim/brain/guard';
import { Persona } from '../../src/sim/persona/persona';
import { miniMap } from '../fixtures/miniTown';
import { renamedTown } from '../support/renamedTown';

describe("the offline brain's places, read from the map", () => {
  it("Hamlet's: each by its kind; of the two shops, the one selling books is the bookshop", () => {
    const places = townPlaces(loadTownWorld());
    expect(places).toMatchObject({
      cafe: 'Bramble Café',
      bakery: 'Crumb & Crust Bakery',
      grocery: 'Willow Grocery & Pharmacy',
      park: 'Millbrook Park',
      bookshop: 'Patel Books',
      supplies: 'Hamlet Supply Co.',
      square: 'Town Square',
      college: 'Hamlet College',
      bar: 'The Copper Kettle',
    });
    expect(places.homes).toContain('Becker House');
    expect(places.homes).not.toContain('Bramble Café');
  });

  it('follow the map, not the names: renamed places, and the shop that sells books', () => {
    const { world } = renamedTown();
    expect(townPlaces(world)).toMatchObject({ cafe: 'The Blue Heron', park: 'Heron Green', bookshop: 'The Paper Moth', supplies: 'Ironmongers of Ferncombe', bar: 'The Drowned Fiddler' });
    // The books move to the other shop: so does the bookshop.
    const swapped = { ...world, items: world.items.map((i) => ({ ...i, sector: i.sector === 'The Paper Moth' ? 'Ironmongers of Ferncombe' : i.sector === 'Ironmongers of Ferncombe' ? 'The Paper Moth' : i.sector })) };
    expect(townPlaces(swapped)).toMatchObject({ bookshop: 'Ironmongers of Ferncombe', supplies: 'The Paper Moth' });
  });

  it('a map without a park, a pub or shops has none (null), and its homes', () => {
    expect(townPlaces(loadWorld(miniMap()))).toEqual({ cafe: 'Bramble Café', bakery: null, grocery: null, park: null, bookshop: null, supplies: null, square: null, college: null, bar: null, homes: ['Test House', 'Little House'] });
  });

  it('the simulation tells the brain its town through the guard, also a brain swapped in later; a brain told nothing says so', async () => {
    const specs = loadTownPersonas();
    const spec = specs.find((s) => s.id === 'kenji-sato') ?? specs[0];
    if (!spec) throw new Error('no persona');
    const ctx = { persona: new Persona(spec, 'Hamlet', { x: 0, y: 0 }), now: Date.UTC(2023, 1, 13, 9) };
    const { world } = renamedTown();
    await expect(new OfflineBrain(1, specs).hourlySchedule(ctx, 9)).rejects.toThrow(/does not know the town yet.*knowTown/);
    const guard = new GuardedBrain(new OfflineBrain(1, specs));
    guard.knowTown(world);
    const later = new OfflineBrain(1, specs);
    guard.setInner(later);
    const day = await Promise.all(Array.from({ length: 24 }, (_, h) => later.hourlySchedule(ctx, h)));
    expect(day.join('\n')).not.toMatch(/Bramble Café|Millbrook Park|Town Square|Copper Kettle|Willow Grocery|Patel Books|Hamlet Supply|Hamlet College/);
  });
});

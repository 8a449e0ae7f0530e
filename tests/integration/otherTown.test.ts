import { describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownWorld } from '../../src/node/town';
import { loadWorld } from '../../src/sim/world/loadWorld';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import type { WorldModel } from '../../src/sim/world/types';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { RENAMED, renamedTown } from '../support/renamedTown';

/** A day of a town on the offline brain (one-minute steps): what it planned and did, and where people stood. */
async function offlineDay(world: WorldModel, personas: PersonaSpec[]) {
  const sim = new Simulation({ world, personas, brain: new OfflineBrain(7, personas), seed: 7, start: '2023-02-13T00:00:00', stepSeconds: 60 });
  const said: string[] = [];
  const stood = new Set<string>();
  await sim.run(24 * 60, (r) => {
    for (const f of r.personas) {
      said.push(f.description, f.address);
      const s = world.sectorAt[f.tile.y * world.width + f.tile.x] ?? -1;
      const sector = world.sectors[s];
      if (sector) stood.add(sector.name);
    }
    for (const c of r.conversations) said.push(c.summary, ...c.lines.map((l) => l.text));
  });
  // The day's plan as each persona holds it at the end of the day: its items, its hours, its tasks.
  const plans = sim.personas.flatMap((p) => [...p.scratch.dailyReq, ...p.scratch.fDailyScheduleHourlyOrg.map(([task]) => task)]);
  const tasks = sim.personas.flatMap((p) => p.scratch.fDailySchedule.map(([task]) => task));
  return { plans, text: [...plans, ...tasks, ...said].join('\n'), stood };
}

describe('the offline day reads its places from the map and the persona files', () => {
  it('Hamlet with every place renamed: the day names the new places and never an old one, and people go there', async () => {
    const { world, personas } = renamedTown();
    const day = await offlineDay(world, personas);
    for (const old of Object.keys(RENAMED)) expect(day.text, `"${old}" in the renamed town's day`).not.toContain(old);
    // Every kind of public place the offline day uses is planned for, under its new name.
    for (const place of ['The Blue Heron', 'Rye & Honey', 'Ferncombe Stores', 'Heron Green', 'The Paper Moth', 'Ironmongers of Ferncombe', 'Market Cross', 'Ferncombe Institute', 'The Drowned Fiddler']) {
      expect(day.plans.some((a) => a.includes(place)), `${place} in someone's plan`).toBe(true);
    }
    // A walk in the park is a walk (the park's own steps), not "getting ready for taking a walk".
    expect(day.text).toMatch(/taking a (long )?walk in Heron Green \(strolling across the lawn\)/);
    // And people get there: the café, the park, the shops and the pub are stood in.
    for (const place of ['The Blue Heron', 'Heron Green', 'Ferncombe Stores', 'The Paper Moth', 'The Drowned Fiddler']) expect(day.stood, place).toContain(place);
  }, 120_000);

  it('a small map with one café and two homes: the day is spent at home, at work and at the café, never at a place it lacks', async () => {
    const world = loadWorld(miniMap());
    const day = await offlineDay(world, miniPersonas());
    const hamlet = loadTownWorld().sectors.map((s) => s.name);
    for (const name of hamlet.filter((n) => !world.sectors.some((s) => s.name === n))) expect(day.text, `"${name}" in the small town's day`).not.toContain(name);
    expect(day.plans.some((a) => a.includes('Bramble Café')), 'the café in a plan').toBe(true);
  }, 120_000);
});

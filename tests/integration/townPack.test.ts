import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Simulation, type StepResult } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { ROOT, loadTown, loadTownWorld } from '../../src/node/town';
import { openTown, whisperFirstMemories, type TownPack } from '../../src/pack/open';
import { saltmarshPack } from '../fixtures/examplePack';

const VILLE = resolve(ROOT, '../shared/smallville/environment/frontend_server/storage/base_the_ville_n25');

/** A day of a town on the offline brain from its own start, one-minute steps: every step's result. */
async function liveADay(town: TownPack, seed = 3): Promise<{ sim: Simulation; steps: StepResult[] }> {
  const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(seed, town.personas), seed, start: town.start, stepSeconds: 60 });
  whisperFirstMemories(sim, town);
  const steps: StepResult[] = [];
  await sim.run(24 * 60, (r) => steps.push(r));
  return { sim, steps };
}

const sectorOf = (town: TownPack, t: { x: number; y: number }) => town.world.sectors[town.world.sectorAt[t.y * town.world.width + t.x] ?? -1]?.name;
const hourOf = (r: StepResult) => new Date(r.time).getUTCHours();

describe('a town pack with other names lives a day offline', () => {
  it('Saltmarsh: its residents work, eat and talk at its own places, and never name one of Hamlet’s', async () => {
    const town = await openTown(saltmarshPack(), ['ada-quinn']);
    const { sim, steps } = await liveADay(town);
    const economy = steps.flatMap((r) => r.economyEvents);
    // Work: the chandler checks in at the chandlery; the keeper of the tea room is there in her hours.
    expect(economy.some((e) => e.action === 'checkin' && /Mariner Chandlery/.test(e.what))).toBe(true);
    const atKettle = steps.filter((r) => hourOf(r) >= 9 && hourOf(r) < 14).filter((r) => r.personas.some((f) => f.id === 'morwenna-tregar' && sectorOf(town, f.tile) === 'The Kelp Kettle'));
    expect(atKettle.length).toBeGreaterThan(120);
    // Meals: something to eat bought or eaten, from this town's shops or at home.
    expect(economy.filter((e) => e.action === 'eat' || e.action === 'purchase').length).toBeGreaterThan(0);
    expect(sim.personas.every((p) => p.scratch.fDailyScheduleHourlyOrg.some(([task]) => /breakfast|lunch|dinner|eat/i.test(task)))).toBe(true);
    // Talk: conversations with lines.
    expect(sim.conversations.length).toBeGreaterThan(0);
    expect(sim.conversations.some((c) => c.lines.length >= 2)).toBe(true);
    // Every place anyone planned, went to or named is Saltmarsh's own.
    const text = [
      ...sim.personas.flatMap((p) => [...p.scratch.dailyReq, ...p.scratch.fDailyScheduleHourlyOrg.map(([t]) => t), ...p.scratch.fDailySchedule.map(([t]) => t)]),
      ...steps.flatMap((r) => r.personas.flatMap((f) => [f.description, f.address])),
      ...sim.conversations.flatMap((c) => c.lines.map((l) => l.text)),
      ...economy.map((e) => e.what),
    ].join('\n');
    for (const s of loadTownWorld().sectors) expect(text, `"${s.name}" in Saltmarsh's day`).not.toContain(s.name);
    expect(text).not.toContain('Hamlet');
    for (const place of ['The Kelp Kettle', 'Mariner Chandlery', 'Fish Market']) expect(text).toContain(place);
  }, 120_000);
});

describe.skipIf(!existsSync(VILLE))("Smallville's Ville lives a game day headless", () => {
  it('the café owner keeps Hobbs Cafe in her hours, the students go to Oak Hill College, people meet and talk', async () => {
    const town = await loadTown(VILLE);
    const { sim, steps } = await liveADay(town);
    const at = (id: string, from: number, to: number, sector: string) => {
      const span = steps.filter((r) => hourOf(r) >= from && hourOf(r) < to);
      return span.filter((r) => r.personas.some((f) => f.id === id && sectorOf(town, f.tile) === sector)).length / span.length;
    };
    // Isabella Rodriguez opens Hobbs Cafe at 8 am and stays until 8 pm: most of 9 am–7 pm there.
    expect(at('isabella-rodriguez', 9, 19, 'Hobbs Cafe')).toBeGreaterThan(0.6);
    for (const student of ['klaus-mueller', 'ayesha-khan', 'eddy-lin']) expect(at(student, 11, 13, 'Oak Hill College'), student).toBeGreaterThan(0.6);
    // Nobody is at the café at 4 am; the bartender is at the pub in the evening.
    expect(at('isabella-rodriguez', 3, 4, 'Hobbs Cafe')).toBe(0);
    expect(at('arthur-burton', 18, 21, 'The Rose and Crown Pub')).toBeGreaterThan(0.6);
    expect(sim.conversations.length).toBeGreaterThan(10);
    // The whispers were taken in: Isabella remembers one of hers.
    const isabella = sim.personas.find((p) => p.id === 'isabella-rodriguez');
    const whispered = town.whispers.filter((w) => w.id === 'isabella-rodriguez').map((w) => w.text);
    expect(isabella?.memory.nodes.some((n) => whispered.some((w) => n.description.includes(w.slice(0, 30))))).toBe(true);
  }, 180_000);
});

describe.skipIf(!existsSync(VILLE))('the director in the Ville', () => {
  it('plans a request with the Ville’s residents and places, and they carry it out', async () => {
    const town = await loadTown(VILLE);
    const sim = new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(2, town.personas), seed: 2, start: '2023-02-13T14:00:00', stepSeconds: 60 });
    whisperFirstMemories(sim, town);
    sim.askTown('Hold a picnic at Johnson Park at 4 pm today.');
    while (sim.now < Date.parse('2023-02-13T16:30:00Z')) await sim.tick();
    const [plan] = sim.director.plans();
    const ville = new Set(town.personas.map((p) => p.id));
    expect(plan?.steps.length).toBeGreaterThan(0);
    for (const s of plan?.steps ?? []) if (s.assignee) expect(ville.has(s.assignee), s.assignee).toBe(true);
    const text = (plan?.steps ?? []).map((s) => s.text).join('\n');
    expect(text).toContain('Johnson Park');
    for (const s of loadTownWorld().sectors) expect(text).not.toContain(s.name);
    expect(plan?.steps.some((s) => s.status === 'completed')).toBe(true);
    const atPark = sim.personas.filter((p) => sectorOf(town, p.tile) === 'Johnson Park').length;
    expect(atPark).toBeGreaterThan(0);
  }, 120_000);
});

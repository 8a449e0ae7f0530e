import { beforeAll, describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation, type StepResult } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { addressOf, isValidActionAddress } from '../../src/sim/world/address';
import { hourOf, parseHHMM, weekdayOf } from '../../src/sim/clock';
import type { CallContext } from '../../src/sim/brain/port';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import type { WorldModel } from '../../src/sim/world/types';
import { parseAddress } from '../../src/sim/world/actionAddress';

const START = '2023-02-13T00:00:00'; // a Monday
const STEPS_PER_DAY = 8640;

/** The offline brain, noting the game time of every task decomposition it is asked for. */
class RecordingBrain extends OfflineBrain {
  readonly decompTimes: number[] = [];
  override async taskDecomp(ctx: CallContext, task: string, minutes: number) {
    this.decompTimes.push(ctx.now);
    return super.taskDecomp(ctx, task, minutes);
  }
}

function makeSim(world: WorldModel, personas: PersonaSpec[], seed: number) {
  return new Simulation({ world, personas, brain: new RecordingBrain(seed, personas), seed, start: START });
}

describe('a full day of the 25-persona town, headless, offline brain', () => {
  let world: WorldModel;
  let personas: PersonaSpec[];
  let sim: Simulation;
  const frames: StepResult[] = [];
  const hourlySums: [string, number][] = [];

  beforeAll(async () => {
    world = loadTownWorld();
    personas = loadTownPersonas();
    sim = makeSim(world, personas, 1);
    await sim.run(STEPS_PER_DAY, (r) => {
      frames.push(r);
      if (r.step % 360 === 0) for (const p of sim.personas) hourlySums.push([`${p.id} at step ${r.step}`, p.scratch.fDailySchedule.reduce((m, [, d]) => m + d, 0)]);
    });
  });

  it('moves everyone only to adjacent walkable tiles', () => {
    let prev = new Map(personas.map((p) => [p.id, world.spawns.get(p.id)!]));
    let moves = 0;
    for (const r of frames) {
      for (const f of r.personas) {
        const p = prev.get(f.id)!;
        const d = Math.abs(p.x - f.tile.x) + Math.abs(p.y - f.tile.y);
        if (d > 1) throw new Error(`${f.id} jumped from (${p.x},${p.y}) to (${f.tile.x},${f.tile.y}) at step ${r.step}`);
        if (!world.walkable[f.tile.y * world.width + f.tile.x]) throw new Error(`${f.id} stands on a blocked tile at step ${r.step}`);
        moves += d;
      }
      prev = new Map(r.personas.map((f) => [f.id, f.tile]));
    }
    expect(moves).toBeGreaterThan(25 * 100);
  });

  it('lets everyone sleep at least 6 hours in their own bedroom', () => {
    for (const p of personas) {
      const bedroom = `${world.name}:${p.livingArea}`;
      let steps = 0;
      for (const r of frames) {
        const f = r.personas.find((q) => q.id === p.id)!;
        if (f.description.includes('sleeping') && addressOf(world, f.tile.x, f.tile.y).startsWith(bedroom)) steps++;
      }
      const hours = (steps * 10) / 3600;
      expect(hours, `${p.name} slept ${hours.toFixed(1)} h in ${bedroom}`).toBeGreaterThanOrEqual(6);
    }
  });

  it('has everyone with a job at the workplace during work hours on a work day', () => {
    const day = weekdayOf(Date.parse(`${START}Z`));
    for (const p of personas) {
      const o = p.occupation;
      if (!o || !o.days.includes(day)) continue;
      // From an hour after the shift starts (time to walk there) to its end, lunch hour excluded.
      const from = parseHHMM(o.start) + 60;
      const to = parseHHMM(o.end);
      let inside = 0;
      let total = 0;
      for (const r of frames) {
        const minute = (r.step * 10) / 60;
        if (minute < from || minute >= to || (minute >= 720 && minute < 780)) continue;
        const f = r.personas.find((q) => q.id === p.id)!;
        total++;
        if (addressOf(world, f.tile.x, f.tile.y).startsWith(`${world.name}:${o.workplace}`)) inside++;
      }
      if (total === 0) continue;
      expect(inside / total, `${p.name} at ${o.workplace}: ${Math.round((inside / total) * 100)}% of work hours`).toBeGreaterThanOrEqual(0.75);
    }
  });

  it('has at least 5 distinct pairs hold conversations, drawing on memories', () => {
    const pairs = new Set(sim.conversations.map((c) => [...c.participants].sort().join(' & ')));
    expect(pairs.size).toBeGreaterThanOrEqual(5);
    const news = sim.conversations.flatMap((c) => c.lines).filter((l) => /did you hear\?|guess what\?/i.test(l.text));
    expect(news.length).toBeGreaterThan(0);
  });

  it('never lets a conversation start at 23:00 or with someone asleep', () => {
    for (const c of sim.conversations) {
      expect(new Date(c.time).getUTCHours()).not.toBe(23);
      const before = frames[c.step - 1];
      if (!before) continue;
      for (const name of c.participants) {
        const f = before.personas.find((q) => q.name === name)!;
        expect(f.description.includes('sleeping'), `${name} was asleep when a chat started`).toBe(false);
      }
    }
  });

  it('keeps every schedule at exactly 1440 minutes, every hour of the day', () => {
    expect(hourlySums.length).toBe(24 * 25);
    expect(hourlySums.filter(([, sum]) => sum !== 1440)).toEqual([]);
  });

  it('never starts a decomposition at or after 23:00', () => {
    const times = (sim.brain.inner as RecordingBrain).decompTimes;
    expect(times.length).toBeGreaterThan(25);
    expect(times.filter((t) => hourOf(t) >= 23)).toEqual([]);
  });

  it('never lets a pair talk again while its chat buffer (800 steps) is positive', () => {
    const last = new Map<string, number>();
    for (const c of sim.conversations) {
      const pair = [...c.participants].sort().join(' & ');
      const before = last.get(pair);
      if (before !== undefined) expect(c.step - before, pair).toBeGreaterThan(800);
      last.set(pair, c.step);
    }
  });

  it('gives every action an address on the map or a special form', () => {
    const bad = new Set<string>();
    for (const r of frames) for (const f of r.personas) if (f.address && !isValidActionAddress(world, parseAddress(f.address))) bad.add(f.address);
    expect([...bad]).toEqual([]);
    expect(frames.at(-1)!.personas.every((f) => f.address)).toBe(true);
  });

  it('replays identically with the same seed', async () => {
    const again = makeSim(world, personas, 1);
    const n = 3000;
    const b: string[] = [];
    await again.run(n, (r) => b.push(JSON.stringify(r.personas)));
    expect(b).toEqual(frames.slice(0, n).map((r) => JSON.stringify(r.personas)));
  });
});

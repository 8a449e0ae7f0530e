import { describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { DAY, formatDate, parseHHMM } from '../../src/sim/clock';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { townPlaces } from '../../src/llm/offline/townPlaces';
import { Persona } from '../../src/sim/persona/persona';
import { hourlyPlan } from '../../src/llm/offline/dayPlan';
import { Rng } from '../../src/sim/rng';

describe('days that differ', () => {
  it("each new day gets its own plan: the plan, its thought and its schedule are that day's", async () => {
    const personas = miniPersonas();
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: new OfflineBrain(1, personas), seed: 1, start: '2023-02-13T00:00:00', stepSeconds: 60 });
    const plans = new Map<string, string[][]>();
    const schedules = new Map<string, string[]>();
    for (let day = 0; day < 3; day++) {
      await sim.run(24 * 60);
      for (const p of sim.personas) {
        expect(p.plannedDay).toBe(Math.floor(sim.now / DAY) - (sim.now % DAY === 0 ? 1 : 0));
        plans.set(p.id, [...(plans.get(p.id) ?? []), p.scratch.dailyReq.slice()]);
        schedules.set(p.id, [...(schedules.get(p.id) ?? []), JSON.stringify(p.scratch.fDailyScheduleHourlyOrg)]);
        // The day's plan thought names that day and carries that day's plan.
        const date = formatDate(p.plannedDay! * DAY);
        const thought = p.memory.nodes.filter((n) => n.predicate === 'plan' && n.object === date).at(-1)!;
        expect(thought.description).toContain(p.scratch.dailyReq[0]!);
      }
    }
    for (const p of sim.personas) {
      expect(new Set(plans.get(p.id)!.map((x) => x.join('|'))).size, `${p.name}'s plans`).toBe(3);
      expect(new Set(schedules.get(p.id)).size, `${p.name}'s schedules`).toBe(3);
    }
  }, 120_000);
});

describe('the offline day plan: weekdays, weekends, temper, habits and yesterday', () => {
  const specs = loadTownPersonas();
  const town = { households: new Map(specs.map((s) => [s.id, s.household])), names: new Map(specs.map((s) => [s.id, s.name])), specs: new Map(specs.map((s) => [s.id, s])), places: townPlaces(loadTownWorld()) };
  const make = (id: string) => new Persona(specs.find((s) => s.id === id)!, 'hamlet', { x: 0, y: 0 });
  /** The plan of a day (0 = Monday February 13, 2023), as the brain makes it for seed 1. */
  const planOf = (p: Persona, day: number) => {
    const ms = Date.UTC(2023, 1, 13 + day);
    return hourlyPlan(p, ms, Rng.derive(1, p.id, 'day', ms / DAY), town);
  };
  const weekday = (day: number) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][day % 7]!;

  it('work on work days only; Saturday off has the weekly shop, Sunday off its long breakfast or a visit; weekdays have neither', () => {
    for (const spec of specs) {
      const p = make(spec.id);
      for (let day = 0; day < 28; day++) {
        const plan = planOf(p, day);
        const works = spec.occupation!.days.includes(weekday(day) as never);
        expect(plan.some((a) => /^(working as|attending classes)/.test(a)), `${p.name} on ${weekday(day)}`).toBe(works);
        const weekend = /weekly shop|long breakfast|weekend paper/;
        if (!['Sat', 'Sun'].includes(weekday(day))) expect(plan.filter((a) => weekend.test(a)), `${p.name} on ${weekday(day)}`).toEqual([]);
        if (weekday(day) === 'Sat' && !works) expect(plan, `${p.name} on Saturday`).toContain('doing the weekly shop at Willow Grocery & Pharmacy');
        if (weekday(day) === 'Sun' && !works) expect(plan.some((a) => /long breakfast|weekend paper/.test(a)), `${p.name} on Sunday`).toBe(true);
      }
    }
  });

  it('meals around work and events: dinner inside a shift is a break at work; an event over dinner moves it; an early event gets one up first', () => {
    const MEAL = /\b(breakfast|lunch|dinner|supper|meal)\b/;
    // Every resident, four weeks: a meal besides breakfast every day (or a long breakfast on a free Sunday).
    for (const spec of specs) {
      const p = make(spec.id);
      for (let day = 0; day < 28; day++) expect(planOf(p, day).filter((a) => MEAL.test(a)).length, `${p.name} on day ${day}`).toBeGreaterThanOrEqual(1);
    }
    // Fiona works 15–23 and eats dinner at the end of the bar around 6: her 6 pm is the meal, at the pub.
    const fiona = make('fiona-walsh');
    expect(planOf(fiona, 1)[18]).toBe('having dinner at The Copper Kettle');
    // Grace (dinner at 7) going to the open-mic night at 7–9 pm on Friday eats an early dinner before it.
    const grace = make('grace-okafor');
    const friday = Math.floor(Date.UTC(2023, 1, 17) / DAY);
    expect(planOf(grace, 4)[19]).toBe('cooking and eating dinner at home');
    grace.commitments.push({ event: 'the open-mic night', sector: 'Bramble Café', day: friday, start: 19 * 60, minutes: 120, host: false, source: 'Ingrid Becker', scheduledOn: null });
    const withEvent = planOf(grace, 4);
    expect(withEvent[18]).toBe('having an early dinner at home');
    expect(withEvent.filter((a) => MEAL.test(a))).toHaveLength(1);
    // Fiona (up at 9) with a planting day at 9 on Saturday gets up at 8, so breakfast comes first.
    const saturday = Math.floor(Date.UTC(2023, 1, 18) / DAY);
    fiona.commitments.push({ event: 'the spring planting day', sector: 'Millbrook Park', day: saturday, start: 9 * 60, minutes: 60, host: false, source: 'Marcus Reed', scheduledOn: null });
    expect(planOf(fiona, 5).indexOf('waking up and getting ready for the day at home')).toBe(8);
  });

  it('a meal out is named by the clock: no lunch at 9 for the baker who started at 4, no lunch before 11 or after 2, dinner from 5 (at home, dinner is when the persona file says)', () => {
    const luis = make('luis-moreno'); // up at 4, bakes 5–13
    expect(planOf(luis, 0)[9]).toMatch(/^having a mid-morning meal at /);
    expect(planOf(luis, 0).join('|')).not.toMatch(/lunch/);
    const named: [RegExp, number, number][] = [
      [/\bbreakfast\b/, 0, 12],
      [/\bmid-morning\b/, 9, 11],
      [/\blunch\b/, 11, 15],
      [/\bdinner\b/, 17, 24],
      [/\bsupper\b/, 22, 24],
    ];
    for (const spec of specs) {
      const p = make(spec.id);
      for (let day = 0; day < 28; day++) {
        planOf(p, day).forEach((a, h) => {
          if (/^having /.test(a) && !/ at home$/.test(a)) for (const [re, from, to] of named) if (re.test(a)) expect(h >= from && h < to, `${p.name} on day ${day} at ${h}:00: "${a}"`).toBe(true);
        });
      }
    }
  });

  it('a weekend day off starts an hour later for those up by 8 on work days', () => {
    const walter = make('walter-brooks'); // up at 6, works Mon–Fri
    expect(planOf(walter, 0).indexOf('waking up and getting ready for the day at home')).toBe(6);
    expect(planOf(walter, 5).indexOf('waking up and getting ready for the day at home')).toBe(7);
    const owen = make('owen-clarke'); // up at 10
    expect(planOf(owen, 5).indexOf('waking up and getting ready for the day at home')).toBe(10);
  });

  it("pastimes come from the persona's own file: Marcus plays guitar on days off, Kenji (married to a painter) does not paint", () => {
    const marcus = make('marcus-reed');
    const kenji = make('kenji-sato');
    const fortnight = (p: Persona) => Array.from({ length: 14 }, (_, d) => planOf(p, d)).flat();
    expect(fortnight(marcus).some((a) => /playing guitar|writing a song/.test(a))).toBe(true);
    expect(fortnight(kenji).filter((a) => /paint|sketch|guitar/.test(a))).toEqual([]);
  });

  it("the lifestyle's habit before breakfast, a standing weekly arrangement from a relationship note", () => {
    const kenji = make('kenji-sato'); // "jogs around the pond in Millbrook Park before breakfast"
    for (let day = 0; day < 7; day++) expect(planOf(kenji, day)).toContain('jogging around the pond in Millbrook Park');
    const hans = make('hans-becker'); // "Walter and I have played chess on Saturday afternoons for twenty years"
    const saturday = planOf(hans, 5);
    const chess = saturday.indexOf('playing chess with Walter at Brooks Cottage');
    expect(chess).toBeGreaterThanOrEqual(12);
    expect(chess).toBeLessThan(18);
    expect(planOf(hans, 4)).not.toContain('playing chess with Walter at Brooks Cottage');
  });

  it('a visit is paid when the friend is at home: awake and not at work', () => {
    let visits = 0;
    for (const spec of specs) {
      const p = make(spec.id);
      for (let day = 0; day < 28; day++) {
        planOf(p, day).forEach((a, h) => {
          const m = /^visiting (\w+) at /.exec(a);
          if (!m) return;
          visits++;
          const host = specs.find((s) => s.firstName === m[1])!;
          const job = host.occupation!;
          const working = job.days.includes(weekday(day) as never) && h * 60 >= parseHHMM(job.start) && h * 60 < parseHHMM(job.end);
          expect(working, `${p.name} visits ${host.name} at ${h}:00 on ${weekday(day)}, at work`).toBe(false);
          expect(h, `${host.name} still asleep when ${p.name} calls`).toBeGreaterThan(Number(/wakes up around (\d+) am/.exec(host.lifestyle)![1]));
        });
      }
    }
    expect(visits).toBeGreaterThan(100);
  });

  it('a sociable temper goes out and visits more than a shy one', () => {
    const outings = (id: string) => {
      const p = make(id);
      let out = 0;
      let free = 0;
      for (let day = 0; day < 28; day++) {
        const plan = planOf(p, day);
        for (let h = 17; h < 22; h++) {
          if (/^(working|attending|sleeping|getting ready|cooking)/.test(plan[h]!)) continue;
          free++;
          if (/^visiting|The Copper Kettle/.test(plan[h]!)) out++;
        }
      }
      return out / free;
    };
    expect(outings('sofia-moreno')).toBeGreaterThan(outings('lily-hartwell') + 0.1); // "energetic, sociable" vs "dreamy, shy"
  });

  it("what yesterday left: the resident today's status has in mind is visited; a party one goes to gets a present first, one hosts tomorrow its shopping", () => {
    const lily = make('lily-hartwell');
    lily.currently = `${lily.spec.currently} Today Lily has in mind: Marcus wants to play his own songs at the open-mic night at Bramble Café next Friday at 7 pm.`;
    expect(planOf(lily, 1)).toContain('visiting Marcus at Elm Street Apartments');
    expect(planOf(make('lily-hartwell'), 1)).not.toContain('visiting Marcus at Elm Street Apartments');

    const tuesday = Math.floor(Date.UTC(2023, 1, 14) / DAY);
    const party = { event: "the Valentine's Day party", sector: 'Bramble Café', day: tuesday, start: 17 * 60, minutes: 120, source: 'Sofia Moreno', scheduledOn: null };
    const mia = make('mia-novak');
    mia.commitments.push({ ...party, host: false });
    const present = planOf(mia, 1).indexOf("buying a present for the Valentine's Day party at Patel Books");
    expect(present).toBeGreaterThan(0);
    expect(present).toBeLessThan(17);
    const sofia = make('sofia-moreno');
    sofia.commitments.push({ ...party, host: true, source: 'whisper' });
    expect(planOf(sofia, 0)).toContain("shopping for the Valentine's Day party at Willow Grocery & Pharmacy");
  });
});

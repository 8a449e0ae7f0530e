import type { Simulation, StepResult } from '../simulation';
import type { Persona } from '../persona/persona';
import { DAY, dayStart, formatDate, minuteOfDay } from '../clock';
import { VALENTINE_PARTY as P } from './party';
import { byCodeUnits } from '../order';
import { at, defined } from '../checked';
import { generatedTexts, scanPhrasing, type PhrasingFlaw } from './phrasing';

/**
 * Figures that say whether the offline town reads as believable (issue #20): how varied the talk is,
 * whether days differ, whether interviews answer the question, and whether a party looks like one.
 * Each figure is computed from what the town did, never from the brain's own bookkeeping.
 */

interface TalkFigures {
  lines: number;
  distinct: number;
  /** The most repeated line and how often it was said. */
  top: { text: string; count: number }[];
}

function talkFigures(lines: string[]): TalkFigures {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || byCodeUnits(a[0], b[0])).slice(0, 5).map(([text, count]) => ({ text, count }));
  return { lines: lines.length, distinct: counts.size, top };
}

/** Each persona's hourly schedule per day, as planned (before commitments and chats reshape it). */
class PlanWatch {
  readonly byPersona = new Map<string, Map<number, string>>();
  /** The daily plan (daily_req) per persona and day. */
  readonly reqs = new Map<string, Map<number, string>>();
  /** The activities of each persona's plan per day. */
  readonly activities = new Map<string, Map<number, Set<string>>>();
  /** Persona-days (after the first) whose plan follows up the day before, and how many were looked at. */
  followUps = { days: 0, of: 0, examples: [] as string[] };
  observe(sim: Simulation): void {
    const day = Math.floor(dayStart(sim.now) / DAY);
    for (const p of sim.personas) {
      const plan = p.scratch.fDailyScheduleHourlyOrg;
      if (plan.length === 0 || p.plannedDay !== day) continue;
      let days = this.byPersona.get(p.name);
      if (!days) this.byPersona.set(p.name, (days = new Map()));
      if (!days.has(day)) {
        days.set(day, plan.map(([t, m]) => `${t} ${m}`).join('|'));
        const acts = new Set(plan.map(([t]) => t));
        let all = this.activities.get(p.name);
        if (!all) this.activities.set(p.name, (all = new Map()));
        all.set(day, acts);
        const follow = all.size > 1 ? followUp(sim, p, acts, day) : null;
        if (follow) {
          this.followUps.of++;
          if (follow.done) {
            this.followUps.days++;
            if (this.followUps.examples.length < 5) this.followUps.examples.push(`${p.name}, ${formatDate(day * DAY)}: ${follow.done}`);
          }
        }
      }
      let reqs = this.reqs.get(p.name);
      if (!reqs) this.reqs.set(p.name, (reqs = new Map()));
      if (!reqs.has(day)) reqs.set(day, p.scratch.dailyReq.join('|'));
    }
  }
  /** Distinct daily plans (daily_req) per persona. */
  distinctReqs(): Map<string, number> {
    return new Map([...this.reqs].map(([name, days]) => [name, new Set(days.values()).size]));
  }
  /**
   * Weekend days (Saturday, Sunday) whose plan has an activity no weekday plan in the whole town has
   * (a weekend of its own, not a weekday's pick of the same things), and how many weekend days there were.
   */
  weekendsOwn(): { days: number; of: number } {
    const weekend = (d: number) => [0, 6].includes(new Date(d * DAY).getUTCDay());
    const weekdays = new Set([...this.activities.values()].flatMap((byDay) => [...byDay].filter(([d]) => !weekend(d)).flatMap(([, acts]) => [...acts])));
    let days = 0;
    let of = 0;
    for (const byDay of this.activities.values()) {
      for (const [d, acts] of byDay) {
        if (!weekend(d)) continue;
        of++;
        if ([...acts].some((a) => !weekdays.has(a))) days++;
      }
    }
    return { days, of };
  }
  /** Distinct activities per persona over the run. */
  distinctActivities(): Map<string, number> {
    return new Map([...this.activities].map(([name, byDay]) => [name, new Set([...byDay.values()].flatMap((a) => [...a])).size]));
  }
  /** Distinct plans per persona. */
  distinct(): Map<string, number> {
    return new Map([...this.byPersona].map(([name, days]) => [name, new Set(days.values()).size]));
  }
}

/**
 * What a new day brought in mind, and whether the day's plan acts on it. In mind: residents the
 * morning's revised status (revise_identity's `currently`) names that the persona file's status
 * did not, and festive events the persona has taken on for today or tomorrow. Acted on: a visit to
 * one of those residents, or an errand naming the event. Null when nothing new was in mind.
 */
function followUp(sim: Simulation, p: Persona, today: Set<string>, day: number): { done: string | null } | null {
  const first = (n: string) => n.split(' ')[0] ?? n;
  const named = (text: string, who: string) => new RegExp(`\\b${first(who)}\\b`).test(text);
  const fresh = sim.personas.filter((o) => o !== p && named(p.currently, o.name) && !named(p.spec.currently, o.name)).map((o) => first(o.name));
  const events = p.commitments.filter((c) => (c.day === day || c.day === day + 1) && /party|celebration|dinner|wedding|birthday/i.test(c.event)).map((c) => c.event);
  if (fresh.length === 0 && events.length === 0) return null;
  for (const a of today) {
    const visit = /^(?:visiting|seeing|looking for) ([A-Z][\w'-]*)\b/.exec(a);
    if (visit && fresh.includes(at(visit, 1, 'visited name'))) return { done: a };
    if (events.some((e) => a.includes(` ${e} `) && !/^(going to|hosting) /.test(a))) return { done: a };
  }
  return { done: null };
}

/** Guests (not the host) standing (not walking) on each tile of the event's sector, at one step. */
function guestsPerTile(sim: Simulation, r: StepResult, sector: string, host: string): number[] {
  const w = sim.world;
  const counts = new Map<number, number>();
  for (const f of r.personas) {
    // Guests standing there, not walking through.
    if (f.name === host || (sim.byName.get(f.name)?.scratch.plannedPath.length ?? 0) > 0) continue;
    const i = f.tile.y * w.width + f.tile.x;
    const s = w.sectorAt[i];
    if (s === undefined || s < 0 || w.sectors[s]?.name !== sector) continue;
    counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  return [...counts.values()];
}

/** One interview question with the fact its answer must contain (any of `facts`, case-insensitive). */
interface InterviewCase {
  persona: string;
  question: string;
  facts: RegExp;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (words: string[]) => new RegExp(words.map((w) => `\\b${esc(w)}`).join('|'), 'i');

/** The words that identify a schedule task: the place it names, else its first two words. */
function taskFact(sim: Simulation, task: string): string[] {
  const parent = task.replace(/ \([^()]*\)$/, '');
  const place = [...sim.world.sectors].sort((a, b) => b.name.length - a.name.length).find((s) => parent.includes(s.name));
  if (place) return [place.name];
  if (/at home$|^sleeping/.test(parent)) return [parent.split(' ')[0] ?? parent, 'home'];
  return [parent.split(' ').slice(0, 2).join(' ')];
}

/** The task in the persona's schedule at a minute of today. */
export function taskAt(p: Persona, minute: number): string {
  let sum = 0;
  for (const [t, m] of p.scratch.fDailySchedule) {
    sum += m;
    if (sum > minute) return t;
  }
  return 'sleeping';
}

/**
 * Thirty questions with known answers, for three residents (the party's host and two others picked by
 * position), read from the town's state at the time they are asked: the persona file, today's
 * schedule, its commitments and its conversations.
 */
function interviewCases(sim: Simulation): InterviewCase[] {
  const sorted = [...sim.personas].sort((a, b) => byCodeUnits(a.id, b.id));
  const host = defined(sim.byId.get(P.host), `the host ${P.host}`);
  const picks = [host, ...[at(sorted, 3, 'resident'), at(sorted, 15, 'resident'), at(sorted, 9, 'resident')].filter((p) => p !== host)].slice(0, 3);
  const today = Math.floor(dayStart(sim.now) / DAY);
  const nowMin = minuteOfDay(sim.now);
  const out: InterviewCase[] = [];
  for (const p of picks) {
    const ask = (question: string, facts: RegExp) => out.push({ persona: p.id, question, facts });
    const job = p.spec.occupation;
    ask('Where do you work?', job ? anyOf([job.workplace]) : /don't|do not|no job|not working|retired/i);
    ask('What are you doing right now?', anyOf(taskFact(sim, p.scratch.actDescription ?? taskAt(p, nowMin))));
    const evening = [19 * 60, 20 * 60].map((m) => taskAt(p, m));
    ask('What are you going to do this evening?', anyOf(evening.flatMap((t) => taskFact(sim, t))));
    ask('What will you be doing at 3 pm?', anyOf(taskFact(sim, taskAt(p, 15 * 60))));
    const [r0, r1] = p.spec.relationships;
    const nameOf = (id: string) => sim.byId.get(id)?.name ?? id;
    if (r0) ask(`Who is your ${r0.kind}?`, anyOf([nameOf(r0.id).split(' ')[0] ?? r0.id]));
    if (r1) ask(`What do you think of ${nameOf(r1.id).split(' ')[0]}?`, anyOf([r1.kind, ...(r1.note.split(/[;,.]/)[0] ?? '').split(' ').filter((w) => w.length > 5)]));
    const party = p.commitments.find((c) => P.topic.test(c.event));
    ask("Are you going to the Valentine's Day party?", p === host ? /\bhost|\bthrowing|\bmy party/i : party ? /\byes\b|I'm going|I am going|I'll be there/i : /\bno\b|not going|haven't heard|don't know|can't/i);
    const talked = [...new Set(sim.conversations.filter((c) => Math.floor(dayStart(c.time) / DAY) === today && c.participants.includes(p.name)).flatMap((c) => c.participants.filter((n) => n !== p.name)))];
    ask('Who did you talk to today?', talked.length > 0 ? anyOf(talked.map((n) => n.split(' ')[0] ?? n)) : /nobody|no one|haven't talked|haven't spoken/i);
    const wake = p.scratch.wakeUpHour;
    ask('What time do you usually wake up?', new RegExp(`\\b${wake % 12 === 0 ? 12 : wake % 12}(:00)?\\s*(am|a\\.m\\.|in the morning)`, 'i'));
    ask('What do you know about the harvest festival?', /I don't know|no idea|haven't heard/i);
  }
  return out.slice(0, 30);
}

interface WeekFigures {
  days: number;
  talk: TalkFigures;
  /** Distinct hourly plans per persona over the run. */
  plans: Map<string, number>;
  /** Distinct daily plans (the plan list, daily_req) per persona over the run. */
  reqs: Map<string, number>;
  /** Distinct activities per persona over the run. */
  activities: Map<string, number>;
  /** Weekend days with an activity of their own (none of the persona's weekday plans has it). */
  weekends: { days: number; of: number };
  /** Plans that follow up the day before (see followUp). */
  followUps: { days: number; of: number; examples: string[] };
  interviews: { persona: string; question: string; answer: string; ok: boolean }[];
  /** Guests per occupied tile of the party's sector, from 5:30 to 6:30 pm: the most on one tile, and the mean. */
  party: { maxPerTile: number; meanPerTile: number; guestsAt6: number; tilesAt6: number };
  /** Slips in everything the town said and thought (src/sim/scenario/phrasing.ts), and how many texts were scanned. */
  phrasing: { texts: number; flaws: PhrasingFlaw[] };
}

/**
 * A week of the town with the Valentine's party whispered on the first morning: talk and plans over
 * the whole run, the interview set asked at 2 pm on the party day, guests per tile during the party.
 */
export async function runWeek(sim: Simulation, days: number, onStep?: (step: number) => void): Promise<WeekFigures> {
  const host = defined(sim.byId.get(P.host), `the host ${P.host}`);
  const whisperAt = Date.parse(`${P.whisperAt}Z`);
  const askAt = P.partyStart - 3 * 3_600_000;
  const end = sim.clock.startMs + days * DAY;
  const plans = new PlanWatch();
  const interviews: WeekFigures['interviews'] = [];
  let whispered = false;
  let asked = false;
  let maxPerTile = 0;
  let tileSum = 0;
  let tileN = 0;
  let at6 = { guests: 0, tiles: 0 };
  while (sim.now < end) {
    if (!whispered && sim.now >= whisperAt) {
      sim.whisper(host.id, P.whisper);
      whispered = true;
    }
    if (!asked && sim.now >= askAt) {
      asked = true;
      for (const c of interviewCases(sim)) {
        const answer = await sim.interview(c.persona, c.question);
        interviews.push({ persona: c.persona, question: c.question, answer, ok: c.facts.test(answer) });
      }
    }
    const r = await sim.tick();
    if (minuteOfDay(sim.now) === 12 * 60) plans.observe(sim);
    if (r.time >= P.partyStart + 30 * 60_000 && r.time < P.partyStart + 90 * 60_000) {
      const counts = guestsPerTile(sim, r, P.sector, host.name);
      for (const n of counts) {
        maxPerTile = Math.max(maxPerTile, n);
        tileSum += n;
        tileN++;
      }
      if (r.time === P.partyStart + 60 * 60_000) at6 = { guests: counts.reduce((a, b) => a + b, 0), tiles: counts.length };
    }
    onStep?.(sim.step);
  }
  const lines = sim.conversations.flatMap((c) => c.lines.map((l) => l.text));
  const texts = generatedTexts(sim).concat(
    interviews.map((i) => {
      const p = defined(sim.byId.get(i.persona), i.persona);
      return { text: i.answer, source: `interview of ${p.name}`, speaker: { name: p.name, firstName: p.firstName } };
    }),
  );
  const phrasing = { texts: texts.length, flaws: scanPhrasing(texts, sim.personas) };
  return { days, talk: talkFigures(lines), plans: plans.distinct(), reqs: plans.distinctReqs(), activities: plans.distinctActivities(), weekends: plans.weekendsOwn(), followUps: plans.followUps, interviews, party: { maxPerTile, meanPerTile: tileN ? tileSum / tileN : 0, guestsAt6: at6.guests, tilesAt6: at6.tiles }, phrasing };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadTown } from '../node/town';
import { whisperFirstMemories, type TownPack } from '../pack/open';
import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { DAY } from '../sim/clock';
import { checkPersonasAgainstWorld } from '../sim/persona/load';
import { EventTracker } from '../sim/scenario/partyTracker';
import { modulesOf } from '../sim/ablation';
import { Recorder } from '../replay/recorder';
import { encodeReplay } from '../replay/codec';
import { defaultCallPlan } from '../sim/brain/callPlan';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import type { ExperimentConfig, RunSpec } from './config';
import { scenarioPlan, sourceOf, type ScenarioPlan } from './scenarios';
import { auditAnswer, relationshipDensity, type UnsupportedClaim } from './measures';
import { batteryFor, CATEGORIES, type Category } from './battery';
import { modelBrainFor } from './modelBrain';
import { CALL_FILE_FORMAT } from './recording';
import { gzip } from '../io/bounded';
import type { CallRecord } from '../llm/callLog';
import type { Persona } from '../sim/persona/persona';

/** What one run measured: the row of results.csv and the run's file (runs/ID.json). */
export interface RunResult {
  id: string;
  scenario: string;
  condition: string;
  seed: number;
  days: number;
  personas: number;
  brain: string;
  /** Residents besides the whispered one who heard the news, of how many. */
  heard: number;
  others: number;
  /** Residents besides the source whose persona file already speaks of the news (the election's seeded candidacy). */
  knewAtStart: number;
  /** Besides the source, those who knew at the end: knew at the start or heard. */
  aware: number;
  /** Who heard, when (game ms) and from whom: the spread curve. */
  spread: { name: string; time: number; from: string }[];
  invited: number | null;
  accepted: number | null;
  attended: number | null;
  /** Of the invited, how many came (the paper's 5 of 12). */
  invitedCame: number | null;
  attendees: string[];
  /** Election: residents who, asked at the end, name the candidate as their vote. */
  voting: number | null;
  densityStart: number;
  densityEnd: number;
  interviews: InterviewSummary | null;
  calls: number;
  tokens: number;
  callsPerPersonaDay: number;
  tokensPerPersonaDay: number;
  fallbacks: number;
  /** Calls a recording (replayCalls) did not hold, answered by the configured or offline brain. */
  unrecordedCalls: number;
  wallSeconds: number;
  steps: number;
  /** The run's replay, relative to the experiment folder. */
  replay: string;
  /** Its model calls (calls/ID.json.gz), for --replay-calls; null on the offline brain. */
  callsFile: string | null;
}

interface InterviewSummary {
  asked: number;
  /** Answers with a known fact to check, and how many held it, per category. */
  checked: Record<Category, { checked: number; correct: number }>;
  hallucinations: number;
  claims: UnsupportedClaim[];
  answers: { persona: string; category: Category; question: string; answer: string }[];
}

const NEWS_QUESTION: Record<string, string> = {
  party: 'Do you know of any upcoming party?',
  election: 'Is anyone running for mayor?',
  diffusion: 'Have you heard any news lately?',
  interviews: 'Have you heard any news lately?',
};

/** The town an experiment runs in: ours, or the pack its config names (as `npm run sim -- --town`). */
async function loadExperimentTown(c: ExperimentConfig, plan: ScenarioPlan): Promise<{ pack: TownPack; world: WorldModel; personas: PersonaSpec[] }> {
  const pack = await loadTown(c.town);
  const world = pack.world;
  let personas = pack.personas;
  if (c.personas !== undefined && c.personas < personas.length) {
    // A small town for a quick run: the first n residents, the whispered one always among them.
    const whispered = personas.find((p) => p.id === sourceOf(plan));
    personas = personas.filter((p) => p !== whispered).slice(0, whispered ? c.personas - 1 : c.personas);
    if (whispered) personas.unshift(whispered);
  }
  checkPersonasAgainstWorld(personas, world);
  const source = sourceOf(plan);
  if (source && !personas.some((p) => p.id === source)) throw new Error(`The news starts with "${source}", who does not live in this town (${personas.map((p) => p.id).join(', ')})`);
  if (plan.event && !world.sectors.some((s) => s.name === plan.event?.sector)) throw new Error(`The scenario needs ${plan.event.sector} on the map`);
  return { pack, world, personas };
}

/** Run one seed of the experiment under one condition, write its replay under `dir`, and measure it. */
export async function runOne(c: ExperimentConfig, run: RunSpec, dir: string): Promise<RunResult> {
  const t0 = performance.now();
  const plan = scenarioPlan(c);
  const town = await loadExperimentTown(c, plan);
  const offline = new OfflineBrain(run.seed, town.personas);
  // The offline condition is the offline brain itself; every other runs on the configured brain (or a recording's replies).
  const model = run.condition === 'offline' ? null : await modelBrainFor(c, offline);
  const brain = model?.brain ?? offline;
  const sim = new Simulation({
    world: town.world,
    personas: town.personas,
    brain,
    seed: run.seed,
    start: plan.start,
    stepSeconds: town.pack.stepSeconds,
    // Smallville's lock-step semantics: a slow model changes nothing but the wall time, and a re-run is exact.
    stepMode: 'lockstep',
    callPlan: model ? (c.brain !== 'offline' && c.brain.calls ? c.brain.calls : defaultCallPlan(true)) : defaultCallPlan(false),
    modules: modulesOf(run.condition === 'offline' ? 'full' : run.condition),
  });
  whisperFirstMemories(sim, town.pack);
  const recorder = new Recorder(sim, { title: `${c.name}: ${run.id}`, maxCallText: 1_000_000 });
  const calls: CallRecord[] = [];
  model?.brain.log.listeners.add((call) => {
    recorder.addCall(call);
    calls.push(call);
  });
  const whisperTo = plan.whisper ? (sim.byId.get(plan.whisper.to) ?? null) : null;
  const source = sim.byId.get(sourceOf(plan) ?? '') ?? null;
  // Who knew before anyone talked: the source, and residents whose persona file speaks of the news.
  const knewAtStart = sim.personas.filter((p) => p !== source && plan.topic.test(personaText(p))).map((p) => p.name);
  const tracker = new EventTracker(sim.world, { topic: plan.topic, host: source?.name ?? '', sector: plan.event?.sector ?? '', start: plan.event?.start ?? 0, end: plan.event?.end ?? 0 });
  const densityStart = relationshipDensity(sim.personas);
  const until = sim.clock.startMs + c.days * DAY;
  let done = false;
  while (sim.now < until) {
    if (plan.whisper && whisperTo && !done && sim.now >= plan.whisper.at) {
      sim.whisper(whisperTo.id, plan.whisper.text);
      done = true;
    }
    const r = await sim.tick();
    tracker.observe(r);
    recorder.record(r);
  }
  const densityEnd = relationshipDensity(sim.personas);
  const heardNames = new Set([...tracker.heard.keys(), ...knewAtStart]);
  const wantsInterviews = c.interviews ?? c.scenario === 'interviews';
  const interviews = wantsInterviews ? await interviewEveryone(sim, plan, heardNames, NEWS_QUESTION[c.scenario] ?? '') : null;
  const voting = plan.candidate ? await votesFor(sim, plan.candidate) : null;

  recorder.snapshotNow();
  const replay = join('replays', `${run.id}.json.gz`);
  mkdirSync(dirname(join(dir, replay)), { recursive: true });
  writeFileSync(join(dir, replay), await encodeReplay(recorder.toReplay()));
  // Every model call, the interviews' included (a replay keeps only the steps'): what --replay-calls re-runs from.
  const callFile = model ? join('calls', `${run.id}.json.gz`) : null;
  if (callFile) {
    mkdirSync(dirname(join(dir, callFile)), { recursive: true });
    const doc = { format: CALL_FILE_FORMAT, version: 1, brain: sim.brain.name, calls: calls.map(({ persona, module, prompt, promptVersion, promptText, replies, tokens, gameTime, outcome }) => ({ persona, module, prompt, promptVersion, promptText, replies, tokens, gameTime, outcome })) };
    writeFileSync(join(dir, callFile), await gzip(new TextEncoder().encode(JSON.stringify(doc))));
  }

  const brainCalls = [...sim.brain.stats.values()].reduce((n, s) => n + s.calls, 0);
  const totals = model?.brain.log.totals;
  const tokens = totals ? totals.promptTokens + totals.completionTokens : 0;
  const personaDays = sim.personas.length * c.days;
  const modelCalls = totals?.calls ?? brainCalls;
  const others = sim.personas.filter((p) => p !== source).length;
  const aware = new Set([...knewAtStart, ...tracker.heard.keys()]);
  const isParty = plan.event !== null;
  return {
    id: run.id,
    scenario: run.scenario,
    condition: run.condition,
    seed: run.seed,
    days: c.days,
    personas: sim.personas.length,
    brain: sim.brain.name,
    heard: source ? tracker.heard.size : 0,
    others,
    knewAtStart: knewAtStart.length,
    aware: source ? aware.size : 0,
    spread: [...tracker.heard.values()].sort((a, b) => a.time - b.time),
    invited: isParty ? tracker.invited.length : null,
    accepted: isParty ? new Set(tracker.invitations.filter((i) => i.accepted).map((i) => i.to)).size : null,
    attended: isParty ? tracker.attendees(sim.clock.stepSeconds).length : null,
    invitedCame: isParty ? tracker.attendees(sim.clock.stepSeconds).filter((n) => tracker.invited.includes(n)).length : null,
    attendees: isParty ? tracker.attendees(sim.clock.stepSeconds) : [],
    voting,
    densityStart: densityStart.density,
    densityEnd: densityEnd.density,
    interviews,
    calls: modelCalls,
    tokens,
    callsPerPersonaDay: modelCalls / personaDays,
    tokensPerPersonaDay: tokens / personaDays,
    fallbacks: sim.brain.fallbackTotal,
    unrecordedCalls: model?.unrecorded() ?? 0,
    wallSeconds: (performance.now() - t0) / 1000,
    steps: sim.step,
    replay,
    callsFile: callFile,
  };
}

/** What a persona's file says of it and its people (what it knows before the run). */
function personaText(p: Persona): string {
  const s = p.spec;
  return [s.innate, s.learned, s.currently, s.lifestyle, s.dailyPlanReq, ...s.relationships.map((r) => r.note)].join('\n');
}

/** Someone a persona knows from its persona file (the first who lives in this town). */
function acquaintanceOf(sim: Simulation, p: Persona): { name: string; firstName: string; occupation: string | null } | null {
  for (const r of p.spec.relationships) {
    const o = sim.byId.get(r.id);
    if (o) return { name: o.name, firstName: o.spec.firstName, occupation: o.spec.occupation?.title ?? null };
  }
  return null;
}

/** The battery asked of every persona at the end (sim.interview: nothing is remembered), checked and audited. */
async function interviewEveryone(sim: Simulation, plan: ScenarioPlan, heard: Set<string>, newsQuestion: string): Promise<InterviewSummary> {
  const residents = sim.personas.map((p) => ({ name: p.name, firstName: p.spec.firstName }));
  const places = [...new Set(sim.world.sectors.map((s) => s.name))];
  const checked = Object.fromEntries(CATEGORIES.map((k) => [k, { checked: 0, correct: 0 }])) as InterviewSummary['checked'];
  const claims: UnsupportedClaim[] = [];
  const answers: InterviewSummary['answers'] = [];
  for (const p of sim.personas) {
    const isSource = sourceOf(plan) === p.id;
    const facts = { heardNews: sourceOf(plan) ? isSource || heard.has(p.name) : null, topic: plan.topic, acquaintance: acquaintanceOf(sim, p) };
    for (const q of batteryFor(p, facts, newsQuestion)) {
      const answer = await sim.interview(p.id, q.text);
      answers.push({ persona: p.name, category: q.category, question: q.text, answer });
      const ok = q.check(answer);
      if (ok !== null) {
        checked[q.category].checked++;
        if (ok) checked[q.category].correct++;
      }
      claims.push(...auditAnswer(p, q.text, answer, residents, places));
    }
  }
  return { asked: answers.length, checked, hallucinations: claims.length, claims, answers };
}

/** Election: how many residents besides the candidate, asked whom they will vote for, name the candidate. */
async function votesFor(sim: Simulation, candidateId: string): Promise<number> {
  const candidate = sim.byId.get(candidateId);
  if (!candidate) return 0;
  let n = 0;
  for (const p of sim.personas) {
    if (p === candidate) continue;
    const answer = await sim.interview(p.id, 'Who are you going to vote for in the mayoral election?');
    if (new RegExp(`\\b${candidate.spec.firstName}\\b`, 'i').test(answer)) n++;
  }
  return n;
}

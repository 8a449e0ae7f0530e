import { Simulation, type StepMode } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import { createHamletStore, type Speed } from '../store/store';
import { LiveRunner } from '../store/liveRunner';
import { formatHHMM } from '../sim/clock';
import { Rng } from '../sim/rng';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { startFakeLlm, type FakeLlm, type FakeReply, type Responder } from '../../tests/support/fakeLlm';
import { goodModel } from '../../tests/support/goodModel';
import { at } from '../sim/checked';
import { talkativeModel } from '../../tests/support/talkativeModel';

/**
 * The model path under a real model's pace and under faults (issue 15, point 7), on a local fake
 * OpenAI-compatible server through the real `openai` client:
 * - the latency run: a small local model (1.5 s a call plus 40 completion tokens a second, serving
 *   one request at a time, or four), the town driven exactly as the page drives it (LiveRunner at a
 *   chosen speed) for a fixed real time: game minutes per real minute, the longest time the clock
 *   stood still, when the first persona left home, calls in flight over time;
 * - the fault storm: 30 % of replies faulty in ten ways, in the page's asynchronous mode and in
 *   lock-step: crashes, personas awake and acting at 9 am, fallbacks by reason.
 * Prints figures; asserts nothing.
 */

const START = '2023-02-13T07:00:00';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Town {
  world: WorldModel;
  personas: PersonaSpec[];
}

/** A small local model's pace: `parallel` requests at a time, each 1.5 s plus its completion tokens at 40 a second. */
function localModelPace(parallel: number, baseMs = 1500, tokensPerSecond = 40): (completionTokens: number) => Promise<void> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (tokens) => {
    if (active >= parallel) await new Promise<void>((r) => queue.push(r));
    else active++;
    try {
      await sleep(baseMs + (tokens / tokensPerSecond) * 1000);
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}

function modelTown(fake: FakeLlm, town: Town, opts: { concurrency: number; stepMode: StepMode; timeoutMs?: number }) {
  const offline = new OfflineBrain(1, town.personas);
  const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'bench-model', concurrency: opts.concurrency, timeoutMs: opts.timeoutMs ?? DEFAULT_CONFIG.timeoutMs });
  const llm = new LlmBrain(client, loadPromptsNode(), { offline });
  // The page's settings on a model: packed calls.
  const sim = new Simulation({ world: town.world, personas: town.personas, brain: llm, seed: 1, start: START, stepMode: opts.stepMode, callPlan: 'packed' });
  return { sim, llm, client };
}

/** Is the persona up and doing something (an action that is not sleep)? */
function up(p: Simulation['personas'][number]): boolean {
  const d = p.scratch.actDescription;
  return !!d && !/sleep/i.test(d);
}

/** Has the persona left the sector it lives in? */
function awayFromHome(sim: Simulation, p: Simulation['personas'][number]): boolean {
  const t = p.scratch.currTile;
  const s = sim.world.sectorAt[t.y * sim.world.width + t.x] ?? -1;
  // Outside any sector is the street: out of home.
  return s < 0 || sim.world.sectors[s]?.name !== p.spec.livingArea.split(':')[0];
}

interface LatencyResult {
  label: string;
  realSeconds: number;
  gameMinutes: number;
  steps: number;
  longestStillMs: number;
  /** When it ended (real s after the start) and the game time then. */
  longestStillAt: { realSeconds: number; game: string };
  /** The longest after the first step (which computes the whole town's morning). */
  longestAfterFirstMs: number;
  /** Step interval at the chosen speed, ms. */
  slotMs: number;
  p99GapMs: number;
  /** The first persona up and doing something other than sleeping (on the brain's answers). */
  firstUp: { realSeconds: number; game: string; who: string } | null;
  firstLeftHome: { realSeconds: number; game: string; who: string } | null;
  upAtEnd: number;
  awayAtEnd: number;
  series: { t: number; game: string; serverMax: number; serverMean: number; awaitingMean: number; ok: number; fallbacks: number }[];
  calls: { ok: number; retried: number; fallback: number };
  /** Where the first persona out of home spent the seconds from load to the street: its calls (asked and answered, real s) and when it was up. */
  firstOutTimeline: { calls: { module: string; asked: number; answered: number }[]; upAt: number | null } | null;
}

/** The latency run: the town on a slow local model (or, `parallel` 0, on the offline brain, for reference), driven as the page drives it, for `seconds` of real time. */
async function latencyRun(town: Town, parallel: number, seconds: number, speed: Speed): Promise<LatencyResult> {
  const pace = localModelPace(parallel);
  // The talkative model plans a day from each persona's work hours and haunts (those who work early
  // go out early), as a real model reading the same prompt would; goodModel keeps everyone home until 9.
  const model = talkativeModel();
  const responder: Responder = (body, task, prompt) => {
    const r = model(body, task, prompt);
    return r.kind === 'content' ? { ...r, after: pace(Math.ceil(r.content.length / 4)) } : r;
  };
  const fake = await startFakeLlm(responder);
  try {
    const { sim, llm } = parallel > 0 ? modelTown(fake, town, { concurrency: parallel, stepMode: 'async' }) : { sim: new Simulation({ world: town.world, personas: town.personas, brain: new OfflineBrain(1, town.personas), seed: 1, start: START, callPlan: 'packed' }), llm: null };
    const store = createHamletStore();
    const runner = new LiveRunner(sim, store);
    store.getState().setSpeed(speed);
    const t0 = performance.now();
    let last = t0;
    const gaps: number[] = [];
    let longest = { ms: 0, realSeconds: 0, game: '' };
    let first: LatencyResult['firstLeftHome'] = null;
    let firstUp: LatencyResult['firstUp'] = null;
    // Each persona's calls (asked = answered − the call's latency, which includes any wait for a slot) and when it was first up.
    const callsOf = new Map<string, { module: string; asked: number; answered: number }[]>();
    const upAt = new Map<string, number>();
    llm?.log.listeners.add((r) => {
      const answered = (performance.now() - t0) / 1000;
      const list = callsOf.get(r.persona) ?? [];
      list.push({ module: r.module, asked: answered - r.latencyMs / 1000, answered });
      callsOf.set(r.persona, list);
    });
    let firstOutId: string | null = null;
    runner.onStep = () => {
      const t = performance.now();
      gaps.push(t - last);
      if (t - last > longest.ms) longest = { ms: t - last, realSeconds: (t - t0) / 1000, game: formatHHMM(sim.now) };
      last = t;
      if (!first) {
        const p = sim.personas.find((q) => awayFromHome(sim, q));
        if (p) {
          first = { realSeconds: (t - t0) / 1000, game: formatHHMM(sim.now), who: p.spec.name };
          firstOutId = p.id;
        }
      }
      for (const p of sim.personas) if (!upAt.has(p.id) && up(p)) upAt.set(p.id, (t - t0) / 1000);
      if (!firstUp) {
        const p = sim.personas.find(up);
        if (p) firstUp = { realSeconds: (t - t0) / 1000, game: formatHHMM(sim.now), who: p.spec.name };
      }
    };
    const series: LatencyResult['series'] = [];
    let bucket: { server: number[]; awaiting: number[] } = { server: [], awaiting: [] };
    const sampler = setInterval(() => {
      bucket.server.push(fake.inFlight);
      bucket.awaiting.push(sim.gate.inFlight);
      const t = Math.round((performance.now() - t0) / 1000);
      if (t > 0 && t % 10 === 0 && series.at(-1)?.t !== t) {
        const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
        const totals = llm?.log.totals ?? { calls: 0, fallbacks: 0 };
        series.push({ t, game: formatHHMM(sim.now), serverMax: Math.max(0, ...bucket.server), serverMean: mean(bucket.server), awaitingMean: mean(bucket.awaiting), ok: totals.calls - totals.fallbacks, fallbacks: sim.brain.fallbackTotal });
        bucket = { server: [], awaiting: [] };
      }
    }, 250);
    runner.start();
    await sleep(seconds * 1000);
    runner.dispose();
    clearInterval(sampler);
    // The stand-still until the run stopped counts too.
    gaps.push(performance.now() - last);
    const realSeconds = (performance.now() - t0) / 1000;
    const sorted = gaps.slice().sort((a, b) => a - b);
    const outcomes = { ok: 0, retried: 0, fallback: 0 };
    for (const r of llm?.log.records ?? []) outcomes[r.outcome]++;
    return {
      label: parallel === 0 ? 'the offline brain (for reference)' : parallel === 1 ? 'one request at a time' : `${parallel} requests at a time`,
      realSeconds,
      gameMinutes: (sim.now - sim.clock.startMs) / 60_000,
      steps: sim.step,
      longestStillMs: sorted.at(-1) ?? 0,
      longestStillAt: longest,
      longestAfterFirstMs: Math.max(0, ...gaps.slice(1)),
      slotMs: 1000 / speed,
      p99GapMs: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      firstUp,
      firstLeftHome: first,
      upAtEnd: sim.personas.filter(up).length,
      awayAtEnd: sim.personas.filter((p) => awayFromHome(sim, p)).length,
      series,
      calls: outcomes,
      firstOutTimeline: firstOutId === null || !first ? null : { calls: (callsOf.get(firstOutId) ?? []).filter((c) => c.asked <= (first?.realSeconds ?? 0)), upAt: upAt.get(firstOutId) ?? null },
    };
  } finally {
    await fake.close();
  }
}

function printLatency(r: LatencyResult, personas: number): void {
  console.log(`\n${r.label}: ${r.realSeconds.toFixed(0)} s real, ${r.steps} steps → ${(r.gameMinutes / (r.realSeconds / 60)).toFixed(1)} game minutes per real minute (7:00 → ${formatHHMM(Date.parse(`${START}Z`) + r.gameMinutes * 60_000)})`);
  console.log(`  longest the clock stood still: ${r.longestStillMs.toFixed(0)} ms, ending ${r.longestStillAt.realSeconds.toFixed(1)} s after the start (game ${r.longestStillAt.game}) (one step at this speed: ${r.slotMs.toFixed(0)} ms; after the first step at most ${r.longestAfterFirstMs.toFixed(0)} ms; 99th percentile gap ${r.p99GapMs.toFixed(0)} ms)`);
  const when = (f: LatencyResult['firstUp']) => (f ? `${f.realSeconds.toFixed(1)} s after the start (${f.who}, game ${f.game})` : 'none within the run');
  console.log(`  first persona up and doing something: ${when(r.firstUp)}; up at the end: ${r.upAtEnd} of ${personas}`);
  console.log(`  first persona out of home: ${when(r.firstLeftHome)}; out of home at the end: ${r.awayAtEnd} of ${personas}`);
  if (r.label.startsWith('the offline')) return;
  console.log(`  calls: ${r.calls.ok} ok, ${r.calls.retried} retried, ${r.calls.fallback} fell back`);
  const tl = r.firstOutTimeline;
  if (tl && r.firstLeftHome) {
    const calls = tl.calls.map((c) => `${c.module} asked ${c.asked.toFixed(1)} s, answered ${c.answered.toFixed(1)} s`).join('; ');
    console.log(`  the first out of home (${r.firstLeftHome.who}), from load: ${calls || 'no call'}; up ${tl.upAt === null ? '?' : `${tl.upAt.toFixed(1)} s`}; out ${r.firstLeftHome.realSeconds.toFixed(1)} s`);
  }
  console.log('  real s   game   at the server (max / mean)   asked, not yet answered (mean)   answers so far   fallbacks');
  for (const s of r.series) {
    const bar = '#'.repeat(Math.round(s.serverMean * 4));
    console.log(`  ${String(s.t).padStart(5)}  ${s.game}   ${String(s.serverMax).padStart(2)} / ${s.serverMean.toFixed(1).padStart(4)} ${bar.padEnd(17)} ${s.awaitingMean.toFixed(1).padStart(14)}   ${String(s.ok).padStart(22)}   ${String(s.fallbacks).padStart(9)}`);
  }
}

/** The model-latency figures: one request at a time, then four. */
export async function modelLatency(town: Town, opts: { seconds: number; speed: Speed }): Promise<void> {
  console.log(`\nModel latency (issue 15): ${town.personas.length} personas from 7:00, asynchronous mode driven as the page drives it at ${opts.speed}× (a step every ${1000 / opts.speed} ms), ${opts.seconds} s of real time each, on a fake local model answering in 1.5 s + 40 completion tokens/s, packed calls. Targets: the clock never still longer than one step; the first persona out of home within 10 s. The fake model is the talkative one: it plans each day from the persona's work hours and haunts, so those due at work early go out early, as on the offline brain.`);
  for (const parallel of [0, 1, 4]) printLatency(await latencyRun(town, parallel, opts.seconds, opts.speed), town.personas.length);
}

/** The ten ways a reply goes wrong in the storm. */
const FAULTS: [string, FakeReply][] = [
  ['malformed JSON', { kind: 'content', content: '{"oops": ' }],
  ['wrong shape', { kind: 'content', content: '{"answer": 42, "unexpected": [true]}' }],
  ['empty', { kind: 'content', content: '' }],
  ['refused', { kind: 'content', content: "I'm sorry, but I can't help with that request." }],
  ['429', { kind: 'status', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached' } } }],
  ['500', { kind: 'status', status: 500 }],
  ['hung 20 s', { kind: 'hang', ms: 20_000 }],
  ['dropped connection', { kind: 'destroy' }],
  ['200 KB', { kind: 'big', bytes: 200_000 }],
  ['HTML payload', { kind: 'raw', status: 200, contentType: 'text/html', body: '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>' }],
];

/** Why a call fell back, in a few words (from the guard's reason). */
function reasonKind(reason: string): string {
  const rules: [RegExp, string][] = [
    [/not called/, 'breaker open (not called)'],
    [/timeout|did not answer/i, 'timeout'],
    [/429|rate limit/i, 'rate limited (429)'],
    [/answered 5\d\d/, 'server error (5xx)'],
    [/cannot reach|connection/i, 'connection dropped'],
    [/larger than/, 'too large'],
    [/not valid JSON/, 'not JSON'],
    [/empty/, 'empty reply'],
    [/invalid answer/, 'invalid answer'],
    [/no valid reply/, 'invalid reply'],
  ];
  return rules.find(([re]) => re.test(reason))?.[1] ?? reason.slice(0, 60);
}

interface StormResult {
  mode: StepMode;
  realSeconds: number;
  crashes: string[];
  awakeAt9: number;
  notAwake: string[];
  faults: Map<string, number>;
  replies: number;
  fallbacks: Map<string, number>;
  fallbackTotal: number;
  calls: number;
  /** Calls that got a usable answer only after retrying (validation or transport). */
  retried: number;
}

/** The fault storm: 30 % of replies faulty, `personas` personas, 4 game hours from 7 am, in one step mode. */
async function faultStorm(town: Town, mode: StepMode): Promise<StormResult> {
  const good = goodModel();
  const faults = new Map<string, number>();
  let n = 0;
  // Seeded: which replies are faulty and how is the same every run (which call gets them depends on timing).
  const rng = new Rng(15);
  const responder: Responder = (body, task, prompt) => {
    n++;
    if (rng.chance(0.3)) {
      const [name, reply] = at(FAULTS, rng.int(FAULTS.length), 'fault');
      faults.set(name, (faults.get(name) ?? 0) + 1);
      return reply;
    }
    return good(body, task, prompt);
  };
  const fake = await startFakeLlm(responder);
  const crashes: string[] = [];
  const onRejection = (e: unknown) => crashes.push(`unhandled rejection: ${e instanceof Error ? e.message : String(e)}`);
  process.on('unhandledRejection', onRejection);
  try {
    const { sim, llm } = modelTown(fake, town, { concurrency: 4, stepMode: mode });
    const fallbacks = new Map<string, number>();
    sim.brain.onFallback = (e) => {
      const k = reasonKind(e.reason);
      fallbacks.set(k, (fallbacks.get(k) ?? 0) + 1);
    };
    const nineAm = Date.parse(`${START}Z`) + 2 * 3_600_000;
    const end = Date.parse(`${START}Z`) + 4 * 3_600_000;
    // What each persona is doing at 9:00.
    let at9: Map<string, string> | null = null;
    const check = () => {
      if (!at9 && sim.now >= nineAm) at9 = new Map(sim.personas.map((p) => [p.spec.name, p.scratch.actDescription ?? '']));
    };
    const t0 = performance.now();
    if (mode === 'lockstep') {
      while (sim.now < end) {
        try {
          await sim.tick();
        } catch (err) {
          crashes.push(err instanceof Error ? err.message : String(err));
          break;
        }
        check();
      }
    } else {
      // As the page runs it, at 10× (a hung call's 20 s are 33 game minutes).
      const store = createHamletStore();
      const runner = new LiveRunner(sim, store);
      store.getState().setSpeed(10);
      runner.onStep = check;
      runner.start();
      while (sim.now < end && store.getState().phase !== 'error') await sleep(100);
      runner.dispose();
      const s = store.getState();
      if (s.phase === 'error') crashes.push(s.error ?? 'the runner stopped');
    }
    const doing = [...((at9 as Map<string, string> | null) ?? new Map<string, string>())];
    const acting = (d: string) => d !== '' && !/sleep/i.test(d);
    return {
      mode,
      realSeconds: (performance.now() - t0) / 1000,
      crashes,
      awakeAt9: doing.filter(([, d]) => acting(d)).length,
      notAwake: doing.filter(([, d]) => !acting(d)).map(([name, d]) => `${name}: ${d || 'no action'}`),
      faults,
      replies: n,
      fallbacks,
      fallbackTotal: sim.brain.fallbackTotal,
      calls: llm.log.totals.calls,
      retried: llm.log.records.filter((c) => c.outcome === 'retried').length,
    };
  } finally {
    process.off('unhandledRejection', onRejection);
    await fake.close();
  }
}

export async function faultStorms(town: Town): Promise<void> {
  console.log(`\nFault storm (issue 15): ${town.personas.length} personas, 7:00 → 11:00, 30 % of replies faulty (${FAULTS.map(([k]) => k).join(', ')}), packed calls, 4 concurrent calls, 60 s timeout. Targets: 0 crashes; everyone awake and acting at 9:00.`);
  for (const mode of ['async', 'lockstep'] as const) {
    const r = await faultStorm(town, mode);
    const sortDesc = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(' · ');
    console.log(`\n${mode === 'async' ? "asynchronous (the page's mode, at 10×)" : 'lock-step'}: ${r.realSeconds.toFixed(0)} s real; crashes: ${r.crashes.length}${r.crashes.length ? ` (${r.crashes.slice(0, 3).join('; ')})` : ''}`);
    console.log(`  awake and acting at 9:00: ${r.awakeAt9} of ${town.personas.length}${r.notAwake.length ? ` (not: ${r.notAwake.join(', ')})` : ''}`);
    console.log(`  ${r.replies} replies, of which faulty: ${sortDesc(r.faults)}`);
    console.log(`  ${r.calls} brain calls logged: ${r.retried} answered after retrying, ${r.fallbackTotal} answered by the offline brain (fallbacks); fallbacks by reason: ${sortDesc(r.fallbacks) || 'none'}`);
  }
}

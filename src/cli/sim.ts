import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { Recorder } from '../replay/recorder';
import { encodeReplay } from '../replay/codec';
import { gunzip } from '../replay/gzip';
import { createGzip } from 'node:zlib';
import { loadTown } from '../node/town';
import { whisperFirstMemories, type TownPack } from '../pack/open';
import { Simulation, type PersonaFrame } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { formatDate, formatHHMM } from '../sim/clock';
import { checkPersonasAgainstWorld } from '../sim/persona/load';
import { checkReadable, checkWritable, numberOption, parseCli, startOption } from './args';
import { personasOption, scaleTown } from './town';
import { CALLS_OPTION, LLM_OPTIONS, UnreachableModel, callPlanFromArgs, checkReachable, llmBrainFromArgs, reportFallbacks } from './llmArgs';
import type { LlmBrain } from '../llm/llmBrain';
import { describeTotals } from '../llm/callLog';
import { registryModes } from '../sim/persona/agentState';
import { createSave, decodeSave, encodeSave, openSave, type SaveFile } from '../save/saveFile';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { STEP_MODE_OPTIONS, describeStepMode, paceStep, stepModeFromArgs } from './stepMode';
import { mapAddressOf, parseAddress } from '../sim/world/actionAddress';
import { defined } from '../sim/checked';
import { exitWhenDone, scrubProcessOutput } from './output';
import { readRecording, recordedBrain, reportRecording } from './replayCalls';
import type { RecordedCallsClient } from '../llm/recordedCalls';

const USAGE =
  'usage: npm run sim -- [--town PATH] [--hours 24] [--seed 1] [--personas 25] [--registry N] [--calls packed|faithful] [--no-pulse] [--start 2023-02-13T00:00:00] [--out FILE(.json.gz replay | .jsonl | .jsonl.gz)] [--window-hours 24]\n' +
  '                      [--load SAVE.hamlet.json.gz] [--save SAVE.hamlet.json.gz]  (a save: the town to go on from / the town at the end)\n' +
  '                      [--llm BASE_URL --model NAME [--concurrency 4] [--timeout 60] [--budget TOKENS] [--embedding-model NAME] [--structured json_schema|json_object|none]]  (key from OPENAI_API_KEY)\n' +
  '                      [--replay-calls RECORDING.json.gz]  (re-run a lock-step model run with no model: its recorded replies answer the calls; seed, start and residents from the recording)\n' +
  '                      [--lockstep | --speed 1]  (on a model: lock-step waits for every call; otherwise the clock runs at --speed and answers take effect when they arrive)';

function progressBar(done: number, total: number, label: string): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round((done / total) * 100)}% ${label}`;
}

const OPTIONS = {
  hours: { type: 'string' },
  seed: { type: 'string' },
  personas: { type: 'string' },
  registry: { type: 'string' },
  start: { type: 'string' },
  out: { type: 'string' },
  'window-hours': { type: 'string' },
  load: { type: 'string' },
  town: { type: 'string' },
  save: { type: 'string' },
  ...LLM_OPTIONS,
  ...STEP_MODE_OPTIONS,
  'no-pulse': { type: 'boolean' },
  'replay-calls': { type: 'string' },
  ...CALLS_OPTION,
} as const;

async function main(): Promise<void> {
  const { values: args } = parseCli(process.argv.slice(2), OPTIONS);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  // Every argument is checked before anything runs; the town first (a pack folder or a Smallville base; Hamlet's own by default).
  const pack = await loadTown(args.town);
  const recordingPath = args['replay-calls'];
  if (recordingPath !== undefined) for (const taken of ['seed', 'personas', 'start', 'load'] as const) if (args[taken] !== undefined) throw new Error(`--${taken} cannot be combined with --replay-calls: the recording holds the town`);
  const recording = recordingPath === undefined ? null : await readRecording(recordingPath);
  const recordedHours = recording ? (recording.steps.length * recording.stepSeconds) / 3600 : 24;
  const hours = numberOption('hours', args.hours, recordedHours, { above: 0 });
  const seed = recording?.seed ?? numberOption('seed', args.seed, 1, { integer: true, min: 0, max: 2 ** 32 - 1 });
  const count = recording?.personas.length ?? personasOption(args.personas, pack.personas, Math.min(25, pack.personas.length));
  const registryArg = numberOption('registry', args.registry, 0, { integer: true, min: 0, max: count });
  const start = recording?.start ?? startOption(args.start, pack.start);
  // The same window as the page's recorder (one game day): a week's recording no longer holds every step.
  const windowHours = numberOption('window-hours', args['window-hours'], 24, { min: 0 });
  // A re-execution is exact only in lock-step (an asynchronous step depends on when answers arrive).
  const stepMode = recording ? { ...stepModeFromArgs({ ...args, lockstep: true }) } : stepModeFromArgs(args);
  const out = args.out;
  const loadFrom = args.load;
  const saveTo = args.save;
  if (out !== undefined) {
    if (!/\.(json|json\.gz|jsonl|jsonl\.gz)$/.test(out)) throw new Error(`--out must end in .json.gz or .json (a replay), or .jsonl / .jsonl.gz (a step log), got "${out}"`);
    checkWritable('out', out);
  }
  if (saveTo !== undefined) checkWritable('save', saveTo);
  if (loadFrom !== undefined) checkReadable('load', loadFrom);
  let saved: SaveFile | null = null;
  let town: { personas: PersonaSpec[]; world: WorldModel; whispers: TownPack['whispers'] };
  if (typeof loadFrom === 'string') {
    for (const ignored of ['seed', 'personas', 'start', 'registry'] as const) if (args[ignored] !== undefined) throw new Error(`--${ignored} cannot be combined with --load: the save holds the town`);
    saved = await decodeSave(new Uint8Array(readFileSync(loadFrom)), `The save ${loadFrom}`);
    // A scaled town (--personas above 25) gives its copies their originals' spawns; the save names them.
    town = scaleTown(pack.personas, pack.world, saved.game.personas.length, pack.whispers);
  } else {
    town = scaleTown(pack.personas, pack.world, count, pack.whispers);
    checkPersonasAgainstWorld(town.personas, town.world);
  }
  if (recording) {
    const ids = town.personas.map((p) => p.id).join();
    if (ids !== recording.personas.map((p) => p.id).join()) throw new Error(`--replay-calls: the recording's residents (${recording.personas.map((p) => p.id).join(', ')}) are not this town's first ${count}`);
  }
  const made: { llm: LlmBrain | null; offline: OfflineBrain | null; recorded: RecordedCallsClient | null } = { llm: null, offline: null, recorded: null };
  const brainFor = (specs: PersonaSpec[], s: number) => {
    const offline = new OfflineBrain(s, specs);
    made.offline = offline;
    if (recording) {
      const r = recordedBrain(recording, args, offline);
      made.recorded = r.client;
      made.llm = r.brain;
    } else made.llm = llmBrainFromArgs(args, offline);
    return made.llm ?? offline;
  };
  let sim: Simulation;
  if (saved) {
    sim = openSave(saved, town.world, brainFor, `The save ${String(loadFrom)}`, stepMode.mode);
    town = { ...town, personas: sim.personas.map((p) => p.spec) };
    console.error(`loaded ${String(loadFrom)}: ${sim.personas.length} personas at ${formatDate(sim.now)} ${formatHHMM(sim.now)} (step ${sim.step})`);
  } else {
    const brainModes = registryModes(town.personas.map((p) => p.id), registryArg);
    sim = new Simulation({ world: town.world, personas: town.personas, brain: brainFor(town.personas, seed), seed, start, stepSeconds: pack.stepSeconds, brainModes, stepMode: stepMode.mode, pulse: !args['no-pulse'] });
    whisperFirstMemories(sim, town);
  }
  const llm = made.llm;
  if (llm && !made.recorded) await checkReachable(llm);
  const fallbacks = llm ? reportFallbacks(sim.brain, llm) : null;
  // The call plan is a setting, not part of a save: --calls, else packed on a model and faithful offline.
  sim.setCallPlan(callPlanFromArgs(args.calls, llm !== null));
  const steps = Math.round((hours * 3600) / sim.clock.stepSeconds);

  // A .json.gz / .json file is a replay (docs/replay-format.md); .jsonl is the old line-per-step log.
  const wantsReplay = (typeof out === 'string' && /\.json(\.gz)?$/.test(out)) || typeof saveTo === 'string';
  // On a model, calls are kept whole (not cut): what --replay-calls re-runs from.
  const recorderOpts = { title: `${pack.name}, ${town.personas.length} personas, seed ${sim.seed} (${sim.brain.name})`, maxSteps: windowHours > 0 ? Math.round((windowHours * 3600) / sim.clock.stepSeconds) : 0, ...(llm ? { maxCallText: 1_000_000 } : {}) };
  const recorder = wantsReplay ? ((saved?.recording && Recorder.resume(sim, saved.recording, recorderOpts)) ?? new Recorder(sim, recorderOpts)) : null;
  if (llm && recorder) llm.log.listeners.add((c) => recorder.addCall(c));
  let sink: NodeJS.WritableStream | null = null;
  if (typeof out === 'string' && !recorder) {
    const file = createWriteStream(out);
    if (out.endsWith('.gz')) {
      const gz = createGzip();
      gz.pipe(file);
      sink = gz;
    } else sink = file;
    sink.write(`${JSON.stringify({ format: 'hamlet-steps', version: 0, map: town.world.name, seed, start, stepSeconds: sim.clock.stepSeconds, personas: town.personas.map((p) => ({ id: p.id, name: p.name })) })}\n`);
  }

  // Hourly samples for the day summary: persona id → lines.
  const summary = new Map<string, string[]>(town.personas.map((p) => [p.id, []]));
  const last = new Map<string, string>();
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) {
    const stepStart = performance.now();
    const r = await sim.tick();
    recorder?.record(r);
    if (sink) {
      const changed = r.personas.filter((f) => {
        const key = `${f.tile.x},${f.tile.y}|${f.emoji}|${f.description}|${f.chattingWith}`;
        if (last.get(f.id) === key) return false;
        last.set(f.id, key);
        return true;
      });
      sink.write(`${JSON.stringify({ step: r.step, time: r.time, changed: changed.map(compact), chats: r.conversations })}\n`);
    }
    if (r.step % Math.round(3600 / sim.clock.stepSeconds) === 0) {
      for (const f of r.personas) summary.get(f.id)?.push(`  ${formatHHMM(r.time)}  ${where(f)} — ${f.chattingWith ? `chatting with ${f.chattingWith}` : f.description}  [${f.actionId ?? '-'}]`);
    }
    if (i % 200 === 0 || i === steps - 1) process.stderr.write(progressBar(i + 1, steps, formatHHMM(sim.now)));
    await paceStep(sim, stepMode, stepStart);
  }
  const secs = (performance.now() - t0) / 1000;
  process.stderr.write('\n');
  const why = fallbacks?.summary();
  if (why) console.error(why);
  if (made.recorded && recordingPath) console.error(reportRecording(made.recorded, recordingPath));
  const open = sink;
  if (open) await new Promise<void>((res) => open.end(res));
  if (typeof saveTo === 'string') {
    const bytes = await encodeSave(createSave(sim, { name: `${town.personas.length} personas, ${formatDate(sim.now)} ${formatHHMM(sim.now)}`, recorder, settings: saved?.settings ?? null }));
    writeFileSync(saveTo, bytes);
    console.error(`save: ${saveTo}, ${(bytes.length / 1024).toFixed(0)} KiB gzip (continue with --load ${saveTo}, or load it in the page)`);
  }
  if (recorder && typeof out === 'string' && /\.json(\.gz)?$/.test(out)) {
    recorder.snapshotNow();
    const bytes = await encodeReplay(recorder.toReplay());
    writeFileSync(out, out.endsWith('.gz') ? bytes : await gunzip(bytes));
    console.error(`replay: ${out}, ${(bytes.length / 1024).toFixed(0)} KiB gzip`);
  }

  console.log(`${pack.name}, ${formatDate(sim.clock.startMs)} — ${hours} h, ${town.personas.length} personas, seed ${sim.seed}, brain ${sim.brain.name}, ${sim.callPlan} calls\n`);
  for (const p of town.personas) {
    const agent = defined(sim.byId.get(p.id), p.id).agent;
    const st = agent.stats;
    console.log(`${p.name} (${p.occupation?.title ?? 'no job'}; ${agent.mode} brain; ${agent.wallet.credits} credits, holds ${Object.entries(agent.wallet.holdings).map(([k, n]) => `${n} ${k}`).join(', ') || 'nothing'}; ${st.decisions} decisions, ${st.rejections} rejected, ${st.defaults} defaults)`);
    console.log((summary.get(p.id) ?? []).join('\n'));
  }
  console.log(describeStepMode(llm !== null, stepMode));
  console.log(`\n${sim.conversations.length} conversations between ${new Set(sim.conversations.map((c) => [...c.participants].sort().join(' & '))).size} pairs; brain fallbacks: ${sim.brain.fallbackTotal}`);
  printActionTotals(sim);
  if (llm) printLlmTotals(llm, town.personas.map((p) => ({ id: p.id, name: p.name })), sim.clock.startMs, hours);
  if (llm) printCallsByMode(llm, sim);
  if (llm) printCallsByTask(llm, town.personas.length);
  console.log(`${steps} steps in ${secs.toFixed(2)} s (${Math.round((steps * town.personas.length) / secs)} agent-steps/s)${typeof out === 'string' ? `; ${recorder ? 'replay' : 'steps'} written to ${out}` : ''}`);
}

/** Calls and tokens per persona per game hour, and the totals. */
function printLlmTotals(llm: LlmBrain, people: { id: string; name: string }[], startMs: number, hours: number): void {
  const first = Math.floor(startMs / 3_600_000);
  console.log(`\nLLM calls / tokens per persona per game hour (${llm.name})`);
  console.log(`${'persona'.padEnd(22)}${Array.from({ length: Math.min(24, Math.ceil(hours)) }, (_, h) => `${String((first + h) % 24).padStart(2, '0')}:00`.padStart(11)).join('')}`);
  for (const p of people) {
    const cells: string[] = [];
    for (let h = 0; h < Math.min(24, Math.ceil(hours)); h++) {
      const t = llm.log.byPersonaHour.get(`${p.id}@${first + h}`);
      cells.push((t ? `${t.calls}/${t.promptTokens + t.completionTokens}` : '-').padStart(11));
    }
    const tot = llm.log.byPersona.get(p.id);
    console.log(`${p.name.padEnd(22)}${cells.join('')}   total ${tot?.calls ?? 0} calls, ${(tot?.promptTokens ?? 0) + (tot?.completionTokens ?? 0)} tokens, ${tot?.fallbacks ?? 0} fallbacks`);
  }
  const t = llm.log.totals;
  console.log(`Town: ${describeTotals(t)}`);
  const slots = llm.client.slots;
  console.log(`In flight: at most ${slots.peak} calls at once (--concurrency ${llm.client.config.concurrency})${slots.lowest < llm.client.config.concurrency ? `; 429s lowered it to ${slots.lowest} for a while` : ''}`);
}

/** Action-layer counters: decisions, rejections, retries and scene defaults, town-wide and per brain mode. */
function printActionTotals(sim: Simulation): void {
  const t = sim.actionTotals();
  console.log(`Actions: ${t.decisions} decisions, ${t.rejections} rejected, ${t.retries} retries, ${t.defaults} scene defaults`);
  for (const mode of ['generative', 'registry'] as const) {
    const m = t.byMode[mode];
    if (m.personas > 0) console.log(`  ${mode.padEnd(10)} ${m.personas} personas: ${m.decisions} decisions, ${m.rejections} rejected, ${m.retries} retries, ${m.defaults} scene defaults`);
  }
}

/** LLM calls and tokens per persona by task (Brain call), most called first. */
function printCallsByTask(llm: LlmBrain, personas: number): void {
  const by = new Map<string, { calls: number; tokens: number }>();
  for (const r of llm.log.records) {
    const b = by.get(r.module) ?? { calls: 0, tokens: 0 };
    b.calls++;
    b.tokens += r.tokens.prompt + r.tokens.completion;
    by.set(r.module, b);
  }
  console.log(`By task (last ${llm.log.records.length} calls), per persona: ${[...by].sort((a, b) => b[1].calls - a[1].calls).map(([k, b]) => `${k} ${(b.calls / personas).toFixed(1)} (${Math.round(b.tokens / personas)} tokens)`).join(' · ')}`);
}

/** LLM calls per persona for each brain mode. */
function printCallsByMode(llm: LlmBrain, sim: Simulation): void {
  for (const mode of ['generative', 'registry'] as const) {
    const people = sim.personas.filter((p) => p.agent.mode === mode);
    if (people.length === 0) continue;
    const calls = people.map((p) => llm.log.byPersona.get(p.id)?.calls ?? 0);
    const sum = calls.reduce((a, b) => a + b, 0);
    console.log(`${mode} brain: ${people.length} personas, ${sum} LLM calls, ${(sum / people.length).toFixed(1)} per persona (min ${Math.min(...calls)}, max ${Math.max(...calls)})`);
  }
}

function compact(f: PersonaFrame) {
  return { id: f.id, x: f.tile.x, y: f.tile.y, e: f.emoji, d: f.description, c: f.chattingWith };
}

function where(f: PersonaFrame): string {
  const address = f.address ? parseAddress(f.address) : null;
  if (address?.kind === 'persona') return `with ${address.name}`;
  if (address?.kind === 'waiting') return 'waiting';
  const place = address && mapAddressOf(address);
  return [place?.sector, place?.arena].filter(Boolean).join(' › ') || 'out and about';
}

scrubProcessOutput();
exitWhenDone(main(), (err) => {
  console.error(err instanceof Error ? err.message : err);
  if (!(err instanceof UnreachableModel)) console.error(USAGE);
});

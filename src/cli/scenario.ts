import { loadTown, loadTownPersonas, loadTownWorld } from '../node/town';
import { whisperFirstMemories } from '../pack/open';
import { Simulation } from '../sim/simulation';
import { OfflineBrain } from '../llm/offline/offlineBrain';
import { DAY, formatAmPm, formatDate } from '../sim/clock';
import { checkPersonasAgainstWorld } from '../sim/persona/load';
import { partyFor, runParty, VALENTINE_PARTY } from '../sim/scenario/party';
import { runWeek } from '../sim/scenario/believability';
import { economyTable, runEconomy } from '../sim/scenario/economyWeek';
import { runTalk } from '../sim/scenario/talkCheck';
import { playerSpec } from '../sim/player/player';
import { CliError, numberOption, parseCli } from './args';
import { CALLS_OPTION, LLM_OPTIONS, UnreachableModel, callPlanFromArgs, checkReachable, llmBrainFromArgs, reportFallbacks } from './llmArgs';
import { describeTotals } from '../llm/callLog';
import { defined } from '../sim/checked';
import { exitWhenDone, scrubProcessOutput } from './output';

const USAGE =
  'usage: npm run scenario -- party [--town PATH] [--seed 1] [--days 2] [--calls packed|faithful]\n' +
  '                                 [--llm BASE_URL --model NAME [--concurrency 4] [--timeout 60] [--budget TOKENS] [--structured json_schema|json_object|none]]  (key from OPENAI_API_KEY)\n' +
  '       npm run scenario -- week [--seed 1] [--days 7]   (believability figures of the offline brain)\n' +
  '       npm run scenario -- economy [--town PATH] [--seed 1] [--days 7]   (the economy per resident: credits each day, wages, shops, bills, meals)\n' +
  '       npm run scenario -- talk [--seed 1]   (a visitor talks with residents on the offline brain: facts, spoken answers, invitations)';

async function main(): Promise<void> {
  const { values: args, positionals } = parseCli(process.argv.slice(2), { seed: { type: 'string' }, days: { type: 'string' }, town: { type: 'string' }, ...CALLS_OPTION, ...LLM_OPTIONS }, 1);
  const name = positionals[0];
  if (args.help || name === undefined) {
    console.log(USAGE);
    return;
  }
  if (name !== 'party' && name !== 'week' && name !== 'economy' && name !== 'talk') throw new CliError(`unknown scenario "${name}" (party, week, economy or talk)`);
  const seed = numberOption('seed', args.seed, 1, { integer: true, min: 0, max: 2 ** 32 - 1 });
  const days = numberOption('days', args.days, name === 'party' ? 2 : 7, { integer: true, min: 1, max: 365 });
  if (name === 'economy') {
    if (args.llm !== undefined) throw new CliError('the economy scenario measures the offline brain: --llm is for the party');
    return economy(seed, days, args.town);
  }
  if (name === 'talk') {
    if (args.llm !== undefined) throw new CliError('the talk scenario measures the offline brain: --llm is for the party');
    return talk(seed);
  }
  if (name === 'week') {
    if (args.town !== undefined) throw new CliError("the week scenario measures Hamlet's offline brain against Hamlet's own goals: --town is for party and economy");
    if (args.llm !== undefined) throw new CliError('the week scenario measures the offline brain: --llm is for the party');
    return week(seed, days);
  }
  const town = await loadTown(args.town);
  const { personas, world } = town;
  const P = partyFor(personas, world, town.start.slice(0, 10));
  if (!P) throw new CliError(`nobody in ${town.name} plans a Valentine's party (no resident's "currently" names one), and Hamlet's host ${VALENTINE_PARTY.host} is not there`);
  const offline = new OfflineBrain(seed, personas);
  const llm = llmBrainFromArgs(args, offline);
  if (llm) await checkReachable(llm);
  // An experiment: Smallville's lock-step semantics, so a slow model changes nothing but the wall time.
  const sim = new Simulation({ world, personas, brain: llm ?? offline, seed, start: P.start, stepSeconds: town.stepSeconds, stepMode: 'lockstep', callPlan: callPlanFromArgs(args.calls, llm !== null) });
  whisperFirstMemories(sim, town);
  const fallbacks = llm ? reportFallbacks(sim.brain, llm) : null;
  const host = defined(sim.byId.get(P.host), `the host ${P.host}`);

  const t0 = performance.now();
  const out = await runParty(
    sim,
    sim.clock.startMs + days * DAY,
    (step) => {
      if (step % 360 === 0) process.stderr.write(`\r${formatDate(sim.now)} ${formatAmPm(sim.now)}        `);
    },
    P,
  );
  process.stderr.write('\n');
  const secs = (performance.now() - t0) / 1000;

  const { tracker } = out;
  const others = personas.length - 1;
  const heard = [...tracker.heard.values()].sort((a, b) => a.time - b.time);
  const whisperAt = Date.parse(`${P.whisperAt}Z`);
  console.log(`Valentine's Day party in ${town.name} — ${personas.length} personas, seed ${seed}, brain ${sim.brain.name} (lock-step), ${sim.callPlan} calls, ${days} game days in ${secs.toFixed(1)} s`);
  console.log(`Whispered to ${host.name} at ${formatAmPm(whisperAt)} on ${formatDate(whisperAt)}: "${P.whisper}"\n`);
  console.log(`Heard of the party: ${heard.length} of ${others} (${Math.round((heard.length / others) * 100)}%)`);
  for (const h of heard) console.log(`  ${formatDate(h.time).padEnd(26)} ${formatAmPm(h.time).padStart(8)}  ${h.name.padEnd(16)} from ${h.from}`);
  const accepted = tracker.invitations.filter((i) => i.accepted).length;
  console.log(`\nInvited: ${tracker.invited.length} personas, ${tracker.invitations.length} invitations (${accepted} accepted)`);
  for (const i of tracker.invitations) console.log(`  ${formatDate(i.time).padEnd(26)} ${formatAmPm(i.time).padStart(8)}  ${i.from} → ${i.to}${i.accepted === null ? '' : i.accepted ? '  (yes)' : '  (no)'}`);
  console.log(`\nPlanned to go: ${out.planned.length} — ${out.planned.join(', ') || 'nobody'}`);
  const snap = tracker.snapshotAt;
  if (snap) console.log(`At ${P.sector} at ${formatAmPm(snap.time)} on ${formatDate(snap.time)}: ${snap.names.length} — ${snap.names.join(', ') || 'nobody'}`);
  console.log(`Came to the party (15 min or more at ${P.sector}, 5–7 pm, besides the host): ${out.attended.length} — ${out.attended.join(', ') || 'nobody'}`);
  console.log(`Host there: ${out.hostThere ? 'yes' : 'no'}; brain fallbacks: ${sim.brain.fallbackTotal}`);
  const why = fallbacks?.summary();
  if (why) console.error(why);
  if (llm) {
    const t = llm.log.totals;
    console.log(`LLM: ${describeTotals(t)}`);
  }
}

/** The economy (docs/economy.md#what-a-week-looks-like) over `days` on the offline brain: per resident, credits at each day's end, wages, shopping, bills, meals. */
async function economy(seed: number, days: number, path: string | undefined): Promise<void> {
  const town = await loadTown(path);
  const { personas, world } = town;
  const sim = new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start: town.start, stepSeconds: town.stepSeconds });
  whisperFirstMemories(sim, town);
  const t0 = performance.now();
  const f = await runEconomy(sim, days, (step) => {
    if (step % 360 === 0) process.stderr.write(`\r${formatDate(sim.now)} ${formatAmPm(sim.now)}        `);
  });
  process.stderr.write('\n');
  console.log(`The town's economy on the offline brain — ${personas.length} personas, seed ${seed}, ${days} game days in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(economyTable(f));
}

/** The offline town's believability figures over a week (issue #20's goals in brackets). */
async function week(seed: number, days: number): Promise<void> {
  const personas = loadTownPersonas();
  const world = loadTownWorld();
  checkPersonasAgainstWorld(personas, world);
  const sim = new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start: VALENTINE_PARTY.start });
  const t0 = performance.now();
  const f = await runWeek(sim, days, (step) => {
    if (step % 360 === 0) process.stderr.write(`\r${formatDate(sim.now)} ${formatAmPm(sim.now)}        `);
  });
  process.stderr.write('\n');
  const secs = (performance.now() - t0) / 1000;
  console.log(`Believability of the offline brain — ${personas.length} personas, seed ${seed}, ${days} game days in ${secs.toFixed(1)} s`);
  const t = f.talk;
  console.log(`Talk: ${t.distinct} distinct lines of ${t.lines} spoken = ${(t.distinct / Math.max(1, t.lines)).toFixed(2)} (goal ≥ 0.6); most repeated ${t.top[0]?.count ?? 0}× (goal ≤ 10)`);
  for (const l of t.top) console.log(`  ${String(l.count).padStart(4)}×  ${l.text}`);
  const plans = [...f.plans.values()];
  const min = Math.min(...plans);
  const mean = plans.reduce((a, b) => a + b, 0) / Math.max(1, plans.length);
  console.log(`Daily plans: distinct hourly schedules per persona over ${days} days: min ${min}, mean ${mean.toFixed(1)} (goal ≥ 5 of 7)`);
  const reqs = [...f.reqs.values()];
  console.log(`             distinct plan lists (daily_req) per persona: min ${Math.min(...reqs)}, mean ${(reqs.reduce((a, b) => a + b, 0) / Math.max(1, reqs.length)).toFixed(1)}`);
  const acts = [...f.activities.values()];
  console.log(`             distinct activities per persona: min ${Math.min(...acts)}, mean ${(acts.reduce((a, b) => a + b, 0) / Math.max(1, acts.length)).toFixed(1)}`);
  console.log(`             weekend days with an activity no weekday plan in town has: ${f.weekends.days} of ${f.weekends.of}`);
  console.log(`             days that act on what the morning's revised status newly names or on a coming party (a visit, an errand): ${f.followUps.days} of ${f.followUps.of} persona-days`);
  for (const e of f.followUps.examples) console.log(`    ${e}`);
  const ok = f.interviews.filter((i) => i.ok).length;
  console.log(`Interviews: ${ok} of ${f.interviews.length} answers contain the asked-for fact (goal ≥ 27)`);
  for (const i of f.interviews) console.log(`  ${i.ok ? 'ok ' : 'MISS'} ${i.persona.padEnd(16)} ${i.question}\n       → ${i.answer}`);
  const p = f.party;
  const flaws = f.phrasing.flaws;
  console.log(`Phrasing: ${flaws.length} slips in ${f.phrasing.texts} texts (doubled determiners, "going to fishing", lower-cased names, third-person self-reference; goal 0)`);
  for (const x of flaws.slice(0, 10)) console.log(`  [${x.rule}] ${x.source}: ${x.text.slice(0, 200)}`);
  console.log(`Party at ${VALENTINE_PARTY.sector}: ${p.guestsAt6} guests on ${p.tilesAt6} tiles at 6 pm; 5:30–6:30 pm most guests on one tile ${p.maxPerTile} (goal ≤ 2), mean ${p.meanPerTile.toFixed(2)} per occupied tile`);
}

/** A visitor talks with residents on the offline brain (issue #35's goals in brackets). */
async function talk(seed: number): Promise<void> {
  const personas = loadTownPersonas();
  const world = loadTownWorld();
  checkPersonasAgainstWorld(personas, world);
  const player = playerSpec({ name: 'Alex Rivera', description: 'A travelling photographer who loves old buildings', sprite: defined(personas[0], 'a resident').sprite }, world);
  const sim = new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start: VALENTINE_PARTY.start, player });
  const t0 = performance.now();
  const f = await runTalk(sim, 8, (step) => {
    if (step % 360 === 0) process.stderr.write(`\r${formatDate(sim.now)} ${formatAmPm(sim.now)}        `);
  });
  process.stderr.write('\n');
  const pct = (n: number, of: number) => `${n} of ${of} (${Math.round((n / Math.max(1, of)) * 100)} %)`;
  const a = f.answers;
  console.log(`Talk with a visitor on the offline brain — seed ${seed}, ${new Set(a.map((x) => x.persona)).size} residents, ${a.length} questions, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`Answers with the fact from the town's state: ${pct(a.filter((x) => x.fact).length, a.length)} (goal ≥ 90 %)`);
  console.log(`Answers that read as spoken: ${pct(a.filter((x) => !x.flaw).length, a.length)} (goal ≥ 80 %)`);
  const flaws = new Map<string, number>();
  for (const x of a) if (x.flaw) flaws.set(x.flaw, (flaws.get(x.flaw) ?? 0) + 1);
  for (const [why, n] of flaws) console.log(`  ${String(n).padStart(4)}  ${why}`);
  const kinds = [...new Set(a.map((x) => x.kind))];
  console.log('By kind (fact / spoken):');
  for (const k of kinds) {
    const of = a.filter((x) => x.kind === k);
    console.log(`  ${k.padEnd(15)} ${String(of.filter((x) => x.fact).length).padStart(3)} / ${String(of.filter((x) => !x.flaw).length).padStart(3)} of ${of.length}`);
  }
  const g = f.greetedAgain;
  console.log(`Greeted again by name the next day: ${pct(g.yes, g.of)}`);
  for (const e of g.examples) console.log(`  ${e}`);
  const sv = f.startedWithVisitor;
  console.log(`Residents who started a conversation with the visitor (standing in the café, ${sv.hours} game hours): ${sv.count}${sv.who.length ? ` — ${sv.who.join(', ')}` : ''}`);
  const fm = f.firstMeetings;
  console.log(`First-meeting greetings between residents: ${fm.strangers} between strangers, ${fm.acquaintances} between people who know each other (goal 0)`);
  for (const e of fm.examples) console.log(`  ${e}`);
  const inv = f.invitations;
  console.log(`Invitations understood: ${inv.filter((i) => i.understood).length} of ${inv.length} (goal ≥ 9 of 10); yes ${inv.filter((i) => i.accepted).length}, of them a commitment at the right place and time ${inv.filter((i) => i.accepted && i.committed).length}`);
  for (const i of inv) console.log(`  ${i.understood ? 'ok  ' : 'MISS'} ${i.persona.padEnd(16)} "${i.text}"\n       → ${i.answer}`);
  const misses = a.filter((x) => !x.fact || x.flaw);
  console.log(`Misses (${misses.length}):`);
  for (const x of misses) console.log(`  ${x.fact ? '     ' : 'FACT '}${x.flaw ? `[${x.flaw}] ` : ''}${x.persona}: ${x.question}\n       → ${x.answer}`);
}

scrubProcessOutput();
exitWhenDone(main(), (err) => {
  console.error(err instanceof Error ? err.message : err);
  if (!(err instanceof UnreachableModel)) console.error(USAGE);
});

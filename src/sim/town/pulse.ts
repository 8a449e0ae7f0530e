import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { PulseDecision, PulseItem, PulseJob, PulseResident, TownPulseInput } from '../brain/port';
import { DAY, HOUR, hourOf, hoursOverlap, minuteOfDay, parseHHMM, weekdayOf } from '../clock';
import { dayIndex, hereOf, isStudent } from '../actions/places';
import { PLACE_KINDS } from '../placeKinds';
import { CHAT_RADIUS, REGISTRY, placeFor } from '../actions/registry';
import { jobFor, shiftWindowReason } from '../actions/goods';
import { isAsleep } from '../actions/wakefulness';
import { resolveScene } from '../actions/scenes';
import { actionWorldOf } from '../actions/validate';
import { decide } from '../actions/decide';
import { dueCommitment } from '../cognition/registryDecide';
import { keywordsOf } from '../persona/memory';
import { byCodeUnits } from '../order';
import { isMeal, type Economy, type Job, type PulseOutcome, type PulseRound } from '../economy/economy';
import { EATING } from '../actions/resolve';
import { commitmentTask } from '../cognition/commitments';
import { insertAround } from '../persona/schedule';
import type { SectorKind } from '../world/sectorKinds';
import { at } from '../checked';
import type { ActionId } from '../persona/actionIds';

/**
 * The hourly pulse (docs/economy.md#the-hourly-round): once a game hour (with a seeded jitter of 0–2 game minutes) the town
 * simulator looks at the whole town — every resident's summary, credits, today's check-in and
 * holdings, the last 10 chat lines, the last round's decisions, jobs with free slots and shop
 * items with prices — and one brain call returns a decision per resident: checkin, purchase, chat
 * or rest, with a reason. Each decision is then executed on its own through the action registry:
 * the resident walks to the workplace or the shop, the action enters its schedule and its memory
 * as an intention, and a refused or malformed decision is logged and skipped without touching the
 * others (docs/economy.md#faults).
 */

/** The snapshot's token budget (docs/economy.md#the-snapshot: about 20,000). */
export const PULSE_TOKEN_BUDGET = 20_000;
/** Chat lines in the snapshot (docs/economy.md#the-snapshot: the last 10). */
const PULSE_CHAT_LINES = 10;
/** Largest jitter after the hour, in game seconds (docs/economy.md#the-hourly-round: 0–120 s). */
const PULSE_MAX_JITTER_S = 120;

/** The jitter of the pulse in game hour `hour` (hours since the epoch): 0–120 s, a pure function of the seed and the hour. */
export function pulseJitterMs(seed: number, hour: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ hour, 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return ((h >>> 0) % (PULSE_MAX_JITTER_S + 1)) * 1000;
}

/** Is the pulse of this hour due at `now` (and not yet run)? */
export function pulseDue(economy: Economy, seed: number, now: number): boolean {
  if (!economy.state.pulseEnabled) return false;
  const hour = Math.floor(now / HOUR);
  if (economy.state.lastPulseHour !== null && economy.state.lastPulseHour >= hour) return false;
  return now - hour * HOUR >= pulseJitterMs(seed, hour);
}

function isOpen(sector: string, kind: SectorKind | null, now: number): boolean {
  const open = kind ? PLACE_KINDS[kind].hours : null;
  const h = hourOf(now);
  return !open || (h >= open[0] && h < open[1]);
}

/** The shift the persona checked in for today, while it lasts: "at work until 15:00" (its own job), "at work at Bramble Café until 19:00" (a shift elsewhere), else null. */
function onShift(e: Economy, p: Persona, now: number): string | null {
  const w = p.agent.wallet;
  if (w.checkedInDay !== dayIndex(now) || w.jobId === null) return null;
  const job = e.jobById(w.jobId);
  if (!job) return null;
  const own = job.staff.includes(p.id) ? p.spec.occupation : null;
  const start = own?.start ?? job.start;
  const end = own?.end ?? job.end;
  const m = minuteOfDay(now);
  // The resident's own workplace is in its line already: named only for a shift taken elsewhere.
  return m >= parseHHMM(start) - 60 && m < parseHHMM(end) ? `at work${own ? '' : ` at ${job.sector}`} until ${end}` : null;
}

/** A student in class hours on a class day: "in class until 15:00" (the line names the college), else null. */
function inClass(p: Persona, now: number): string | null {
  const o = p.spec.occupation;
  if (!o || !isStudent(p) || !o.days.includes(weekdayOf(now))) return null;
  const m = minuteOfDay(now);
  return m >= parseHHMM(o.start) && m < parseHHMM(o.end) ? `in class until ${o.end}` : null;
}

function stateOf(e: Economy, p: Persona, now: number): { state: PulseResident['state']; note: string } {
  if (isAsleep(p)) return { state: 'asleep', note: 'asleep' };
  if (p.scratch.chattingWith) return { state: 'chatting', note: `in a conversation with ${p.scratch.chattingWith}` };
  const due = dueCommitment(p, now);
  if (due) return { state: 'committed', note: `due at ${due.sector} for ${due.event}` };
  const busy = onShift(e, p, now) ?? inClass(p, now);
  if (busy) return { state: 'committed', note: busy };
  return { state: 'free', note: '' };
}

/**
 * The resident's work as this hour's decision needs it: "café owner at Bramble Café, 07:00–15:00
 * today, 50 credits a shift", "… at Bramble Café, not working today", "student at Hamlet College,
 * classes 09:00–15:00 today" (or "no classes today"), an occupation with no job in the economy, or
 * "no job". The other days' hours do not bear on this hour's choice.
 */
function occupationToday(p: Persona, own: Job | null | undefined, now: number): string {
  const o = p.spec.occupation;
  if (!o) return 'no job';
  const today = o.days.includes(weekdayOf(now));
  if (own) return `${o.title} at ${own.sector}, ${today ? `${o.start}–${o.end} today, ${own.wage} credits a shift` : 'not working today'}`;
  if (isStudent(p)) return `${o.title} at ${o.workplace}, ${today ? `classes ${o.start}–${o.end} today` : 'no classes today'}`;
  return `${o.title} at ${o.workplace}`;
}

/**
 * The world snapshot (docs/economy.md#the-snapshot): the facts one pulse round decides from — every
 * resident but the player's, the last 10 chat lines, the last round's outcomes, the jobs with free
 * slots and the shop items — and the token budget. The brain writes them in words and keeps them
 * within the budget (src/llm/pulseSnapshot.ts); no prompt text is made here.
 */
export function buildPulseSnapshot(sim: SimContext, budget = PULSE_TOKEN_BUDGET): TownPulseInput {
  const now = sim.clock.now;
  const w = actionWorldOf(sim);
  const e = sim.economy;
  const today = dayIndex(now);
  // The player's resident decides for itself: the town simulator is not told about it as one to decide for.
  const residents: PulseResident[] = sim.personas.flatMap((p, i) => (p.agent.mode === 'human' ? [] : [residentSummary(p, i)]));
  function residentSummary(p: Persona, i: number): PulseResident {
    const own = e.jobOf(p.id);
    const o = p.spec.occupation;
    const workToday = !!own && !!o && o.days.includes(weekdayOf(now));
    const st = stateOf(e, p, now);
    const here = hereOf(w, p).sector ?? 'the street';
    // Meals only: a drink held (an old save's coffee) is no meal.
    const food = Object.entries(p.agent.wallet.holdings).reduce((n, [name, k]) => n + (e.items.some((it) => it.name === name && isMeal(it)) ? k : 0), 0);
    return {
      agentId: i + 1,
      id: p.id,
      name: p.name,
      traits: p.spec.innate,
      occupation: occupationToday(p, own, now),
      job: own && o && workToday ? { id: own.id, title: own.title, sector: own.sector, start: o.start, end: o.end } : null,
      student: isStudent(p),
      classes: o && isStudent(p) && o.days.includes(weekdayOf(now)) ? { start: o.start, end: o.end } : null,
      credits: p.agent.wallet.credits,
      checkedInToday: p.agent.wallet.checkedInDay === today,
      holdings: { ...p.agent.wallet.holdings },
      food,
      state: st.state,
      doing: st.note || `${p.scratch.actDescription ?? 'idle'} at ${here}`,
    };
  }
  // Openings for anyone: the slots beyond the job's own staff (each resident's own job is in its line).
  const jobs: PulseJob[] = e.jobs.map((j) => ({ id: j.id, title: j.title, sector: j.sector, wage: j.wage, free: e.openSlots(j, now), start: j.start, end: j.end })).filter((j) => j.free > 0);
  const items: PulseItem[] = e.items.map((it) => ({ id: it.id, name: it.name, sector: it.sector, price: it.price, food: it.food, drink: it.drink, open: isOpen(it.sector, w.world.sectors.find((s) => s.name === it.sector)?.kind ?? null, now) }));
  const chat = sim.conversations.flatMap((c) => c.lines.map((l) => ({ time: c.time, speaker: l.speaker, text: l.text }))).slice(-PULSE_CHAT_LINES);
  const last = e.state.lastRound;
  const lastRound = last && { time: last.time, skipped: last.skipped, outcomes: last.outcomes.map((x) => ({ agentId: sim.personas.findIndex((p) => p.id === x.personaId) + 1, name: x.name, action: x.action, result: x.result, note: x.note })) };
  return { now, minute: minuteOfDay(now), residents, jobs, items, chat, lastRound, budget };
}

// ---- executing the decisions -------------------------------------------------------------------

/** The resident a decision names: its number (#3 or 3), its id, or its full name. */
function residentOf(sim: SimContext, agentId: unknown): Persona | null {
  if (typeof agentId === 'number' && Number.isInteger(agentId)) return sim.personas[agentId - 1] ?? null;
  if (typeof agentId !== 'string') return null;
  const t = agentId.trim().replace(/^#/, '');
  if (/^\d+$/.test(t)) return sim.personas[Number(t) - 1] ?? null;
  return sim.personas.find((p) => p.id === t || p.name.toLowerCase() === t.toLowerCase()) ?? null;
}

const ACTIONS = ['checkin', 'purchase', 'chat', 'rest'] as const;
type PulseAction = (typeof ACTIONS)[number];

/** Put a decided action into the persona's schedule at now (splitting the task it interrupts), so the day's plan shows it. */
function intoSchedule(p: Persona, now: number, description: string, minutes: number): void {
  const s = p.scratch;
  if (p.agent.mode !== 'generative' || s.fDailySchedule.length === 0) return;
  const i = s.scheduleIndex(now);
  const item = s.fDailySchedule[i];
  if (!item) return;
  const before = minuteOfDay(now) - s.scheduleStart(i);
  const take = Math.min(minutes, item[1] - before);
  if (take < 5) return;
  const parts: [string, number][] = [];
  if (before > 0) parts.push([item[0], before]);
  parts.push([description, take]);
  if (item[1] - before - take > 0) parts.push([item[0], item[1] - before - take]);
  s.fDailySchedule.splice(i, 1, ...parts);
}

/**
 * A check-in's shift into the schedule too: being paid for a shift, the persona works it, from the
 * end of the check-in (or the shift's start) to the shift's end. A meal or an event it is committed
 * to in those hours stays: the shift goes around it (a break for dinner).
 */
function shiftIntoSchedule(p: Persona, now: number, job: Job, after: number): void {
  const s = p.scratch;
  if (p.agent.mode !== 'generative' || s.fDailySchedule.length === 0) return;
  const own = job.staff.includes(p.id) ? p.spec.occupation : null;
  const from = Math.max(minuteOfDay(now) + after, parseHHMM(own?.start ?? job.start));
  const to = Math.min(24 * 60, parseHHMM(own?.end ?? job.end));
  if (to - from < 5) return;
  const today = dayIndex(now);
  const committed = p.commitments.filter((c) => c.day === today).map(commitmentTask);
  const keep = (d: string) => EATING.test(d) || committed.some((c) => d.startsWith(c));
  s.fDailySchedule = insertAround(s.fDailySchedule, from, to, `working as ${/^[aeiou]/i.test(job.title) ? 'an' : 'a'} ${job.title} at ${job.sector}`, keep);
}

/** The decision as an intention in the persona's memory (a thought that lasts a day). */
function rememberIntention(p: Persona, now: number, what: string, reason: string): void {
  const description = `${p.name} decided to ${what}${reason ? `: ${reason}` : ''}`;
  p.memory.add('thought', { created: now, expiration: now + DAY, subject: p.name, predicate: 'plans', object: what, description, poignancy: 2, keywords: keywordsOf(description) });
}

/** Why the persona cannot be sent anywhere now, or null. */
function unavailable(sim: SimContext, p: Persona, now: number, action: PulseAction): string | null {
  const e = sim.economy;
  if (isAsleep(p)) return `${p.firstName} is asleep`;
  if (sim.thinking.has(p)) return `${p.firstName} is still making up their mind (waiting on the model)`;
  if (p.scratch.chattingWith) return `${p.firstName} is in a conversation with ${p.scratch.chattingWith}`;
  const due = dueCommitment(p, now);
  if (due) return `${p.firstName} is committed elsewhere (${due.event} at ${due.sector})`;
  // On shift, one is not sent shopping or chatting (a second check-in is refused by the registry anyway); in class, nowhere.
  const shift = action === 'purchase' || action === 'chat' ? onShift(e, p, now) : null;
  if (shift) return `${p.firstName} is ${shift}`;
  const lesson = inClass(p, now);
  if (lesson) return `${p.firstName} is ${lesson}`;
  return null;
}

/**
 * Why another job's shift cannot be taken today: it overlaps the persona's own work or classes that
 * day ("Lily has classes at Hamlet College 09:00–14:00"); null when it fits.
 */
function ownHoursClash(p: Persona, job: Job | null | undefined, now: number): string | null {
  const o = p.spec.occupation;
  if (!job || !o || job.staff.includes(p.id) || !o.days.includes(weekdayOf(now))) return null;
  if (!hoursOverlap(job, o)) return null;
  return `${p.firstName} ${isStudent(p) ? 'has classes' : 'works'} at ${o.workplace} ${o.start}–${o.end} today, which the ${job.title} shift (${job.start}–${job.end}) overlaps`;
}

/** One decision, executed on its own (docs/economy.md#the-decisions). Never throws for a bad decision: it says why. */
function executeDecision(sim: SimContext, d: PulseDecision, collectChat: (p: Persona, reason: string) => void): PulseOutcome {
  const raw = String(d.action ?? '').trim().toLowerCase();
  const p = residentOf(sim, d.agent_id);
  const base = { personaId: p?.id ?? String(d.agent_id), name: p?.name ?? `#${String(d.agent_id)}`, action: raw, params: d.params ?? {}, reason: String(d.reason ?? '').slice(0, 300) };
  if (!p) return { ...base, result: 'skipped', note: `no resident ${JSON.stringify(d.agent_id)}` };
  if (p.agent.mode === 'human') return { ...base, result: 'skipped', note: `${p.firstName} is the player's resident: the player decides` };
  const action: PulseAction = (ACTIONS as readonly string[]).includes(raw) ? (raw as PulseAction) : 'rest';
  if (action === 'rest') return { ...base, action: 'rest', result: 'rest', note: raw === 'rest' ? '' : `unknown action ${JSON.stringify(raw.slice(0, 40))}, taken as rest` };
  const now = sim.clock.now;
  const busy = unavailable(sim, p, now, action);
  if (busy) return { ...base, result: 'skipped', note: busy };
  if (action === 'chat') {
    collectChat(p, base.reason);
    return { ...base, result: 'done', note: '' };
  }
  const w = actionWorldOf(sim);
  let proposal: { action: ActionId; target: string };
  if (action === 'checkin') {
    const ref = d.params?.job ?? d.params?.job_id;
    const target = ref === undefined || ref === null || ref === '' || ref === 0 ? '' : String(ref);
    if (target && !sim.economy.findJob(target)) return { ...base, result: 'skipped', note: `no job ${JSON.stringify(target)}` };
    if (!target && !jobFor(w, p, '')) {
      // No job of one's own: the first free part-time shift open now.
      const open = sim.economy.jobs.find((j) => sim.economy.openSlots(j, now) > 0 && !shiftWindowReason(j, now) && !ownHoursClash(p, j, now));
      if (!open) return { ...base, result: 'skipped', note: `${p.firstName} has no job and no shift is open now` };
      proposal = { action: 'CHECK_IN', target: `${open.title} at ${open.sector}` };
    } else {
      const job = target ? sim.economy.findJob(target) : null;
      proposal = { action: 'CHECK_IN', target: job ? `${job.title} at ${job.sector}` : '' };
    }
  } else {
    const id = Number(d.params?.item_id ?? d.params?.item);
    const item = Number.isInteger(id) ? sim.economy.itemById(id) : sim.economy.items.find((it) => it.name.toLowerCase() === String(d.params?.item ?? '').toLowerCase());
    if (!item) return { ...base, result: 'skipped', note: `no item ${JSON.stringify(d.params?.item_id ?? d.params?.item ?? null)}` };
    proposal = { action: 'BUY', target: `${item.sector}:${item.name}` };
  }
  if (proposal.action === 'CHECK_IN') {
    const clash = ownHoursClash(p, proposal.target ? sim.economy.findJob(proposal.target) : null, now);
    if (clash) return { ...base, result: 'skipped', note: clash };
  }
  const def = REGISTRY.def(proposal.action);
  // The scene is that of the place the action happens at ("go there and do it").
  const scene = resolveScene(hourOf(now), p, placeFor(def, w, p, proposal.target) ?? hereOf(w, p));
  const started = decide(sim, { persona: p, ...proposal, proposer: 'pulse', reason: base.reason || def.description }, { scene });
  if (!started.ok) return { ...base, result: 'skipped', note: started.reason };
  const change = started.change;
  const what = change.economy?.what ?? change.description;
  intoSchedule(p, now, change.description, change.minutes);
  const job = change.wallet?.jobId !== undefined && change.wallet.jobId !== null && proposal.action === 'CHECK_IN' ? sim.economy.jobById(change.wallet.jobId) : undefined;
  if (job) shiftIntoSchedule(p, now, job, change.minutes);
  rememberIntention(p, now, change.description.replace(/^(\w+)ing /, (_m, verb: string) => `${verb} `), base.reason);
  return { ...base, result: 'done', note: what };
}

/** Start the collected chats (after the other decisions: docs/economy.md#the-decisions): each with the nearest free neighbour (never the player's resident: the player talks on their own terms), or skipped. */
function runChats(sim: SimContext, chats: { p: Persona; reason: string; outcome: PulseOutcome }[]): void {
  const w = actionWorldOf(sim);
  const now = sim.clock.now;
  const taken = new Set<Persona>();
  for (const c of chats) {
    const p = c.p;
    const partner = sim.personas
      .filter((o) => o !== p && o.agent.mode !== 'human' && !sim.thinking.has(o) && !taken.has(o) && !isAsleep(o) && !o.scratch.chattingWith && Math.abs(o.tile.x - p.tile.x) <= CHAT_RADIUS && Math.abs(o.tile.y - p.tile.y) <= CHAT_RADIUS)
      .sort((a, b) => Math.abs(a.tile.x - p.tile.x) + Math.abs(a.tile.y - p.tile.y) - (Math.abs(b.tile.x - p.tile.x) + Math.abs(b.tile.y - p.tile.y)) || byCodeUnits(a.id, b.id))[0];
    if (!partner) {
      c.outcome.result = 'skipped';
      c.outcome.note = `nobody awake within ${CHAT_RADIUS} tiles to chat with`;
      continue;
    }
    const here = hereOf(w, p);
    const d = decide(sim, { persona: p, action: 'CHAT', target: partner.name, proposer: 'pulse', reason: c.reason || 'a word with a neighbour' }, { scene: resolveScene(hourOf(now), p, here) });
    if (!d.ok) {
      c.outcome.result = 'skipped';
      c.outcome.note = d.reason;
      continue;
    }
    taken.add(p).add(partner);
    intoSchedule(p, now, `chatting with ${partner.name}`, 10);
    rememberIntention(p, now, `chat with ${partner.name}`, c.reason);
    c.outcome.note = `went over to chat with ${partner.name}`;
    sim.economy.report({ time: now, personaId: p.id, name: p.name, action: 'chat', what: `went over to chat with ${partner.name}`, reason: c.reason, source: 'pulse' });
  }
}

/** Execute a round's decisions, each on its own; returns the round's record. A persona gets at most one decision (the first). */
export function executeDecisions(sim: SimContext, decisions: readonly PulseDecision[]): Pick<PulseRound, 'outcomes' | 'success' | 'failed' | 'rested'> {
  const outcomes: PulseOutcome[] = [];
  const chats: { p: Persona; reason: string; outcome: PulseOutcome }[] = [];
  const decided = new Set<string>();
  for (const d of decisions) {
    let outcome: PulseOutcome;
    try {
      const p = residentOf(sim, d?.agent_id);
      if (p && decided.has(p.id)) {
        outcome = { personaId: p.id, name: p.name, action: String(d.action), params: d.params ?? {}, reason: String(d.reason ?? ''), result: 'skipped', note: 'a second decision for the same resident' };
      } else {
        if (p) decided.add(p.id);
        let pending: { p: Persona; reason: string } | null = null;
        outcome = executeDecision(sim, d, (cp, reason) => (pending = { p: cp, reason }));
        if (pending) chats.push({ ...(pending as { p: Persona; reason: string }), outcome });
      }
    } catch (err) {
      // One decision's failure never stops the others (docs/economy.md#the-decisions: each on its own).
      const field = (k: 'agent_id' | 'action') => {
        try {
          return String(d?.[k]);
        } catch {
          return '?';
        }
      };
      outcome = { personaId: field('agent_id'), name: `#${field('agent_id')}`, action: field('action'), params: {}, reason: '', result: 'skipped', note: `error: ${err instanceof Error ? err.message : String(err)}` };
    }
    outcomes.push(outcome);
  }
  runChats(sim, chats);
  return {
    outcomes,
    success: outcomes.filter((o) => o.result === 'done').length,
    failed: outcomes.filter((o) => o.result === 'skipped').length,
    rested: outcomes.filter((o) => o.result === 'rest').length,
  };
}

/**
 * One pulse round (docs/economy.md#the-hourly-round): snapshot, one brain call, the decisions executed. A reply the
 * guard could not use (invalid JSON, a timeout, a network error) skips the round, logged; an
 * exception anywhere skips it too and the next hour runs as usual.
 */
export async function runPulse(sim: SimContext): Promise<PulseRound> {
  const now = sim.clock.now;
  const e = sim.economy;
  e.state.lastPulseHour = Math.floor(now / HOUR);
  e.state.rounds++;
  let round: PulseRound;
  try {
    const snap = buildPulseSnapshot(sim);
    // What the round records of its snapshot: its size as the brain writes it (no prompt text here).
    const size = sim.brain.measurePulse(snap);
    const reply = await sim.brain.townPulse({ persona: at(sim.personas, 0, 'residents'), now }, snap);
    if (reply.fallback) round = { time: now, skipped: `the town simulator gave no usable answer (${sim.brain.lastFallbackReason.get('townPulse') ?? 'no reason given'})`, outcomes: [], success: 0, failed: 0, rested: 0, ...size };
    else round = { time: now, skipped: null, ...executeDecisions(sim, reply.decisions), ...size };
  } catch (err) {
    round = { time: now, skipped: `error: ${err instanceof Error ? err.message : String(err)}`, outcomes: [], success: 0, failed: 0, rested: 0, tokens: 0, trimmed: null };
  }
  e.finishRound(round);
  return round;
}

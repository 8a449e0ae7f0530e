import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ConceptNode } from '../persona/memory';
import { THIRTY_DAYS } from '../persona/memory';
import { pronounsOf } from './converse';
import { keywordsOf } from '../persona/memory';
import { addScored } from './poignancy';
import { addCommitment, parseCommitment, placesFor, SEEKING, withDates } from './commitments';
import type { Commitment } from '../persona/commitment';
import { DAY, dayStart, minuteOfDay } from '../clock';
import { mapAddressOf } from '../world/actionAddress';

/**
 * A whisper, the player as the persona's inner voice (Smallville's load_history_via_whisper): the
 * brain turns it into a statement the persona believes, stored as a thought that expires in 30
 * days with the whisper's poignancy. A timed plan in it becomes a commitment, so it shapes the day;
 * the people the plan names are sought out, so they hear of it (`seekOut`).
 */
export async function whisper(sim: SimContext, p: Persona, text: string): Promise<{ thought: ConceptNode; commitment: Commitment | null; seeking: Commitment[] }> {
  const now = sim.clock.now;
  const ctx = { persona: p, now };
  // Dated, not relative: told on tomorrow, "tomorrow at 5" would be a day late.
  const statement = withDates(await sim.brain.whisperInnerThought(ctx, text), now);
  const thought = await addScored(
    sim,
    p,
    'thought',
    { created: now, expiration: now + THIRTY_DAYS, subject: p.name, predicate: 'thinks', object: 'a whisper', description: statement, keywords: keywordsOf(statement) },
    { kind: 'event', text, trigger: false },
  );
  const c = parseCommitment(statement, placesFor(sim, p), now, 'whisper');
  if (!c || !addCommitment(p, c)) return { thought, commitment: null, seeking: [] };
  return { thought, commitment: c, seeking: seekOut(sim, p, c) };
}

/** Minutes set aside to go and find each person a plan names. */
const SEEK_MIN = 30;

/**
 * The persona goes to find each resident its plan names, to tell them (the conversation there
 * carries the invitation: src/llm/offline/talk.ts, or the model's own words): a commitment of its
 * own, at the place that person is now (or at their home when they wake, if they are asleep),
 * before the plan itself. Nobody is sought twice for the same plan, and nobody who already has it.
 */
function seekOut(sim: SimContext, p: Persona, c: Commitment): Commitment[] {
  const now = sim.clock.now;
  const today = Math.floor(dayStart(now) / DAY);
  const out: Commitment[] = [];
  let start = Math.ceil((minuteOfDay(now) + 1) / 5) * 5;
  for (const name of c.with ?? []) {
    const q = sim.byName.get(name);
    if (!q || q === p || q.commitments.some((o) => o.day === c.day && o.start === c.start && o.event === c.event)) continue;
    const where = whereToFind(sim, q, today, start);
    const endsBy = where.day < c.day ? 24 * 60 : c.start;
    if (where.day > c.day || where.start + SEEK_MIN > endsBy) continue;
    const seek: Commitment = {
      event: `looking for ${q.firstName} to tell ${pronounsOf(q.spec).obj} about ${c.event}`,
      sector: where.sector,
      day: where.day,
      start: where.start,
      minutes: SEEK_MIN,
      host: false,
      source: SEEKING,
      scheduledOn: null,
      with: [q.name],
    };
    if (where.arena) seek.arena = where.arena;
    if (addCommitment(p, seek)) out.push(seek);
    if (where.day === today) start = where.start + SEEK_MIN;
  }
  return out;
}

/** Where and when to find someone: where they are now if awake, else at home (its shared room) when they get up. */
function whereToFind(sim: SimContext, q: Persona, today: number, from: number): { sector: string; arena?: string; day: number; start: number } {
  const s = q.scratch;
  const place = s.actAddress ? mapAddressOf(s.actAddress) : null;
  const asleep = !s.actDescription || /\bsleeping\b/.test(s.actDescription);
  if (!asleep && place?.sector) return { sector: place.sector, arena: place.arena ?? undefined, day: today, start: from };
  const home = q.spec.household;
  const room = sim.world.arenas.find((a) => a.sector === home && /living room|common room|lobby/.test(a.name))?.name;
  const up = s.wakeUpHour * 60 + 30;
  return { sector: home, arena: room, day: up > from ? today : today + 1, start: up };
}

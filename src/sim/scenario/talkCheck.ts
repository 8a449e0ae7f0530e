import type { Simulation, StepResult } from '../simulation';
import type { Persona } from '../persona/persona';
import type { ChatLine } from '../persona/memory';
import { DAY, dayStart } from '../clock';
import { memoriesFor, rememberFor } from '../cognition/converse';
import { byCodeUnits } from '../order';
import { invitationCases, questionsFor } from './talkQuestions';

/**
 * The talk scenario (issue #35): a visitor talks with residents the way a new player would and the
 * answers are scored from the town's state — does the answer carry the fact, does it read as
 * spoken (no dodge, no third person about oneself, no twelve words read from the persona file,
 * not the same answer to two kinds of question), is the visitor remembered the next day, are
 * invitations in ten phrasings understood and kept as commitments. Pure: it talks through the
 * brain port and the town's own memory, as the player's chat does.
 */

interface AnswerCheck {
  persona: string;
  kind: string;
  question: string;
  answer: string;
  fact: boolean;
  /** Why the answer does not read as spoken, or null. */
  flaw: string | null;
}

interface InvitationCheck {
  persona: string;
  text: string;
  answer: string;
  understood: boolean;
  accepted: boolean;
  /** For a yes: a commitment at the place and time the invitation named. */
  committed: boolean;
}

interface TalkFigures {
  answers: AnswerCheck[];
  invitations: InvitationCheck[];
  /** Next-day greetings that recognise the visitor ("Hello again, Alex"), of those tested. */
  greetedAgain: { yes: number; of: number; examples: string[] };
  /** Conversations residents started with the visitor over the 25 hours the visitor stood in town. */
  startedWithVisitor: { count: number; hours: number; who: string[] };
  /** Conversations between residents that opened as a first meeting, between strangers and between people who know each other. */
  firstMeetings: { strangers: number; acquaintances: number; examples: string[] };
}

/** Whether two residents know each other: a relation in either file, one household, one workplace. */
function acquainted(a: Persona, b: Persona): boolean {
  if (a.spec.relationships.some((r) => r.id === b.id) || b.spec.relationships.some((r) => r.id === a.id)) return true;
  if (a.spec.household === b.spec.household) return true;
  return !!a.spec.occupation && a.spec.occupation.workplace === b.spec.occupation?.workplace;
}

const DODGE = /\bI don't know(?: much)? about\b|\bI don't know what to say\b|not sure I follow|not sure what you(?:'re| are) asking|say that another way|I don't know anything about/i;
const YES = /\b(I'd love to come|count me in|I wouldn't miss it|I'll be there)\b/i;
const NO_WITH_REASON = /\b(can't make it|working then|on shift|at work then|bedtime|fast asleep|going to .+ then|hosting .+ then|not sure I can|don't think I can)\b/i;

function words(text: string): string[] {
  return text.toLowerCase().replace(/[’]/g, "'").match(/[a-z0-9']+/g) ?? [];
}

/** Whether the answer repeats twelve words in a row of the persona file's third-person descriptions. */
function readsFile(answer: string, p: Persona): boolean {
  const a = words(answer);
  if (a.length < 12) return false;
  const file = [p.spec.learned, p.spec.currently, p.currently, p.spec.lifestyle, p.spec.dailyPlanReq].map((t) => ` ${words(t).join(' ')} `);
  for (let i = 0; i + 12 <= a.length; i++) {
    const gram = ` ${a.slice(i, i + 12).join(' ')} `;
    if (file.some((f) => f.includes(gram))) return true;
  }
  return false;
}

/** Why an answer does not read as a person speaking (the same-answer rule is applied over a persona's answers). */
function flawOf(answer: string, p: Persona): string | null {
  if (DODGE.test(answer)) return 'dodge';
  const self = new RegExp(`\\b(${p.firstName}|${p.name})\\b(?! (?:and|here|speaking))`, 'g');
  const mentions = [...answer.matchAll(self)].filter((m) => !/\b(I'm|I am|it's|It's|call me)\s+$/.test(answer.slice(0, m.index)));
  if (mentions.length > 0) return 'third person about oneself';
  if (readsFile(answer, p)) return 'reads the persona file';
  return null;
}

async function say(sim: Simulation, p: Persona, player: Persona, convo: ChatLine[]): Promise<{ line: string; end: boolean }> {
  const memories = await memoriesFor(sim, p, player, convo);
  return sim.brain.conversationTurn({ persona: p, now: sim.now }, { listener: player, convo: convo.slice(), memories });
}

/** A short chat: the persona opens, then each of the player's lines is answered. */
async function chat(sim: Simulation, p: Persona, player: Persona, lines: string[]): Promise<ChatLine[]> {
  const convo: ChatLine[] = [];
  convo.push({ speaker: p.name, text: (await say(sim, p, player, convo)).line });
  for (const text of lines) {
    convo.push({ speaker: player.name, text });
    convo.push({ speaker: p.name, text: (await say(sim, p, player, convo)).line });
  }
  return convo;
}

/** The residents to talk with: `n` of them spread over the town (by id). */
function residents(sim: Simulation, player: Persona, n: number): Persona[] {
  const all = sim.personas.filter((p) => p !== player).sort((a, b) => byCodeUnits(a.id, b.id));
  const step = Math.max(1, Math.floor(all.length / n));
  return all.filter((_, i) => i % step === 0).slice(0, n);
}

/**
 * Run the scenario on a town with a player: at 10 am on the first day the visitor meets the
 * residents (and tells them something about themselves); at 11 am the next day asks each the
 * question set and invites ten of them in ten phrasings.
 */
export async function runTalk(sim: Simulation, people = 8, onStep?: (step: number) => void): Promise<TalkFigures> {
  const player = sim.player?.persona;
  if (!player) throw new Error('the talk scenario needs a town with a player');
  const day0 = dayStart(sim.now);
  await sim.runUntil(day0 + 10 * 3_600_000, (r) => onStep?.(r.step));
  // The visitor goes and stands in the café (a busy place), where residents may come up to it
  // (the chat waits for an answer that never comes, then ends).
  const cafe = sim.world.sectors.findIndex((x) => x.kind === 'cafe');
  const spot = cafe < 0 ? -1 : sim.world.sectorAt.findIndex((v, i) => v === cafe && sim.world.walkable[i] === 1);
  if (spot >= 0) sim.playerInput({ kind: 'walk', x: spot % sim.world.width, y: Math.floor(spot / sim.world.width) });
  const started = { count: 0, hours: 25, who: [] as string[] };
  let open: string | null = null;
  const watch = (r: StepResult) => {
    onStep?.(r.step);
    const chat = r.player?.chat;
    const key = chat && chat.startedBy === 'persona' ? `${chat.personaId}@${chat.lines[0]?.text ?? ''}` : null;
    if (key && key !== open) {
      started.count++;
      if (chat) started.who.push(chat.with);
    }
    open = key;
  };
  const picked = residents(sim, player, people);
  for (const p of picked) {
    const lines = await chat(sim, p, player, [`Hi! I'm ${player.firstName}, I'm a photographer here for the week.`, 'Nice to meet you. Bye!']);
    const summary = await sim.brain.summarizeConversation({ persona: p, now: sim.now }, lines);
    await rememberFor(sim, p, player, lines, summary);
  }
  await sim.runUntil(day0 + DAY + 11 * 3_600_000, watch);

  const greetedAgain = { yes: 0, of: 0, examples: [] as string[] };
  const answers: AnswerCheck[] = [];
  for (const p of picked) {
    const hello = (await say(sim, p, player, [])).line;
    greetedAgain.of++;
    if (/\bagain\b/i.test(hello) && hello.includes(player.firstName)) greetedAgain.yes++;
    if (greetedAgain.examples.length < 3) greetedAgain.examples.push(`${p.firstName}: ${hello}`);
    for (const q of questionsFor(sim, p, player)) {
      const convo: ChatLine[] = [
        { speaker: p.name, text: hello },
        { speaker: player.name, text: q.text },
      ];
      const answer = (await say(sim, p, player, convo)).line;
      answers.push({ persona: p.name, kind: q.kind, question: q.text, answer, fact: q.fact.test(answer), flaw: flawOf(answer, p) });
    }
  }
  // One answer to two different kinds of question is not an answer to either.
  for (const p of picked) {
    const mine = answers.filter((a) => a.persona === p.name);
    for (const a of mine) {
      if (!a.flaw && mine.some((b) => b.answer === a.answer && b.kind !== a.kind)) a.flaw = 'same answer to another kind of question';
    }
  }

  const invitations: InvitationCheck[] = [];
  const all = sim.personas.filter((p) => p !== player).sort((a, b) => byCodeUnits(a.id, b.id));
  const today = Math.floor(dayStart(sim.now) / DAY);
  for (const [i, c] of invitationCases(sim).entries()) {
    const p = all[(i * 2 + 1) % all.length];
    if (!p) continue;
    const convo = await chat(sim, p, player, [c.text]);
    const answer = convo.at(-1)?.text ?? '';
    const accepted = YES.test(answer) && !NO_WITH_REASON.test(answer);
    const summary = await sim.brain.summarizeConversation({ persona: p, now: sim.now }, convo);
    await rememberFor(sim, p, player, convo, summary);
    const committed = p.commitments.some((x) => x.sector === c.sector && x.start === c.start && x.day === today + c.days);
    invitations.push({ persona: p.name, text: c.text, answer, understood: accepted ? committed : NO_WITH_REASON.test(answer), accepted, committed });
  }
  const firstMeetings = { strangers: 0, acquaintances: 0, examples: [] as string[] };
  for (const c of sim.conversations) {
    const [a, b] = c.participants.map((n) => sim.byName.get(n));
    if (!a || !b || a === player || b === player || !/properly met/.test(c.lines[0]?.text ?? '')) continue;
    if (acquainted(a, b)) {
      firstMeetings.acquaintances++;
      if (firstMeetings.examples.length < 3) firstMeetings.examples.push(`${a.name} → ${b.name}: ${c.lines[0]?.text ?? ''}`);
    } else firstMeetings.strangers++;
  }
  return { answers, invitations, greetedAgain, startedWithVisitor: started, firstMeetings };
}

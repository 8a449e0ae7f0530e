import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ChatLine, ConceptNode } from '../persona/memory';
import { isExpired, keywordsOf, THIRTY_DAYS } from '../persona/memory';
import { newRetrieve } from './retrieve';
import { addCommitment, parseCommitment, placesFor } from './commitments';
import { addScored } from './poignancy';
import type { ConversationTakeaways, PlanAhead, WholeConversation } from '../brain/port';
import { at } from '../checked';

/** Packed call plan: memories each side brings to a whole-conversation call, per focal point (the listener; what they are doing). */
const PACKED_MEMORIES_PER_FOCAL = 5;

/** Smallville caps a conversation at 8 rounds (16 lines). */
export const MAX_ROUNDS = 8;

/** Memories retrieved per focal point for a conversation turn (Smallville's agent_chat_v2 uses 15). */
const TURN_RETRIEVAL = 15;

/**
 * What a speaker brings to mind for its next line (Smallville's agent_chat_v2): memories retrieved
 * for the listener, what the listener is doing, and the last lines of the conversation.
 */
export async function memoriesFor(sim: SimContext, speaker: Persona, listener: Persona, convo: ChatLine[], perFocal = TURN_RETRIEVAL): Promise<ConceptNode[]> {
  const focal = [listener.name, `${listener.name} is ${listener.scratch.actDescription ?? 'here'}`];
  if (convo.length > 0) focal.push(convo.slice(-4).map((l) => `${l.speaker}: ${l.text}`).join('\n'));
  const retrieved = await newRetrieve(sim, speaker, focal, perFocal);
  const seen = new Set<number>();
  const out: ConceptNode[] = [];
  for (const list of retrieved.values()) {
    for (const n of list) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      out.push(n);
    }
  }
  // Their last chat, so the speaker can pick up where they left off.
  const last = speaker.memory.lastChatWith(listener.name);
  if (last && !isExpired(last, sim.clock.now) && !seen.has(last.id)) out.push(last);
  return out;
}

/**
 * Hold a conversation turn by turn: each line comes from the speaker's memories about the other and
 * the conversation so far; at most MAX_ROUNDS rounds, ending when the brain says so.
 */
export async function converse(sim: SimContext, init: Persona, target: Persona): Promise<ChatLine[]> {
  const convo: ChatLine[] = [];
  const now = sim.clock.now;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (const [speaker, listener] of [
      [init, target],
      [target, init],
    ] as const) {
      const memories = await memoriesFor(sim, speaker, listener, convo);
      const turn = await sim.brain.conversationTurn({ persona: speaker, now }, { listener, convo: convo.slice(), memories });
      convo.push({ speaker: speaker.name, text: turn.line });
      if (turn.end) return convo;
    }
  }
  return convo;
}

/**
 * Packed call plan: decide_to_talk and the whole conversation in one call, each side bringing what it
 * recalls about the other (retrieved once, before the first line). At most MAX_ROUNDS rounds (the guard cuts).
 */
export async function packedConversation(sim: SimContext, init: Persona, target: Persona, ahead: PlanAhead[] = []): Promise<WholeConversation> {
  const initMemories = await memoriesFor(sim, init, target, [], PACKED_MEMORIES_PER_FOCAL);
  const targetMemories = await memoriesFor(sim, target, init, [], PACKED_MEMORIES_PER_FOCAL);
  return sim.brain.conversation({ persona: init, now: sim.clock.now }, { target, initMemories, targetMemories, ahead });
}

/** Minutes a conversation takes (Smallville: characters / 8 seconds, in whole minutes). */
export function conversationMinutes(convo: ChatLine[]): number {
  const all = convo.map((l) => `${l.speaker}: ${l.text}`).join('\n');
  return Math.max(1, Math.ceil(Math.floor(all.length / 8) / 60));
}

/** Store the conversation in both memories, and what each took away from it as thoughts. */
/**
 * Store the conversation in both memories, and what each took away from it as thoughts. `takeaways`:
 * the packed plan's planning thought and memo of each side, from the conversation call.
 */
export async function rememberConversation(sim: SimContext, a: Persona, b: Persona, convo: ChatLine[], summary: string, takeaways?: ConversationTakeaways): Promise<void> {
  await rememberFor(sim, a, b, convo, summary, takeaways?.[a.name]);
  await rememberFor(sim, b, a, convo, summary, takeaways?.[b.name]);
}

/**
 * One side's memory of a conversation: the chat (its poignancy from the brain), the news the other
 * told as thoughts, Smallville's planning thought (a plan in it becomes a commitment) and memo.
 * `taken`: that planning thought and memo when they came with the conversation (packed plan;
 * "" stores nothing); otherwise they are asked. Returns the chat memory.
 */
export async function rememberFor(sim: SimContext, self: Persona, other: Persona, convo: ChatLine[], summary: string, taken?: { planning: string; memo: string }): Promise<ConceptNode> {
  const now = sim.clock.now;
  const ctx = { persona: self, now };
  const chat = await addScored(
    sim,
    self,
    'chat',
    { created: now, subject: self.name, predicate: 'chat with', object: other.name, description: summary, keywords: [self.name, other.name], transcript: convo },
    { kind: 'chat', text: summary, trigger: true },
  );
  self.scratch.importanceEleN++;
  /** A thought this chat gave the persona: lasts 30 days, scored by the brain, the chat as its evidence. */
  const think = async (predicate: string, description: string, keywords: string[]) =>
    addScored(
      sim,
      self,
      'thought',
      { created: now, expiration: now + THIRTY_DAYS, subject: self.name, predicate, object: other.name, description, keywords: [...keywords, ...keywordsOf(description)], evidence: [chat.id] },
      { kind: 'thought', text: description, trigger: false },
    );
  // What the other said that is news to this persona becomes its own thought, so it can pass it on.
  for (const line of convo) {
    if (line.speaker !== other.name) continue;
    const said = extractNews(line.text);
    const news = said ? heardAs(said, other) : null;
    if (!news || self.memory.nodes.some((n) => n.type === 'thought' && n.description === news)) continue;
    await think('heard', news, [other.name]);
  }
  // Smallville's planning thought and memo after a chat; a plan in it (an invitation accepted, a
  // promise) becomes a commitment the persona will act on.
  const planning = taken ? taken.planning : await sim.brain.planningThought(ctx, other, convo);
  if (planning) {
    await think('plans', `For ${self.name}'s planning: ${planning}`, ['plan', other.name]);
    const c = parseCommitment(planning, placesFor(sim, self), now, other.name);
    if (c) addCommitment(self, c);
  }
  const memo = taken ? taken.memo : await sim.brain.memoAfterConvo(ctx, other, convo);
  if (memo) await think('remembers', memo, [other.name]);
  return chat;
}

/** A line that passes on news says so: "Did you hear? …", "Guess what? …", "I heard that …", "News: …". */
export function extractNews(text: string): string | null {
  const m = /(?:did you hear\?|have you heard(?: the news)?\?|guess what\?|you know what\?|news:|\bI heard that|\bword is that|\bsomeone told me that|\bI was told that)\s*(.+)$/i.exec(text);
  if (!m) return null;
  const news = at(m, 1, 'news').trim().replace(/\s+/g, ' ');
  return news.length >= 8 ? news.charAt(0).toUpperCase() + news.slice(1) : null;
}

/**
 * News as the listener keeps it: what the speaker said of itself in the first person ("I'm launching
 * an open-mic night", "my café") becomes a statement about the speaker ("Sofia is launching …",
 * "Sofia's café"), so it can be passed on with the right subject.
 */
export function heardAs(news: string, speaker: { firstName: string; spec: { learned: string; currently: string } }): string {
  const n = speaker.firstName;
  const { subj, poss, obj } = pronounsOf(speaker.spec);
  let named = false;
  // The first "I" names the speaker; later ones are pronouns.
  const who = () => (named ? subj : ((named = true), n));
  const third = (verb: string) => (/^(can|will|would|should|could|must|might|may|shall)$/i.test(verb) ? verb : /(s|sh|ch|x|o)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`);
  return news
    .replace(/\bI(?:'m| am|'ve| have|'ll|'d| was)\b|\bI (\w+)/g, (m, verb: string | undefined) => {
      const s = who();
      if (verb) return `${s} ${third(verb)}`;
      return `${s} ${{ "'m": 'is', ' am': 'is', "'ve": 'has', ' have': 'has', "'ll": 'will', "'d": 'would', ' was': 'was' }[m.slice(1)]}`;
    })
    .replace(/\b(and|but) am\b/g, '$1 is')
    .replace(/\b(and|but) have\b/g, '$1 has')
    .replace(/\b(?:and|but) (\w+)\b/g, (m, verb: string) => (/^(hope|want|plan|need|keep|think|love|like|worry|try|go|do)$/.test(verb) ? m.replace(verb, third(verb)) : m))
    .replace(/\bmy\b/g, poss)
    .replace(/\bMy\b/g, `${n}'s`)
    .replace(/(?<=\s)me\b/g, obj)
    .replace(/\bmyself\b/g, `${obj}self`.replace('himself', 'himself').replace('themself', 'themself'));
}

/** The pronouns the persona file uses for someone (from its third-person description); "they" when it uses none. */
export function pronounsOf(spec: { learned: string; currently: string }): { subj: string; poss: string; obj: string } {
  const t = `${spec.learned} ${spec.currently}`;
  const she = (t.match(/\b(she|her|hers)\b/gi) ?? []).length;
  const he = (t.match(/\b(he|his|him)\b/gi) ?? []).length;
  if (she > he) return { subj: 'she', poss: 'her', obj: 'her' };
  if (he > she) return { subj: 'he', poss: 'his', obj: 'him' };
  return { subj: 'they', poss: 'their', obj: 'them' };
}


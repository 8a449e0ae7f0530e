import type { SimContext } from '../context';
import type { Persona } from '../persona/persona';
import type { ChatLine, ConceptNode } from '../persona/memory';
import { isExpired } from '../persona/memory';

/** Smallville caps a conversation at 8 rounds (16 lines). */
export const MAX_ROUNDS = 8;

/** What a speaker brings to mind about the listener: memories mentioning them, and its most poignant recent thoughts. */
export function memoriesFor(speaker: Persona, listener: Persona, now: number): ConceptNode[] {
  const about = speaker.memory.related('chat', [listener.name], now).slice(0, 3);
  const aboutEvents = speaker.memory.related('event', [listener.name], now).slice(0, 3);
  const thoughts = speaker.memory
    .ofType('thought')
    .filter((n) => !isExpired(n, now) && n.predicate !== 'plan')
    .sort((a, b) => b.poignancy - a.poignancy || b.id - a.id)
    .slice(0, 8);
  const out = [...about, ...aboutEvents, ...thoughts];
  for (const n of out) n.lastAccessed = now;
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
      const turn = await sim.brain.conversationTurn({ persona: speaker, now }, { listener, convo: convo.slice(), memories: memoriesFor(speaker, listener, now) });
      convo.push({ speaker: speaker.name, text: turn.line });
      if (turn.end) return convo;
    }
  }
  return convo;
}

/** Minutes a conversation takes (Smallville: characters / 8 seconds, in whole minutes). */
export function conversationMinutes(convo: ChatLine[]): number {
  const all = convo.map((l) => `${l.speaker}: ${l.text}`).join('\n');
  return Math.max(1, Math.ceil(Math.floor(all.length / 8) / 60));
}

/** Store the conversation in both memories, and what each took away from it as thoughts. */
export async function rememberConversation(sim: SimContext, a: Persona, b: Persona, convo: ChatLine[], summary: string): Promise<void> {
  const now = sim.clock.now;
  for (const [self, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const ctx = { persona: self, now };
    const poignancy = await sim.brain.poignancy(ctx, 'chat', summary);
    const chat = self.memory.add('chat', {
      created: now,
      subject: self.name,
      predicate: 'chat with',
      object: other.name,
      description: summary,
      poignancy,
      keywords: [self.name, other.name],
      transcript: convo,
    });
    self.scratch.importanceTriggerCurr -= poignancy;
    self.scratch.importanceEleN++;
    // What the other said that is news to this persona becomes its own thought, so it can pass it on.
    for (const line of convo) {
      if (line.speaker !== other.name) continue;
      const news = extractNews(line.text);
      if (!news || self.memory.nodes.some((n) => n.type === 'thought' && n.description === news)) continue;
      self.memory.add('thought', {
        created: now,
        expiration: now + 30 * 86_400_000,
        subject: self.name,
        predicate: 'heard',
        object: other.name,
        description: news,
        poignancy: Math.max(3, poignancy),
        keywords: [other.name, ...keywordsOf(news)],
        evidence: [chat.id],
      });
    }
  }
}

/** A line that passes on news says so: "Did you hear? …" / "… told me that …". */
export function extractNews(text: string): string | null {
  const m = /(?:did you hear\?|have you heard\?|guess what\?|news:)\s*(.+)$/i.exec(text);
  if (!m) return null;
  const news = m[1].trim().replace(/\s+/g, ' ');
  return news.length >= 8 ? news : null;
}

const STOP = new Set(['the', 'and', 'that', 'with', 'this', 'from', 'will', 'have', 'been', 'about', 'their', 'there', 'they', 'into', 'what', 'when', 'would']);
export function keywordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[a-zà-ÿ']{4,}/g) ?? [])].filter((w) => !STOP.has(w)).slice(0, 6);
}

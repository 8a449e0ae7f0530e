import type { Persona } from '../../sim/persona/persona';
import type { ConversationTurn } from '../../sim/brain/port';
import { sentences } from '../../sim/sentences';

/**
 * Turning what a persona's memory says about itself (third person, its full name as subject) into
 * what it would say (first person). Used by interviews and conversations of the offline brain.
 */

const IRREGULAR: Record<string, string> = { is: 'am', has: 'have', does: 'do', goes: 'go', was: 'was', "isn't": "am not", "doesn't": "don't", "hasn't": "haven't" };

/** "wants" → "want", "watches" → "watch", "tries" → "try"; other words unchanged. */
export function baseVerb(verb: string): string {
  const v = verb.toLowerCase();
  const irregular = IRREGULAR[v];
  if (irregular) return irregular;
  if (/[^aeiou]ies$/.test(v)) return `${v.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|zz|o)es$/.test(v)) return v.slice(0, -2);
  if (/[^s]s$/.test(v)) return v.slice(0, -1);
  return v;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A memory about the persona in its own voice: "Sofia Moreno is launching …" → "I am launching …",
 * "Sofia's café" → "my café", "For Sofia Moreno's planning: I will …" → "I will …".
 * Other people's names are kept as written.
 */
export function firstPerson(text: string, p: Persona): string {
  const names = [p.name, p.firstName].map(esc).join('|');
  let t = text.trim();
  t = t.replace(new RegExp(`^For (?:${names})'s planning:\\s*`), '');
  t = t.replace(new RegExp(`^This is (?:${names})'s plan for ([^:]+):`), 'My plan for $1 was:');
  // Subject at the start of the sentence (or of a clause after "; " / " and "): "Name verb" → "I verb".
  t = t.replace(new RegExp(`(^|[.;:!?]\\s+|,? and )(?:${names})(?:'s)? (\\w+(?:n't)?)`, 'g'), (m, lead: string, verb: string) => {
    if (m.includes("'s ")) return `${lead}${lead ? 'my' : 'My'} ${verb}`;
    return `${lead}I ${baseVerb(verb)}`;
  });
  t = t.replace(new RegExp(`\\b(?:${names})'s\\b`, 'g'), 'my');
  t = t.replace(new RegExp(`\\b(?:to|with|for|at|about|invited|told|asked) (?:${names})\\b`, 'g'), (m) => m.replace(new RegExp(`(?:${names})$`), 'me'));
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** A sentence ends with a full stop (unless it ends in ?, ! or …). */
export function sentence(text: string): string {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** One full stop where a name ending in one meets the sentence's own ("… at Hamlet Supply Co.."); an ellipsis "..." stays. */
export function singleStops(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, '.');
}

/** A spoken line as the listener reads it: one stop where a name's own meets the sentence's. */
export function spoken(turn: ConversationTurn): ConversationTurn {
  return { ...turn, line: singleStops(turn.line) };
}

/** A text's sentences (not cut at "Dr." or "p.m."): the one rule, in src/sim/sentences.ts. */
export { sentences };

/** Words a shortened text should not end on: "… the pond at dusk for the…" reads as cut mid-thought. */
const DANGLING = /\s+(?:the|a|an|and|or|but|of|for|to|at|in|on|with|by|from|about|his|her|their|its|my|our|your|this|next|last|who|which|that|whose|where|when|is|are|was|will|has|have)$/i;

/**
 * The gist of news in at most `max` characters: its first sentence (to a semicolon), without the
 * closing stop; a longer one is cut where a clause ends (", which opens …", " and is …"), else
 * after a whole word that does not leave the thought hanging, with "…".
 */
export function gistOf(text: string, max = 80): string {
  const first = (sentences(text)[0] ?? '').split(/;\s/)[0]?.replace(/[\s.!?,:;—–-]+$/, '') ?? '';
  if (first.length <= max) return first;
  const head = first.slice(0, max + 1);
  const MIN_CLAUSE = 40;
  const clauseEnds = (re: RegExp) => [...head.matchAll(re)].map((m) => m.index).filter((i) => i >= MIN_CLAUSE);
  const clause = clauseEnds(/(?:,| —| –)\s/g).at(-1) ?? clauseEnds(/\s(?:and|but|while|because|so)\s/g).at(-1);
  if (clause !== undefined) return first.slice(0, clause);
  let cut = first.slice(0, first.lastIndexOf(' ', max - 1));
  while (DANGLING.test(cut)) cut = cut.replace(DANGLING, '');
  return `${cut.replace(/[,;:]$/, '')}…`;
}

/** "a, b and c" */
export function listOf(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "5:00 pm" from a minute of the day. */
export function clockOf(minute: number): string {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** "She lends …" → "she lends …" inside a sentence; names ("Sofia", "I") keep their capital. */
export function lowerFirst(s: string): string {
  return /^(She|He|They|It|The|A|An|This|That|There|Her|His|Their|Its|Everyone|Someone|We|Our)\b/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** Words cut to the end of a whole phrase: no last word that needs more after it (a preposition, an article, a verb of wanting). */
export function cutAtPhrase(words: string[]): string {
  const open = /^(the|a|an|and|or|of|for|to|at|in|on|with|by|from|into|about|my|his|her|their|our|its|that|this|which|who|is|am|are|was|be|been|being|has|have|had|will|would|can|could|hope|hopes|want|wants|preparing|trying|going|very|more|most|than|as|if)$/i;
  const w = [...words];
  while (w.length > 4 && open.test(w.at(-1) ?? '')) w.pop();
  return w.join(' ');
}

/** A memo kept after a talk ("I found it interesting to hear from Yumi that …"), said as who told it ("Yumi told me that …"); null for anything else. */
export function toldBy(text: string): string | null {
  const memo = /I found it interesting to hear from (\S+) that (.+)$/.exec(text);
  return memo ? `${memo[1]} told me that ${lowerFirst(memo[2] ?? '').replace(/[.!]+$/, '')}.` : null;
}

const JOINING = /^(for|at|in|on|with|to|of|and|but|so|because|while|who|which|after|before|since)$/i;

/** Where to end a long run of words: before the last joining word ("… a small stage | for …") at or under `max` (at least 4 kept), or 0 when none is near. */
export function cutBeforeJoin(words: readonly string[], max: number): number {
  if (words.length <= max) return words.length;
  for (let k = max; k >= 4; k--) if (JOINING.test(words[k] ?? '')) return k;
  return 0;
}

/**
 * News said aloud briefly: at most `max` words after a short lead ("Hans told me that …"), so a
 * sentence that came from someone's persona file is never read out whole (twelve words in a row).
 */
export function briefly(text: string, max = 10): string {
  const t = text.replace(/[.!]+$/, '');
  const m = /^(.*?\bthat )(.*)$/.exec(t);
  const lead = m?.[1] && m[1].split(' ').length <= 6 ? m[1] : '';
  const words = (lead ? (m?.[2] ?? '') : t).split(' ');
  const k = cutBeforeJoin(words, max);
  return lead + (k > 0 ? words.slice(0, k).join(' ') : cutAtPhrase(words.slice(0, max)));
}

import type { Persona } from '../../sim/persona/persona';
import type { Rng } from '../../sim/rng';
import { sentences } from '../../sim/sentences';
import { briefly, firstPerson, gistOf, lowerFirst, sentence, toldBy } from './voice';

/** A word's stem for matching ("running" → "runn", "elections" → "elect"): its first five letters. */
const stem = (w: string) => w.toLowerCase().replace(/s$/, '').slice(0, 5);

/**
 * What the persona's memory (anything it saw, heard or thought) or its own file holds about the
 * topic, the best match by shared words, newest first on a tie; null when nothing matches. The
 * file's sentences are said through ownWords (the compromise rewrite, loaded with the language chunk).
 */
export async function rememberedAbout(self: Persona, words: string[], rng: Rng, ownWords: (text: string) => Promise<string>): Promise<string | null> {
  const wanted = new Set(words.filter((w) => w.length >= 3).map(stem));
  if (wanted.size === 0) return null;
  const score = (text: string) => new Set((text.toLowerCase().match(/[a-z][a-z']+/g) ?? []).map(stem).filter((w) => wanted.has(w))).size;
  const need = Math.max(1, Math.ceil(wanted.size / 2));
  const own = sentences(`${self.currently} ${self.spec.learned}`).flatMap((t) => t.split(/;\s+|,\s+(?:and|but)\s+/)).map((t) => ({ t, s: score(t) })).filter((x) => x.s >= need).sort((a, b) => b.s - a.s)[0];
  const nodes = self.memory.nodes.filter((n) => n.type !== 'chat' || n.transcript.length === 0).map((n) => ({ n, s: score(n.description) })).filter((x) => x.s >= need);
  const heard = nodes.sort((a, b) => b.s - a.s || b.n.created - a.n.created)[0];
  const memo = own && (!heard || own.s >= heard.s) ? toldBy(own.t) : heard ? toldBy(heard.n.description) : null;
  if (memo) return sentence(briefly(gistOf(memo, 180)));
  if (own && (!heard || own.s >= heard.s)) return `${rng.pick(['Oh, that I know about:', 'Funny you ask —', ''])} ${sentence(gistOf(await ownWords(own.t), 180))}`.trim();
  if (heard) return `${rng.pick(['I heard that', 'Word is that', 'From what I know,'])} ${lowerFirst(briefly(gistOf(firstPerson(heard.n.description, self), 160)))}.`;
  return null;
}

